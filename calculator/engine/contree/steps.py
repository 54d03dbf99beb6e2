"""Contrée and coinche's explanation step codes: a deal's result explained as codes with values.

The web layer writes one translated sentence per code. Teams are "A" or "B", suits and contre
their enum values (a trump may also be "no_trumps" or "all_trumps"), a capot bid 250. Steps
come in the order below; a step whose case does not arise is left out (contrée declares nothing
but belote). Codes shared with another game mean the same and have the same params.

=============================== =================================================================
code                            params
=============================== =================================================================
all_passed                      (none): all four passed, the cards are thrown in
bid                             taker, bid, trump, contre, multiplier (1, 2, 4; 3 under a house
                                rule)
card_points_converted           trump, taker, defenders, raw_taker, raw_defenders, raw_total,
                                points_taker, points_defenders, total (house rule: no trumps'
                                card points counted out of 130, all trumps' out of 258; the
                                taker's x 162 / raw_total to the nearest, the defence's the rest
                                of total, 162)
card_points                     a, b, given (``None`` when a capot says them), total (162); a
                                capot's team has 252
capot                           team, bonus (90: the last trick is worth 100, not 10)
declarations_unopposed          team, points (coinche)
declarations_won                team, points, cancelled, kind, length, top, rank, other_kind,
                                other_length, other_top, other_rank (coinche)
declarations_won_in_trumps      team, points, cancelled, length, top, other_length (coinche)
declarations_cancelled_tie      length_a, length_b, top, points_a, points_b (coinche)
belot                           team, count, points (belote-rebelote)
declarations_taken_by_capot     team, points (the taker took every trick: the defence's counted
                                declarations are its too)
totals                          a, b, card_points_a, card_points_b, declarations_a,
                                declarations_b, belote_a, belote_b
contract_made                   taker, defenders, bid, total_taker, total_defenders
contract_failed_short           taker, defenders, bid, total_taker, total_defenders (the total
                                did not reach the bid)
contract_failed_behind          taker, defenders, bid, total_taker, total_defenders (it reached
                                the bid but not more than the defence)
capot_made                      taker, defenders (a capot bid: every trick taken)
capot_failed                    taker, defenders (a capot bid, and a trick lost)
belote_to_defenders             team, points (house rule: the failing taker's belote goes to
                                the defence)
score_made                      taker, defenders, total_taker, bid, points_taker,
                                points_defenders (the taker scores its total + the bid, the
                                defence its total)
score_made_contre               taker, defenders, base, bid, declarations, belote, multiplier,
                                points, belote_defenders (the taker scores (base + bid +
                                declarations + its belote) x multiplier; the defence its belote)
score_failed                    taker, defenders, base, bid, declarations, belote, multiplier,
                                points, belote_taker (the defence scores (base + bid +
                                declarations + belote) x multiplier; the taker its belote)
score_bid_made                  taker, defenders, bid, belote, multiplier, points,
                                belote_defenders (house rule "bid only")
score_bid_failed                taker, defenders, bid, belote, multiplier, points, belote_taker
                                (house rule "bid only")
rounding                        team, exact, points (each team's score to the nearest ten, 5 up;
                                one step per team, taker first)
written                         a, b (what each team writes from this deal)
=============================== =================================================================
"""

CODES = (
    "all_passed",
    "bid",
    "card_points_converted",
    "card_points",
    "capot",
    "declarations_unopposed",
    "declarations_won",
    "declarations_won_in_trumps",
    "declarations_cancelled_tie",
    "belot",
    "declarations_taken_by_capot",
    "totals",
    "contract_made",
    "contract_failed_short",
    "contract_failed_behind",
    "capot_made",
    "capot_failed",
    "belote_to_defenders",
    "score_made",
    "score_made_contre",
    "score_failed",
    "score_bid_made",
    "score_bid_failed",
    "rounding",
    "written",
)

# What only coinche, played with declarations, emits.
DECLARATION_CODES = (
    "declarations_unopposed",
    "declarations_won",
    "declarations_won_in_trumps",
    "declarations_cancelled_tie",
    "declarations_taken_by_capot",
)
CONTREE_CODES = tuple(code for code in CODES if code not in DECLARATION_CODES)
