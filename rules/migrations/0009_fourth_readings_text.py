"""Bring the rules text the fourth native readings corrected (bg: подцакване in the partner's
trick, the calculator's steps said impersonally, "обявеното"; uk: the litige's points wait for
the next deal's winner, a team named once a sentence; ru: «вы» or impersonal, never «ты»,
sections named with «о» or by their quoted titles, «сильнейшая последовательность»; formulas
kept on one line) to a database seeded before it, as 0005 to 0008 did: a section's text in one
language is written only where the stored one is a version the site shipped
(rules/shipped.json); text edited in the admin is kept and named. `manage.py load_rules
--if-unedited` does the same."""

from django.db import migrations

from rules.seed import refresh_in_migration as refresh


class Migration(migrations.Migration):
    dependencies = [("rules", "0008_third_readings_text")]

    operations = [migrations.RunPython(refresh, migrations.RunPython.noop)]
