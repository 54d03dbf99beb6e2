"""Bring the rules text the fifth native readings corrected (ru: the game «контре» with a noun
before it, «болгарский белот» for «наш белот», contra's second name said apart, «козырная
последовательность»; uk: a card led «з» it, «козирна послідовність», the litige's points wait to
the end of the chapter; bg: «неизпълнена обява», «извън коза», the quick check with belots, capot
and contra, commas before «само ако»; the rulebook «официальные правила болгарского белота» in
the three) to a database seeded before it, as 0005 to 0009 did: a section's text in one language
is written only where the stored one is a version the site shipped (rules/shipped.json); text
edited in the admin is kept and named. `manage.py load_rules --if-unedited` does the same."""

from django.db import migrations

from rules.seed import refresh_in_migration as refresh


class Migration(migrations.Migration):
    dependencies = [("rules", "0009_fourth_readings_text")]

    operations = [migrations.RunPython(refresh, migrations.RunPython.noop)]
