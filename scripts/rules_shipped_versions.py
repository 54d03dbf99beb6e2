"""Record the fingerprint of every version of the rules text the project has shipped.

`manage.py load_rules --if-unedited` (and migrations 0005 to 0008) write the shipped text of a
section in one language only over a stored text that is itself a version the project shipped, so
that text edited in the admin stays. They know those versions by their fingerprints
(`rules.seed.fingerprint`) in `rules/shipped.json`, which this script keeps: it adds the
fingerprints of the files as they are now and of every version in the git history of
`rules/content` (the early `part1.py` to `part3.py` modules as well) to the ones already recorded,
and never drops one.

Run it after changing a rules file and commit `rules/shipped.json` with the change:
`tests/rules/test_rules_update.py` fails while a shipped file's fingerprint is missing.

    .venv/bin/python scripts/rules_shipped_versions.py
"""

import importlib.util
import io
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules.content import LANGUAGES, all_sections  # noqa: E402
from rules.seed import SHIPPED, fingerprint  # noqa: E402


def git(*args: str) -> bytes:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True).stdout


def sections_at(commit: str) -> list[dict]:
    """The sections as the loader of ``commit`` read them from its own rules/content."""
    with tempfile.TemporaryDirectory() as folder:
        archive = git("archive", "--format=tar", commit, "rules/content")
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(folder, filter="data")
        package = Path(folder) / "rules" / "content"
        name = f"shipped_{commit[:12]}"
        spec = importlib.util.spec_from_file_location(
            name, package / "__init__.py", submodule_search_locations=[str(package)]
        )
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
            return module.all_sections()
        finally:
            for loaded in [key for key in sys.modules if key.startswith(name)]:
                del sys.modules[loaded]


def fingerprints(sections: list[dict]) -> dict[str, dict[str, set[str]]]:
    return {
        section["slug"]: {
            language: {fingerprint(section["title"][language], section["body"][language])}
            for language in LANGUAGES
        }
        for section in sections
    }


def merge(into: dict, more: dict) -> None:
    for slug, languages in more.items():
        for language, found in languages.items():
            into.setdefault(slug, {}).setdefault(language, set()).update(found)


def main() -> None:
    recorded = json.loads(SHIPPED.read_text(encoding="utf-8")) if SHIPPED.exists() else {}
    known = {slug: {lang: set(f) for lang, f in langs.items()} for slug, langs in recorded.items()}
    commits = git("log", "--format=%H", "--", "rules/content").decode().split()
    for commit in commits:
        merge(known, fingerprints(sections_at(commit)))
    merge(known, fingerprints(all_sections()))
    data = {
        slug: {language: sorted(known[slug][language]) for language in sorted(known[slug])}
        for slug in sorted(known)
    }
    SHIPPED.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    count = sum(len(found) for languages in data.values() for found in languages.values())
    print(
        f"{SHIPPED.relative_to(ROOT)}: {count} versions of {len(data)} sections, "
        f"from {len(commits)} commits and the files as they are now."
    )


if __name__ == "__main__":
    main()
