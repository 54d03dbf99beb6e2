"""Names as the forms take them (teams, players, pairs): trimmed, bounded, never invisible; the
seats' defaults; two players' names as a pair's, cut to fit; and two names joined by "and" in a
sentence, as Ukrainian's euphony joins them."""

import functools
import re
import unicodedata

from django import forms
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

NAME_MAX = 40


# Symbols and marks whose glyph is empty by design: the blank Braille pattern (an empty cell),
# the object replacement character (a placeholder for an embedded object: nothing to draw in
# text), the musical null notehead and the Khitan small script filler.
DRAWS_NOTHING = (
    "\N{BRAILLE PATTERN BLANK}\N{OBJECT REPLACEMENT CHARACTER}"
    "\N{MUSICAL SYMBOL NULL NOTEHEAD}\N{KHITAN SMALL SCRIPT FILLER}"
)


@functools.cache
def _patterns():
    """What a reader never sees, by Unicode property rather than by a list: every
    default-ignorable code point (zero-width spaces and joiners, direction marks, the byte order
    mark, the Hangul fillers, variation selectors, tags), every other control, format,
    private-use, surrogate or unassigned one, and the few symbols and marks above; and what
    draws something on its own: a letter, a digit, a punctuation mark or a symbol, of any script
    (a combining mark only draws over another character, and a space draws nothing).

    Compiled on first use: the scorer's phone, which runs the match pages without a connection
    (calculator/phone), has no ``regex`` module and never takes a name."""
    import regex

    invisible = regex.compile(rf"[\p{{Default_Ignorable_Code_Point}}\p{{C}}{DRAWS_NOTHING}]+")
    drawn = regex.compile(r"[\p{L}\p{N}\p{P}\p{S}]")
    return invisible, drawn


NAME_DRAWS_NOTHING = _("A name needs a letter, a digit or another sign that can be seen.")


def clean_name(value: str) -> str:
    """A team or player name as the site keeps it, whether typed in the form or imported.

    White space of any kind (a line break, U+2000 to U+200A, the ideographic space) is a space;
    invisible characters (``_patterns``) go; then the text is normalised (NFC) and its spaces
    collapsed, so that "B", "B\u200b", "B\u3164" and "B" + a combining mark written apart are
    told apart only by what a reader sees.
    """
    spaced = "".join(" " if char.isspace() else char for char in value)
    invisible, _drawn = _patterns()
    return " ".join(unicodedata.normalize("NFC", invisible.sub("", spaced)).split())


def draws_something(name: str) -> bool:
    """Whether a cleaned name shows on the page: not only combining marks (``\u0301\u0301``
    draws an accent over nothing, or nothing at all)."""
    return _patterns()[1].search(name) is not None


class NameField(forms.CharField):
    """A name, cleaned (``clean_name``) before its length is checked; one that draws nothing
    is refused."""

    def to_python(self, value):
        return clean_name(super().to_python(value))

    def validate(self, value):
        super().validate(value)
        if value and not draws_something(value):
            raise forms.ValidationError(NAME_DRAWS_NOTHING, code="draws_nothing")


NAME_FIELDS = ("team_a", "team_b", "player_1", "player_2", "player_3", "player_4")


def default_team_names() -> tuple[str, str]:
    # Translators: the scorer's own team, as players say it at the table ("we").
    return str(pgettext_lazy("team", "Us")), str(pgettext_lazy("team", "Them"))


def seat_default(seat: int) -> str:
    return _("Player %(number)s") % {"number": seat + 1}


class SeatSelect(forms.RadioSelect):
    """The first-dealer choice; each seat carries its "Player 1" for the page's script, which
    names the seats as the players' names are typed."""

    def create_option(self, name, value, *args, **kwargs):
        option = super().create_option(name, value, *args, **kwargs)
        option["attrs"]["data-seat-default"] = seat_default(int(value))
        return option


def pair_name(first: str, second: str, limit: int = 40) -> str:
    """Two players' names as a team's name of at most ``limit`` characters: a name that fits is
    kept whole, and only a name cut short ends in "…" (a short name leaves its room to the
    other)."""
    name = f"{first} & {second}"
    if len(name) <= limit:
        return name
    room = limit - len(" & ")
    first = _cut(first, max(room // 2, room - len(second)))
    return f"{first} & {_cut(second, room - len(first))}"


def _cut(name: str, room: int) -> str:
    return name if len(name) <= room else name[: room - 1].rstrip() + "…"


# Ukrainian's і/й euphony (Український правопис, "Чергування і — й"): the conjunction is
# «й» after a vowel, whether a consonant or a vowel comes next ("Оксана й Петро", "Оксана й Олег"),
# and «і» after a consonant or a pause ("Тарас і Ліда", "Андрій і Оля"), and before a word that
# starts with й, я, ю, є or ї, whatever comes before ("Оксана і Юрко"). A name's last letter is
# the sound before it, also inside quotation marks (a pair's «Ана & Боби» й «Вики & Гого»); a name
# that ends in a sign other than a letter ends in a pause.
UKRAINIAN_VOWELS = frozenset("аеєиіїоуюяaeiou")
UKRAINIAN_IOTATED = frozenset("йяюєї")


def ukrainian_and(before: str, after: str) -> str:
    """«й» or «і» between the name ``before`` and the name ``after``."""
    last, first = before[-1:].lower(), after[:1].lower()
    if first in UKRAINIAN_IOTATED or last not in UKRAINIAN_VOWELS:
        return "і"
    return "й"


# Two names joined by the conjunction in a translated text: "%(first)s і %(second)s", and with
# quotation marks around them, "«%(a)s» і «%(b)s»".
JOINED = re.compile(r"(%\((\w+)\)s[»”\"]?) [ій] ([«„“\"]?%\((\w+)\)s)")


def names_joined(text: str, values: dict) -> str:
    """``text % values``, where the translation joins two of the names with «і» or «й»: in
    Ukrainian the conjunction follows the names (``ukrainian_and``), the same text whatever the
    translator wrote. Other languages have no such choice: the text as it is."""
    if get_language() == "uk":
        text = JOINED.sub(
            lambda m: f"{m[1]} {ukrainian_and(str(values[m[2]]), str(values[m[4]]))} {m[3]}", text
        )
    return text % values
