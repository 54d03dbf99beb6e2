"""Bring the rules text the native readings corrected (teams named as teams with a singular verb,
one address form, the rounding said by its last digit, all trumps named as a game) to a database
seeded before it, as 0005 and 0006 did: a section's text in one language is written only where the
stored one is a version the site shipped (rules/shipped.json); text edited in the admin is kept and
named. `manage.py load_rules --if-unedited` does the same."""

from django.db import migrations

from rules.seed import refresh_in_migration as refresh


class Migration(migrations.Migration):
    dependencies = [("rules", "0006_no_and_all_trumps_text")]

    operations = [migrations.RunPython(refresh, migrations.RunPython.noop)]
