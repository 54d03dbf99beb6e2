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
