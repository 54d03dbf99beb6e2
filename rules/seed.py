"""Load the rules text shipped in rules/content into the database.

Used by the data migrations (so a fresh install has the rules) and by the `load_rules`
management command (to refresh a database after the shipped text changed). `refresh_unedited`
brings the shipped text to a database seeded before it changed without losing edits made in the
admin: it writes a section's text in one language only where the stored text is a version the
project shipped, known by its fingerprint in shipped.json (scripts/rules_shipped_versions.py).
"""

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from django.utils import translation

from .content import LANGUAGES, all_sections

SHIPPED = Path(__file__).resolve().parent / "shipped.json"


def section_values(section: dict, order: int) -> dict:
    values = {"order": order}
    for language in LANGUAGES:
        values[f"title_{language}"] = section["title"][language]
        values[f"body_{language}"] = section["body"][language]
    # modeltranslation reads and writes the untranslated columns through the default language.
    values["title"] = section["title"]["bg"]
    values["body"] = section["body"]["bg"]
    return values


def load_sections(section_model, *, overwrite: bool = True) -> int:
    """Create or update every shipped section; returns how many were written.

    With ``overwrite=False`` a section already in the database keeps its text (edits made in
    the admin stay) and only takes its place in the shipped order; missing sections are added.
    Whatever language is active: modeltranslation writes the untranslated columns through it.
    """
    with translation.override(None):
        return _load(section_model, overwrite)


def _load(section_model, overwrite: bool) -> int:
    sections = all_sections()
    if not section_model.objects.exists():  # a fresh database, or a test's after its flush
        section_model.objects.bulk_create(
            section_model(slug=section["slug"], **section_values(section, order * 10))
            for order, section in enumerate(sections, start=1)
        )
        return len(sections)
    for order, section in enumerate(sections, start=1):
        values = section_values(section, order * 10)
        if overwrite:
            section_model.objects.update_or_create(slug=section["slug"], defaults=values)
        else:
            row, created = section_model.objects.get_or_create(
                slug=section["slug"], defaults=values
            )
            if not created and row.order != values["order"]:
                section_model.objects.filter(pk=row.pk).update(order=values["order"])
    return len(sections)


def fingerprint(title: str | None, body: str | None) -> str:
    """What tells one version of a section in one language from another. Line ends and the
    whitespace at either end do not count: the admin's form sends CRLF and strips the ends, so a
    section saved there unchanged is still the version it was."""
    parts = ((text or "").replace("\r\n", "\n").strip() for text in (title, body))
    return hashlib.sha256("\n\n".join(parts).encode()).hexdigest()[:32]


def shipped_fingerprints() -> dict[str, dict[str, frozenset[str]]]:
    """Per section and language, the fingerprints of every version the project shipped."""
    data = json.loads(SHIPPED.read_text(encoding="utf-8"))
    return {
        slug: {language: frozenset(found) for language, found in languages.items()}
        for slug, languages in data.items()
    }


@dataclass
class Refresh:
    """What `refresh_unedited` did, as (section, language) pairs and new sections."""

    written: list[tuple[str, str]] = field(default_factory=list)
    kept: list[tuple[str, str]] = field(default_factory=list)  # edited in the admin
    added: list[str] = field(default_factory=list)


def refresh_unedited(section_model) -> Refresh:
    """Write the shipped text of each section and language whose stored text is empty or a version
    the project shipped; keep text edited in the admin and say which. New sections are added,
    every shipped section takes its place in the shipped order, and sections made in the admin
    are left alone."""
    with translation.override(None):
        return _refresh(section_model, shipped_fingerprints())


def _refresh(section_model, shipped: dict) -> Refresh:
    report = Refresh()
    for order, section in enumerate(all_sections(), start=1):
        slug, values = section["slug"], section_values(section, order * 10)
        row = section_model.objects.filter(slug=slug).first()
        if row is None:
            section_model.objects.create(slug=slug, **values)
            report.added.append(slug)
            continue
        changes = {"order": values["order"]} if row.order != values["order"] else {}
        for language in LANGUAGES:
            title, body = values[f"title_{language}"], values[f"body_{language}"]
            stored = (getattr(row, f"title_{language}"), getattr(row, f"body_{language}"))
            if fingerprint(*stored) == fingerprint(title, body):
                continue
            if any(stored) and fingerprint(*stored) not in shipped.get(slug, {}).get(language, ()):
                report.kept.append((slug, language))
                continue
            changes |= {f"title_{language}": title, f"body_{language}": body}
            if language == "bg":  # the untranslated columns, as section_values writes them
                changes |= {"title": title, "body": body}
            report.written.append((slug, language))
        if changes:
            section_model.objects.filter(pk=row.pk).update(**changes)
    return report


def refresh_in_migration(apps, schema_editor):
    """A data migration's step that brings the rules text a release corrected to a database
    seeded before it (migrations 0005 on): ``refresh_unedited`` on the migration's Section, and
    the sections edited in the admin, which it keeps, named in the migration's output."""
    report = refresh_unedited(apps.get_model("rules", "Section"))
    if report.kept:
        kept = ", ".join(f"{slug} ({language})" for slug, language in report.kept)
        print(f"\n  Rules text edited in the admin, kept as it is: {kept}")
