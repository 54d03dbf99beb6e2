"""The scorer's pages in one process: each timed alone with Django's test client, no server.

Run from the project root:

    .venv/bin/python benchmarks/scorer_pages.py                 # a 200-deal match, best of 30
    options: --deals 200 --repeat 30 --seed 2024 --profile "deal page" --database postgres
             --only "deal page" (time only that page; repeatable) --calls (function calls per
             request, which a busy machine does not change)

It makes a fresh database (a temporary SQLite file, or the PostgreSQL database belot_bench on
127.0.0.1 with --database postgres), migrates it, seeds a match with --deals random deals (those
of benchmarks/engine.py) and times, as the scorer's phone asks for them:

- the match page (the scorer's), for scale;
- the deal page (a new deal), the preview without JavaScript (the whole page posted back), the
  live preview (the script's POST to deal/preview/), and the save (preview, then Save, then the
  deal deleted again so that every round saves the same deal at the same place);
- the Save alone and the delete alone (what they need made first, and the match put back
  after, untimed: ``Alone``);
- the correction page of deal 100, its preview, its save (each a correction of the deal as it
  is stored then: 101 card points, or 103 once 101 were saved), and its Save alone.

The previews' figures are their request alone: the match's version that the page posts back
(which the phone has from the page) is read from the database before the clock starts. The
"save (preview, save, delete)" and "correction save (preview, save)" rounds read it between
their requests, clock running, as they always did.
- a write's commit alone, the floor of a save: one row changed in a transaction as the site
  makes them (a save is two of them, the deal saved and deleted again; a correction one).

The forms are posted as a browser posts them, and the live preview as the page's script sends
it: urlencoded (until 2026-12-04 the script sent ``FormData`` as it is, multipart).

Each figure is the median and the best of --repeat rounds, in milliseconds of wall-clock time
on this process's one thread (--clock cpu: of this thread's CPU time, which leaves out the
waits for a core on a busy machine). --profile NAME prints cProfile's top functions for that page.
Figures go to docs/performance.md ("The scorer's pages").
"""

from __future__ import annotations

import argparse
import cProfile
import os
import platform
import pstats
import re
import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/belot_bench"
HOST = "127.0.0.1"


def deal_fields(number: int, card_points: int) -> dict[str, str]:
    """Deal ``number`` as the form posts it (hearts by team A, as the load benchmark's), with
    these card points."""
    from benchmarks.load import deal_for

    return {**deal_for(number)[0], "card_points": str(card_points)}


def found(pattern: str, html: str) -> str:
    match = re.search(pattern, html)
    if match is None:
        raise SystemExit(f"not on the page: {pattern}")
    return match.group(1)


def ms(value: float) -> str:
    """Milliseconds, to a tenth; under one, to a hundredth."""
    return f"{value:.2f}" if value < 1 else f"{value:.1f}"


class Alone:
    """A request timed alone: ``before()`` makes what it needs, untimed (a Save's preview), and
    ``after()`` puts the match back as it was, untimed (the saved deal deleted again)."""

    def __init__(self, before, action, after):
        self.before, self.action, self.after = before, action, after

    def __call__(self) -> None:
        self.timed(self.before())
        self.after()

    def timed(self, ready):
        return self.action(ready)


def one_round(action, measure) -> float:
    """``measure(call)`` of one round of ``action``: the whole round, or for a request timed
    alone (Alone) only that request."""
    if isinstance(action, Alone):
        ready = action.before()
        result = measure(lambda: action.timed(ready))
        action.after()
        return result
    return measure(action)


def clock_ms(clock):
    """``measure`` for one_round: the milliseconds ``call()`` takes by ``clock``."""

    def measure(call) -> float:
        start = clock()
        call()
        return (clock() - start) * 1000

    return measure


# wall: time.perf_counter, what the phone waits for on a quiet machine. cpu: time.thread_time,
# the CPU time of this thread alone, which leaves out the time it waits for a core that other
# processes hold (the benchmark's one thread makes every request; SQLite's commits, with the
# site's WAL and synchronous=NORMAL, do not wait for the disk).
CLOCKS = {"wall": time.perf_counter, "cpu": time.thread_time}


def function_calls(action) -> int:
    """The Python function calls of one round of ``action``: unlike its time, the same from run
    to run on a busy machine."""

    def count(call) -> int:
        profiler = cProfile.Profile()
        profiler.runcall(call)
        return pstats.Stats(profiler).total_calls

    return one_round(action, count)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--postgres-url", default=POSTGRES_URL)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--profile", action="append", default=[], help="a page's name")
    parser.add_argument("--only", action="append", default=[], help="time only these pages")
    parser.add_argument(
        "--calls", action="store_true", help="also count Python function calls per request"
    )
    parser.add_argument(
        "--clock", choices=sorted(CLOCKS), default="wall", help="wall-clock or this thread's CPU"
    )
    parser.add_argument("--sort", default="cumulative", help="cProfile order: cumulative, tottime")
    parser.add_argument("--dump", default="", help="write the profile to this file (pstats)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="belot-scorer-") as folder:
        if args.database == "postgres":
            from benchmarks.load import prepare_postgres

            prepare_postgres(args.postgres_url)
            os.environ["DATABASE_URL"] = args.postgres_url
        else:
            os.environ["DATABASE_URL"] = f"sqlite:///{folder}/db.sqlite3"
        # The site's settings, static files at their plain addresses (nothing collected).
        os.environ["DJANGO_SETTINGS_MODULE"] = "benchmarks.bench_settings"
        os.environ["BENCH_PLAIN_STATIC"] = "1"
        os.environ["DJANGO_ALLOWED_HOSTS"] = HOST
        run(args)


def run(args) -> None:
    pages = prepare(args)
    unknown = (set(args.profile) | set(args.only)) - set(pages)
    if unknown:
        raise SystemExit(f"no such page: {', '.join(sorted(unknown))}; pages: {', '.join(pages)}")
    for action in pages.values():  # templates compiled, translations loaded, caches warm
        action()
    print(f"date {date.today()}, python {platform.python_version()}, {os.cpu_count()} cores")
    print(
        f"database {args.database}, a match of {args.deals} deals, {args.repeat} rounds each,"
        f" {args.clock} clock"
    )
    calls = f"{'calls':>10}" if args.calls else ""
    print(f"{'page':<34}{'median ms':>10}{'best ms':>10}{calls}")
    for name, action in pages.items():
        if args.only and name not in args.only:
            continue
        times = [one_round(action, clock_ms(CLOCKS[args.clock])) for _ in range(args.repeat)]
        calls = f"{function_calls(action):>10,}" if args.calls else ""
        median, best = statistics.median(times), min(times)
        print(f"{name:<34}{ms(median):>10}{ms(best):>10}{calls}")
    for name in args.profile:
        profiler = cProfile.Profile()

        def profiled(call, profiler=profiler):
            profiler.enable()
            call()
            profiler.disable()

        for _ in range(args.repeat):
            one_round(pages[name], profiled)
        print(f"\ncProfile, {name}, {args.repeat} rounds:")
        stats = pstats.Stats(profiler)
        if args.dump:
            stats.dump_stats(args.dump)
        stats.sort_stats(args.sort).print_stats(40)


def prepare(args) -> dict:
    """A fresh match of ``args.deals`` deals in the database that the environment names, and
    the scorer's pages on it by name: each a function that makes that page's requests once."""
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection, transaction
    from django.test import Client

    from benchmarks.load import random_deals
    from calculator import engine
    from calculator.models import Deal, Match

    call_command("migrate", "--noinput", verbosity=0)
    values = random_deals(args.deals, args.seed)
    match = Match.objects.create(team_a="Ние", team_b="Вие")
    Deal.objects.bulk_create(
        Deal(match=match, number=number, data=engine.deal_to_dict(deal))
        for number, deal in enumerate(values, start=1)
    )
    if engine.fold_match(match.profile, match.first_dealer, values).match_over:
        raise SystemExit("the seeded match is over: choose another --seed or fewer --deals")
    phone = Client(HTTP_HOST=HOST)
    key, number = match.scorer_key, args.deals + 1
    base, new = f"/m/{key}/", f"/m/{key}/deal/"
    corrected = args.deals // 2
    edit = f"/m/{key}/deal/{corrected}/"

    def version() -> str:
        return str(Match.objects.get(pk=match.pk).version)

    def post(url: str, data: dict, status: int) -> str:
        """A form posted as the browser posts it, and as the page's script sends the live
        preview (static/js/deal.js): urlencoded."""
        body = urlencode(data, doseq=True)
        response = phone.post(url, body, content_type="application/x-www-form-urlencoded")
        if response.status_code != status:
            raise SystemExit(f"{url}: {response.status_code}, expected {status}")
        return response.content.decode()

    def get(url: str) -> str:
        response = phone.get(url)
        if response.status_code != 200:
            raise SystemExit(f"{url}: {response.status_code}")
        return response.content.decode()

    fields = deal_fields(number, 97)
    edit_deals = [deal_fields(corrected, 101), deal_fields(corrected, 103)]

    def preview_fields() -> dict:
        """The new deal's preview as the deal page posts it, with the version the page was
        made from (which the phone knows: read here, untimed, when a preview is timed)."""
        return {**fields, "version": version(), "action": "preview"}

    def preview_page(data: dict | None = None) -> str:
        return post(new, data or preview_fields(), 200)

    def save_ready() -> dict:
        """The Save of the deal, as its preview page posts it."""
        preview_key = found(r'name="preview_key" value="([0-9a-f]+)"', preview_page())
        return {**fields, "version": version(), "action": "save", "preview_key": preview_key}

    def delete_ready() -> dict:
        return {"version": version()}

    def save() -> None:
        post(new, save_ready(), 302)
        delete(delete_ready())

    def delete(data: dict) -> None:
        post(f"/m/{key}/deal/{number}/delete/", data, 302)

    def save_then_ready() -> dict:
        post(new, save_ready(), 302)
        return delete_ready()

    other = Match.objects.create(team_a="Ние", team_b="Вие")

    def write_alone() -> None:
        """The floor of a write: a transaction as the site's (BEGIN IMMEDIATE on SQLite, with
        the site's journal and synchronous settings) that changes one row of another match,
        and its commit. A save (preview, Save, delete) makes two writes, a correction one."""
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(
                "UPDATE calculator_match SET version = version + 1 WHERE id = %s", [other.pk]
            )

    def edit_fields() -> dict[str, str]:
        """A correction of deal ``corrected``: never the deal as it is stored now, which the
        previous round may have saved (101 card points, or 103 after a save of 101)."""
        return {**edit_deals[0], "version": version()}

    def edit_preview_fields() -> dict:
        return {**edit_fields(), "action": "preview"}

    def edit_preview(data: dict | None = None) -> str:
        return post(edit, data or edit_preview_fields(), 200)

    def edit_save_ready() -> dict:
        preview_key = found(r'name="preview_key" value="([0-9a-f]+)"', edit_preview())
        return {**edit_fields(), "action": "save", "preview_key": preview_key}

    def edit_save_alone(data: dict) -> None:
        post(edit, data, 302)
        edit_deals.reverse()

    def edit_save() -> None:
        edit_save_alone(edit_save_ready())

    pages = {
        "match page": lambda: get(base),
        "deal page": lambda: get(new),
        "preview, no JavaScript": Alone(preview_fields, preview_page, lambda: None),
        "live preview": lambda: post(f"{new}preview/", fields, 200),
        "save (preview, save, delete)": save,
        "save alone": Alone(
            save_ready, lambda data: post(new, data, 302), lambda: delete({"version": version()})
        ),
        "delete alone": Alone(save_then_ready, delete, lambda: None),
        "correction page": lambda: get(edit),
        "correction preview": Alone(edit_preview_fields, edit_preview, lambda: None),
        "correction save (preview, save)": edit_save,
        "correction save alone": Alone(edit_save_ready, edit_save_alone, lambda: None),
        "a write's commit alone": write_alone,
    }
    return pages


if __name__ == "__main__":
    main()
