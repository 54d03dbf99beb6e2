// On every page: install the service worker, and say so when a page is shown offline.
(function () {
  "use strict";
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
  }
  var note = document.getElementById("offline-note");
  if (!note) return;
  var loaded = new Date(note.dataset.loaded);
  var time = note.querySelector("time");
  if (time && !isNaN(loaded)) {
    time.textContent = loaded.toLocaleString(document.documentElement.lang, {
      hour: "2-digit", minute: "2-digit", day: "numeric", month: "short",
    });
  }
  function show() { note.hidden = navigator.onLine; }
  window.addEventListener("online", show);
  window.addEventListener("offline", show);
  show();
})();
