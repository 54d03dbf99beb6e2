from django.apps import AppConfig


class CalculatorConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "calculator"

    def ready(self):
        from calculator import checks  # noqa: F401  (registers the deployment check)
