"""Bulgarian belot's error codes: bad input is refused with stable codes, never scored.

One exception type, :class:`DealError`, carries every problem found at once, so a form can show
each next to its field. A :class:`Problem` has a stable ``code``, a ``field`` hint (or ``None``)
and ``params``, the offending values, for the web layer's translated message.

Codes (``team`` is "A" or "B"; ``index`` counts from 0 in that team's list):

================================ ================== =============================================
code                             field              params
================================ ================== =============================================
card_points_missing              card_points        (none)
card_points_out_of_range         card_points        points, total
card_points_impossible           card_points        points, contract
capot_card_points_mismatch       capot              capot, team, points, expected
declarations_in_no_trumps        declarations_<t>   team
belot_in_no_trumps               belots_<t>         team, count
too_many_belots                  belots             count, max, contract
belots_invalid                   belots_<t>         team, count
carre_rank_invalid               declarations_<t>   team, index, rank
carre_duplicate                  declarations_<t>   rank, teams (declarations if both teams)
sequence_length_invalid          declarations_<t>   team, index, length, min, max
sequence_top_too_low             declarations_<t>   team, index, length, top, lowest
declarations_exceed_hand         declarations_<t>   team, cards
sequence_top_card_needed         declarations_<t>   team, index, length
value_invalid                    (the field)        value, expected
hanging_invalid                  hanging            hanging
target_invalid                   target             target
dealer_invalid                   first_dealer       dealer
too_many_deals                   deals              count, max
games_to_win_invalid             games_to_win       games, allowed
match_over                       deals              games
format_not_object                (the path)         path
format_key_missing               (the path)         path
format_key_unknown               (the path)         path
format_value_invalid             (the path)         path, value, expected
format_version_unsupported       version            version, supported
================================ ================== =============================================

``<t>`` is ``a`` or ``b``. ``sequence_top_card_needed`` comes only when two sequences tie on points
and the top cards given cannot decide between them: the form should then ask for those top cards.
In a match, :attr:`DealError.deal_index` says which deal (from 0) was refused.
"""

CODES = (
    "card_points_missing",
    "card_points_out_of_range",
    "card_points_impossible",
    "capot_card_points_mismatch",
    "declarations_in_no_trumps",
    "belot_in_no_trumps",
    "too_many_belots",
    "belots_invalid",
    "carre_rank_invalid",
    "carre_duplicate",
    "sequence_length_invalid",
    "sequence_top_too_low",
    "declarations_exceed_hand",
    "sequence_top_card_needed",
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
