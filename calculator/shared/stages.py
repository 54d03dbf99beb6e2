"""The knock-out's stages in words: a round of the bracket as its heading names it, and one
match as its table card and its match's page name it (the pure package gives their codes,
calculator/pairing/knockout.py)."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from calculator.pairing import knockout_stage

ROUND_NAMES = {
    "round_of_16": _("Round of 16"),
    "quarter_finals": _("Quarter-finals"),
    "semi_finals": _("Semi-finals"),
    "final": _("Final"),
    "third_place": _("Match for third place"),
}
MATCH_NAMES = {
    "round_of_16": pgettext_lazy("one match of the knock-out", "Round of 16"),
    "quarter_finals": _("Quarter-final"),
    "semi_finals": _("Semi-final"),
    "final": _("Final"),
    "third_place": _("Match for third place"),
}


def stage_of(tournament, number: int, table: int = 1) -> str | None:
    """The knock-out stage of table ``table`` of round ``number`` (a code of ROUND_NAMES);
    None for a round before the knock-out."""
    first = tournament.knockout_from
    if first is None or number < first:
        return None
    return knockout_stage(tournament.knockout_size, number - first, table)


def match_name(tournament, number: int, table: int) -> str:
    """What a table's card and its match's page call the match: its stage in the knock-out
    ("Semi-final"), else "" (a Swiss round's match is named by its round)."""
    stage = stage_of(tournament, number, table)
    return str(MATCH_NAMES[stage]) if stage else ""
