"""Which of a Bulgarian belot deal's declarations count (the comparison is the core's).

Default (``separate``): the team with the highest sequence scores all its sequences, the team with
the highest carré all its carrés. House rule (``pool``): the team with the strongest single
declaration scores all its declarations. A team that took no trick (the other made a capot)
scores nothing and takes no part in the comparison.
"""

from __future__ import annotations

from ..core.declarations import Counted, count_declarations
from ..core.teams import Team
from .model import DeclarationComparison, InsideDeal, PlayedDeal, RuleProfile


def count(
    deal: PlayedDeal | InsideDeal,
    profile: RuleProfile,
    no_trick: Team | None = None,
    explain: bool = False,
) -> Counted:
    """The deal's counted declarations and belots; the steps only when ``explain`` is set."""
    return count_declarations(
        deal.declarations_a,
        deal.declarations_b,
        pool=profile.declaration_comparison is DeclarationComparison.POOL,
        no_trick=no_trick,
        explain=explain,
    )
