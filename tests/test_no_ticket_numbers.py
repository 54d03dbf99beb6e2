"""The code and the docs say what and why, not which ticket asked for it: no "issue 24", no
"(#12)", no "… pass" diary heading. The history is in the git log."""

import re
import subprocess

from tests.imports import ROOT

TICKET = re.compile(
    r"\b[Ii]ssues? #?\d+|\(#\d+\)|^#+ .*\b(?:first|second|third|\w+th) pass\b", re.M
)
SUFFIXES = {".py", ".md", ".html", ".js", ".css", ".txt", ".toml", ".json", ".po", ".sh"}


def tracked_texts():
    names = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    for name in names:
        path = ROOT / name
        if name == "tests/test_no_ticket_numbers.py":  # its own examples below
            continue
        if (path.suffix in SUFFIXES or path.name in {"Makefile", "run"}) and path.is_file():
            yield name, path.read_text(encoding="utf-8", errors="replace")


def test_no_file_names_a_ticket():
    found = [
        f"{name}:{text.count(chr(10), 0, hit.start()) + 1}: {hit[0]}"
        for name, text in tracked_texts()
        for hit in TICKET.finditer(text)
    ]
    assert not found, "\n".join(found)


def test_the_pattern_catches_what_it_is_for():
    caught = [
        "see issue 24",
        "Issues 3 and 4",
        "issue #13",
        "fixed (#12)",
        "## Issue 20, ninth pass",
    ]
    assert all(TICKET.search(text) for text in caught)
    kept = ["an issue with 24 pairs", "the 24th deal", "## Two phones", "a pass of 3 deals"]
    assert not any(TICKET.search(text) for text in kept)
