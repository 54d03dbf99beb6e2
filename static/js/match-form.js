// The new-match forms: the first-dealer choice names the players as their names are typed (the
// home page) or chosen in the seats (a table's match).
(function () {
  "use strict";
  Array.prototype.forEach.call(document.querySelectorAll("input[data-seat-default]"), function (radio) {
    var seat = parseInt(radio.value, 10);
    var player = document.getElementById("id_player_" + (seat + 1)) ||
      document.getElementById("id_seat_" + seat);
    var label = radio.labels[0] && radio.labels[0].querySelector("span");
    if (!player || !label) return;
    function name() {
      if (player.tagName === "SELECT") return player.value ? player.selectedOptions[0].text : "";
      return player.value.replace(/\s+/g, " ").trim();
    }
    function follow() { label.textContent = name() || radio.dataset.seatDefault; }
    player.addEventListener("input", follow);
    player.addEventListener("change", follow);
  });
})();

// The game's house rules: only the chosen game's fieldset shows (without JavaScript all of
// them do, and the server reads the chosen game's alone).
(function () {
  "use strict";
  Array.prototype.forEach.call(document.querySelectorAll("form"), function (form) {
    var games = form.querySelectorAll("input[name=game]");
    var sets = form.querySelectorAll("[data-rules-of]");
    if (!games.length || !sets.length) return;
    function show() {
      var chosen = form.querySelector("input[name=game]:checked");
      var game = chosen ? chosen.value : "belot";
      Array.prototype.forEach.call(sets, function (set) {
        var mine = set.dataset.rulesOf.split(" ").indexOf(game) !== -1;
        set.hidden = !mine;
        set.disabled = !mine;
      });
    }
    Array.prototype.forEach.call(games, function (radio) { radio.addEventListener("change", show); });
    show();
  });
})();

// No trumps' and all trumps' own house rules (the belote, the card points) show only while the
// match plays them; hidden, they are still sent, and the server reads them either way.
(function () {
  "use strict";
  Array.prototype.forEach.call(document.querySelectorAll("form"), function (form) {
    var switches = form.querySelectorAll("input[name$='no_and_all_trumps']");
    var parts = form.querySelectorAll("fieldset[id$='_all_trumps_belote'], fieldset[id$='_card_points_entry']");
    if (!switches.length || !parts.length) return;
    function show() {
      var chosen = form.querySelector("input[name$='no_and_all_trumps']:checked");
      var on = chosen !== null && chosen.value === "true";
      Array.prototype.forEach.call(parts, function (part) { part.hidden = !on; });
    }
    Array.prototype.forEach.call(switches, function (radio) { radio.addEventListener("change", show); });
    show();
  });
})();
