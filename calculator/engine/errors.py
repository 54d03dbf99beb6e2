"""Bulgarian belot's error codes under their old import path (``calculator.engine.errors``).

``DealError`` and ``Problem`` live in ``calculator.engine.core.problems``; belot's codes and their
table in ``calculator.engine.belot.problems``, whose docstring this module shows as its own.
"""

from .belot import problems as _belot_problems
from .belot.problems import CODES
from .core.problems import DealError, Problem

__doc__ = _belot_problems.__doc__  # the table of codes, for help() and the tests
__all__ = ["CODES", "DealError", "Problem"]
