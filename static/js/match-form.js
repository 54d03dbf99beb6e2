// The new-match form: the first-dealer choice names the players as their names are typed.
(function () {
  "use strict";
  Array.prototype.forEach.call(document.querySelectorAll("input[data-seat-default]"), function (radio) {
    var player = document.getElementById("id_player_" + (parseInt(radio.value, 10) + 1));
    var label = radio.labels[0] && radio.labels[0].querySelector("span");
    if (!player || !label) return;
    player.addEventListener("input", function () {
      label.textContent = player.value.replace(/\s+/g, " ").trim() || radio.dataset.seatDefault;
    });
  });
})();
