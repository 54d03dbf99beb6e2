from django.db import models
from django.utils.translation import gettext_lazy as _


class Section(models.Model):
    """One section of the rules reference; title and body are translated (rules/translation.py)."""

    slug = models.SlugField(_("anchor"), unique=True, help_text=_("The same in every language."))
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    title = models.CharField(_("title"), max_length=200)
    body = models.TextField(_("text"), help_text=_("A small HTML fragment."))

    class Meta:
        ordering = ["order", "slug"]
        verbose_name = _("rules section")
        verbose_name_plural = _("rules sections")

    def __str__(self):
        return self.title

    def get_absolute_url(self):
        from django.urls import reverse

        return reverse("rules:index") + f"#{self.slug}"

    def is_translated(self, language: str) -> bool:
        """True when this language has its own title and body (no fallback to Bulgarian)."""
        return bool(getattr(self, f"title_{language}", "")) and bool(
            getattr(self, f"body_{language}", "")
        )
