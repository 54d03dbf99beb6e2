"""Where a line must not break: belot_site.typography.tie, rule by rule."""

import pytest

from belot_site.typography import NBSP, tie


def tied(text: str) -> str:
    """``text`` as the test writes it, "~" standing for a no-break space."""
    return text.replace("~", NBSP)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("противник излиза с 10 ♠, партньорът", "противник излиза с~10~♠, партньорът"),
        ("наберёт 151\nочко.", "наберёт 151~очко."),
        ("81 на 81: 8 точки висят", "81~на~81: 8~точки висят"),
        ("87 проти 75 → 9:7", "87~проти~75 → 9:7"),
        ("(8 + 8) × 2 = 32", "(8~+~8)~×~2~=~32"),
        ("162 − 35 = <strong>127</strong>.", "162~−~35~=~<strong>127</strong>."),
        ("160 + обявеното + 20", "160 + обявеното + 20"),
        ("127 от картите + 20 за белота = 147.", "127~от картите + 20~за белота =~147."),
        (
            "4 × (14 + 9 + 6 + 5 + 3 + 1) + 10 = 162 у грі",
            "4~×~(14~+ 9~+ 6~+ 5~+ 3~+ 1)~+ 10~=~162~у~грі",
        ),
        ("<td>62 + 3 × 30 + 10</td>", "<td>62~+ 3~×~30~+ 10</td>"),
        ("лежит дама ♥, а", "лежит дама~♥, а"),
        ("♥ J 9 8 · ♠ A K Q · ♣ 8 7", "♥~J~9~8~· ♠~A~K~Q~· ♣~8~7"),
        ("суперники — інша команда", "суперники~— інша команда"),
        ("у грі в масті й у грі", "у~грі в~масті й~у~грі"),
        ("т. е. см. див. напр. А. Б. Петров", "т.~е. см.~див.~напр.~А.~Б.~Петров"),
    ],
)
def test_a_line_does_not_break_where_it_must_not(text, expected):
    assert tie(text) == tied(expected)


def test_other_spaces_stay_breakable():
    text = "Висящите точки не изгарят, когато играта свърши"
    assert tie(text) == text


def test_tags_and_their_attributes_are_left_alone():
    html = '<abbr title="10 ♠ и 5 очок">и 5 очок</abbr> <a href="#x y">в масті</a>'
    assert tie(html) == tied(
        '<abbr title="10 ♠ и 5 очок">и~5~очок</abbr> <a href="#x y">в~масті</a>'
    )


def test_a_number_keeps_its_word_across_an_inline_tag():
    assert tie("до <strong>151</strong> точки") == tied("до <strong>151</strong>~точки")
    assert tie("още <strong>10 точки</strong>") == tied("още <strong>10~точки</strong>")


def test_tying_twice_changes_nothing_more():
    text = "при 145:148 раздаване на всичко коз завършва 12:14 — и в масті ♥ J 9"
    assert tie(tie(text)) == tie(text)


def test_escaped_names_stay_escaped():
    assert tie("отбор „&lt;b&gt;x&lt;/b&gt; &amp; 5 Co“ пише 16 точки") == tied(
        "отбор „&lt;b&gt;x&lt;/b&gt; &amp; 5~Co“ пише 16~точки"
    )
