"""Contrée and coinche's error codes (``DealError`` and ``Problem``: ``calculator.engine.core``).

Codes shared with another game mean the same and have the same params; ``docs/engine.md``
describes each. ``team`` is "A" or "B"; ``index`` counts from 0 in that team's list; ``<t>`` is
``a`` or ``b``; ``contract`` and ``trump`` are the trump suit, "no_trumps" or "all_trumps".
Contrée, played without declarations, refuses them with ``declarations_not_played`` and raises
none of ``DECLARATION_CODES``; coinche raises those and never ``declarations_not_played``.

================================ ==================== ===========================================
code                             field                params
================================ ==================== ===========================================
bid_invalid                      bid                  bid, allowed
contre_all_passed                contre               contre
trumps_not_played                trump                trump (no trumps or all trumps, and the
                                                      match's house rule does not allow them)
card_points_missing              card_points          (none)
card_points_out_of_range         card_points          points, total
card_points_impossible           card_points          points, contract
capot_card_points_given          card_points          capot, team, points
declarations_not_played          declarations_<t>     team
too_many_belots                  belots               count, max, contract (1 in a suit; all
                                                      trumps 4, or 1 under its house rule)
belot_in_no_trumps               belots_<t>           team, count (no belote in no trumps)
belot_in_all_trumps              belots_<t>           team, count (the house rule plays none)
belots_invalid                   belots_<t>           team, count
carre_rank_invalid               declarations_<t>     team, index, rank
carre_duplicate                  declarations_<t>     rank, teams (declarations if both teams)
sequence_length_invalid          declarations_<t>     team, index, length, min, max
sequence_top_too_low             declarations_<t>     team, index, length, top, lowest
declarations_exceed_hand         declarations_<t>     team, cards
sequence_top_card_needed         declarations_<t>     team, index, length
sequence_in_trumps_needed        sequence_in_trumps   length_a, length_b, top
sequence_in_trumps_undeclared    sequence_in_trumps   team
sequence_in_trumps_no_suit       sequence_in_trumps   trump (neither no trumps nor all trumps has
                                                      one trump suit: equal sequences cancel)
value_invalid                    (the field)          value, expected
hanging_invalid                  hanging              hanging (must be 0: nothing waits)
target_invalid                   target               target
dealer_invalid                   first_dealer         dealer
too_many_deals                   deals                count, max
games_to_win_invalid             games_to_win         games, allowed
match_over                       deals                games
format_not_object                (the path)           path
format_key_missing               (the path)           path
format_key_unknown               (the path)           path
format_value_invalid             (the path)           path, value, expected
format_version_unsupported       version              version, supported
================================ ==================== ===========================================
"""

CODES = (
    "bid_invalid",
    "contre_all_passed",
    "trumps_not_played",
    "card_points_missing",
    "card_points_out_of_range",
    "card_points_impossible",
    "capot_card_points_given",
    "declarations_not_played",
    "too_many_belots",
    "belot_in_no_trumps",
    "belot_in_all_trumps",
    "belots_invalid",
    "carre_rank_invalid",
    "carre_duplicate",
    "sequence_length_invalid",
    "sequence_top_too_low",
    "declarations_exceed_hand",
    "sequence_top_card_needed",
    "sequence_in_trumps_needed",
    "sequence_in_trumps_undeclared",
    "sequence_in_trumps_no_suit",
    "value_invalid",
    "hanging_invalid",
    "target_invalid",
    "dealer_invalid",
    "too_many_deals",
    "games_to_win_invalid",
    "match_over",
    "format_not_object",
    "format_key_missing",
    "format_key_unknown",
    "format_value_invalid",
    "format_version_unsupported",
)

# What only coinche, played with declarations, can raise.
DECLARATION_CODES = (
    "carre_rank_invalid",
    "carre_duplicate",
    "sequence_length_invalid",
    "sequence_top_too_low",
    "declarations_exceed_hand",
    "sequence_top_card_needed",
    "sequence_in_trumps_needed",
)
CONTREE_CODES = tuple(code for code in CODES if code not in DECLARATION_CODES)
COINCHE_CODES = tuple(code for code in CODES if code != "declarations_not_played")
