from django.core.management.base import BaseCommand

from rules.models import Section
from rules.seed import load_sections


class Command(BaseCommand):
    help = "Write the rules text shipped with the site into the database (overwrites edits)."

    def handle(self, *args, **options):
        count = load_sections(Section)
        self.stdout.write(f"{count} rules sections loaded.")
