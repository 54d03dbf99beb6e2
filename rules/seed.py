"""Load the rules text shipped in rules/content into the database.

Used by the data migration (so a fresh install has the rules) and by the `load_rules`
management command (to refresh a database after the shipped text changed).
"""

from .content import all_sections

LANGUAGES = ("bg", "uk", "ru")


def section_values(section: dict, order: int) -> dict:
    values = {"order": order}
    for language in LANGUAGES:
        values[f"title_{language}"] = section["title"][language]
        values[f"body_{language}"] = section["body"][language]
    # modeltranslation reads and writes the untranslated columns through the default language.
    values["title"] = section["title"]["bg"]
    values["body"] = section["body"]["bg"]
    return values


def load_sections(section_model) -> int:
    """Create or update every shipped section; returns how many were written."""
    sections = all_sections()
    for order, section in enumerate(sections, start=1):
        section_model.objects.update_or_create(
            slug=section["slug"], defaults=section_values(section, order * 10)
        )
    return len(sections)
