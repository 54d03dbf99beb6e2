"""The rows a tournament's pages repeat for every pair and every round, written in Python.

The wall lists each pair's matches and the sheet has a cell a pair and a round: 1,920 of each in
the largest tournament (128 pairs, 15 Swiss rounds), where the template's tags took about 70 us a
row, 130 ms a page. These filters write the same text (the words translated and escaped once
a language) in a few microseconds a row. The numbers are whole ones, written as the template
writes them (USE_THOUSAND_SEPARATOR is off); a name is escaped as the template escapes it.
"""

from functools import lru_cache
from html import escape

from django import template
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

register = template.Library()


@lru_cache(maxsize=8)
def _words(language: str) -> dict[str, str]:
    """The words of the rows in ``language`` (the one active), looked up and escaped once."""
    return {
        "round": escape(_("Round %(number)s")),
        "bye": escape(_("bye")),
        "playing": escape(_("playing")),
        "won": escape(_("won")),
        "lost": escape(_("lost")),
        "by_hand": escape(_("entered by hand")),
    }


def _outcome(words: dict, row: dict) -> str:
    if not row["finished"]:
        return words["playing"]
    return words["won"] if row["won"] else words["lost"]


@register.filter
def pair_match(row: dict) -> str:
    """A line of a pair's matches (tournaments/public.py, _pair_matches): "Round 2: <opponent>,
    151:98 · won", " · entered by hand" after a result entered by hand, or the bye."""
    words = _words(get_language())
    head = words["round"] % {"number": int(row["round"])}
    if row.get("bye"):
        return mark_safe(f"{head}: {words['bye']}")
    mine, theirs = (int(points) for points in row["points"])
    # The name isolated (<bdi>): a right-to-left one would carry the score and the comma over.
    opponent = f"<bdi>{escape(row['opponent'].name)}</bdi>"
    line = f"{head}: {opponent}, {mine}:{theirs} · {_outcome(words, row)}"
    return mark_safe(f"{line} · {words['by_hand']}" if row["by_hand"] else line)


@register.filter
def round_cell(cell: dict | None) -> str:
    """A cell of the sheet's rounds (tournaments/public.py, _crosstable): the opponent's place, +
    won, − lost or … being played, and the score; the bye; – for a round not played."""
    if not cell:
        return "–"
    if cell.get("bye"):
        return mark_safe(_words(get_language())["bye"])
    mark = "…" if not cell["finished"] else "+" if cell["won"] else "−"
    mine, theirs = (int(points) for points in cell["points"])
    return mark_safe(
        f'<span class="opponent" title="{escape(cell["opponent"].name)}">{int(cell["place"])}'
        f'</span> {mark} <span class="score">{mine}:{theirs}</span>'
    )


@register.filter
def signed(number: int) -> str:
    """A difference as the standings write it: "+12", "0", "−12" with the minus sign (U+2212),
    not the hyphen; the spreadsheet and JSON files keep the plain "-" a program reads."""
    number = int(number)
    return f"+{number}" if number > 0 else f"\u2212{-number}" if number < 0 else "0"


@register.filter
def of_table(hand: dict | None, table: int) -> dict | None:
    """The result typed by hand and refused (tournaments/organizer.py, _hand_result_again), if
    it is ``table``'s: its panel shows it again."""
    return hand if hand and hand.get("table") == table else None
