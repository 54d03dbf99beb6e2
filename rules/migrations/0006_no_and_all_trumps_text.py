"""Bring the contrée chapter's no trumps and all trumps (sans atout, tout atout) to a database
seeded before them, as 0005 did for the text fixed before it: a section's text in one language is
written only where the stored one is a version the site shipped (rules/shipped.json); text edited
in the admin is kept and named. `manage.py load_rules --if-unedited` does the same."""

from django.db import migrations

from rules.seed import refresh_in_migration as refresh


class Migration(migrations.Migration):
    dependencies = [("rules", "0005_refresh_unedited_text")]

    operations = [migrations.RunPython(refresh, migrations.RunPython.noop)]
