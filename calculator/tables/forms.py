"""A table's forms: a new table with its roster, players added, a match started from the roster
or added by its key, the next match of the same four players, and the statistics' date range."""

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from calculator.games.choice import GameChoice
from calculator.models import ROSTER_MAX, Match, TournamentTable
from calculator.shared.names import (
    NAME_DRAWS_NOTHING,
    NAME_MAX,
    NameField,
    SeatSelect,
    clean_name,
    draws_something,
    seat_default,
)
from calculator.tables.services import (
    IN_ANOTHER_TABLE,
    IN_THIS_TABLE,
    IN_TOURNAMENT,
    NAME_TWICE,
    ROSTER_FULL,
)


class RosterField(forms.CharField):
    """Player names, one a line: each cleaned (``clean_name``), blank lines left out."""

    widget = forms.Textarea(attrs={"rows": 6, "autocomplete": "off", "spellcheck": "false"})

    def to_python(self, value):
        return [
            name for line in super().to_python(value).splitlines() if (name := clean_name(line))
        ]

    def validate(self, value):
        if self.required and not value:
            raise forms.ValidationError(self.error_messages["required"], code="required")

    def run_validators(self, value):
        for name in value:
            if not draws_something(name):
                raise forms.ValidationError(NAME_DRAWS_NOTHING, code="draws_nothing")
            if len(name) > NAME_MAX:
                raise forms.ValidationError(
                    _("A name has at most %(max)s characters: “%(name)s” is longer.")
                    % {"max": NAME_MAX, "name": name[:NAME_MAX] + "…"}
                )
        if len(set(value)) != len(value):
            raise forms.ValidationError(NAME_TWICE, code="name_twice")


class TableForm(forms.Form):
    """A new table: its name and its players."""

    name = NameField(label=_("Name of the table"), max_length=NAME_MAX)
    players = RosterField(label=_("Players"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].widget.attrs.update({"maxlength": NAME_MAX, "autocomplete": "off"})
        # Filled in here, in the request's language: a lazy text filled in by ``%`` in the class
        # body would be read once, in the language active when the module is imported.
        self.fields["players"].help_text = _("One name a line: 4 to %(max)s players.") % {
            "max": ROSTER_MAX
        }

    def clean_players(self):
        players = self.cleaned_data["players"]
        if not 4 <= len(players) <= ROSTER_MAX:
            raise forms.ValidationError(
                _("A table has 4 to %(max)s players, not %(count)s.")
                % {"max": ROSTER_MAX, "count": len(players)}
            )
        return players


class RosterAddForm(forms.Form):
    """More players for a table's roster (checked again as the roster is saved:
    services.table_players_add)."""

    players = RosterField(label=_("New players"), help_text=_("One name a line."))

    def __init__(self, *args, table, **kwargs):
        super().__init__(*args, **kwargs)
        self.table = table

    def clean_players(self):
        players = self.cleaned_data["players"]
        if set(players) & set(self.table.players):
            raise forms.ValidationError(NAME_TWICE, code="name_twice")
        if len(self.table.players) + len(players) > ROSTER_MAX:
            raise forms.ValidationError(ROSTER_FULL, params={"max": ROSTER_MAX})
        return players


class TableMatchForm(GameChoice, forms.Form):
    """A match of a table: four players of its roster in their seats, the first dealer, how
    many won games make the match, its game and (a French game's) house rules."""

    first_dealer = forms.TypedChoiceField(
        label=_("Who deals first"), coerce=int, initial=0, widget=SeatSelect
    )
    games_to_win = forms.TypedChoiceField(
        label=_("The match is played to"),
        choices=[
            (1, _("One won game")),
            (2, _("Two won games (best of three)")),
            (3, _("Three won games (best of five)")),
        ],
        coerce=int,
        initial=2,
        widget=forms.RadioSelect,
    )

    def __init__(self, *args, table, players=None, seats=None, **kwargs):
        """``players`` to choose from (the table's roster), ``seats`` chosen at first (the
        roster's first four)."""
        super().__init__(*args, **kwargs)
        self.table = table
        players = table.players if players is None else players
        seats = players[:4] if seats is None else seats
        choices = [("", "—")] + [(name, name) for name in players]
        labels = (
            _("Player 1 (team 1)"),
            _("Player 2 (team 2)"),
            _("Player 3 (team 1)"),
            _("Player 4 (team 2)"),
        )
        for seat, label in enumerate(labels):
            self.fields[f"seat_{seat}"] = forms.ChoiceField(
                label=label, choices=choices, initial=seats[seat]
            )
        self.order_fields(["seat_0", "seat_1", "seat_2", "seat_3"])
        self.fields["first_dealer"].choices = [(seat, self._seat_label(seat)) for seat in range(4)]
        self.add_game_fields()

    def _seat_label(self, seat: int) -> str:
        """The name in the seat, as the home page's form names it (the page's script follows
        the choice as it changes), else "Player 1"."""
        name = f"seat_{seat}"
        chosen = self.data.get(name) if self.is_bound else self.fields[name].initial
        known = dict(self.fields[name].choices)
        return (
            chosen if isinstance(chosen, str) and chosen in known and chosen else seat_default(seat)
        )

    @property
    def seat_fields(self):
        return [self[f"seat_{seat}"] for seat in range(4)]

    def clean(self):
        cleaned = super().clean()
        seats = [cleaned.get(f"seat_{seat}") for seat in range(4)]
        if all(seats) and len(set(seats)) < 4:
            raise forms.ValidationError(_("Choose four different players."))
        cleaned["seats"] = seats
        return self.clean_game_rules(cleaned)

    def game_fields(self) -> dict:
        """The new match's fields for its game: belot's usual house rules, or a French game's."""
        rules = self.cleaned_data.get("house_rules")
        if rules is None:
            return {}
        return {"game": self.cleaned_data["game"], "house_rules": rules, "target": rules["target"]}


def rotated_seats(players: list[str]) -> list[str]:
    """The next match's seats: the first player stays, the others move one seat on, so that
    every player partners each of the other three in turn, match after match."""
    return [players[0], players[2], players[3], players[1]]


class NextMatchForm(TableMatchForm):
    """The next match of a finished table match: its four players with their seats rotated, or
    any of the table's players in each seat (the keeper's form offers the same roster); its
    games and house rules are the finished match's."""

    def __init__(self, *args, match, **kwargs):
        roster = match.table.players if match.table else []  # (no table: refused later)
        super().__init__(
            *args,
            table=match.table,
            players=[*roster, *(name for name in match.players if name not in roster)],
            seats=rotated_seats(match.players),
            **kwargs,
        )
        del self.fields["games_to_win"]
        del self.fields["game"]  # the finished match's, as its house rules


class MatchAddForm(forms.Form):
    """An existing match joins a table: its scorer's link proves that its keeper asks (checked
    again as the match joins: services.table_match_add).

    ``wrong_key`` says that the link held a key that opens no match: it counts towards the
    wrong-key limit (calculator/shared/access.py), as a wrong link in the address bar does.
    """

    link = forms.CharField(
        label=_("The scorer's link of the match"),
        max_length=300,
        widget=forms.TextInput(attrs={"autocomplete": "off", "inputmode": "url"}),
    )

    def __init__(self, *args, table, **kwargs):
        super().__init__(*args, **kwargs)
        self.table = table
        self.wrong_key = False

    def clean_link(self):
        found = re.search(
            r"(?:^|/m/)([A-Za-z0-9_-]{16,64})/?(?:[?#].*)?$", self.cleaned_data["link"].strip()
        )
        match = found and Match.objects.filter(scorer_key=found.group(1)).first()
        if not match:
            self.wrong_key = bool(found)
            raise forms.ValidationError(
                _(
                    "This is not the scorer's link of a match. Open the match and copy the link "
                    "under “The scorer's link”."
                )
            )
        if TournamentTable.objects.filter(match=match).exists():
            raise forms.ValidationError(IN_TOURNAMENT)
        if match.table_id is not None and match.table_id != self.table.pk:
            raise forms.ValidationError(IN_ANOTHER_TABLE)
        if match.table_id == self.table.pk:
            raise forms.ValidationError(IN_THIS_TABLE)
        new = {name for name in match.players if name} - set(self.table.players)
        if len(self.table.players) + len(new) > ROSTER_MAX:
            raise forms.ValidationError(ROSTER_FULL, params={"max": ROSTER_MAX})
        return match


class DateRangeForm(forms.Form):
    """The statistics' date range (?since=…&until=…); either end may be left open."""

    since = forms.DateField(
        label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    until = forms.DateField(
        label=_("To"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )

    def clean(self):
        cleaned = super().clean()
        since, until = cleaned.get("since"), cleaned.get("until")
        if since and until and since > until:
            raise forms.ValidationError(_("The first date must not be after the second."))
        return cleaned
