"""A tournament over HTTP: its links, the organizer's forms and every refusal, the
table cards, the list of tables and the standings, in bg, uk and ru."""

import re

import pytest
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext, override

from calculator import engine
from calculator.engine.core.problems import Problem
from calculator.matches.services import deal_record, match_state
from calculator.models import Match, Tournament, TournamentPair, TournamentRound
from calculator.pairing import MatchResult, Pair, RoundResult, TournamentError, standings
from calculator.tournaments.state import tournament_state, tournament_version

LANGUAGES = ("bg", "uk", "ru")
PAIRS = "Ана / Боби\nВики / Гого\nДани / Ели\nЖоро / Зори"
# 40 characters each, with markup, format strings, braces, a right-to-left override and a
# zero-width space (the site drops the last two).
HOSTILE = ["<b>%(x)s{0}</b> %s \u202eעברית\u200b Иванов" + "щ" * 8, "П" * 40]


def form(**fields):
    data = {
        "name": "Купа Варна",
        "date": "2026-12-02",
        "format": "swiss",
        "games_to_win": "1",
        "game": "belot",
        "target": "151",
        "declaration_comparison": "separate",
        "contra_tie": "all_hang",
        "capot_cannot_end_game": "on",
        "pairs": PAIRS,
    }
    data.update(fields)
    return data


def create(client, language="bg", **fields) -> Tournament:
    response = client.post(f"/{language}/tournament/new/", form(**fields))
    assert response.status_code == 302, response.content.decode()[:3000]
    return Tournament.objects.get(keeper_key=response["Location"].split("/")[2])


def start_round(client, tournament, number, language="bg"):
    url = reverse("calculator:round-start", args=[tournament.keeper_key])
    return client.post(url, {"number": str(number)}, HTTP_ACCEPT_LANGUAGE=language)


def finish(match: Match, team: engine.Team, points=258) -> None:
    """All trumps made by ``team`` until the match is over (26 a deal to the makers, 156 a game)."""
    deal = engine.PlayedDeal(team, engine.Contract.ALL_TRUMPS, engine.CardPoints(team, points))
    while not match_state(match).fold.match_over:
        deal_record(match=match, version=match.version, number=match.deals.count() + 1, deal=deal)
        match.refresh_from_db()


def cards(client, tournament, key=None, language=None):
    """The table cards, as the organizer's page asks for them: its key posted in the body."""
    headers = {"HTTP_ACCEPT_LANGUAGE": language} if language else {}
    url = reverse("calculator:tournament-cards")
    return client.post(url, {"key": tournament.keeper_key if key is None else key}, **headers)


def tables(tournament, number):
    return list(TournamentRound.objects.get(tournament=tournament, number=number).tables.all())


def said(response, language, message, **params) -> bool:
    """Whether the page says ``message`` in ``language`` (escaped as the page writes it)."""
    with override(language):
        text = gettext(message)
    text = text % params if params else text
    page = response.content.decode()
    # A template's own text is written as it is; what a view formats is escaped.
    return text in page or escape(text) in page


@pytest.mark.django_db
def test_a_tournament_keeps_its_pairs_in_order_and_its_links_are_strong_and_apart(client):
    tournament = create(client, pairs="Ана / Боби\n\n Вики/Гого\u200b \nДани / Ели")

    pairs = list(tournament.pairs.values_list("seed", "player_1", "player_2"))
    assert pairs == [(1, "Ана", "Боби"), (2, "Вики", "Гого"), (3, "Дани", "Ели")]
    assert len(tournament.keeper_key) >= 22 and len(tournament.view_key) >= 22  # 144 bits
    assert tournament.keeper_key != tournament.view_key
    assert tournament.house_rules["target"] == 151 and tournament.format == "swiss"


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_pages_read_in_every_language(client, language):
    tournament = create(client, language)
    client.cookies.load({"django_language": language})
    keeper = client.get(tournament.get_keeper_url())
    assert keeper.status_code == 200
    assert said(keeper, language, "The organizer's link")
    assert said(keeper, language, "Start round %(number)s", number=1)
    assert tournament.view_key in keeper.content.decode()  # the public link is given

    public = client.get(tournament.get_view_url())
    assert public.status_code == 200
    assert said(public, language, "Standings")
    assert tournament.keeper_key not in public.content.decode()
    start_round(client, tournament, 1, language)
    printed = cards(client, tournament)
    assert said(printed, language, "Table %(number)s", number=2)
    assert said(printed, language, "Scan to keep the score of this match.")
    listing = client.get(reverse("calculator:tournament-tables", args=[tournament.view_key]))
    assert said(listing, language, "Round %(number)s: the tables", number=1)
    assert said(listing, language, "First pair")
    standings = client.get(tournament.get_view_url())
    assert said(standings, language, "Standings, round %(number)s", number=1)
    assert said(standings, language, "Each pair's matches")
    home = client.get(f"/{language}/")
    assert reverse("tournament-new").replace("/bg/", f"/{language}/") in home.content.decode()
    assert tournament.get_keeper_url() in home.content.decode()  # "Your tournaments"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("fields", "message", "params"),
    [
        (
            {"pairs": "Ана / Боби"},
            "A tournament needs at least 2 pairs, not %(count)s.",
            {"count": 1},
        ),
        (
            {"pairs": "Ана / Боби\nВики / Гого\nбоби / АНА"},
            "The pair %(pair)s is in the tournament already.",
            {"pair": "боби & АНА"},
        ),
        (
            {"pairs": "Ана / Боби\nВики Гого"},
            "Line %(line)s: write the pair's two players separated by “/”, for example: Ана / Боби.",
            {"line": 2},
        ),
        (
            {"pairs": "Ана / Ана\nВики / Гого"},
            "Line %(line)s: the two players of a pair need different names.",
            {"line": 1},
        ),
        (
            {"pairs": "Ана / " + "щ" * 41 + "\nВики / Гого"},
            "Line %(line)s: a name has at most %(max)s characters.",
            {"line": 1, "max": 40},
        ),
        (
            {"format": "round_robin", "pairs": "\n".join(f"А{n} / Б{n}" for n in range(13))},
            "A round robin is for 2 to %(max)s pairs, not %(count)s.",
            {"max": 12, "count": 13},
        ),
    ],
)
def test_a_wrong_new_tournament_is_refused_in_the_users_language(client, fields, message, params):
    for language in LANGUAGES:
        response = client.post(f"/{language}/tournament/new/", form(**fields))
        assert response.status_code == 400
        assert said(response, language, message, **params), response.content.decode()[:3000]
    assert not Tournament.objects.exists() and not TournamentPair.objects.exists()


@pytest.mark.django_db
def test_hostile_names_are_kept_as_text_on_every_page(client):
    tournament = create(client, pairs=f"{HOSTILE[0]} / {HOSTILE[1]}\nВики / Гого\nДани / Ели")
    pair = tournament.pairs.first()
    assert pair.player_1 == HOSTILE[0].replace("\u202e", "").replace("\u200b", "")
    assert len(pair.player_1) <= 40 and pair.player_2 == "П" * 40
    assert start_round(client, tournament, 1).status_code == 302
    for response in (
        client.get(tournament.get_keeper_url()),
        client.get(tournament.get_view_url()),
        client.get(reverse("calculator:tournament-tables", args=[tournament.view_key])),
        cards(client, tournament),
    ):
        page = response.content.decode()
        assert escape(pair.player_1) in page and "<b>%(x)s" not in page
    match = tables(tournament, 1)[0].match
    assert len(match.team_a) <= 40 and match.player_1 == pair.player_1  # the match's own names


@pytest.mark.django_db
def test_starting_a_round_makes_a_match_per_table_and_a_bye(client):
    tournament = create(client, pairs=PAIRS + "\nИво / Йоана")  # five pairs
    response = start_round(client, tournament, 1)
    assert response.status_code == 302

    round_ = TournamentRound.objects.get(tournament=tournament)
    seeds = [(t.number, t.pair_a.seed, t.pair_b.seed) for t in round_.tables.all()]
    assert seeds == [(1, 1, 2), (2, 3, 4)]  # round 1 follows the seeds
    assert round_.bye.seed == 5
    match = round_.tables.get(number=1).match
    assert (match.team_a, match.team_b) == ("Ана & Боби", "Вики & Гого")
    assert match.players == ["Ана", "Вики", "Боби", "Гого"]  # partners sit opposite
    assert (match.game, match.games_to_win, match.target) == ("belot", 1, 151)
    keeper = client.get(tournament.get_keeper_url()).content.decode()
    assert match.get_scorer_url() in keeper
    public = client.get(tournament.get_view_url()).content.decode()
    assert match.get_scorer_url() not in public and match.get_watch_url() in public


@pytest.mark.django_db
def test_the_table_cards_hold_each_matchs_scorer_link_as_a_qr_code(client):
    tournament = create(client)
    start_round(client, tournament, 1)
    printed = cards(client, tournament)
    page = printed.content.decode()
    assert printed.status_code == 200
    assert page.count('class="table-card"') == 2 and page.count("<svg") == 2
    assert printed["Cache-Control"] == "private, no-store"  # it holds the scorers' links
    assert printed["X-Robots-Tag"] == "noindex, nofollow"
    with override("bg"):
        assert escape(gettext("Table %(number)s") % {"number": 2}) in page
    listing = client.get(reverse("calculator:tournament-tables", args=[tournament.view_key]))
    assert listing.status_code == 200 and "Дани &amp; Ели" in listing.content.decode()
    for match in Match.objects.all():
        assert match.scorer_key not in listing.content.decode()
    # The cards carry the scorer's links: the public link does not open them.
    assert cards(client, tournament, key=tournament.view_key).status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_round_cannot_start_while_one_is_played_nor_twice(client, language):
    tournament = create(client, language)
    start_round(client, tournament, 1, language)

    response = start_round(client, tournament, 2, language)
    assert response.status_code == 400
    assert said(
        response,
        language,
        "Round %(number)s is still being played: a round can be started, and pairs added or "
        "withdrawn, once every match of the round before is finished.",
        number=1,
    )
    again = start_round(client, tournament, 1, language)  # a second tap on "Start round 1"
    assert again.status_code == 302
    assert TournamentRound.objects.count() == 1 and Match.objects.count() == 2


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_pairs_cannot_change_during_a_round(client, language):
    tournament = create(client)
    start_round(client, tournament, 1, language)
    pair = tournament.pairs.first()
    client.cookies.load({"django_language": language})

    url = reverse("calculator:tournament-withdraw", args=[tournament.keeper_key, pair.pk])
    withdrawn = client.post(url)
    added = client.post(
        reverse("calculator:tournament-pairs", args=[tournament.keeper_key]), {"pairs": "Я / Ю"}
    )
    for response in (withdrawn, added):
        assert response.status_code == 400
        assert said(
            response,
            language,
            "Round %(number)s is still being played: a round can be started, and pairs added or "
            "withdrawn, once every match of the round before is finished.",
            number=1,
        )
    pair.refresh_from_db()
    assert pair.withdrawn_from is None and tournament.pairs.count() == 4


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_too_few_pairs_cannot_start_a_round(client, language):
    tournament = create(client, pairs="Ана / Боби\nВики / Гого")
    client.cookies.load({"django_language": language})
    pair = tournament.pairs.first()
    client.post(reverse("calculator:tournament-withdraw", args=[tournament.keeper_key, pair.pk]))
    assert tournament.pairs.count() == 1  # it had played no round: it left the list

    response = start_round(client, tournament, 1, language)
    assert response.status_code == 400
    assert said(
        response, language, "A round needs at least 2 pairs that play, not %(count)s.", count=1
    )
    assert not TournamentRound.objects.exists() and not Match.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_pair_added_twice_is_refused(client, language):
    tournament = create(client)
    client.cookies.load({"django_language": language})
    url = reverse("calculator:tournament-pairs", args=[tournament.keeper_key])
    response = client.post(url, {"pairs": "Я / Ю\nгого / вики"})
    assert response.status_code == 400
    assert said(
        response, language, "The pair %(pair)s is in the tournament already.", pair="гого & вики"
    )
    assert tournament.pairs.count() == 4


@pytest.mark.django_db
def test_the_public_link_changes_nothing(client):
    tournament = create(client)
    pair = tournament.pairs.first()
    key = tournament.view_key
    posts = [
        (reverse("calculator:round-start", args=[key]), {"number": "1"}),
        (reverse("calculator:tournament-pairs", args=[key]), {"pairs": "Я / Ю"}),
        (reverse("calculator:tournament-withdraw", args=[key, pair.pk]), {}),
    ]
    for url, data in posts:
        assert client.post(url, data).status_code == 404
    assert cards(client, tournament, key=key).status_code == 404
    assert not TournamentRound.objects.exists() and tournament.pairs.count() == 4
    pair.refresh_from_db()
    assert pair.withdrawn_from is None
    assert client.get(tournament.get_view_url()).status_code == 200
    assert client.get(f"/tn/{'x' * 24}/").status_code == 404


@pytest.mark.django_db
def test_rounds_follow_the_finished_matches_and_a_pair_withdraws_between_rounds(client):
    tournament = create(client)
    start_round(client, tournament, 1)
    first, second = tables(tournament, 1)
    finish(first.match, engine.Team.B)  # Вики & Гого win
    finish(second.match, engine.Team.A)  # Дани & Ели win
    pair = tournament.pairs.get(seed=4)
    url = reverse("calculator:tournament-withdraw", args=[tournament.keeper_key, pair.pk])
    assert client.post(url).status_code == 302
    pair.refresh_from_db()
    assert pair.withdrawn_from == 2

    assert start_round(client, tournament, 2).status_code == 302
    (table,) = tables(tournament, 2)
    round_2 = TournamentRound.objects.get(number=2)
    # The two winners meet; of the others one is withdrawn, so the loser of table 1 rests.
    assert {table.pair_a.seed, table.pair_b.seed} == {2, 3}
    assert round_2.bye.seed == 1


@pytest.mark.django_db
def test_the_standings_are_made_from_the_finished_matches_exactly(client):
    """The results fed to the pure standings: each finished match's winner and the points of
    its games, nothing of a match still being played."""
    tournament = create(client, games_to_win="2")
    start_round(client, tournament, 1)
    first, second = tables(tournament, 1)
    finish(first.match, engine.Team.A, points=200)  # 2 games of 6 deals each: 21 a deal...
    finish(second.match, engine.Team.B)
    start_round(client, tournament, 2)  # and leave its match half played
    half = tables(tournament, 2)[0].match
    deal = engine.PlayedDeal(
        engine.Team.A, engine.Contract.ALL_TRUMPS, engine.CardPoints(engine.Team.A, 258)
    )
    deal_record(match=half, version=half.version, number=1, deal=deal)

    state = tournament_state(tournament)
    expected = []
    for table in (first, second):
        fold = match_state(Match.objects.get(pk=table.match_id)).fold
        winner = table.pair_a_id if fold.match_winner is engine.Team.A else table.pair_b_id
        points_a = sum(game.totals.a for game in fold.games)
        points_b = sum(game.totals.b for game in fold.games)
        expected.append(MatchResult(table.pair_a_id, table.pair_b_id, winner, points_a, points_b))
    assert state.results() == [RoundResult(1, tuple(expected)), RoundResult(2, ())]
    assert expected[0].points_a > expected[0].points_b and expected[0].winner == first.pair_a_id
    pairs = [Pair(p.pk) for p in tournament.pairs.all()]
    assert state.standings() == standings(pairs, state.results(), bye_points=302)

    public = client.get(tournament.get_view_url()).content.decode()
    top = state.standings()[0]
    row = re.search(r'<tr[^>]*><td class="num place"[^>]*>1</td>(.*?)</tr>', public, re.S).group(1)
    assert escape(state.by_id[top.pair].name) in row
    assert f"+{top.points_difference}" in row and str(top.points_for) in row
    # A pair behind on points: the minus sign (U+2212), not a hyphen, on the public page, the
    # organizer's and the sheet; the CSV and JSON keep the plain "-" (test_tournament_exports).
    last = state.standings()[-1]
    assert last.points_difference < 0
    written = f'data-label="Разлика">\u2212{-last.points_difference}</td>'
    sheet = reverse("calculator:tournament-sheet", args=[tournament.view_key])
    for url in (tournament.get_view_url(), tournament.get_keeper_url(), sheet):
        page = client.get(url).content.decode()
        assert written in page and f">-{-last.points_difference}<" not in page, url


@pytest.mark.django_db
def test_the_standings_page_polls_a_version_that_every_saved_deal_raises(client):
    tournament = create(client)
    start_round(client, tournament, 1)
    changes = reverse("calculator:tournament-changes", args=[tournament.view_key])
    before = client.get(changes).content.decode()
    tournament.refresh_from_db()
    assert before == tournament_version(tournament)
    page = client.get(tournament.get_view_url()).content.decode()
    assert f'data-version="{before}"' in page and f'data-changes="{changes}"' in page
    keeper = client.get(tournament.get_keeper_url()).content.decode()
    assert f'data-version="{before}"' in keeper and 'id="live"' in keeper

    match = tables(tournament, 1)[0].match
    deal = engine.PlayedDeal(
        engine.Team.A, engine.Contract.HEARTS, engine.CardPoints(engine.Team.A, 100)
    )
    deal_record(match=match, version=match.version, number=1, deal=deal)
    after = client.get(changes).content.decode()
    assert after != before
    assert "1 " in client.get(tournament.get_view_url()).content.decode()


@pytest.mark.django_db
def test_a_round_robin_plays_its_rounds_and_then_stops(client):
    tournament = create(client, format="round_robin", pairs="А / Б\nВ / Г\nД / Е")
    for number in (1, 2, 3):
        assert start_round(client, tournament, number).status_code == 302
        for table in tables(tournament, number):
            finish(table.match, engine.Team.A)
    byes = sorted(TournamentRound.objects.values_list("bye__seed", flat=True))
    assert byes == [1, 2, 3]  # each pair rests once
    response = start_round(client, tournament, 4)
    assert response.status_code == 400
    assert said(response, "bg", "Every round of the round robin has been played.")
    added = client.post(
        reverse("calculator:tournament-pairs", args=[tournament.keeper_key]), {"pairs": "Я / Ю"}
    )
    assert added.status_code == 400 and tournament.pairs.count() == 3


@pytest.mark.django_db
def test_the_tournament_pages_take_a_fixed_number_of_queries(client, django_assert_max_num_queries):
    tournament = create(client, pairs="\n".join(f"А{n} / Б{n}" for n in range(16)))
    start_round(client, tournament, 1)
    with django_assert_max_num_queries(14):
        assert client.get(tournament.get_view_url()).status_code == 200
    with django_assert_max_num_queries(16):
        assert client.get(tournament.get_keeper_url()).status_code == 200


def withdraw(client, tournament, pair, what="withdraw"):
    return client.post(
        reverse(f"calculator:tournament-{what}", args=[tournament.keeper_key, pair.pk])
    )


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_pair_withdrawn_by_mistake_plays_on_until_the_next_round_starts(client, language):
    tournament = create(client, language)
    start_round(client, tournament, 1, language)
    for table in tables(tournament, 1):
        finish(table.match, engine.Team.A)
    first, second = tournament.pairs.all()[:2]

    assert withdraw(client, tournament, first).status_code == 302
    again = withdraw(client, tournament, first)
    assert again.status_code == 400 and said(again, language, "This pair has already withdrawn.")
    assert withdraw(client, tournament, first, "return").status_code == 302
    first.refresh_from_db()
    assert first.withdrawn_from is None

    assert withdraw(client, tournament, second).status_code == 302
    start_round(client, tournament, 2, language)  # without the second pair: 3 pairs, a bye
    for table in tables(tournament, 2):
        finish(table.match, engine.Team.A)
    late = withdraw(client, tournament, second, "return")
    assert late.status_code == 400
    assert said(
        late,
        language,
        "Only a pair withdrawn since the last round was played can come back: this one has "
        "missed a round already.",
    )
    second.refresh_from_db()
    assert second.withdrawn_from == 2
    assert second.pk not in [t.pair_a_id for t in tables(tournament, 2)] + [
        t.pair_b_id for t in tables(tournament, 2)
    ]


def buttons_of(page, pair) -> list[str]:
    """The words of the button beside ``pair`` on the organizer's page (its name aside)."""
    url = reverse("calculator:tournament-withdraw", args=[pair.tournament.keeper_key, pair.pk])
    found = re.findall(
        rf'action="{re.escape(url)}".*?<button[^>]*>([^<]*)<', page.content.decode(), re.S
    )
    return [text.strip() for text in found]


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_pair_that_has_not_played_is_removed_and_the_button_says_so(client, language):
    """Withdrawing a pair that has played no round takes it off the list (nothing to keep):
    its button says "Remove", not "Withdraw", which the page says a pair can come back from."""
    tournament = create(client, language)
    page = client.get(tournament.get_keeper_url(), HTTP_ACCEPT_LANGUAGE=language)
    first = tournament.pairs.order_by("seed").first()
    with override(language):
        remove, withdrawn = gettext("Remove"), gettext("Withdraw")
    assert buttons_of(page, first) == [remove]
    start_round(client, tournament, 1, language)
    for table in tables(tournament, 1):
        finish(table.match, engine.Team.A)
    url = reverse("calculator:tournament-pairs", args=[tournament.keeper_key])
    assert client.post(url, {"pairs": "Нина / Оги"}).status_code == 302
    late = tournament.pairs.get(player_1="Нина")
    page = client.get(tournament.get_keeper_url(), HTTP_ACCEPT_LANGUAGE=language)
    assert buttons_of(page, first) == [withdrawn] and buttons_of(page, late) == [remove]
    assert withdraw(client, tournament, late).status_code == 302
    assert not tournament.pairs.filter(pk=late.pk).exists()


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_pairings_the_package_refuses_are_said_in_words_and_change_nothing(
    client, language, monkeypatch, caplog
):
    # The site's own checks come first, so this is a fault of the site's: the organizer reads a
    # sentence in the language, never the package's codes, and the codes go to the log.
    tournament = create(client)
    client.cookies.load({"django_language": language})

    def refuse(*args, **kwargs):
        raise TournamentError([Problem("pair_repeated", "pairs", {"pair": 1})])

    monkeypatch.setattr("calculator.tournaments.services.swiss_pairings", refuse)
    response = start_round(client, tournament, 1, language)
    assert response.status_code == 400
    message = (
        "The site could not draw up the pairings of round %(number)s, and nothing was changed. "
        "Check the list of pairs and try again."
    )
    assert said(response, language, message, number=1)
    assert "pair_repeated" not in response.content.decode()
    assert "pair_repeated" in caplog.text
    assert not TournamentRound.objects.exists() and not Match.objects.exists()
