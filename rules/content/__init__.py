"""The seed text of the rules reference, in bg, uk and ru (see README.md in this folder)."""

from . import part1, part2, part3


def all_sections() -> list[dict]:
    return [*part1.SECTIONS, *part2.SECTIONS, *part3.SECTIONS]
