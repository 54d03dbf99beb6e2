"""Seed the rules text so that a fresh install has it (the admin edits it afterwards)."""

from django.db import migrations


def seed(apps, schema_editor):
    from rules.seed import load_sections

    load_sections(apps.get_model("rules", "Section"))


class Migration(migrations.Migration):
    dependencies = [("rules", "0001_initial")]

    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
