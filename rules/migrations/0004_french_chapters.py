"""Add the French games' chapters (classic belote, contrée) to a database seeded before them, in
their place in the page order. Sections already there keep their text, edits made in the admin
included; related-games was rewritten to sum the two chapters up and link to them, and
`manage.py load_rules` brings that text (load_sections overwrites every section or none)."""

from django.db import migrations


def add_french_chapters(apps, schema_editor):
    from rules.seed import load_sections

    load_sections(apps.get_model("rules", "Section"), overwrite=False)


class Migration(migrations.Migration):
    dependencies = [("rules", "0003_new_chapters")]

    operations = [migrations.RunPython(add_french_chapters, migrations.RunPython.noop)]
