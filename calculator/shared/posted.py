"""Numbers a form posts as the views read them: a bad or missing one reads as -1 or None, which
the view refuses in words (never a 500)."""


def _posted_int(request, name: str) -> int:
    """A whole number the page posted back; -1 when it is missing or not one."""
    value = request.POST.get(name, "")
    return int(value) if value.isascii() and value.isdigit() and len(value) < 10 else -1


def _posted_number(request) -> int:
    return _posted_int(request, "number")


def _posted_version(request) -> int:
    return _posted_int(request, "version")
