"""A match as its scorer's phone keeps it: the match's row and its deals' rows, as they are in
the server's database, so that the phone's pages start where the server's are."""

import datetime
import json

from django.core import serializers
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction

from calculator.models import Deal, Match

# What the phone keeps of a match: not its table or the match it follows (their keys are not
# the scorer's to carry), nor its summary (the server's statistics, rebuilt on each save).
NOT_COPIED = ("table", "follows")


def match_copy(match: Match) -> list[dict]:
    """The match's rows (Django's serialization), its table and the match it follows left out."""
    rows = serializers.serialize("python", [match, *Deal.objects.filter(match=match)])
    for name in NOT_COPIED:
        rows[0]["fields"][name] = None
    return json.loads(json.dumps(rows, cls=_FullTimes))


class _FullTimes(DjangoJSONEncoder):
    """Times to the microsecond, as the server keeps them (Django's encoder stops at the
    millisecond, and the pages show the time of the last change)."""

    def default(self, o):
        if isinstance(o, datetime.datetime):
            return o.isoformat()
        return super().default(o)


def load_copy(rows: list[dict]) -> Match:
    """Put a match's copy in the phone's database, in place of whatever it held."""
    with transaction.atomic():
        Deal.objects.all().delete()
        Match.objects.all().delete()
        for row in serializers.deserialize("python", rows):
            row.save()
    return Match.objects.get()
