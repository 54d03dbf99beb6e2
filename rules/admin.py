from django.contrib import admin
from modeltranslation.admin import TabbedTranslationAdmin

from .models import Section


@admin.register(Section)
class SectionAdmin(TabbedTranslationAdmin):
    list_display = ("title", "slug", "order")
    list_editable = ("order",)
    search_fields = ("slug", "title_bg", "title_uk", "title_ru")
