"""A scorer at the table, for tests: what they type into the deal form for a deal they know.

The scorer knows the whole deal (an engine value). They enter, per team, how many sequences of
each kind (terce, quarte, five or more in a row: a quinte), the carrés and belots, one team's
card points or a capot, and a top card only when the preview asks for one: the top card of that
team's highest sequence of that kind (docs/deal-entry.md).
"""

from calculator import engine
from calculator.engine.model import CARRE_ORDER

KINDS = {3: "terce", 4: "quarte", 5: "quinte"}  # a quinte is five or more in a row
RANKS = tuple(engine.Rank)


def kind_of(sequence: engine.Sequence) -> str:
    return KINDS[min(sequence.length, 5)]


def form_fields(deal: engine.PlayedDeal | engine.InsideDeal, number: int) -> dict[str, str]:
    """The deal form as the scorer fills it in, before any top card is asked for."""
    inside = isinstance(deal, engine.InsideDeal)
    fields = {
        "number": str(number),
        "result": "inside" if inside else "played",
        "bidders": deal.bidders.value,
        "contract": deal.contract.value,
        "double": deal.double.value,
        "points_team": "A",
        "card_points": "",
        "capot": "",
    }
    if not inside:
        if deal.card_points is not None:
            fields["points_team"] = deal.card_points.team.value
            fields["card_points"] = str(deal.card_points.points)
        fields["capot"] = deal.capot.value if deal.capot else ""
    for team in engine.Team:
        declared, suffix = deal.declarations(team), team.field_suffix
        for kind in KINDS.values():
            count = sum(1 for sequence in declared.sequences if kind_of(sequence) == kind)
            fields[f"{kind}s_{suffix}"] = str(count)
        fields[f"belots_{suffix}"] = str(declared.belots)
        if declared.carres:
            fields[f"carres_{suffix}"] = [carre.rank.value for carre in declared.carres]
    return fields


def top_answer(deal, field: str) -> str:
    """The answer to "the top card of the highest <kind> of <team>" (``field``:
    ``terce_top_b``): the highest top the scorer knows in that kind; a sequence whose top the
    deal leaves open reaches at least its own lowest possible top."""
    kind, _top, suffix = field.split("_")
    declared = deal.declarations(engine.Team(suffix.upper()))
    orders = [
        sequence.top.order if sequence.top is not None else sequence.length - 1
        for sequence in declared.sequences
        if kind_of(sequence) == kind
    ]
    return RANKS[max(orders)].value


def entered_deal(deal, tops: dict[str, str]) -> engine.Deal:
    """The deal the form builds from what the scorer entered: five or more in a row as five;
    the top card given for a kind on that team's first sequence of the kind; carrés strongest
    first."""

    def declarations(team: engine.Team) -> engine.TeamDeclarations:
        declared = deal.declarations(team)
        sequences = []
        for length, kind in sorted(KINDS.items(), reverse=True):  # the form's order
            count = sum(1 for sequence in declared.sequences if kind_of(sequence) == kind)
            top = tops.get(f"{kind}_top_{team.field_suffix}")
            for index in range(count):
                rank = engine.Rank(top) if top and index == 0 else None
                sequences.append(engine.Sequence(length, rank))
        carres = tuple(sorted(declared.carres, key=lambda carre: CARRE_ORDER.index(carre.rank)))
        return engine.TeamDeclarations(tuple(sequences), carres, declared.belots)

    common = {
        "bidders": deal.bidders,
        "contract": deal.contract,
        "double": deal.double,
        "declarations_a": declarations(engine.Team.A),
        "declarations_b": declarations(engine.Team.B),
    }
    if isinstance(deal, engine.InsideDeal):
        return engine.InsideDeal(**common)
    return engine.PlayedDeal(**common, card_points=deal.card_points, capot=deal.capot)
