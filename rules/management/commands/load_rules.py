from django.core.management.base import BaseCommand

from rules.models import Section
from rules.seed import load_sections, refresh_unedited
from rules.views import page_cache_clear


class Command(BaseCommand):
    help = (
        "Write the rules text shipped with the site into the database. Without --if-unedited it "
        "overwrites edits made in the admin."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--if-unedited",
            action="store_true",
            help="Write a section's text in a language only where the stored text is a version "
            "the site shipped (or empty); keep text edited in the admin and list it.",
        )

    def handle(self, *args, if_unedited=False, **options):
        if not if_unedited:
            count = load_sections(Section)
            page_cache_clear()
            self.stdout.write(f"{count} rules sections loaded.")
            return
        report = refresh_unedited(Section)
        page_cache_clear()
        if options["verbosity"] >= 1:
            self.stdout.write(
                f"Rules text: {len(report.written)} texts brought to the shipped version, "
                f"{len(report.added)} sections added, {len(report.kept)} texts kept as edited."
            )
            if report.added:
                self.stdout.write("Added: " + ", ".join(report.added))
        if report.kept:  # even with -v 0: someone should look at them
            self.stderr.write(
                self.style.WARNING(
                    "Kept, edited in the admin (compare them with rules/content, or run "
                    "load_rules without --if-unedited to overwrite them): "
                    + ", ".join(f"{slug} ({language})" for slug, language in report.kept)
                )
            )
