"""Add the chapters on a worked deal, the score sheet and irregularities to a database seeded
before them, in their place in the page order. Sections already there keep their text, edits made
in the admin included: `manage.py load_rules` brings the rewritten text when wanted."""

from django.db import migrations


def add_new_chapters(apps, schema_editor):
    from rules.seed import load_sections

    load_sections(apps.get_model("rules", "Section"), overwrite=False)


class Migration(migrations.Migration):
    dependencies = [("rules", "0002_seed_sections")]

    operations = [migrations.RunPython(add_new_chapters, migrations.RunPython.noop)]
