#!/usr/bin/env bash
# Lighthouse on a phone (its default: a mid-range phone on a slow 4G link, simulated), against
# the site as production runs it: the server (belot_site/serve.py) and whitenoise on a free
# 127.0.0.1 port, plain HTTP (Lighthouse counts 127.0.0.1 as secure, as browsers do), a temporary
# SQLite database with the rules from the migrations and a seeded match
# (benchmarks/page_weight.py: seed_match).
#
#   benchmarks/lighthouse.sh                 # the rules page (bg) and a match page
#   benchmarks/lighthouse.sh rules match home deal rules-uk rules-ru watch
#   RUNS=5 DEALS=200 benchmarks/lighthouse.sh match
#   THEME=dark benchmarks/lighthouse.sh home rules match    # the dark theme (its cookie)
#   LIGHTHOUSE_PORT=18310 benchmarks/lighthouse.sh          # a given port, not a free one
#
# Each page is measured RUNS times (default 3): the performance score moves by a few points
# from run to run on a busy machine. Prints the median of each category score per page, and
# the audits that lost points in the median run. The JSON reports stay in
# benchmarks/.lighthouse/reports/ (git-ignored), as does Lighthouse itself (npm, first run).
# Figures: docs/performance.md ("The pages on a phone").
# Targets: performance, accessibility and best practices 100, SEO 95 or more. Match pages are
# noindex on purpose (their links are secrets), so their SEO score lacks "is-crawlable".
# Needs Node 18+, npm and Chromium at $CHROME_PATH (default /usr/bin/chromium).
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
PY=$ROOT/.venv/bin/python
TOOLS=$ROOT/benchmarks/.lighthouse
REPORTS=$TOOLS/reports
LIGHTHOUSE=$TOOLS/node_modules/.bin/lighthouse
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
CHROME_FLAGS="--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync"
DEALS=${DEALS:-12}
# THEME=dark or light: the theme chosen with the site's switch (its cookie) on every request;
# unset, the pages follow the (light) setting of Lighthouse's Chromium.
THEME=${THEME:-}
EXTRA=()
[ -z "$THEME" ] || EXTRA=(--extra-headers "{\"Cookie\": \"theme=$THEME\"}")
RUNS=${RUNS:-3}
PAGES=("$@")
[ ${#PAGES[@]} -gt 0 ] || PAGES=(rules match)

if [ ! -x "$LIGHTHOUSE" ]; then
  echo "Installing lighthouse@12 into $TOOLS ..." >&2
  mkdir -p "$TOOLS"
  npm install --prefix "$TOOLS" --no-audit --no-fund --loglevel=error lighthouse@12 >&2
fi
mkdir -p "$REPORTS"

WORK=$(mktemp -d -t belot-lighthouse-XXXXXX)
SERVER_PID=""
stop() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID"  # the main process stops its workers on SIGTERM
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap stop EXIT

PORT=${LIGHTHOUSE_PORT:-$("$PY" -c "from benchmarks.page_weight import free_port; print(free_port())")}
BASE=http://127.0.0.1:$PORT
# Production settings with the three HTTPS switches off (no proxy in front here).
export DJANGO_PRODUCTION=1 DJANGO_SSL_REDIRECT=0 DJANGO_PROXY_SSL_HEADER=0 DJANGO_HSTS_SECONDS=0
DJANGO_SECRET_KEY=$("$PY" -c 'import secrets; print(secrets.token_urlsafe(50))')
export DJANGO_SECRET_KEY
export DJANGO_ALLOWED_HOSTS=127.0.0.1,localhost
export DATABASE_URL=sqlite:///$WORK/db.sqlite3
export DJANGO_STATIC_ROOT=$WORK/static DJANGO_CACHE_DIR=$WORK/cache
export BIND=127.0.0.1:$PORT WEB_CONCURRENCY=2
unset DJANGO_DEBUG DJANGO_SETTINGS_MODULE

if ! ls locale/*/LC_MESSAGES/django.mo >/dev/null 2>&1; then
  "$PY" manage.py compilemessages --ignore=.venv -v 0
fi
"$PY" manage.py collectstatic --noinput -v 0
"$PY" manage.py migrate --noinput -v 0
read -r SCORER WATCH < <("$PY" manage.py shell -c \
  "from benchmarks.page_weight import seed_match; m = seed_match(deals=$DEALS); print(m.scorer_key, m.watch_key)" |
  tail -n 1)
[ -n "${WATCH:-}" ] || { echo "could not seed a match" >&2; exit 1; }

"$PY" -m belot_site.serve >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 100); do
  curl -fso /dev/null "$BASE/bg/" && break
  sleep 0.2
done
curl -fso /dev/null "$BASE/bg/" || { cat "$WORK/server.log" >&2; exit 1; }

url_of() {
  case $1 in
    rules) echo "$BASE/bg/rules/" ;;
    rules-uk) echo "$BASE/uk/rules/" ;;
    rules-ru) echo "$BASE/ru/rules/" ;;
    home) echo "$BASE/bg/" ;;
    match) echo "$BASE/m/$SCORER/" ;;
    watch) echo "$BASE/m/$WATCH/" ;;
    deal) echo "$BASE/m/$SCORER/deal/" ;;
    sheet) echo "$BASE/m/$WATCH/sheet/" ;;
    *) echo "unknown page: $1 (rules, rules-uk, rules-ru, home, match, watch, deal, sheet)" >&2; return 1 ;;
  esac
}

# One Lighthouse run, tried again up to twice: now and then Chromium's trace of a page load
# comes back incomplete (NO_NAVSTART, NO_FCP) on a busy machine.
audit() {
  local attempt
  for attempt in 1 2 3; do
    if "$LIGHTHOUSE" "$1" --quiet --output=json --output-path="$2" \
      --chrome-flags="$CHROME_FLAGS" ${EXTRA[@]+"${EXTRA[@]}"} >"$WORK/lighthouse.log" 2>&1; then
      return 0
    fi
    echo "lighthouse failed on $1 (attempt $attempt): $(tail -n 1 "$WORK/lighthouse.log")" >&2
  done
  return 1
}

printf '%-9s %11s %13s %14s %5s\n' page performance accessibility best-practices seo
for page in "${PAGES[@]}"; do
  url=$(url_of "$page")
  reports=()
  for run in $(seq "$RUNS"); do
    report=$REPORTS/$page${THEME:+-$THEME}-$run.json
    audit "$url" "$report"
    reports+=("$report")
  done
  node - "$page" "${reports[@]}" <<'EOF'
// The median of each category over the runs; the audits that lost points in the run whose
// performance score is the median, and that run's timings.
const [page, ...files] = process.argv.slice(2);
const runs = files.map((file) => require(file));
const ids = ["performance", "accessibility", "best-practices", "seo"];
const score = (lhr, id) => Math.round(lhr.categories[id].score * 100);
const median = (values) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];
const cells = ids.map((id) => median(runs.map((lhr) => score(lhr, id))));
const perf = runs.map((lhr) => score(lhr, "performance"));
const widths = [11, 13, 14, 5];
const spread = runs.length > 1 ? `   (performance per run: ${perf.join(", ")})` : "";
console.log(page.padEnd(9) + cells.map((c, i) => " " + String(c).padStart(widths[i])).join("") + spread);
const lhr = runs[perf.indexOf(cells[0])];
for (const id of ids) {
  for (const ref of lhr.categories[id].auditRefs) {
    const audit = lhr.audits[ref.id];
    if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
      const shown = audit.displayValue ? ` (${audit.displayValue})` : "";
      console.log(`          ${id}: ${ref.id} ${audit.score}${shown}`);
    }
  }
}
const m = (id) => lhr.audits[id].displayValue;
console.log(`          FCP ${m("first-contentful-paint")}, LCP ${m("largest-contentful-paint")},` +
  ` TBT ${m("total-blocking-time")}, CLS ${m("cumulative-layout-shift")}, SI ${m("speed-index")}`);
EOF
done
