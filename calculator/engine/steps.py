"""Bulgarian belot's step codes under their old import path (``calculator.engine.steps``).

``Step`` and ``step`` live in ``calculator.engine.core.steps``; belot's codes and their table in
``calculator.engine.belot.steps``, whose docstring this module shows as its own.
"""

from .belot import steps as _belot_steps
from .belot.steps import CODES
from .core.steps import Step, step

__doc__ = _belot_steps.__doc__  # the table of codes, for help() and the tests
__all__ = ["CODES", "Step", "step"]
