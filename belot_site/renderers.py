"""The form renderer: Django's widget templates, compiled by Jinja2, the common ones as Python.

Django's own template engine reads each widget's templates anew on every render (a radio option
is three of them), and a deal page has some 220: they were two thirds of its time. Django's
Jinja2 renderer renders the same templates, shipped with Django, as compiled Python. Its values
are escaped by Django's ``conditional_escape`` (``finalize``), as the template engine escapes
them, so that the pages are the same to the byte (tests/calculator/test_form_renderer.py);
MarkupSafe alone would write ``&#34;`` where Django writes ``&quot;``.

Even compiled, a widget cost some 270 Python calls a render (a context for the template and one
for each template it includes), and a deal page renders 45 widgets, 70 options in them. So the
templates of inputs, options and selects are also written out below as plain functions that
write what Jinja2 writes from them, character for character: ``PYTHON_TEMPLATES``, by the name
of the template each stands for. Any other template (or a widget whose context they do not
know) is Jinja2's, as before. tests/test_renderers.py renders every one of them both ways.
"""

import html
from pathlib import Path

import django.forms
from django.forms.renderers import Jinja2
from django.utils.functional import Promise, cached_property
from django.utils.html import conditional_escape

WIDGETS = "django/forms/widgets/"


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

    def render(self, template_name, context, request=None):
        write = PYTHON_TEMPLATES.get(template_name)
        if write is not None and request is None:
            try:
                return write(context["widget"]).strip()
            except (NotWritten, KeyError):  # Jinja2 knows what to do
                pass
        return super().render(template_name, context, request)


class NotWritten(Exception):
    """A widget the functions below do not know how to write: Jinja2 renders it."""


def _text(value) -> str:
    """``{{ value }}``: escaped as Jinja2 escapes with ``finalize`` (a safe string as it is).

    This is ``conditional_escape`` without the wrapper of ``escape`` that looks for lazy
    arguments (a lazy text is made a text first, here as there): four of five Python calls of
    a value, and a deal page writes some 380 of them."""
    if isinstance(value, Promise):
        value = str(value)
    if hasattr(value, "__html__"):
        return value.__html__()
    return html.escape(str(value))


def _attrs(widget: dict) -> str:
    """attrs.html: `` name="value"`` each, `` name`` alone for True, nothing for False."""
    return "".join(
        f" {_text(name)}" if value is True else f' {_text(name)}="{_text(value)}"'
        for name, value in widget["attrs"].items()
        if value is not False
    )


def _input(widget: dict) -> str:
    """input.html, and every input type's template (text.html, number.html, ...)."""
    value = widget["value"]
    shown = "" if value is None else f' value="{_text(value)}"'
    kind, name = _text(widget["type"]), _text(widget["name"])
    return f'<input type="{kind}" name="{name}"{shown}{_attrs(widget)}>'


def _input_option(widget: dict) -> str:
    """input_option.html (radio_option.html, checkbox_option.html): an option's input, in its
    label unless ``wrap_label`` is off (a chip's template writes its own label)."""
    if not widget.get("wrap_label"):
        return _input(widget)
    for_id = widget["attrs"].get("id")
    label_for = f' for="{_text(for_id)}"' if for_id else ""
    return f"<label{label_for}>{_input(widget)} {_text(widget['label'])}</label>"


def _option(widget: dict) -> str:
    """select_option.html."""
    value, label = _text(widget["value"]), _text(widget["label"])
    return f'<option value="{value}"{_attrs(widget)}>{label}</option>'


def _included(option: dict) -> str:
    """``{% include widget.template_name %}`` of an option, when it is one of those below."""
    write = PYTHON_TEMPLATES.get(option["template_name"])
    if write is None:
        raise NotWritten(option["template_name"])
    return write(option)


def _select(widget: dict) -> str:
    """select.html: the options one a line, each group in its <optgroup>."""
    parts = [f'<select name="{_text(widget["name"])}"{_attrs(widget)}>']
    for group_name, options, _index in widget["optgroups"]:
        if group_name:
            parts.append(f'\n  <optgroup label="{_text(group_name)}">')
        parts.extend(f"\n  {_included(option)}" for option in options)
        if group_name:
            parts.append("\n  </optgroup>")
    parts.append("\n</select>")
    return "".join(parts)


def _multiple_input(widget: dict) -> str:
    """multiple_input.html (radio.html, checkbox_select.html): each option in a <div>."""
    attrs = widget["attrs"]
    shown_id = f' id="{_text(attrs["id"])}"' if attrs.get("id") else ""
    shown_class = f' class="{_text(attrs["class"])}"' if attrs.get("class") else ""
    parts = [f"<div{shown_id}{shown_class}>"]
    for group, options, _index in widget["optgroups"]:
        if group:
            parts.append(f"\n  <div><label>{_text(group)}</label>")
        parts.extend(f"<div>\n    {_included(option)}</div>" for option in options)
        if group:
            parts.append("\n  </div>")
    parts.append("\n</div>")
    return "".join(parts)


def _textarea(widget: dict) -> str:
    """textarea.html: the value after a line break, as Django writes it."""
    value = _text(widget["value"]) if widget["value"] else ""
    return f'<textarea name="{_text(widget["name"])}"{_attrs(widget)}>\n{value}</textarea>'


# The templates each function writes, by their names under django/forms/widgets/.
WRITTEN = {
    "input checkbox color date datetime email file hidden number password search tel text time "
    "url": _input,
    "input_option radio_option checkbox_option": _input_option,
    "select": _select,
    "select_option": _option,
    "multiple_input radio checkbox_select": _multiple_input,
    "textarea": _textarea,
}
PYTHON_TEMPLATES = {
    f"{WIDGETS}{name}.html": write for names, write in WRITTEN.items() for name in names.split()
}
