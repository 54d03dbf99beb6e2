"""Bring the rules text shipped with the site to a database seeded before it changed. A section's
text in one language is written only where the stored one is a version the site shipped (known by
its fingerprint in rules/shipped.json); text edited in the admin is kept, and the sections kept are
listed. `manage.py load_rules --if-unedited` does the same whenever the shipped text changes
again (`make serve` runs it after the migrations)."""

from django.db import migrations

from rules.seed import refresh_in_migration as refresh


class Migration(migrations.Migration):
    dependencies = [("rules", "0004_french_chapters")]

    operations = [migrations.RunPython(refresh, migrations.RunPython.noop)]
