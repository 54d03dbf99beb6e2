"""Rows for a spreadsheet (the deals' CSV, a tournament's standings): a byte order mark first,
and no cell a spreadsheet would take for a formula."""

# Spreadsheets that guess a file's encoding read UTF-8 only after a byte order mark: without it
# Cyrillic names come out garbled.
BYTE_ORDER_MARK = "\ufeff"


# A cell starting with one of these is a formula to a spreadsheet (CSV injection): a name such as
# "=HYPERLINK(...)" or "@SUM(...)" gets a leading apostrophe, as OWASP advises, and is shown as
# the text it is.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(row) -> list:
    return [
        "'" + cell if isinstance(cell, str) and cell.startswith(FORMULA_START) else cell
        for cell in row
    ]
