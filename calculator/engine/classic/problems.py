"""Classic belote's error codes (``DealError`` and ``Problem``: ``calculator.engine.core``).

Codes shared with Bulgarian belot mean the same and have the same params; ``docs/engine.md``
describes each. ``team`` is "A" or "B"; ``index`` counts from 0 in that team's list; ``<t>`` is
``a`` or ``b``; ``contract`` is the trump suit.

================================ ==================== ===========================================
code                             field                params
================================ ==================== ===========================================
trumps_not_played                trump                trump (no trumps or all trumps: contrée's
                                                      and coinche's, never classic belote's)
card_points_missing              card_points          (none)
card_points_out_of_range         card_points          points, total
card_points_impossible           card_points          points, contract
capot_card_points_given          card_points          capot, team, points
declarations_not_played          declarations_<t>     team
too_many_belots                  belots               count, max, contract
belots_invalid                   belots_<t>           team, count
carre_rank_invalid               declarations_<t>     team, index, rank
carre_duplicate                  declarations_<t>     rank, teams (declarations if both teams)
sequence_length_invalid          declarations_<t>     team, index, length, min, max
sequence_top_too_low             declarations_<t>     team, index, length, top, lowest
declarations_exceed_hand         declarations_<t>     team, cards
sequence_top_card_needed         declarations_<t>     team, index, length
sequence_in_trumps_needed        sequence_in_trumps   length_a, length_b, top
sequence_in_trumps_undeclared    sequence_in_trumps   team
value_invalid                    (the field)          value, expected
hanging_invalid                  hanging              hanging
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
    "trumps_not_played",
    "card_points_missing",
    "card_points_out_of_range",
    "card_points_impossible",
    "capot_card_points_given",
    "declarations_not_played",
    "too_many_belots",
    "belots_invalid",
    "carre_rank_invalid",
    "carre_duplicate",
    "sequence_length_invalid",
    "sequence_top_too_low",
    "declarations_exceed_hand",
    "sequence_top_card_needed",
    "sequence_in_trumps_needed",
    "sequence_in_trumps_undeclared",
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
