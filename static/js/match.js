// Share the watch link, and keep a watcher's page up to date. No scoring happens here.
(function () {
  "use strict";
  var button = document.querySelector(".share-button");
  if (button) {
    var url = button.dataset.url;
    if (navigator.share || (navigator.clipboard && window.isSecureContext)) {
      button.hidden = false;
      button.addEventListener("click", function () {
        if (navigator.share) {
          navigator.share({ url: url, title: document.title }).catch(function () {});
        } else {
          navigator.clipboard.writeText(url).then(function () {
            button.textContent = button.dataset.copied || button.textContent;
          });
        }
      });
    }
  }

  // Drafts of deals already recorded (or of corrections) are done with. Not urgent: once the
  // page is shown and idle, so that it never holds up the first paint on a slow phone.
  var scorer = document.querySelector("[data-scorer-path]");
  if (scorer) {
    (window.requestIdleCallback || setTimeout)(function () {
      var prefix = "draft:" + scorer.dataset.scorerPath;
      var next = parseInt(scorer.dataset.nextNumber, 10);
      try {
        Object.keys(localStorage).forEach(function (key) {
          if (key.indexOf(prefix) !== 0) return;
          var number = parseInt(key.slice(key.lastIndexOf(":") + 1), 10);
          var editing = key.slice(prefix.length).indexOf("deal/:") !== 0;
          if (editing || number < next) localStorage.removeItem(key);
        });
      } catch (e) { /* storage off */ }
    });
  }

  // A watcher's page asks every few seconds for the match's version (a few bytes), and fetches
  // the page itself only when it changed, so a saved deal shows within 3 s; never while the
  // page is hidden, and at once when it is shown again (docs/performance.md, "Watchers").
  var live = document.getElementById("live");
  var every = live && parseInt(live.dataset.poll, 10);
  if (!every || !window.fetch) return;
  var timer = null;
  var busy = false;

  function text(response) { return response.ok ? response.text() : null; }

  function refresh() {
    // A conditional request: the server answers 304 if the page is what this one shows. The
    // page's own address, where a refused form showed it at the form's (data-page).
    return fetch(live.dataset.page || location.href, { cache: "no-cache", credentials: "same-origin" })
      .then(text)
      .then(function (html) {
        if (!html) return;
        var holder = document.createElement("div");
        holder.innerHTML = html;
        var fresh = holder.querySelector("#live");
        if (!fresh) return;
        live.dataset.version = fresh.dataset.version;
        if (fresh.innerHTML !== live.innerHTML) live.innerHTML = fresh.innerHTML;
      });
  }

  function poll() {
    clearTimeout(timer);
    timer = null;
    if (document.hidden) return;
    if (busy) { timer = setTimeout(poll, every); return; }
    busy = true;
    fetch(live.dataset.changes, { cache: "no-store", credentials: "same-origin" })
      .then(text)
      .then(function (version) {
        // Not while the organizer types a table's result in (its form holds the version
        // it was opened at: the write is refused if the tournament changed meanwhile).
        if (live.querySelector(".hand-result[open]")) return;
        if (version && version !== live.dataset.version) return refresh();
      })
      .catch(function () {})
      .then(function () {
        busy = false;
        if (!document.hidden && timer === null) timer = setTimeout(poll, every);
      });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.hidden) {
      clearTimeout(timer);
      timer = null;
    } else {
      poll();
    }
  });
  timer = setTimeout(poll, every);
})();
