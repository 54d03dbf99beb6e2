"""Which Chromium a browser test runs in (tests/e2e/conftest.py): Debian's headless shell, the
full browser for the tests marked ``full_chromium``; with one of the two missing, every test
that can runs in the other, and the rest skip saying what to install. A failed browser test
names the fonts Chromium drew in (tests/conftest.py)."""

import shutil
import subprocess

import pytest

from tests.e2e import conftest

NEEDS_FULL = pytest.mark.full_chromium("the full browser's own check")


class Item:
    """A collected test, as far as the browser's choice reads it."""

    def __init__(self, *marks):
        self.nodeid = "tests/e2e/test_x.py::test_x"
        self.marks = {mark.mark.name: mark.mark for mark in marks}
        self.skipped = None

    def get_closest_marker(self, name):
        return self.marks.get(name)

    def add_marker(self, mark):
        self.skipped = mark.kwargs["reason"]


@pytest.fixture
def installed(monkeypatch, tmp_path):
    """Makes the given binaries the installed ones."""
    monkeypatch.delenv(conftest.E2E_CHROMIUM, raising=False)

    def install(*names):
        for constant, name in (("HEADLESS_SHELL", "shell"), ("CHROMIUM", "chromium")):
            path = tmp_path / name
            if name in names:
                path.touch()
            monkeypatch.setattr(conftest, constant, path)

    return install


def chosen(*marks) -> tuple[str | None, str | None]:
    item = Item(pytest.mark.browser, *marks)
    conftest.pytest_collection_modifyitems(None, [item])
    path = conftest.binary(item)
    return (path.name if path else None), item.skipped


def test_with_both_a_test_runs_in_the_shell_unless_it_needs_the_full_browser(installed):
    installed("shell", "chromium")
    assert chosen() == ("shell", None)
    assert chosen(NEEDS_FULL) == ("chromium", None)


def test_asked_for_every_test_runs_in_the_full_browser(installed, monkeypatch):
    installed("shell", "chromium")
    monkeypatch.setenv(conftest.E2E_CHROMIUM, "full")
    assert chosen() == ("chromium", None)


def test_with_only_the_full_browser_every_test_runs_in_it(installed):
    installed("chromium")
    assert chosen() == ("chromium", None)
    assert chosen(NEEDS_FULL) == ("chromium", None)


def test_with_only_the_shell_a_test_that_needs_the_full_browser_skips_and_says_why(installed):
    installed("shell")
    assert chosen() == ("shell", None)
    path, skipped = chosen(NEEDS_FULL)
    assert path is None
    assert "the full browser's own check" in skipped and "apt-get install chromium" in skipped


def test_with_neither_every_browser_test_skips_and_says_what_to_install(installed):
    installed()
    for marks in ((), (NEEDS_FULL,)):
        path, skipped = chosen(*marks)
        assert path is None and "apt-get install chromium" in skipped
    other = Item()  # not a browser test: runs
    conftest.pytest_collection_modifyitems(None, [other])
    assert other.skipped is None


def test_a_test_marked_for_the_full_browser_must_say_why(installed):
    installed("shell", "chromium")
    with pytest.raises(pytest.UsageError, match="say why"):
        conftest.pytest_collection_modifyitems(None, [Item(pytest.mark.full_chromium)])


class Reporter:
    def __init__(self, **stats):
        self.stats, self.lines = stats, []

    def write_line(self, line):
        self.lines.append(line)


class Report:
    def __init__(self, *keywords):
        self.keywords = dict.fromkeys(keywords, 1)


@pytest.mark.skipif(not shutil.which("fc-match"), reason="no fc-match (apt-get install fontconfig)")
def test_a_failed_browser_test_names_the_fonts_chromium_drew_in():
    from tests import conftest as tests_conftest

    reporter = Reporter(failed=[Report("test_x", "browser")], passed=[Report("browser")])
    tests_conftest.pytest_terminal_summary(reporter)
    [line] = reporter.lines
    monospace = subprocess.run(
        ["fc-match", "-f", "%{family[0]}", "monospace:lang=bg"], capture_output=True, text=True
    ).stdout
    assert line.startswith("Chromium's fonts here") and f"monospace: {monospace}" in line
    quiet = Reporter(failed=[Report("test_y")], passed=[Report("browser")])
    tests_conftest.pytest_terminal_summary(quiet)
    assert quiet.lines == []
