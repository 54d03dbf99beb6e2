// On every page: install the service worker, and say so when a page is shown offline.
(function () {
  "use strict";
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
  }
  // Another language, the same place: the address's #part (a section of the rules) goes along.
  Array.prototype.forEach.call(document.querySelectorAll(".language-switcher a"), function (link) {
    link.addEventListener("click", function () {
      if (location.hash) link.href = link.href.split("#")[0] + location.hash;
    });
  });

  // The score sheet's Print button (a button only a script can make work, so shown only then).
  Array.prototype.forEach.call(document.querySelectorAll("[data-print]"), function (button) {
    button.addEventListener("click", function () { window.print(); });
  });
  // The offline page's "Try again" (the service worker shows it only with scripts on).
  Array.prototype.forEach.call(document.querySelectorAll("[data-reload]"), function (button) {
    button.addEventListener("click", function () { location.reload(); });
  });

  // "Forget this phone's matches": the deal drafts and the service worker's caches go here, then
  // the form is sent (the server forgets the lists, and its Clear-Site-Data answer clears the
  // rest again where the browser supports it).
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches("form[data-forget]")) return;
    event.preventDefault();
    try {
      Object.keys(localStorage).forEach(function (key) {
        if (key.indexOf("draft:") === 0) localStorage.removeItem(key);
      });
    } catch (e) { /* storage off */ }
    if (window.indexedDB) indexedDB.deleteDatabase("belot-phone"); // matches kept on the phone
    var emptied = window.caches
      ? caches.keys().then(function (names) {
        return Promise.all(names.map(function (name) { return caches.delete(name); }));
      })
      : Promise.resolve();
    emptied.catch(function () {}).then(function () { form.submit(); });
  });

  var note = document.getElementById("offline-note");
  if (!note) return;
  var formatted = false;
  function format() {
    // Only when the note shows: the first toLocaleString of a page is not free on a phone.
    var loaded = new Date(note.dataset.loaded);
    var time = note.querySelector("time");
    if (time && !isNaN(loaded)) {
      time.textContent = loaded.toLocaleString(document.documentElement.lang, {
        hour: "2-digit", minute: "2-digit", day: "numeric", month: "short",
      });
    }
    formatted = true;
  }
  function show() {
    note.hidden = navigator.onLine;
    if (!note.hidden && !formatted) format();
  }
  window.addEventListener("online", show);
  window.addEventListener("offline", show);
  show();
})();
