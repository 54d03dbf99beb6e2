"""Bring the rules text the third native readings corrected (bg: коз masculine, elided verbs
with a dash, cards named in words, the revoke's steps as a list; uk: висячі … чекають, всі after
a vowel, команда, що взяла; ru: the calculator's steps said impersonally, a table never a verb's
subject, a tie in classic belote that waits) to a database seeded before it, as 0005 to 0007 did:
a section's text in one language is written only where the stored one is a version the site
shipped (rules/shipped.json); text edited in the admin is kept and named. `manage.py load_rules
--if-unedited` does the same."""

from django.db import migrations

from rules.seed import refresh_in_migration as refresh


class Migration(migrations.Migration):
    dependencies = [("rules", "0007_native_readings_text")]

    operations = [migrations.RunPython(refresh, migrations.RunPython.noop)]
