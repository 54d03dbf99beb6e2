"""Team names that are words ("Ние", "Ми", "Мы") read as pronouns unless quoted: the pages say
"отбор „Ние“", "команда «Ми»", "команда «Мы»" wherever a sentence names a team (docs/terms.md,
"Team names in a sentence"). tests/test_translations_team_names.py checks the .po files; this
renders the pages that put the names in sentences."""

import re

import pytest

from tests.calculator.conftest import create_match, current_version, deal_fields, record_deal
from tests.calculator.test_table_http import create_table, start
from tests.html import read

pytestmark = pytest.mark.django_db

# The default names of each language, and how a sentence names each team.
TEAMS = {
    "bg": (("Ние", "Вие"), ("отбор „Ние“", "отбор „Вие“")),
    "uk": (("Ми", "Вони"), ("команда «Ми»", "команда «Вони»")),
    "ru": (("Мы", "Они"), ("команда «Мы»", "команда «Они»")),
}


def get(client, url, language) -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language, follow=True)  # the sheet: by its
    assert response.status_code == 200  # watching key
    return " ".join(read(response.content.decode()).replace("\u00a0", " ").split())


def short_game(client, language):
    """Target 20; team A bids hearts and takes 150, then 100: game 1 over at 25:7."""
    names, _said = TEAMS[language]
    match = create_match(client, language, team_a=names[0], team_b=names[1], target="20")
    for number, points in enumerate((150, 100), start=1):
        record_deal(client, match, number, card_points=points)
    return match


@pytest.mark.parametrize("language", list(TEAMS))
def test_the_match_page_and_the_sheet_name_the_winner_as_a_team(client, language):
    match = short_game(client, language)
    winner = TEAMS[language][1][0]
    expected = {
        "bg": f"Победител в игра 1: {winner}, с преднина от 18 точки.",
        "uk": f"Переможець гри 1: {winner}, на 18 очок попереду.",
        "ru": f"Победитель игры 1: {winner}, на 18 очков впереди.",
    }[language]
    assert expected in get(client, f"/m/{match.scorer_key}/", language)  # game 1 just over
    assert expected in get(client, f"/m/{match.scorer_key}/sheet/", language)


@pytest.mark.parametrize("language", list(TEAMS))
def test_the_correction_preview_names_both_teams(client, language):
    match = short_game(client, language)
    record_deal(client, match, 3, card_points=87)
    # 60 instead of 150: team A is inside (0:16), and team B reaches 22 after the second deal.
    data = deal_fields(1, version=current_version(match), card_points=60, action="preview")
    response = client.post(f"/m/{match.scorer_key}/deal/1/", data, HTTP_ACCEPT_LANGUAGE=language)
    html = " ".join(read(response.content.decode()).replace("\u00a0", " ").split())
    a, b = (name for name in TEAMS[language][0])
    expected = {
        "bg": f"Тогава игра 1 печели отбор „{b}“, а не „{a}“.",
        "uk": f"Тоді гру 1 виграє команда «{b}», а не «{a}».",
        "ru": f"Тогда игру 1 выигрывает команда «{b}», а не «{a}».",
    }[language]
    assert expected in html


@pytest.mark.parametrize("language", list(TEAMS))
def test_the_deal_preview_that_ends_a_game_names_the_winner_as_a_team(client, language):
    names, said = TEAMS[language]
    match = create_match(client, language, team_a=names[0], team_b=names[1], target="20")
    record_deal(client, match, 1, card_points=150)
    data = deal_fields(2, version=current_version(match), card_points=100, action="preview")
    response = client.post(f"/m/{match.scorer_key}/deal/", data, HTTP_ACCEPT_LANGUAGE=language)
    html = " ".join(read(response.content.decode()).replace("\u00a0", " ").split())
    assert f": {said[0]}." in html.split('class="game-over"')[1].split("</p>")[0]


@pytest.mark.parametrize("language", list(TEAMS))
def test_the_deal_form_names_each_teams_declarations(client, language):
    names, _said = TEAMS[language]
    match = create_match(client, language, team_a=names[0], team_b=names[1])
    html = get(client, f"/m/{match.scorer_key}/deal/", language)
    legend = {
        "bg": "Анонси на отбор „{}“",
        "uk": "Комбінації команди «{}»",
        "ru": "Комбинации команды «{}»",
    }
    for name in names:
        assert legend[language].format(name) in html


@pytest.mark.parametrize("language", list(TEAMS))
def test_a_tables_match_leads_back_to_the_table_by_its_quoted_name(client, language):
    table = create_table(client, language)
    match = start(client, table, ["Ана", "Боби", "Вики", "Гого"])
    html = get(client, f"/m/{match.scorer_key}/", language)
    back = {
        "bg": "Обратно към масата „Петък“",
        "uk": "Назад до столу «Петък»",
        "ru": "Назад к столу «Петък»",
    }
    assert back[language] in html


# The explanation lines and the problems' messages as they are rendered, with each language's
# default names: the code quotes the name (``words._team``), the message puts "команда" before
# it and no marks of its own. A native reading could not tell from the .po whether «Мы» would
# show twice quoted or bare; these are the sentences a scorer sees.
QUOTED_ONCE = {
    "bg": ("„", "“", ("Ние", "Вие")),
    "uk": ("«", "»", ("Ми", "Вони")),
    "ru": ("«", "»", ("Мы", "Они")),
}


def badly_quoted(text: str, language: str) -> list[str]:
    opening, closing, names = QUOTED_ONCE[language]
    text = text.replace("\u00a0", " ")
    found = re.findall(rf"{opening}\s*{opening}|{closing}\s*{closing}", text)
    for name in names:
        for match in re.finditer(rf"(?<!\w){name}(?!\w)", text):
            before, after = text[: match.start()], text[match.end() :]
            if not (before.endswith(opening) and after.startswith(closing)):
                found.append(text[max(0, match.start() - 30) : match.end()])
    return found


@pytest.mark.parametrize("language", list(QUOTED_ONCE))
def test_the_explanations_and_problems_quote_a_team_once(language):
    from django.utils.translation import override

    from calculator.engine import GAMES
    from calculator.games import problems
    from calculator.games.belot import why
    from calculator.games.french import why as french_why
    from tests.calculator import test_explain, test_explain_french

    names = QUOTED_ONCE[language][2]
    texts = []
    with override(language):
        for result in test_explain.sample_results():
            texts += [read(item.text) for item in why.explain(result, names)]
        texts += [problems.problem_message(p, names) for p in test_explain.engine_problems()]
        for game, profile, deal_of, _pair in test_explain_french.CASES.values():
            for deal in (deal_of(), deal_of(declarations_a=test_explain_french.BELOTE)):
                result = GAMES[game].score_deal(deal, profile)
                texts += [read(item.text) for item in french_why.explain_deal(result, names)]
    assert len(texts) > 100
    assert [found for text in texts for found in badly_quoted(text, language)] == []
    assert badly_quoted("Сели: у команды ««Мы»» 80 против 82", "ru") == ["««", "»»"]
    assert badly_quoted("поэтому команда Они записывает всё", "ru") == ["поэтому команда Они"]
