// Live preview: the server's engine scores the deal as it is typed; no scoring rules here.
(function () {
  "use strict";
  var form = document.querySelector("form[data-preview-url]");
  if (!form || !window.fetch) return;
  var timer = null;
  var sent = 0;

  function refresh() {
    var ticket = ++sent;
    var body = new FormData(form);
    body.delete("action");
    fetch(form.dataset.previewUrl, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "X-Requested-With": "fetch" },
    })
      .then(function (response) {
        return response.ok ? response.text() : null;
      })
      .then(function (html) {
        if (html === null || ticket !== sent) return;
        var holder = document.createElement("div");
        holder.innerHTML = html;
        ["preview", "card-points-split"].forEach(function (id) {
          var fresh = holder.querySelector("#" + id);
          var old = document.getElementById(id);
          if (fresh && old) old.replaceWith(fresh);
        });
      })
      .catch(function () { /* offline: the Preview button still works when back online */ });
  }

  function later() {
    clearTimeout(timer);
    timer = setTimeout(refresh, 250);
  }

  // Quick buttons: − and + beside each count (terces, quartes, quintes, belots).
  Array.prototype.forEach.call(form.querySelectorAll("input.count"), function (input) {
    function button(text, delta, label) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "step";
      b.textContent = text;
      b.setAttribute("aria-label", label + " " + (input.labels[0] ? input.labels[0].textContent : ""));
      b.addEventListener("click", function () {
        var value = (parseInt(input.value, 10) || 0) + delta;
        var max = parseInt(input.max, 10);
        input.value = Math.max(0, isNaN(max) ? value : Math.min(max, value));
        input.dispatchEvent(new Event("change", { bubbles: true }));
      });
      return b;
    }
    var wrap = document.createElement("div");
    wrap.className = "stepper";
    input.parentNode.insertBefore(wrap, input);
    wrap.appendChild(button("−", -1, form.dataset.less || "−"));
    wrap.appendChild(input);
    wrap.appendChild(button("+", 1, form.dataset.more || "+"));
  });

  form.addEventListener("input", later);
  form.addEventListener("change", later);
})();
