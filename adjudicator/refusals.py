"""Why an order is void, as data: a :class:`VoidReason` and the places it names.

The rules (legality, the retreat and the adjustment rules) say why an order
is void (DATC 4.E.1) with a reason and the names of the places it concerns;
the sentence a player reads is made from them only when it is read
(:func:`sentence`: a refusal at submission, the outcome's note). Each
reason's code is what game files and JSON keep; its words are that
sentence, ``{}`` where a place is named: the words players read, unchanged
(tests/adjudicator/test_void_reasons.py, one case per reason).
"""

from __future__ import annotations

from adjudicator.worded import Worded

__all__ = ["VoidReason", "Why", "sentence"]


class VoidReason(Worded):
    """Why an order is void (DATC 4.E.1): a code, and the sentence with ``{}`` where a place is named."""

    # any order
    DP_ORDER = "dp_order", "a DP order is settled before movement, not adjudicated as one"
    NOT_MOVEMENT = "not_movement", "not an order for a movement phase"
    NO_UNIT = "no_unit", "there is no unit in {}"
    NOT_NEUTRAL = "not_neutral", "the unit in {} is not neutral"
    NOT_YOURS = "not_yours", "the unit in {} belongs to {}"
    NOT_YOURS_BUT_NEUTRAL = "not_yours_but_neutral", "the unit in {} belongs to a neutral power"
    UNKNOWN_PROVINCE = "unknown_province", "there is no province {} on this map"
    TWO_ORDERS = "two_orders", "two different orders for one unit: it holds"  # DATC 4.D.3
    SAME_ORDER_TWICE = "same_order_twice", "the same order twice: counted once"
    # moves
    OWN_PROVINCE = "own_province", "a unit cannot move to its own province"
    ARMY_TO_SEA = "army_to_sea", "an army cannot move to sea"
    NO_CONVOYING_FLEETS = "no_convoying_fleets", "{} to {}: no fleets stand where they could convoy it"
    NO_CONVOY_ROUTE = "no_convoy_route", "{} to {}: not adjacent, and no convoy route"
    FLEET_CONVOYED = "fleet_convoyed", "only armies can be convoyed"
    FLEET_INLAND = "fleet_inland", "a fleet cannot move inland"
    FLEET_CANNOT_REACH = "fleet_cannot_reach", "a fleet in {} cannot reach {}"
    NAME_THE_COAST = "name_the_coast", "{} has several coasts this fleet can reach: name one"
    # supports
    SUPPORT_ITSELF = "support_itself", "a unit cannot support itself"
    NO_UNIT_TO_SUPPORT = "no_unit_to_support", "there is no unit in {} to support"
    SUPPORT_INTO_OWN_PROVINCE = "support_into_own_province", "a unit cannot support a move into its own province"
    CANNOT_SUPPORT_THERE = "cannot_support_there", "the unit in {} cannot reach {}, so it cannot support there"
    SUPPORTED_CANNOT_MOVE = "supported_cannot_move", "the unit in {} could not move to {}"
    # convoys
    NOT_AT_SEA = "not_at_sea", "only a fleet at sea can convoy"
    NO_UNIT_TO_CONVOY = "no_unit_to_convoy", "there is no unit in {} to convoy"
    FLEET_NOT_NEEDED = "fleet_not_needed", "this fleet is not needed for any convoy route from {} to {}"
    # retreats
    NOT_A_RETREAT = "not_a_retreat", "only retreats and disbands are ordered in a retreat phase"
    NO_DISLODGED_UNIT = "no_dislodged_unit", "there is no dislodged unit of {} in {}"
    WHERE_THE_ATTACKER_CAME_FROM = "where_the_attacker_came_from", "cannot retreat to {}, where the attacker came from"
    NOT_A_RETREAT_OPTION = "not_a_retreat_option", "cannot retreat to {}; it may retreat to {}"
    NO_RETREAT_AT_ALL = "no_retreat_at_all", "cannot retreat to {}; it may retreat to nowhere: it will be disbanded"
    TWO_RETREAT_ORDERS = "two_retreat_orders", "two orders for one unit: it is disbanded"
    # adjustments
    NOT_AN_ADJUSTMENT = "not_an_adjustment", "not an order for an adjustment phase"
    NO_BUILDS_DUE = "no_builds_due", "no builds are due"
    ALREADY_BUILDING = "already_building", "already building in {}"
    SITE_OCCUPIED = "site_occupied", "{} is occupied"
    CENTRE_NOT_OWNED = "centre_not_owned", "{} does not own a supply centre in {}"
    NOT_A_HOME_CENTRE = "not_a_home_centre", "{} is not a home centre of {}"
    FLEET_BUILT_INLAND = "fleet_built_inland", "a fleet cannot be built inland in {}"
    NAME_THE_COAST_TO_BUILD = "name_the_coast_to_build", "name the coast for a fleet in {}"
    ARMY_CANNOT_STAND = "army_cannot_stand", "an army cannot stand in {}"
    FLEET_CANNOT_STAND = "fleet_cannot_stand", "a fleet cannot stand in {}"
    NO_REMOVALS_DUE = "no_removals_due", "no removals are due"
    NO_UNIT_TO_REMOVE = "no_unit_to_remove", "{} has no unit in {}"
    ALREADY_REMOVED = "already_removed", "this unit is already removed"
    # A bid of Diplomacy Points for a neutral unit (Sengoku: rules 4-6)
    NO_DIPLOMACY_POINTS = "no_diplomacy_points", "this variant has no Diplomacy Points"
    DP_NOT_NEUTRAL = "dp_not_neutral", "DP orders are only for neutral units, and {} has none"
    DP_OVER_ORDER_LIMIT = "dp_over_order_limit", "a DP order carries at most {} DP"
    DP_UNIT_TWICE = "dp_unit_twice", "only one DP order per neutral unit ({} already has one)"
    DP_TOO_MANY_ORDERS = "dp_too_many_orders", "at most {} DP orders a phase"
    DP_NOT_ENOUGH = "dp_not_enough", "not enough DP: {} this phase, {} already spent"
    DP_NEUTRAL_CANNOT = "dp_neutral_cannot", "the neutral unit cannot do that: {}"
    # A reason a game file kept in words only, which no reason here says any more (read from a file
    # written before reasons had codes: game.migrate); its one place is the sentence as it was kept.
    AS_RECORDED = "as_recorded", "{}"


Why = tuple[VoidReason, tuple[str, ...]]
"""Why an order is void, and the places the sentence names."""


def sentence(reason: VoidReason, places: tuple[str, ...] = ()) -> str:
    """A reason in words, with its places named: a plain str, as an outcome stores it."""
    return reason.words.format(*places)
