"""The engine's shape: pure Python, a core that knows no game, games with the same modules, and
no import cycle (results <-> explain <-> steps was one)."""

from pathlib import Path

import pytest

from tests.imports import imports, modules

ENGINE = Path(__file__).resolve().parents[2] / "calculator" / "engine"
GAME_MODULES = {"__init__", "model", "validate", "scoring", "results", "explain", "steps",
                "problems", "serialize", "game"}  # fmt: skip


MODULES = modules("calculator.engine")


def runtime_imports(name: str) -> set[str]:
    return imports(MODULES[name], MODULES)


def test_no_module_imports_django_or_anything_outside_the_standard_library():
    for name in MODULES:
        for imported in runtime_imports(name):
            top = imported.split(".")[0]
            assert top in {"calculator", "__future__"} or top in _stdlib(), (name, imported)
            assert not imported.startswith("calculator.") or imported.startswith(
                "calculator.engine"), (name, imported)  # fmt: skip


def _stdlib():
    import sys

    return sys.stdlib_module_names


def test_the_core_imports_nothing_of_the_games():
    for name in MODULES:
        if name.startswith("calculator.engine.core"):
            engine = {i for i in runtime_imports(name) if i.startswith("calculator.engine")}
            assert all(i.startswith("calculator.engine.core") for i in engine), name


@pytest.mark.parametrize("game", ["belot", "classic", "contree"])
def test_every_game_package_has_the_same_modules(game):
    assert {path.stem for path in (ENGINE / game).glob("*.py")} >= GAME_MODULES


def test_there_is_no_import_cycle():
    graph = {name: {i for i in runtime_imports(name) if i in MODULES and i != name
                    and not name.startswith(i + ".")} for name in MODULES}  # fmt: skip

    def visit(name, path):
        for imported in graph[name]:
            assert imported not in path, " -> ".join([*path, imported])
            visit(imported, [*path, imported])

    for name in graph:
        visit(name, [name])
