"""The tournament package stays pure: no Django, no database, nothing but the standard library
and the engine's Problem."""

import ast
import sys
from pathlib import Path

import calculator.pairing

PACKAGE = Path(calculator.pairing.__file__).parent
ALLOWED = {"calculator.engine.core.problems"}


def imports(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module


def test_the_package_imports_only_the_standard_library_and_the_engine_s_problem():
    modules = sorted(PACKAGE.glob("*.py"))
    assert len(modules) == 7
    for path in modules:
        for name in imports(path):
            top = name.split(".")[0]
            assert name in ALLOWED or top in sys.stdlib_module_names, (path.name, name)
