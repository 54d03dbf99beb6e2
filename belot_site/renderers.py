"""The form renderer: Django's widget templates, compiled by Jinja2.

Django's own template engine reads each widget's templates anew on every render (a radio option
is three of them), and a deal page has some 220: they were two thirds of its time. Django's
Jinja2 renderer renders the same templates, shipped with Django, as compiled Python. Its values
are escaped by Django's ``conditional_escape`` (``finalize``), as the template engine escapes
them, so that the pages are the same to the byte (tests/calculator/test_form_renderer.py);
MarkupSafe alone would write ``&#34;`` where Django writes ``&quot;``.
"""

from pathlib import Path

import django.forms
from django.forms.renderers import Jinja2
from django.utils.functional import cached_property
from django.utils.html import conditional_escape


class WidgetRenderer(Jinja2):
    @cached_property
    def engine(self):
        return self.backend(
            {
                "APP_DIRS": True,
                "DIRS": [Path(django.forms.__file__).parent / self.backend.app_dirname],
                "NAME": "djangoforms",
                "OPTIONS": {"finalize": conditional_escape},
            }
        )
