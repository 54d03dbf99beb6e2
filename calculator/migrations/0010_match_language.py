import calculator.models
from django.db import migrations, models


class Migration(migrations.Migration):
    """The language a match was started in. The matches made before are Bulgarian, the site's
    default, which their pages spoke to every watcher whose language was not chosen."""

    dependencies = [
        ("calculator", "0009_tournament_knockout"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="language",
            field=models.CharField(default="bg", editable=False, max_length=8),
        ),
        migrations.AlterField(
            model_name="match",
            name="language",
            field=models.CharField(
                default=calculator.models.started_language, editable=False, max_length=8
            ),
        ),
    ]
