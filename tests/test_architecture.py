"""The packages and which may import which (docs/architecture.md draws the same table): each
feature of calculator/ imports only what it builds on, the engine and the pairing stay pure
Python, calculator/ itself holds few modules and none named after a feature, and no module of
the web layer grows past what one reads at a sitting.

Every check runs over the source as it is (tests/imports.py reads it), so a module moved or an
import added is checked without a line changed here."""

import sys

import pytest

from tests.imports import ROOT, imports, modules

# What a package may import of the project, besides itself. A module directly in calculator/
# (urls.py, home.py, apps.py, checks.py, admin.py) puts the features together and may import
# any of them; the feature packages build on each other in this order only.
WEB_BASE = {"calculator.models", "calculator.engine", "belot_site"}
ALLOWED = {
    "calculator.engine": set(),  # the standard library alone (checked below)
    # The pairing reports what it refuses as the engine's Problem, and nothing else of it.
    "calculator.pairing": {"calculator.engine.core.problems"},
    "calculator.models": {"calculator.engine"},
    # shared reads the pairing for the knock-out's stages in words (shared/stages.py), which a
    # match's page names too.
    "calculator.shared": WEB_BASE | {"calculator.pairing"},
    "calculator.games": WEB_BASE | {"calculator.shared"},
    "calculator.matches": WEB_BASE | {"calculator.shared", "calculator.games", "calculator.phone"},
    "calculator.tables": WEB_BASE | {"calculator.shared", "calculator.games", "calculator.matches"},
    "calculator.tournaments": WEB_BASE
    | {"calculator.shared", "calculator.games", "calculator.matches", "calculator.pairing"},
    "calculator.templatetags": WEB_BASE | {"calculator.shared"},
    "calculator.phone": WEB_BASE | {"calculator.shared"},
    "calculator": {"calculator", "belot_site"},  # the modules directly in calculator/
    "rules": {"belot_site"},
    "belot_site": set(),  # the site's infrastructure: no feature of the site
    # The entry points put the site together: the URLs, and the WSGI application, which answers
    # the watchers' polls in front of Django (calculator/shared/polls.py).
    "belot_site.urls": {"belot_site", "calculator", "rules"},
    "belot_site.wsgi": {"belot_site", "calculator.shared.polls"},
    # The phone's settings are the server's, less what a phone has no use for.
    "belot_site.phone_settings": {"belot_site"},
}
# Where the web layer may not reach, whatever the table says: belot_site's entry points.
ENTRY_POINTS = {
    "belot_site.urls",
    "belot_site.wsgi",
    "belot_site.asgi",
    "belot_site.settings",
    "belot_site.phone_settings",
}
FEATURE_PREFIXES = ("tournament_", "table_", "french_", "game_", "match_")
MOST_DIRECT_MODULES = 10
MOST_LINES = 500
PURE = ("calculator.engine", "calculator.pairing")

MODULES = modules("calculator", "rules", "belot_site")
PROJECT = ("calculator", "rules", "belot_site")


def package_of(module: str) -> str:
    """The row of ALLOWED that ``module`` falls under: the longest that names it or a package
    above it."""
    rows = [row for row in ALLOWED if module == row or module.startswith(row + ".")]
    return max(rows, key=len)


def within(module: str, names) -> bool:
    return any(module == name or module.startswith(name + ".") for name in names)


def forbidden(module: str, imported: str, allowed=ALLOWED) -> bool:
    """Whether ``module`` may not import ``imported`` (a module of the project)."""
    own = package_of(module)
    if own == "calculator":  # directly in calculator/: any feature, no entry point
        return not within(imported, {"calculator", "belot_site"}) or imported in ENTRY_POINTS
    if within(imported, ENTRY_POINTS) and own not in ENTRY_POINTS:
        return True
    return not (within(imported, {own}) or within(imported, allowed[own]))


def project_imports(module: str) -> set[str]:
    return {name for name in imports(MODULES[module]) if name.split(".")[0] in PROJECT}


def violations(allowed=ALLOWED) -> list[tuple[str, str]]:
    return [
        (module, imported)
        for module in MODULES
        for imported in sorted(project_imports(module))
        if forbidden(module, imported, allowed)
    ]


def test_every_package_imports_only_what_it_builds_on():
    assert violations() == []


def test_the_table_catches_an_import_it_does_not_allow():
    """The check above can fail: without its row for the tables, the tables' imports of the
    matches are caught."""
    narrower = {**ALLOWED, "calculator.tables": WEB_BASE}
    caught = violations(narrower)
    assert caught and all(module.startswith("calculator.tables") for module, _ in caught)
    assert any(imported.startswith("calculator.matches") for _, imported in caught)


@pytest.mark.parametrize(
    ("module", "imported"),
    [
        ("calculator.tournaments.public", "calculator.tables.stats"),  # tournaments: no tables
        ("calculator.matches.pages", "calculator.tournaments.state"),
        ("calculator.shared.kept", "calculator.matches.pages"),
        ("calculator.games.words", "calculator.matches.teams"),
        ("calculator.models", "calculator.shared.access"),
        ("calculator.engine.core.deal", "calculator.models"),
        ("calculator.pairing.swiss", "calculator.engine"),
        ("belot_site.pages", "calculator.models"),
        ("rules.views", "calculator.models"),
        ("calculator.matches.pages", "belot_site.urls"),
        ("calculator.urls", "belot_site.urls"),
    ],
)
def test_imports_against_the_layers_are_refused(module, imported):
    assert forbidden(module, imported)


@pytest.mark.parametrize(
    ("module", "imported"),
    [
        ("calculator.tournaments.public", "calculator.matches.services"),
        ("calculator.tables.views", "calculator.matches.summary"),
        ("calculator.games.french.forms", "calculator.games.belot.forms"),
        ("calculator.urls", "calculator.tournaments.organizer"),
        ("belot_site.urls", "calculator.home"),
        ("calculator.pairing.swiss", "calculator.engine.core.problems"),
    ],
)
def test_imports_along_the_layers_are_allowed(module, imported):
    assert not forbidden(module, imported)


def direct_modules() -> list[str]:
    return sorted(path.name for path in (ROOT / "calculator").glob("*.py"))


def test_calculator_holds_few_modules_and_none_named_after_a_feature():
    direct = direct_modules()
    assert len(direct) <= MOST_DIRECT_MODULES, direct
    assert [name for name in direct if name.startswith(FEATURE_PREFIXES)] == []


def test_the_feature_prefixes_are_caught():
    assert "tournament_views.py".startswith(FEATURE_PREFIXES)
    assert "match_pages.py".startswith(FEATURE_PREFIXES)
    assert not "home.py".startswith(FEATURE_PREFIXES)


def web_modules() -> dict[str, int]:
    """The lines of every module of the web layer: calculator/ but its pure packages (the
    engine, the pairing) and its migrations."""
    return {
        name: len(path.read_text(encoding="utf-8").splitlines())
        for name, path in MODULES.items()
        if name.startswith("calculator") and not within(name, PURE)
    }


def test_no_web_module_reaches_500_lines():
    lines = web_modules()
    assert len(lines) > 40  # the web layer is read, not an empty folder
    assert {name: count for name, count in lines.items() if count >= MOST_LINES} == {}


@pytest.mark.parametrize("package", PURE)
def test_the_pure_packages_import_only_the_standard_library_and_the_engine(package):
    for module in modules(package):
        for imported in imports(MODULES[module]):
            top = imported.split(".")[0]
            if top in PROJECT:
                assert within(imported, {package} | ALLOWED[package]), (module, imported)
            else:
                assert top == "__future__" or top in sys.stdlib_module_names, (module, imported)
