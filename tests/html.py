"""A strict look at rendered pages: HTML parse errors, duplicate ids, dangling labels."""

from collections import Counter

import html5lib


def html_problems(content: str | bytes) -> list[str]:
    parser = html5lib.HTMLParser(strict=False, namespaceHTMLElements=False)
    document = parser.parse(content)
    problems = [f"parse error {code} at {pos}" for pos, code, _data in parser.errors]
    ids = Counter(el.get("id") for el in document.iter() if el.get("id"))
    problems += [f"duplicate id {name!r}" for name, count in ids.items() if count > 1]
    for label in document.iter("label"):
        target = label.get("for")
        if target and target not in ids:
            problems.append(f"label for missing id {target!r}")
    for link in document.iter("a"):
        href = link.get("href", "")
        if href.startswith("#") and len(href) > 1 and href[1:] not in ids:
            problems.append(f"link to missing anchor {href!r}")
    if document.find("head/title") is None or not document.find("head/title").text:
        problems.append("no title")
    if not document.get("lang"):
        problems.append("no lang on <html>")
    return problems


def assert_valid_html(content: str | bytes) -> None:
    problems = html_problems(content)
    assert not problems, "\n".join(problems)


def form_data(content: str | bytes, form_class: str = "deal-form") -> dict[str, str | list[str]]:
    """What a browser would send for the form of ``form_class`` as the page shows it, untouched:
    text and hidden inputs, checked radio buttons and check boxes, selected options (no
    submit button: the caller says which one was tapped)."""
    parser = html5lib.HTMLParser(namespaceHTMLElements=False)
    document = parser.parse(content)
    form = next(f for f in document.iter("form") if form_class in f.get("class", "").split())
    data: dict[str, list[str]] = {}
    for element in (e for e in form.iter() if e.tag in ("input", "select")):
        name = element.get("name")
        if not name or element.get("disabled") is not None:
            continue
        if element.tag == "select":
            chosen = [o for o in element.iter("option") if o.get("selected") is not None]
            options = chosen or list(element.iter("option"))[:1]
            values = [option.get("value", option.text or "") for option in options]
        elif element.get("type") in ("radio", "checkbox"):
            values = [element.get("value", "on")] if element.get("checked") is not None else []
        elif element.get("type") in ("submit", "button", "file"):
            continue
        else:
            values = [element.get("value", "")]
        data.setdefault(name, []).extend(values)
    return {name: values[0] if len(values) == 1 else values for name, values in data.items()}


def read(text) -> str:
    """A sentence of the site as a reader reads it: the names' isolation (``<bdi>``, which
    keeps a right-to-left name from carrying the numbers beside it over) taken out."""
    return str(text).replace("<bdi>", "").replace("</bdi>", "")
