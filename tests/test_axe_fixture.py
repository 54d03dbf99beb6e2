"""Without npm, the browser tests that run axe-core skip and say why (README): each of them
takes the axe_source fixture (tests/e2e/conftest.py) instead of reading the file itself. Two
modules read it directly, and on a machine without node_modules their tests failed with
FileNotFoundError instead of skipping."""

import ast
from pathlib import Path

import pytest

from tests.e2e import conftest

E2E = Path(__file__).resolve().parent / "e2e"


def browser_tests_running_axe() -> list[tuple[str, ast.FunctionDef]]:
    found = []
    for path in sorted(E2E.glob("test_*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if not (isinstance(node, ast.FunctionDef) and node.name.startswith("test_")):
                continue
            calls = (n for n in ast.walk(node) if isinstance(n, ast.Call))
            if any(getattr(call.func, "id", None) == "axe_violations" for call in calls):
                found.append((path.name, node))
    return found


def test_every_browser_test_that_runs_axe_takes_the_fixture_that_skips_without_it():
    running = browser_tests_running_axe()
    assert {name for name, _ in running} >= {
        "test_accessibility.py", "test_app.py", "test_phone_screens.py", "test_rules_phone.py",
        "test_table.py", "test_tournament.py",
    }  # fmt: skip
    missing = [
        f"{name}::{test.name}"
        for name, test in running
        if "axe_source" not in [argument.arg for argument in test.args.args]
    ]
    assert not missing


def test_without_axe_core_the_fixture_skips_and_says_how_to_get_it(monkeypatch, tmp_path):
    monkeypatch.setattr(conftest, "AXE", tmp_path / "axe.min.js")
    with pytest.raises(pytest.skip.Exception, match="npm ci"):
        conftest.axe_source.__wrapped__()
