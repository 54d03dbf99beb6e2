"""Non-breaking spaces where a line must not break, put in as text is shown.

A phone at the card table has room for thirty-odd characters a line: "10" at the end of one
line and "♠" at the start of the next, "151" and "точки" apart, or a dash opening a line (which
Russian, Ukrainian and Bulgarian typography forbid) make a rule hard to read. The rules' files
keep plain spaces, so that they stay readable and easy to edit; :func:`tie` puts U+00A0 NO-BREAK
SPACE in their place where the rules page and the calculator's explanation lines are made:

- between a number and the word or suit sign after it ("10 ♠", "151 точки", "81 на 81"), and
  around a multiplication sign ("× 2");
- inside a sum of numbers ("(15 + 8) × 2 = 46"); a long one, or one in a table's cell, breaks
  only after a plus or a minus sign; and after an equals sign before a number ("= 147");
- before a suit sign ("купа ♥"), and between a suit sign and its ranks ("♥ J 9 8");
- before a dash ("суперники — інша команда") and a middle dot ("♥ J 9 8 · ♠ A K Q");
- after a one-letter word ("в масті", "и дама", "с капо") and after an initial or a short
  abbreviation ("А. Б.", "т. е.", "см.", "див.", "напр.").

Only text is changed, never a tag or its attributes; the text is HTML or plain text alike.

The interface's other messages are shown as translated, untied: the Bulgarian and Ukrainian
translations put U+00A0 before a dash themselves, and the Bulgarian one between a number and
its "%" (docs/terms.md, "Numbers and signs").
"""

import re

NBSP = "\u00a0"
_WS = r"[ \t\r\n]+"  # a breakable space; HTML shows a line break in the source as one
# The text here is not inside a tag (an attribute, say). It reads ahead to the next angle
# bracket, so each rule asks it last, after the space and what must follow it: asked first, at
# every character of a 5,000-character section, it made the rules page's text six times slower
# to tie (benchmarks/typography.py). Spaces are never angle brackets, so it answers the same
# before a space and after it.
_NOT_IN_TAG = r"(?![^<>]*>)"
_OPEN = r"(?:<(?:strong|em|b|span|a|abbr)\b[^>]*>)?"  # an inline tag may come between
_CLOSE = r"(?:</(?:strong|em|b|span|a|abbr)>)?"
_LETTER = r"[^\W\d_]"
_SUIT = "[♣♦♥♠]"
# A sum of numbers, "(15 + 8) × 2 = 46", "162 − 35 = <strong>127</strong>": numbers, signs
# between them, brackets and inline tags.
_TERM = rf"{_OPEN}\(*\d+\)*{_CLOSE}"
_FORMULA = rf"\(*\d+\)*{_CLOSE}(?:(?:{_WS}|{NBSP})[+−×=](?:{_WS}|{NBSP}){_TERM})+{_NOT_IN_TAG}"
# A formula this long or shorter (its visible characters) stays on one line; a longer one, such
# as "(14 + 9 + 6 + 5 + 3 + 1) + 10 = 162", would not fit a phone's line with the words around
# it, and breaks only after a plus or a minus sign. So does one that fills a table's cell
# ("62 + 3 × 30 + 10"): the table's columns share the phone's width, and at 360 px a column
# of whole formulas pushed the Russian table of the card points a pixel too wide.
_SHORT_FORMULA = 24


def _formula(found: re.Match) -> str:
    text = found[0]
    in_cell = found.string.endswith("<td>", 0, found.start())
    if not in_cell and len(re.sub(r"<[^>]*>", "", text)) <= _SHORT_FORMULA:
        return re.sub(_WS + _NOT_IN_TAG, NBSP, text)
    text = re.sub(rf"{_WS}(?=[+−×=])", NBSP, text)
    return re.sub(rf"([×=]){_WS}", r"\1" + NBSP, text)


_RULES = [
    # A number and what it counts or is followed by: "10 ♠", "151 точки", "81 на 81".
    (rf"(\d{_CLOSE}){_WS}(?={_OPEN}(?:{_SUIT}|{_LETTER})){_NOT_IN_TAG}", r"\1" + NBSP),
    (rf"(\d{NBSP}(?:на|проти|против|срещу)){_WS}(?=\d)", r"\1" + NBSP),
    # Around a multiplication sign: "(8 + 8) × 2".
    (rf"(\S){_WS}(?=×){_NOT_IN_TAG}×", r"\1" + NBSP + "×"),
    (rf"×{_WS}(?=\d)", "×" + NBSP),
    # A sum of numbers: see _formula. A result keeps its sign in any sum ("+ 20 за белота = 147").
    (_FORMULA, _formula),
    (rf"={_WS}(?={_OPEN}\d){_NOT_IN_TAG}", "=" + NBSP),
    # A suit sign never starts a line, nor leaves its ranks: "купа ♥", "♥ J 9 8". A hand breaks
    # only between its suits: "♥ J 9 8 · ♠ A K Q".
    (rf"(?<!·){_WS}(?={_OPEN}{_SUIT}){_NOT_IN_TAG}", NBSP),
    (rf"({_SUIT}|\b(?:10|[2-9JQKA])){_WS}(?=(?:10|[2-9JQKA])\b)", r"\1" + NBSP),
    # A dash or a middle dot never starts a line.
    (rf"{_WS}(?=[—–·](?:\s|<|$)){_NOT_IN_TAG}", NBSP),
    # A one-letter word keeps to the next one: "в масті", "и дама", "А има".
    (rf"(?<![\w&#])({_LETTER}){_WS}(?=\S){_NOT_IN_TAG}", r"\1" + NBSP),
    # An initial or a short abbreviation keeps to what follows: "А. Б. Петров", "т. е.", "см.".
    (
        rf"(?<!\w)([A-ZА-ЯЁІЇЄҐ]|т|см|див|напр|др)\.{_WS}(?=\S){_NOT_IN_TAG}",
        r"\1." + NBSP,
    ),
]
_COMPILED = [(re.compile(pattern), replacement) for pattern, replacement in _RULES]


def tie(text: str) -> str:
    """``text`` (HTML or plain) with no-break spaces where a line must not break."""
    for pattern, replacement in _COMPILED:
        text = pattern.sub(replacement, text)
    return text
