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
