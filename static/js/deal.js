// Live preview: the server's engine scores the deal as it is typed; no scoring rules here.
(function () {
  "use strict";
  var form = document.querySelector("form[data-preview-url]");
  if (!form || !window.fetch) return;
  // Without a script the page comes back at its preview (#preview); with one, the preview is
  // live and a save goes straight back to the match page. The page's own address, unless the
  // server gave the form another (a correction of a deal deleted meanwhile comes back as the
  // next deal, whose Save is a new deal's).
  var path = form.getAttribute("action").split("#")[0] || location.pathname;
  form.setAttribute("action", path);
  // Enter in a box (the card points) asks for the preview at once instead of sending the form.
  form.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && event.target.tagName === "INPUT") {
      event.preventDefault();
      refresh();
    }
  });
  var timer = null;
  var sent = 0;
  var typed = 0;
  var pending = null;

  function refresh() {
    clearTimeout(timer);
    timer = null;
    var ticket = ++sent;
    var asked = typed;
    // Sent as a form is sent without a script (urlencoded): the server reads it in a fifth of
    // the time a multipart body takes, on the scorer's most frequent request.
    var body = new URLSearchParams(new FormData(form));
    body.delete("action");
    pending = fetch(form.dataset.previewUrl, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "X-Requested-With": "fetch" },
    })
      .then(function (response) {
        return response.ok ? response.text() : null;
      })
      .then(function (html) {
        // Only the answer to what is on the screen now: never an older one.
        if (html !== null && ticket === sent && asked === typed) {
          update(new DOMParser().parseFromString(html, "text/html"));
        }
        return html !== null;
      })
      .catch(function () { return false; /* offline: the Preview button tries the page itself */ })
      .finally(function () {
        if (ticket !== sent) return;
        pending = null;
        if (asked === typed) busy(false);
      });
    return pending;
  }

  // The answer holds the live parts of the page as the server sees the deal: the preview, the
  // result beside Save and each field's errors are taken over as they are; a field the engine
  // asks for (a top card) shows up, one no longer needed goes, and a field is marked invalid or
  // not, without touching what the scorer is typing.
  function update(fresh) {
    var barBefore = bar ? bar.offsetHeight : 0;
    Array.prototype.forEach.call(fresh.querySelectorAll("[data-live][id]"), function (part) {
      var old = document.getElementById(part.id);
      if (!old) return;
      if (part.dataset.live === "swap") {
        old.replaceWith(document.importNode(part, true));
      } else {
        old.hidden = part.hidden;
        old.classList.toggle("invalid", part.classList.contains("invalid"));
      }
    });
    // The bar with Save may have grown a line (two long names beside their points): the box
    // being typed in stays above it. Only then: a preview that comes back while the scorer has
    // scrolled on (to a declaration's +) must not move the page under their finger.
    if (bar && bar.offsetHeight > barBefore) keepTypingInView();
  }

  // While the preview is behind what is typed, it says so (aria-busy): no one reads or saves
  // an answer to an older question.
  function busy(on) {
    var preview = document.getElementById("preview");
    if (preview && on) preview.setAttribute("aria-busy", "true");
    else if (preview) preview.removeAttribute("aria-busy");
  }

  function later() {
    busy(true);
    typed++;
    clearTimeout(timer);
    timer = setTimeout(refresh, 250);
  }

  // Preview: the live preview at once, and the page moves to it, without a reload (which came
  // back at the top of the page). If the server cannot be asked, the page's own preview, as
  // without a script (the button's formaction comes back at #preview).
  var previewByPage = false;
  form.addEventListener("submit", function (event) {
    var submitter = event.submitter;
    if (!submitter || submitter.value !== "preview" || previewByPage) return;
    event.preventDefault();
    refresh().then(function (answered) {
      if (!answered) {
        previewByPage = true;
        form.requestSubmit(submitter);
        return;
      }
      var preview = document.getElementById("preview");
      if (preview) preview.scrollIntoView({ block: "start" });
    });
  });

  // Save right after typing: bring the preview up to date first, then save what it shows.
  form.addEventListener("submit", function (event) {
    var submitter = event.submitter;
    if (!submitter || submitter.value !== "save" || (timer === null && pending === null)) return;
    event.preventDefault();
    (timer !== null ? refresh() : pending).then(function () { form.requestSubmit(submitter); });
  });

  // Quick buttons: + and − beside each count (terces, quartes, quintes, belots), in the page
  // from the start (calculator/_stepper.html) and shown only where scripts run.
  form.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-step]");
    if (!button) return;
    var input = button.parentNode.querySelector("input");
    var value = (parseInt(input.value, 10) || 0) + parseInt(button.dataset.step, 10);
    var max = parseInt(input.max, 10);
    input.value = Math.max(0, isNaN(max) ? value : Math.min(max, value));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });

  // No trumps has no declarations and no belot: their boxes are off while it is chosen (the
  // server refuses them anyway; off, they are not even sent).
  function declarationsFollowContract() {
    var contract = form.querySelector("input[name=contract]:checked");
    var off = contract !== null && contract.value === "no_trumps";
    Array.prototype.forEach.call(
      form.querySelectorAll(".declarations input, .declarations select, .declarations button"),
      function (control) { control.disabled = off; }
    );
  }

  // Inside, without card points: the card points and the capot are not asked, so they are off
  // (and not sent) while it is chosen; what was typed comes back with "played". In a French
  // game a capot gives the card points itself (252 and 0): the card points are off while one
  // is chosen, and what was typed comes back with "no capot".
  var french = form.classList.contains("french-deal");
  function cardPointsFollowResult() {
    var result = form.querySelector("input[name=result]:checked");
    var inside = result !== null && result.value === "inside";
    var capot = french && form.querySelector("input[name=capot]:checked:not([value=''])") !== null;
    Array.prototype.forEach.call(form.querySelectorAll("#wrap-card_points input"), function (control) {
      control.disabled = inside || capot;
    });
    Array.prototype.forEach.call(form.querySelectorAll("#wrap-capot input"), function (control) {
      control.disabled = inside;
    });
  }

  // The card points are most often the bidders': their chip follows the bidding team until the
  // scorer picks one of the two.
  var pointsTeamChosen = !form.dataset.fresh;
  Array.prototype.forEach.call(form.querySelectorAll("input[name=points_team]"), function (input) {
    input.addEventListener("click", function () { pointsTeamChosen = true; });
  });
  function pointsFollowBidders(event) {
    if (pointsTeamChosen || event.target.name !== "bidders") return;
    var same = form.querySelector("input[name=points_team][value='" + event.target.value + "']");
    if (same) same.checked = true;
  }
  form.addEventListener("change", pointsFollowBidders);
  form.addEventListener("change", declarationsFollowContract);
  form.addEventListener("change", cardPointsFollowResult);

  // Drafts: what is typed survives a reload, a new version of the site or a lost connection.
  // The match page forgets a draft once its deal is recorded.
  var draftKey = "draft:" + path + ":" + form.elements.number.value;
  // Not the version: a draft brought back belongs to the page it is brought back into.
  var skipped = { csrfmiddlewaretoken: 1, preview_key: 1, number: 1, version: 1, action: 1 };
  var draftNote = document.getElementById("draft-note"); // "what you had typed is back"

  function saveDraft() {
    var entries = [];
    new FormData(form).forEach(function (value, name) {
      if (!skipped[name]) entries.push([name, value]);
    });
    try { localStorage.setItem(draftKey, JSON.stringify(entries)); } catch (e) { /* full or off */ }
  }

  function restoreDraft() {
    var entries;
    try { entries = JSON.parse(localStorage.getItem(draftKey) || "null"); } catch (e) { return; }
    if (!entries || !entries.length) return;
    Array.prototype.forEach.call(form.elements, function (field) {
      if (field.type === "checkbox" || field.type === "radio") field.checked = false;
    });
    entries.forEach(function (entry) {
      Array.prototype.forEach.call(form.querySelectorAll("[name='" + entry[0] + "']"), function (field) {
        if (field.type === "checkbox" || field.type === "radio") {
          if (field.value === entry[1]) field.checked = true;
        } else {
          field.value = entry[1];
        }
      });
    });
    if (draftNote) draftNote.hidden = false;
    declarationsFollowContract();
    cardPointsFollowResult();
    refresh();
  }

  // Start over: the draft goes, and the form is again as the server sent it.
  if (draftNote) {
    draftNote.querySelector("[data-start-over]").addEventListener("click", function () {
      try { localStorage.removeItem(draftKey); } catch (e) { /* storage off */ }
      form.reset();
      pointsTeamChosen = !form.dataset.fresh;
      draftNote.hidden = true;
      declarationsFollowContract();
      cardPointsFollowResult();
      refresh();
    });
  }

  // The on-screen keyboard. Chromium on Android shrinks the page for it (the viewport's
  // interactive-widget=resizes-content, base.html): the bar with Save, sticky at the bottom, comes
  // up with it. A browser that lays the keyboard over the page instead (Safari) only shrinks the
  // visual viewport: the bar is lifted by what the keyboard covers. Either way the box being typed
  // in (with its row: whose card points) is scrolled to just above the bar, never under it.
  var bar = form.querySelector(".form-actions");
  var visual = window.visualViewport;
  var GAP = 8; // px between the box and the bar, and the top of the screen

  function typing() {
    var field = document.activeElement;
    if (!field || !form.contains(field) || field.tagName !== "INPUT") return null;
    return field.type === "number" || field.type === "text" ? field : null;
  }

  function liftBar() {
    if (!visual || !bar) return;
    // Zoomed in, the visual viewport is small for another reason than a keyboard.
    var covered = visual.scale > 1.01 ? 0 : window.innerHeight - visual.offsetTop - visual.height;
    bar.style.bottom = covered > 1 ? Math.round(covered) + "px" : "";
  }

  function keepTypingInView() {
    var field = typing();
    if (!field) return;
    var row = field.closest(".points-row") || field;
    var box = row.getBoundingClientRect();
    var top = (visual ? visual.offsetTop : 0) + GAP;
    var bottom = (visual ? visual.offsetTop + visual.height : window.innerHeight) - GAP;
    if (bar) bottom = Math.min(bottom, bar.getBoundingClientRect().top - GAP);
    if (box.bottom > bottom) window.scrollBy(0, Math.min(box.bottom - bottom, box.top - top));
    else if (box.top < top) window.scrollBy(0, box.top - top);
  }

  function keyboardMoved() {
    liftBar();
    keepTypingInView();
  }
  if (visual) {
    visual.addEventListener("resize", keyboardMoved);
    visual.addEventListener("scroll", liftBar); // the scorer scrolls: only the bar follows
  } else {
    window.addEventListener("resize", keepTypingInView);
  }
  form.addEventListener("focusin", function () {
    // The keyboard may be up already (from another box): its resize will not come again.
    if (typing()) requestAnimationFrame(keyboardMoved);
  });

  // An ordinary deal's next step after its choices is the card points: on a new deal, once the
  // bidders, the contract or trumps (and the bid) are chosen, the box takes the focus and the
  // keypad opens, a tap fewer. Once a page, and only while the box is empty and asked for.
  var pointsBox = form.elements.card_points;
  var pointsAsked = !!form.dataset.fresh && !!pointsBox;
  var CHOICES = ["bidders", "contract", "trump", "bid"];

  function chosen(name) {
    var inputs = form.querySelectorAll("input[name=" + name + "]");
    if (!inputs.length) return "-"; // not a field of this game
    var checked = form.querySelector("input[name=" + name + "]:checked");
    return checked ? checked.value : null;
  }

  function pointsNext(event) {
    if (!pointsAsked || CHOICES.indexOf(event.target.name) === -1) return;
    var values = CHOICES.map(chosen);
    if (values.indexOf(null) !== -1 || chosen("bid") === "passed") return;
    if (pointsBox.disabled || pointsBox.value !== "") return;
    pointsAsked = false;
    pointsBox.focus({ preventScroll: true });
    keyboardMoved();
  }
  form.addEventListener("change", pointsNext);

  if (form.dataset.fresh) restoreDraft();
  // A Save the server refused comes back at the preview, which lists what to fix, as it does
  // without a script (the form's own action, #preview, is not this page's any more).
  if (form.dataset.refused) {
    var refusedAt = document.getElementById("preview");
    if (refusedAt) refusedAt.scrollIntoView({ block: "start" });
  }
  declarationsFollowContract();
  cardPointsFollowResult();
  form.addEventListener("input", saveDraft);
  form.addEventListener("change", saveDraft);
  form.addEventListener("input", later);
  form.addEventListener("change", later);
})();
