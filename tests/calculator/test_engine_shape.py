"""The engine's shape: pure Python, a core that knows no game, games with the same modules, and
no import cycle (results <-> explain <-> steps was one)."""

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "calculator" / "engine"
GAME_MODULES = {"__init__", "model", "validate", "scoring", "results", "explain", "steps",
                "problems", "serialize", "game"}  # fmt: skip


def module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in ENGINE.rglob("*.py")}


def runtime_imports(name: str) -> set[str]:
    """The modules ``name`` imports anywhere, inside functions too (a lazy import is still a
    dependency); only ``if TYPE_CHECKING:`` blocks are left out."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in _nodes(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            found |= _targets(node, package)
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return found


def _nodes(tree):
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        yield node
        yield from _nodes(node)


def _targets(node: ast.ImportFrom, package: str) -> set[str]:
    if node.level:
        base = package.split(".")[: len(package.split(".")) - node.level + 1]
        target = ".".join([*base, node.module] if node.module else base)
    else:
        target = node.module
    return {f"{target}.{a.name}" if f"{target}.{a.name}" in MODULES else target for a in node.names}


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
