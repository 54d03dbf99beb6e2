// The scorer's pages: the screen stays on while the match is open on the table (Screen Wake
// Lock API). The browser lets the lock go when the page is hidden (another app, the screen
// turned off by hand), so it is asked for again each time the page is shown. Where the API is
// missing or refuses (no secure context, battery saver), nothing happens and nothing is said.
(function () {
  "use strict";
  if (!("wakeLock" in navigator)) return;
  var held = null;
  var asking = false;
  function acquire() {
    if (held || asking || document.visibilityState !== "visible") return;
    asking = true;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      held = sentinel;
      sentinel.addEventListener("release", function () { held = null; });
    }).catch(function () {}).then(function () { asking = false; });
  }
  document.addEventListener("visibilitychange", acquire);
  // The first time once the page is shown and idle: the lock is not needed for the first paint.
  (window.requestIdleCallback || setTimeout)(acquire);
})();

// A match kept on this phone (static/js/phone.js, docs/offline.md): the scorer's offer to keep
// it loads the script that makes the choice; on the scorer's other pages the script is loaded
// only on a phone that keeps a match (it made the database this looks for).
(function () {
  "use strict";
  var mark = document.querySelector("[data-phone-script]");
  if (!mark || !window.indexedDB) return;
  var offered = mark.id === "phone-keep";
  var kept = offered || !indexedDB.databases ? Promise.resolve(offered) : indexedDB.databases()
    .then(function (found) { return found.some(function (db) { return db.name === "belot-phone"; }); });
  kept.then(function (load) {
    if (!load) return;
    var script = document.createElement("script");
    script.src = mark.dataset.phoneScript;
    document.body.appendChild(script);
  }).catch(function () {});
})();
