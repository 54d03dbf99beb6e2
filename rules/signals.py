from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from .models import Section
from .views import page_cache_clear


@receiver([post_save, post_delete], sender=Section)
def section_changed(sender, **kwargs):
    """An edited section shows at once: the cached rules pages are dropped."""
    page_cache_clear()
    # Once more after the commit: a page rendered meanwhile from the old rows is not kept.
    transaction.on_commit(page_cache_clear)
