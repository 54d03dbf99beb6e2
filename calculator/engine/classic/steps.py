"""Classic belote's explanation step codes: a deal's result explained as codes with values.

The web layer writes one translated sentence per code. Teams are "A" or "B", suits their enum
values, ranks "7" to "A". Steps come in the order below; a step whose case does not arise is left
out. Codes shared with Bulgarian belot (``all_passed``, ``card_points``, ``capot``, the
``declarations_*`` of its ``pool`` house rule, ``belot``, ``hanging_*``, ``written``) mean the
same and have the same params; points that wait after a litige are its "hanging" points.

=============================== =================================================================
code                            params
=============================== =================================================================
all_passed                      (none): all four passed, the cards are thrown in
taken                           taker, trump
card_points                     a, b, given (the team whose points were typed in, ``None`` when
                                a capot says them), total (162); a capot's team has 252
capot                           team, bonus (90: the last trick is worth 100, not 10)
declarations_unopposed          team, points (only this team declared sequences or carrés)
declarations_won                team, points, cancelled, kind, length, top, rank, other_kind,
                                other_length, other_top, other_rank (the single best declaration
                                wins; kind is "sequence" or "carre")
declarations_won_in_trumps      team, points, cancelled, length, top, other_length (the best
                                sequences are equal: the one in trumps wins)
declarations_cancelled_tie      length_a, length_b, top, points_a, points_b (equal, neither in
                                trumps: every sequence of both teams is cancelled)
belot                           team, count, points (belote-rebelote: 1, 20)
totals                          a, b, card_points_a, card_points_b, declarations_a,
                                declarations_b, belote_a, belote_b
made                            taker, defenders, total_taker, total_defenders (each team scores
                                its total)
made_tie                        taker, defenders, total (equal totals count as made: house rule)
inside                          taker, defenders, total_taker, total_defenders, card_points,
                                declarations, belote_defenders, belote_taker, points (the
                                defence scores ``points``: the card points, every counted
                                declaration and its belote; the taker keeps its belote)
inside_tie                      taker, defenders, total, card_points, declarations,
                                belote_defenders, belote_taker, points (equal totals count as
                                inside: house rule)
litige                          taker, defenders, total (equal totals: the defence scores its
                                total, the taker's waits)
rounding                        team, exact, points (house rule: each team's score of the deal to
                                the nearest ten, 5 up; one step per team, taker first)
hanging_added                   team, points, pot (the taker's score waits after a litige; pot:
                                waiting after this deal)
hanging_taken                   team, points (points that waited, taken on top by this deal's
                                winner)
hanging_kept                    points (nobody won this deal: the points keep waiting)
written                         a, b (what each team writes from this deal, points that waited
                                included)
=============================== =================================================================
"""

CODES = (
    "all_passed",
    "taken",
    "card_points",
    "capot",
    "declarations_unopposed",
    "declarations_won",
    "declarations_won_in_trumps",
    "declarations_cancelled_tie",
    "belot",
    "totals",
    "made",
    "made_tie",
    "inside",
    "inside_tie",
    "litige",
    "rounding",
    "hanging_added",
    "hanging_taken",
    "hanging_kept",
    "written",
)
