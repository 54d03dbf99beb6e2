"""Bulgarian belot's explanation step codes: a deal's result explained as codes with values.

The web layer writes one translated sentence per code. Teams are "A" or "B"; ranks are "7" to "A"
as in :class:`~calculator.engine.core.cards.Rank`; a ``top`` may be ``None`` when it was not needed.
Steps come in the order below; a step whose case does not arise is left out.

=============================== =================================================================
code                            params
=============================== =================================================================
all_passed                      (none): all four passed, the cards are thrown in
contract                        contract, bidders, double
card_points                     a, b, given (the team whose points were typed in, ``None`` when
                                a capot says them), total
card_points_doubled             a, b (no trumps: card points doubled)
capot                           team, bonus (90, or 180 in no trumps under the house rule)
declarations_void_no_trick      team, points (that team took no trick: its declarations and
                                belots, worth ``points``, do not count)
sequences_unopposed             team, points (only this team declared sequences)
sequences_won                   team, points, cancelled, length, top, other_length, other_top
sequences_cancelled_tie         length_a, length_b, top, points_a, points_b
carres_unopposed                team, points
carres_won                      team, points, cancelled, rank, other_rank
declarations_unopposed          team, points (``pool`` house rule)
declarations_won                team, points, cancelled, kind, length, top, rank, other_kind,
                                other_length, other_top, other_rank (``pool``; kind is
                                "sequence" or "carre", the fields that do not apply are ``None``)
declarations_cancelled_tie      length_a, length_b, top, points_a, points_b (``pool``)
belot                           team, count, points
raw_totals                      a, b, card_points_a, card_points_b, declarations_a,
                                declarations_b, capot_a, capot_b
rounding                        team, raw, points, up_from, rule (rule: "more", "fewer",
                                "tie_defenders" or "tie_bidders"); one step per team, bidders
                                first
outcome_made                    bidders, defenders, raw_bidders, raw_defenders, points_bidders,
                                points_defenders
outcome_inside                  bidders, defenders, raw_bidders, raw_defenders, points_bidders,
                                points_defenders, points (all to the defenders)
outcome_inside_declared         bidders, defenders, base, declarations, points (an inside deal
                                entered without card points; declarations in game points)
outcome_hanging                 bidders, defenders, raw, points_defenders, points_hanging
outcome_contra_made             bidders, defenders, team, double, multiplier, raw_bidders,
                                raw_defenders, base, points (``team`` takes ``base`` x
                                ``multiplier``)
outcome_contra_inside           same params as outcome_contra_made
outcome_contra_hanging          bidders, defenders, double, multiplier, raw, base, points (all
                                of it hangs)
outcome_contra_hanging_split    bidders, defenders, double, multiplier, raw, points_defenders,
                                points_hanging (house rule: only the bidders' share hangs)
hanging_added                   team (whose share hangs; ``None`` when all of it does),
                                points, pot (hanging after this deal)
hanging_taken                   team, points (hanging points carried in, taken on top)
hanging_kept                    points (hanging points carried in; nobody took them, they wait
                                for the next played deal)
written                         a, b (what each team writes from this deal, hanging points
                                taken included)
=============================== =================================================================
"""

CODES = (
    "all_passed",
    "contract",
    "card_points",
    "card_points_doubled",
    "capot",
    "declarations_void_no_trick",
    "sequences_unopposed",
    "sequences_won",
    "sequences_cancelled_tie",
    "carres_unopposed",
    "carres_won",
    "declarations_unopposed",
    "declarations_won",
    "declarations_cancelled_tie",
    "belot",
    "raw_totals",
    "rounding",
    "outcome_made",
    "outcome_inside",
    "outcome_inside_declared",
    "outcome_hanging",
    "outcome_contra_made",
    "outcome_contra_inside",
    "outcome_contra_hanging",
    "outcome_contra_hanging_split",
    "hanging_added",
    "hanging_taken",
    "hanging_kept",
    "written",
)
