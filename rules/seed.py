"""Load the rules text shipped in rules/content into the database.

Used by the data migrations (so a fresh install has the rules) and by the `load_rules`
management command (to refresh a database after the shipped text changed).
"""

from django.utils import translation

from .content import LANGUAGES, all_sections


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
