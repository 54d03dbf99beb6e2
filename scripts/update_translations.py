"""Collect the interface strings into the .po files, keep them wrapped as committed, and list
what still needs a translation.

    .venv/bin/python scripts/update_translations.py            # makemessages, then the list
    .venv/bin/python scripts/update_translations.py FILE.json  # also fill in translations

FILE.json maps a msgid to its translations: {"msgid": {"bg": "...", "uk": "...", "ru": "..."}};
a plural entry gives a list per language. Filled entries lose their fuzzy mark.
"""

import json
import subprocess
import sys
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("bg", "uk", "ru")
WRAP = 100  # as the committed files are wrapped: small diffs, fewer conflicts


def po_path(language: str) -> Path:
    return ROOT / "locale" / language / "LC_MESSAGES" / "django.po"


def makemessages() -> None:
    command = [sys.executable, "manage.py", "makemessages", "--ignore=.venv", "--ignore=tests"]
    command += ["--no-location"] + [f"-l{language}" for language in LANGUAGES]
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True)


def fill(po: polib.POFile, language: str, translations: dict) -> None:
    for entry in po:
        given = translations.get(entry.msgid, {}).get(language)
        if given is None:
            continue
        if entry.msgid_plural:
            entry.msgstr_plural = dict(enumerate(given))
        else:
            entry.msgstr = given
        if "fuzzy" in entry.flags:
            entry.flags.remove("fuzzy")
        entry.previous_msgctxt = entry.previous_msgid = entry.previous_msgid_plural = None


def creation_dates() -> dict[str, str]:
    """Each file's POT-Creation-Date, which makemessages rewrites on every run: kept as it was,
    it would otherwise make two branches' translations conflict on a header line nobody reads."""
    return {
        language: polib.pofile(str(po_path(language))).metadata.get("POT-Creation-Date", "")
        for language in LANGUAGES
    }


def main(argv: list[str]) -> int:
    dates = creation_dates()
    makemessages()
    translations = json.loads(Path(argv[0]).read_text(encoding="utf-8")) if argv else {}
    missing = 0
    for language in LANGUAGES:
        path = po_path(language)
        po = polib.pofile(str(path), wrapwidth=WRAP)
        if dates[language]:
            po.metadata["POT-Creation-Date"] = dates[language]
        for entry in po.obsolete_entries():  # strings the code no longer has
            po.remove(entry)
        fill(po, language, translations)
        po.save(str(path))
        for entry in po.untranslated_entries() + po.fuzzy_entries():
            missing += 1
            print(f"{language}: {entry.msgid!r}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
