"""Every legal order a power may give now: for the player's page (taps and lists) and the JSON API.

The orders come from :mod:`game.options`, the engine's own rules;
this module only dresses them for a page: each with its canonical text (what
the order box takes, so a tap and a typed line are the same thing) and the
provinces a player taps, in turn, to choose it on the map.
"""

from __future__ import annotations

from collections.abc import Sequence

from flask import current_app

from adjudicator.position import Position, Unit
from adjudicator.rules import NeutralOrders, Rules
from game.options import adjustment_choices, neutral_choices, unit_choices
from maps.board import Board
from maps.terms import PhaseType, province_of
from orders import DPOrder, Order, order_text, unit_text
from orders.model import Build, Convoy, Move, Remove, Retreat, SupportHold, SupportMove, UnitRef, Waive
from web.schemas.choices import AdjustmentsOut, ChoiceOut, ChoicesOut, DpOut, UnitChoicesOut
from web.storage.kept import SharedLRU
from web.storage.store import Snapshot

__all__ = ["choices_json", "choices_out", "neutral_units", "player_choices"]


def player_choices(snapshot: Snapshot, power: str) -> ChoicesOut:
    """A game's player's choices now (none once the game is over).

    The legal orders follow from the position alone, so they are worked out once per game version and power
    (:data:`_KEPT`), and what DP can buy each neutral unit, the same for every power, once per game version
    (:data:`_NEUTRALS`); only the DP the power's saved orders spend are counted on each call.
    """
    state = snapshot.state
    if state.result.over:
        return ChoicesOut(
            phase=str(state.position.phase), phase_type=state.position.phase.type.value, power=power, units=[]
        )
    board = snapshot.board

    def worked_out() -> ChoicesOut:
        neutrals = _NEUTRALS.get((snapshot.id, snapshot.version), lambda: neutral_units(board, state.position))
        return choices_out(board, state.position, board.rules, power, neutrals=neutrals)

    kept = _KEPT.get((snapshot.id, snapshot.version, power), worked_out)
    if kept.dp is None:
        return kept
    return kept.model_copy(update={"dp": kept.dp.model_copy(update=_spent(kept.dp.dp, state.orders.get(power, [])))})


def choices_json(snapshot: Snapshot, power: str, choices: ChoicesOut) -> str:
    """``choices`` as the page's script reads them: JSON safe inside a ``<script>`` (Flask's ``tojson``),
    made once per game version, power and DP spent."""
    dp = choices.dp
    spent = None if dp is None else (dp.spent, dp.left, dp.orders_given, tuple(dp.bids_on))
    key = (snapshot.id, snapshot.version, power, spent)
    return _JSON.get(key, lambda: _script_safe(current_app.json.dumps(choices.model_dump(mode="json"))))


def _script_safe(text: str) -> str:
    """JSON that cannot end a ``<script>`` or an attribute early (what Jinja's ``tojson`` does to it)."""
    for character, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("'", "\\u0027")):
        text = text.replace(character, escaped)
    return text


_JSON = SharedLRU[tuple[object, ...], str](256)
_KEPT = SharedLRU[tuple[str, int, str], ChoicesOut](256)
"""Each power's choices by game version (a value never changed: the page and the API copy what they vary)."""
_NEUTRALS = SharedLRU[tuple[str, int], tuple[UnitChoicesOut, ...]](256)
"""The neutral units' choices by game version: more than half the work of a power's choices, and every power's."""


def _spent(dp: int, given: Sequence[Order]) -> dict[str, object]:
    """The DP fields that follow from the power's orders so far (its DP orders)."""
    bids = [o for o in given if isinstance(o, DPOrder)]
    spent = sum(o.points for o in bids)
    left, on = max(dp - spent, 0), [o.unit.province for o in bids]
    return {"spent": spent, "left": left, "orders_given": len(bids), "bids_on": on}


def choices_out(
    board: Board,
    position: Position,
    rules: Rules,
    power: str,
    given: Sequence[Order] = (),
    *,
    prefix: bool = False,
    neutrals: Sequence[UnitChoicesOut] | None = None,
) -> ChoicesOut:
    """The power's choices this phase; ``given`` are its orders so far (for the DP it has spent).

    ``prefix`` writes each order as ``Oda: A Owari - Mino``, for a box that takes every power's orders.
    ``neutrals``: :func:`neutral_units` of this position, if already worked out.
    """
    lead = f"{power}: " if prefix else ""
    kind = position.phase.type
    units = [
        _unit_out(board, choice.unit, choice.orders, lead, dislodged=choice.dislodged)
        for choice in unit_choices(board, position, power)
    ]
    movement = kind is PhaseType.MOVEMENT and not prefix
    dp = _dp_out(board, position, rules, power, given, neutrals) if movement else None
    adjustments = _adjustments_out(board, position, rules, power, lead) if kind is PhaseType.ADJUSTMENTS else None
    return ChoicesOut(
        phase=str(position.phase), phase_type=kind.value, power=power, units=units, dp=dp, adjustments=adjustments
    )


def _unit_out(board: Board, unit: Unit, orders: Sequence[Order], lead: str, *, dislodged: bool) -> UnitChoicesOut:
    return UnitChoicesOut(
        location=unit.location,
        province=unit.province,
        text=unit_text(UnitRef(type=unit.type, location=unit.location), board),
        power=unit.power,
        dislodged=dislodged,
        choices=_choices(board, orders, lead),
    )


def _choices(board: Board, orders: Sequence[Order], lead: str) -> list[ChoiceOut]:
    plain = {(o.unit.location, o.destination) for o in orders if isinstance(o, Move) and not o.via_convoy}
    return [
        ChoiceOut(text=lead + order_text(order, board), kind=order.kind, clicks=_clicks(order, plain), order=order)
        for order in orders
    ]


def _clicks(order: Order, plain_moves: set[tuple[str, str]]) -> list[str]:
    """The provinces tapped, in turn, to choose the order once its unit is picked.

    A move "via convoy" next door is chosen from the list, never by a tap:
    the tap means the plain move.
    """
    match order:
        case Move(via_convoy=True) if (order.unit.location, order.destination) in plain_moves:
            return []
        case Move() | Retreat():
            return [province_of(order.destination)]
        case SupportHold():
            return [order.supported.province] * 2
        case SupportMove():
            return [order.supported.province, province_of(order.destination)]
        case Convoy():
            return [order.convoyed.province, province_of(order.destination)]
        case Build() | Remove():
            return [order.unit.province]
    return []


def _dp_out(
    board: Board,
    position: Position,
    rules: Rules,
    power: str,
    given: Sequence[Order],
    neutrals: Sequence[UnitChoicesOut] | None,
) -> DpOut | None:
    if rules.neutral_orders is not NeutralOrders.DP_AUCTION:
        return None
    dp = rules.dp_allowance(len(position.centres_of(power)))
    return DpOut(
        dp=dp,
        max_dp=rules.max_dp,
        max_orders=rules.max_dp_orders,
        max_per_order=rules.max_dp_per_order,
        units=list(neutral_units(board, position) if neutrals is None else neutrals),
        **_spent(dp, given),  # type: ignore[arg-type]
    )


def neutral_units(board: Board, position: Position) -> tuple[UnitChoicesOut, ...]:
    """What DP can buy each neutral unit: the same for every power."""
    neutrals = [u for u in position.units if u.is_neutral]
    return tuple(_unit_out(board, u, neutral_choices(board, position, u), "", dislodged=False) for u in neutrals)


def _adjustments_out(board: Board, position: Position, rules: Rules, power: str, lead: str) -> AdjustmentsOut:
    winter = adjustment_choices(board, position, rules, power)
    waive = _choices(board, [Waive()], lead)[0] if winter.waive else None
    return AdjustmentsOut(
        due=winter.due,
        sites=list(winter.sites),
        site_names=[board.display(site) for site in winter.sites],
        home_only=winter.home_only,
        choices=_choices(board, [*winter.builds, *winter.removals], lead),
        waive=waive,
    )
