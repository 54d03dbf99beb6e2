"""A text marked for translation is translated when a page is made, in that request's language.

``gettext_lazy("… %(max)s …") % {...}`` in a class body or at a module's top level is filled in
once, as the module is imported, in whatever language is active then: the page in Ukrainian
would show a Bulgarian help text. The source is read (tests/imports.py's modules) for that
shape, and the page that once showed it is read in each language."""

import ast

import pytest
from django.urls import reverse
from django.utils import translation

from calculator.models import ROSTER_MAX
from tests.imports import modules

LAZY = {"_", "gettext_lazy", "pgettext_lazy", "ngettext_lazy"}


def formatted_at_import(tree):
    """The lines where a lazy text is filled in by ``%`` outside any function."""
    found = []

    def visit(node):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if (
                isinstance(child, ast.BinOp)
                and isinstance(child.op, ast.Mod)
                and isinstance(child.left, ast.Call)
                and getattr(child.left.func, "id", None) in LAZY
            ):
                found.append(child.lineno)
            visit(child)

    visit(tree)
    return found


def test_the_shape_is_found():
    source = 'class F:\n    a = _("%(n)s players") % {"n": 4}\n\ndef f():\n    return _("%(n)s") % {"n": 1}\n'
    assert formatted_at_import(ast.parse(source)) == [2]


def test_no_lazy_text_is_filled_in_at_import():
    found = {
        name: lines
        for name, path in modules("calculator", "rules", "belot_site").items()
        if (lines := formatted_at_import(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert found == {}


def roster_help(language):
    with translation.override(language):
        return translation.gettext("One name a line: 4 to %(max)s players.") % {"max": ROSTER_MAX}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
@pytest.mark.parametrize("page", ["home", "table-new"])
def test_the_roster_help_is_in_the_pages_language(client, language, page):
    with translation.override(language):
        url = reverse(page)
    html = client.get(url).content.decode()
    assert roster_help(language) in html
    for other in {"bg", "uk", "ru"} - {language}:
        assert roster_help(other) not in html
