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

  // Drafts of deals already recorded (or of corrections) are done with.
  var scorer = document.querySelector("[data-scorer-path]");
  if (scorer) {
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
  }

  var live = document.getElementById("live");
  if (!live || !live.dataset.poll || !window.fetch) return;
  setInterval(function () {
    if (document.hidden) return;
    // A conditional request: the server answers 304 while nothing has changed.
    fetch(location.href, { cache: "no-cache", credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (!html) return;
        var holder = document.createElement("div");
        holder.innerHTML = html;
        var fresh = holder.querySelector("#live");
        if (!fresh || fresh.innerHTML === live.innerHTML) return;
        live.innerHTML = fresh.innerHTML;
      })
      .catch(function () {});
  }, 10000);
})();
