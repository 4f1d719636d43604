"""Why an order is void, as data: a :class:`VoidReason` and the places it names.

The rules (legality, the retreat and the adjustment rules) say why an order
is void (DATC 4.E.1) with a reason and the names of the places it concerns;
the sentence a player reads is made from them only when it is read
(:func:`sentence`: a refusal at submission, the outcome's note). Each value
is that sentence, ``{}`` where a place is named: the words players read,
unchanged (tests/adjudicator/test_void_reasons.py, one case per reason).
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["VoidReason", "Why", "sentence"]


class VoidReason(StrEnum):
    """Why an order is void (DATC 4.E.1): each value is the sentence, ``{}`` where a place is named."""

    # any order
    DP_ORDER = "a DP order is settled before movement, not adjudicated as one"
    NOT_MOVEMENT = "not an order for a movement phase"
    NO_UNIT = "there is no unit in {}"
    NOT_NEUTRAL = "the unit in {} is not neutral"
    NOT_YOURS = "the unit in {} belongs to {}"
    NOT_YOURS_BUT_NEUTRAL = "the unit in {} belongs to a neutral power"
    UNKNOWN_PROVINCE = "there is no province {} on this map"
    TWO_ORDERS = "two different orders for one unit: it holds"  # DATC 4.D.3
    SAME_ORDER_TWICE = "the same order twice: counted once"
    # moves
    OWN_PROVINCE = "a unit cannot move to its own province"
    ARMY_TO_SEA = "an army cannot move to sea"
    NO_CONVOYING_FLEETS = "{} to {}: no fleets stand where they could convoy it"
    NO_CONVOY_ROUTE = "{} to {}: not adjacent, and no convoy route"
    FLEET_CONVOYED = "only armies can be convoyed"
    FLEET_INLAND = "a fleet cannot move inland"
    FLEET_CANNOT_REACH = "a fleet in {} cannot reach {}"
    NAME_THE_COAST = "{} has several coasts this fleet can reach: name one"
    # supports
    SUPPORT_ITSELF = "a unit cannot support itself"
    NO_UNIT_TO_SUPPORT = "there is no unit in {} to support"
    SUPPORT_INTO_OWN_PROVINCE = "a unit cannot support a move into its own province"
    CANNOT_SUPPORT_THERE = "the unit in {} cannot reach {}, so it cannot support there"
    SUPPORTED_CANNOT_MOVE = "the unit in {} could not move to {}"
    # convoys
    NOT_AT_SEA = "only a fleet at sea can convoy"
    NO_UNIT_TO_CONVOY = "there is no unit in {} to convoy"
    FLEET_NOT_NEEDED = "this fleet is not needed for any convoy route from {} to {}"
    # retreats
    NOT_A_RETREAT = "only retreats and disbands are ordered in a retreat phase"
    NO_DISLODGED_UNIT = "there is no dislodged unit of {} in {}"
    WHERE_THE_ATTACKER_CAME_FROM = "cannot retreat to {}, where the attacker came from"
    NOT_A_RETREAT_OPTION = "cannot retreat to {}; it may retreat to {}"
    NO_RETREAT_AT_ALL = "cannot retreat to {}; it may retreat to nowhere: it will be disbanded"
    TWO_RETREAT_ORDERS = "two orders for one unit: it is disbanded"
    # adjustments
    NOT_AN_ADJUSTMENT = "not an order for an adjustment phase"
    NO_BUILDS_DUE = "no builds are due"
    ALREADY_BUILDING = "already building in {}"
    SITE_OCCUPIED = "{} is occupied"
    CENTRE_NOT_OWNED = "{} does not own a supply centre in {}"
    NOT_A_HOME_CENTRE = "{} is not a home centre of {}"
    FLEET_BUILT_INLAND = "a fleet cannot be built inland in {}"
    NAME_THE_COAST_TO_BUILD = "name the coast for a fleet in {}"
    ARMY_CANNOT_STAND = "an army cannot stand in {}"
    FLEET_CANNOT_STAND = "a fleet cannot stand in {}"
    NO_REMOVALS_DUE = "no removals are due"
    NO_UNIT_TO_REMOVE = "{} has no unit in {}"
    ALREADY_REMOVED = "this unit is already removed"
    # A bid of Diplomacy Points for a neutral unit (Sengoku: rules 4-6)
    NO_DIPLOMACY_POINTS = "this variant has no Diplomacy Points"
    DP_NOT_NEUTRAL = "DP orders are only for neutral units, and {} has none"
    DP_OVER_ORDER_LIMIT = "a DP order carries at most {} DP"
    DP_UNIT_TWICE = "only one DP order per neutral unit ({} already has one)"
    DP_TOO_MANY_ORDERS = "at most {} DP orders a phase"
    DP_NOT_ENOUGH = "not enough DP: {} this phase, {} already spent"
    DP_NEUTRAL_CANNOT = "the neutral unit cannot do that: {}"


Why = tuple[VoidReason, tuple[str, ...]]
"""Why an order is void, and the places the sentence names."""


def sentence(reason: VoidReason, places: tuple[str, ...] = ()) -> str:
    """A reason in words, with its places named: a plain str, as an outcome stores it."""
    return reason.value.format(*places)
