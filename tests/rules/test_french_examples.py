"""The chapters on classic belote and contrée say what the engine scores.

Each chapter ends with a table of worked deals: what the taker had ("82 от картите", "Обява 100,
122 от картите"), both totals in the form docs/terms.md sets ("122 на 40", "122 проти 40") and
what each team writes ("220:40", "вътре: 0:162", a litige's waiting points after them). The deals are kept here in the table's order, as
test_worked_examples keeps the score sheet's, and the engine must give every number the page shows,
in every language. The variants the notes under the table mention (exact points, a house rule)
and the examples in the running text are checked the same way: the numbers they give, in the
order they give them, are the engine's. And every sum the text writes out ("72 + 20 = 92",
"(160 + 80 + 20) × 2 = 520") must add up.
"""

import ast
import operator
import re
from dataclasses import dataclass
from typing import Any

import pytest

from calculator.engine import (
    GAMES,
    CardPoints,
    Carre,
    ClassicDeal,
    Contre,
    ContreeDeal,
    ContreeProfile,
    FailedBelote,
    Rank,
    Scoring,
    Sequence,
    Suit,
    Team,
    TeamDeclarations,
    TeamPoints,
)
from calculator.engine.french import round_to_ten
from rules.content import LANGUAGES
from tests.rules.terms import raw_totals
from tests.rules.test_worked_examples import section, table_rows

A, B = Team.A, Team.B  # "Ние" / "Ми" / "Мы" and "Вие" / "Вони" / "Они"
HEARTS = Suit.HEARTS
BELOTE = TeamDeclarations(belots=1)
TIERCE = TeamDeclarations(sequences=(Sequence(3),))
QUARTE = TeamDeclarations(sequences=(Sequence(4),))
CLASSIC, CONTREE, COINCHE = GAMES["classic"], GAMES["contree"], GAMES["coinche"]
CONTREE_DEFAULT = ContreeProfile()  # contrée: no declarations, rounded to tens


def taken(points: int, team: Team = A, **fields) -> ClassicDeal:
    """Classic belote: ``team`` takes hearts and has ``points`` card points."""
    return ClassicDeal(team, HEARTS, CardPoints(team, points), **fields)


def bid(value: int, points: int, **fields) -> ContreeDeal:
    """Contrée: "Us" bid ``value`` in hearts and have ``points`` card points."""
    return ContreeDeal(A, value, HEARTS, card_points=CardPoints(A, points), **fields)


@dataclass(frozen=True)
class Example:
    heading: tuple[int, ...]  # the numbers the row's heading gives: the bid, the card points
    deal: Any
    game: Any = CLASSIC
    profile: Any = None

    def result(self):
        return self.game.score_deal(self.deal, self.profile)


CLASSIC_EXAMPLES = [
    Example((82,), taken(82)),
    Example((80,), taken(80)),
    Example((72,), taken(72, declarations_a=BELOTE)),
    Example((70,), taken(70, declarations_a=BELOTE)),
    Example((70,), taken(70, declarations_a=TIERCE)),
    Example((60,), taken(60, declarations_a=QUARTE, declarations_b=TIERCE)),
    Example((81,), taken(81)),
    Example((), ClassicDeal(A, HEARTS, capot=A)),
]
CONTREE_EXAMPLES = [
    Example((100, 122), bid(100, 122), CONTREE),
    Example((100, 96), bid(100, 96), CONTREE),
    Example((80, 99), bid(80, 99, declarations_a=BELOTE), CONTREE),
    Example((), bid(80, 99, declarations_a=BELOTE, contre=Contre.CONTRE), CONTREE),
    Example((120, 99), bid(120, 99, declarations_a=BELOTE), CONTREE),
    Example((80, 81), bid(80, 81), CONTREE),
    Example((90, 70), bid(90, 70, contre=Contre.SURCONTRE), CONTREE),
    Example((140,), ContreeDeal(A, 140, HEARTS, capot=A), CONTREE),
    Example((), ContreeDeal(A, 250, HEARTS, capot=A), CONTREE),
    Example((110, 90), bid(110, 90, declarations_a=QUARTE), COINCHE),
]
EXAMPLES = {"classic-belote": CLASSIC_EXAMPLES, "contree": CONTREE_EXAMPLES}
ANCHOR = {"classic-belote": "classic", "contree": "contree"}


def numbers(html: str) -> list[int]:
    """The numbers of a cell or a passage, its tags left out."""
    return [int(number) for number in re.findall(r"\d+", re.sub(r"<[^>]+>", " ", html))]


def text(html: str) -> str:
    """A passage as it reads: no tags, one space between words."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def part(slug: str, language: str, anchor: str) -> str:
    """The text under ``<h3 id=anchor>``, up to the next subsection."""
    return section(slug, language).split(f'<h3 id="{anchor}">', 1)[1].split("<h3 ", 1)[0]


def notes(slug: str, language: str) -> dict[int, str]:
    """The notes under the examples table, by the first example each speaks of ("3 и 4: …")."""
    after = part(slug, language, f"{ANCHOR[slug]}-examples").split("</table>", 1)[1]
    items = re.findall(r"<li>(.*?)</li>", after, re.S)
    return {int(re.match(r"\d+", item).group()): text(item) for item in items}


def said_in_order(passage: str, phrases: list[str]) -> None:
    passage, position = text(passage), 0
    for phrase in phrases:
        found = passage.find(phrase, position)
        assert found >= 0, (phrase, passage[position:])
        position = found + len(phrase)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", EXAMPLES)
def test_every_row_of_the_examples_table_is_what_the_engine_scores(slug, language):
    rows = table_rows(section(slug, language), f"{ANCHOR[slug]}-examples")
    assert len(rows) == len(EXAMPLES[slug])
    for number, (row, example) in enumerate(zip(rows, EXAMPLES[slug], strict=True), start=1):
        heading, totals, written = row
        result = example.result()
        assert numbers(heading) == [number, *example.heading], (number, heading)
        assert text(totals) == raw_totals(language, result.totals.a, result.totals.b), totals
        waiting = getattr(result, "hanging_added", 0)
        shown = [result.written.a, result.written.b] + ([waiting] if waiting else [])
        assert numbers(written) == shown, (number, written)


# What the notes under a table add: (chapter, example, the deal played otherwise, what it gives)
VARIANTS = [
    ("contree", 1, bid(100, 122), ContreeProfile(rounding=False), "{a}:{b}"),
    ("contree", 1, bid(100, 122), ContreeProfile(scoring=Scoring.BID_ONLY), "{a}:{b}"),
    ("contree", 5, bid(120, 99, declarations_a=BELOTE),
     ContreeProfile(failed_belote=FailedBelote.DEFENDERS), "{a}:{b}"),
    ("contree", 7, bid(90, 70, contre=Contre.SURCONTRE), ContreeProfile(surcontre=3), "{b}"),
    ("contree", 9, bid(250, 150), CONTREE_DEFAULT, "= {b}"),
]  # fmt: skip


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("slug", "example", "deal", "profile", "shown"), VARIANTS)
def test_the_notes_give_the_engine_s_score_of_each_variant(
    slug, example, deal, profile, shown, language
):
    written = CONTREE.score_deal(deal, profile).written
    assert shown.format(a=written.a, b=written.b) in notes(slug, language)[example]


def test_the_examples_are_of_the_outcomes_the_notes_explain():
    made, inside, litige = "made", "inside", "litige"
    assert [example.result().outcome for example in CLASSIC_EXAMPLES] == [
        made, inside, made, inside, inside, made, litige, made,
    ]  # fmt: skip
    failed = "failed"
    assert [example.result().outcome for example in CONTREE_EXAMPLES] == [
        made, failed, made, made, failed, failed, failed, made, made, made,
    ]  # fmt: skip


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_litige_goes_on_to_the_next_deal_as_the_text_says(language):
    match = CLASSIC.fold_match(deals=[taken(81), ClassicDeal(A, Suit.CLUBS, CardPoints(A, 100))])
    litige, after = match.deals
    assert (litige.totals, litige.hanging) == (TeamPoints(0, 81), 81)
    written, totals = after.result.written, after.totals
    passage = part("classic-belote", language, "classic-examples").split("</ul>", 1)[1]
    said_in_order(
        passage,
        [
            raw_totals(language, written.a - litige.hanging, written.b),
            f"{written.a - litige.hanging} + {litige.hanging} = {written.a}",
            f"{written.b}",
            f"{totals.a}:{totals.b}",
        ],
    )


def game_end(game, deal, before: TeamPoints, profile=None):
    """The score after ``deal`` from ``before``, the deal's own result and the game's winner."""
    profile = game.default_profile if profile is None else profile
    result = game.score_deal(deal, profile)
    after = before + result.written
    return after, result, game.game_end(profile, after, result).winner


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_classic_game_end_examples_end_or_go_on_as_the_engine_decides(language):
    first, second, third = re.findall(
        r"<p><em>.*?</p>", part("classic-belote", language, "classic-game-end"), re.S
    )
    before = TeamPoints(440, 460)
    after, result, winner = game_end(CLASSIC, taken(100), before)
    assert winner is A and min(after.a, after.b) >= CLASSIC.default_profile.target
    said_in_order(first, [f"{before.a}:{before.b}", raw_totals(language, result.totals.a, result.totals.b),
                          f"{after.a}:{after.b}"])  # fmt: skip

    before = TeamPoints(300, 490)
    after, result, winner = game_end(CLASSIC, taken(70, B, declarations_b=BELOTE), before)
    assert winner is None and after.b >= CLASSIC.default_profile.target  # on its belote alone
    assert result.belote_alone == TeamPoints(0, 20) and result.written == TeamPoints(162, 20)
    said_in_order(second, [f"{before.a}:{before.b}", "70", raw_totals(language, result.totals.b, result.totals.a),
                           f"{after.b}", f"{result.written.a}", f"{after.a}"])  # fmt: skip

    before = TeamPoints(490, 348)
    after, result, winner = game_end(CLASSIC, taken(70, declarations_a=BELOTE), before)
    assert after.a == after.b and winner is B  # B alone reached the target: equal totals or not
    assert result.belote_alone == TeamPoints(20, 0) and result.written == TeamPoints(20, 162)
    said_in_order(third, [f"{before.a}:{before.b}", "70", raw_totals(language, result.totals.a, result.totals.b),
                          f"{after.a}", f"{result.written.b}", f"{after.b}"])  # fmt: skip


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_contree_game_end_examples_end_or_go_on_as_the_engine_decides(language):
    first, second = re.findall(
        r"<p><em>.*?</p>", part("contree", language, "contree-game-end"), re.S
    )
    before = TeamPoints(640, 650)
    after, result, winner = game_end(CONTREE, bid(80, 99, declarations_a=BELOTE), before)
    assert winner is A and min(after.a, after.b) >= CONTREE.default_profile.target
    said_in_order(first, [f"{before.a}:{before.b}", "80", "99", f"{result.written.a}",
                          f"{result.written.b}", f"{after.a}:{after.b}"])  # fmt: skip

    before = TeamPoints(690, 400)
    after, result, winner = game_end(CONTREE, bid(100, 70, declarations_a=BELOTE), before)
    assert winner is None and after.a >= CONTREE.default_profile.target  # on its belote alone
    assert result.belote_alone == TeamPoints(20, 0)
    said_in_order(second, [f"{before.a}:{before.b}", "100", "70",
                           raw_totals(language, result.totals.a, result.totals.b), f"{after.a}",
                           f"160 + 100 = {result.written.b}", f"{after.b}"])  # fmt: skip


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_declaration_comparison_example_is_the_engine_s(language):
    deal = taken(
        90,
        declarations_a=TeamDeclarations(sequences=(Sequence(3),), carres=(Carre(Rank.QUEEN),)),
        declarations_b=TeamDeclarations(sequences=(Sequence(5, Rank.JACK),)),
    )
    counted = CLASSIC.score_deal(deal).declaration_points
    assert counted == TeamPoints(120, 0)
    passage = part("classic-belote", language, "classic-declaration-comparison")
    said_in_order(passage.split("<em>", 1)[1], [f"100 + 20 = {counted.a}"])


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bid_of_80_needs_82_and_the_belote_counts_towards_a_bid(language):
    outcome = {points: CONTREE.score_deal(bid(80, points)).outcome for points in (81, 82)}
    assert outcome == {81: "failed", 82: "made"}
    said_in_order(
        part("contree", language, "contree-requirement"), ["80", "82", raw_totals(language, 81, 81)]
    )

    results = {
        value: CONTREE.score_deal(bid(value, 99, declarations_a=BELOTE)) for value in (110, 120)
    }
    assert results[110].totals.a == 119
    assert (results[110].outcome, results[120].outcome) == ("made", "failed")
    said_in_order(part("contree", language, "contree-belote"), ["99", "119", "110", "120"])


ROUNDED = re.compile(r"(\d+) → (\d+)")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rounding_examples_round_as_the_engine_does(language):
    pairs = ROUNDED.findall(text(part("classic-belote", language, "classic-house-rules")))
    pairs += ROUNDED.findall(text(part("contree", language, "contree-rounding")))
    assert len(pairs) == 5
    assert all(round_to_ten(int(exact)) == int(rounded) for exact, rounded in pairs)
    # The text's defaults: classic belote writes exact points, contrée rounds.
    assert not CLASSIC.default_profile.rounding and CONTREE.default_profile.rounding


SUM = re.compile(r"(?<![\d)])\(?\d[\d ()+−×]*[+−×][\d ()+−×]*= \d+")
OPERATORS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul}


def value(node: ast.expr) -> int:
    """A sum the text writes out, worked out: whole numbers, +, − and × only."""
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return node.value
    assert isinstance(node, ast.BinOp) and type(node.op) in OPERATORS, ast.dump(node)
    return OPERATORS[type(node.op)](value(node.left), value(node.right))


def sums(slug: str, language: str) -> list[str]:
    """Every sum the chapter writes out, as "72 + 20 = 92" (an aside's bracket left out)."""
    found = []
    for written in SUM.findall(text(section(slug, language))):
        left, _ = written.split("=")
        found.append(written.replace("(", "", 1) if left.count("(") > left.count(")") else written)
    return found


@pytest.mark.parametrize("slug", EXAMPLES)
def test_every_sum_written_out_adds_up_and_every_language_writes_the_same(slug):
    written = {language: sums(slug, language) for language in LANGUAGES}
    assert len(written["bg"]) >= 8
    assert written["uk"] == written["bg"] and written["ru"] == written["bg"]
    for one in written["bg"]:
        left, right = one.split("=")
        expression = ast.parse(left.replace("−", "-").replace("×", "*"), mode="eval").body
        assert value(expression) == int(right), one
