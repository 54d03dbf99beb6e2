from django.apps import AppConfig


class RulesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "rules"

    def ready(self):
        from . import signals  # noqa: F401  (connects the receivers)
