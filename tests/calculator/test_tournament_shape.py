"""The pairing package stays pure: no Django, no database, nothing but the standard library
and the engine's Problem (its own modules import each other)."""

import sys
from pathlib import Path

import calculator.pairing
from tests.imports import imports

PACKAGE = Path(calculator.pairing.__file__).parent
ALLOWED = {"calculator.engine.core.problems"}


def test_the_package_imports_only_the_standard_library_and_the_engine_s_problem():
    modules = sorted(PACKAGE.glob("*.py"))
    assert len(modules) == 7
    for path in modules:
        for name in imports(path):
            top = name.split(".")[0]
            own = name.startswith("calculator.pairing")
            assert own or name in ALLOWED or top in sys.stdlib_module_names, (path.name, name)
