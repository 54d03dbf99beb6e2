"""A table's writes: the table and its roster, a match started at it or joined to it, and the
next match of a finished one; checked again inside the locked transaction."""

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _

from calculator.matches.services import _locked, _still_at, _stored, _touch, next_match_offered
from calculator.models import ROSTER_MAX, Match, Table, TournamentTable
from calculator.shared.names import pair_name

# What a keeper's form checks, checked again inside the locked transaction: two keepers (or two
# taps) writing at once each passed the form's check against the table as it was before.
ROSTER_FULL = _("A table has at most %(max)s players.")


NAME_TWICE = _("Each player's name may appear only once.")


IN_ANOTHER_TABLE = _("This match already belongs to another table.")


IN_THIS_TABLE = _("This match is already in this table.")


IN_TOURNAMENT = _("This match is played in a tournament: its result counts there, not at a table.")


def table_create(*, name: str, players: list[str], match: Match | None = None) -> Table:
    """A new table with its roster; ``match`` (by its keeper's wish) joins it at once, or
    ValidationError and no table at all if it cannot."""
    with transaction.atomic():
        table = Table.objects.create(name=name, players=players)
        if match is not None:
            table_match_add(table=table, match=match)
    return table


def _roster_with(roster: list[str], names) -> list[str]:
    """The roster with ``names`` not yet in it added; ValidationError past ROSTER_MAX."""
    joined = [*roster, *dict.fromkeys(name for name in names if name and name not in roster)]
    if len(joined) > ROSTER_MAX:
        raise ValidationError(ROSTER_FULL, code="roster_full", params={"max": ROSTER_MAX})
    return joined


def table_players_add(*, table: Table, players: list[str]) -> Table:
    """Add ``players`` (checked by RosterAddForm) to the roster as it is now: ValidationError,
    and nothing written, if one of them is in it already or the roster would be too long."""
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        if set(players) & set(table.players):
            raise ValidationError(NAME_TWICE, code="name_twice")
        table.players = _roster_with(table.players, players)
        table.save(update_fields=["players", "updated"])
    return table


def table_match_start(
    *, table: Table, seats: list[str], first_dealer: int, games_to_win: int, **fields
) -> Match:
    """A new match of the table, its four players from the roster; its teams are named after
    them ("Ana & Boris", shortened to fit). ``fields``: other Match fields (house rules other
    than the usual ones, the match it follows)."""
    return Match.objects.create(
        table=table,
        team_a=pair_name(seats[0], seats[2]),
        team_b=pair_name(seats[1], seats[3]),
        player_1=seats[0],
        player_2=seats[1],
        player_3=seats[2],
        player_4=seats[3],
        first_dealer=first_dealer,
        games_to_win=games_to_win,
        **fields,
    )


RULE_FIELDS = (
    "game",
    "house_rules",
    "target",
    "declaration_comparison",
    "no_trumps_capot_doubled",
    "contra_tie",
    "capot_cannot_end_game",
    "games_to_win",
)


def match_next(
    *, match: Match, version: int, seats: list[str], first_dealer: int
) -> tuple[Match, bool]:
    """The next match of the finished table match ``match`` as its scorer saw it (``version``):
    the same table, game and house rules, ``seats`` (its four players, seated again). Returns
    the next match, and whether it was started now.

    A match has one next match: once it is started, asking again (a second tap, another phone)
    gives that one. DealConflict when the match changed since its scorer saw it (a correction
    may have reopened it); ValueError when it cannot have a next match.
    """
    try:
        with transaction.atomic():
            match = _locked(match)  # phones asking at once queue here, and find the first's
            started = Match.objects.filter(follows=match).first()
            if started is not None:
                return started, False
            _still_at(match, version)
            if not next_match_offered(match, match.fold(_stored(match))):
                raise ValueError("not a finished match of a table with its four players")
            rules = {name: getattr(match, name) for name in RULE_FIELDS}
            following = table_match_start(
                table=match.table, seats=seats, first_dealer=first_dealer, follows=match, **rules
            )
            _touch(match)  # its watchers' pages show the way to the next match
            return following, True
    except IntegrityError:  # one next match a match: another phone's came first
        return Match.objects.get(follows=match), False


def table_match_add(*, table: Table, match: Match) -> Match:
    """An existing match joins the table (checked by MatchAddForm) as both are now; its named
    players join the roster. ValidationError, and nothing written, if the match belongs to a
    table already or to a tournament, or its players would make the roster too long."""
    with transaction.atomic():
        locked = Table.objects.select_for_update().get(pk=table.pk)
        match = Match.objects.select_for_update().get(pk=match.pk)
        if TournamentTable.objects.filter(match=match).exists():
            raise ValidationError(IN_TOURNAMENT, code="in_tournament")
        if match.table_id is not None:
            same = match.table_id == locked.pk
            raise ValidationError(
                IN_THIS_TABLE if same else IN_ANOTHER_TABLE,
                code="in_this_table" if same else "in_another_table",
            )
        locked.players = _roster_with(locked.players, match.players)
        locked.save(update_fields=["players", "updated"])
        match.table = locked
        match.save(update_fields=["table"])
    return match
