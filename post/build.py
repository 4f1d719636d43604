"""From a game's history to the structured results post: everything worded once, for every markup.

Pure: the game state in, a :class:`~post.document.Post` out. The post for an
adjudicated phase reads the phase's stored report, the position the phase
started from (to name units as they stood) and the position it led to (for
the ownership of supply centres and the units now on the board).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from adjudicator.adjustments import CivilDisorder
from adjudicator.outcomes import Holds, Result, Succeeds
from adjudicator.position import Position, Unit
from adjudicator.rules import Rules
from game.duty import owed_orders
from game.records import GameResult, LotRecord, OutcomeRecord, PhaseReport
from game.state import GameState, HistoryEntry
from maps.board import Board
from maps.terms import PhaseType, province_of
from orders.cleantext import shown
from orders.text import location_text, order_text
from post.changes import what_changed
from post.document import BidLine, DislodgedLine, Holding, Lot, Missing, OrderLine, Post, PostResult, UnitLine
from post.wording import describe_outcome, reason_words, unit_name

__all__ = ["build_post", "lot_of", "position_after"]


def position_after(state: GameState, index: int) -> Position:
    """The position the ``index``-th adjudicated phase led to: the next one's start, or the current one
    (as it was before the GM's edits since, which the next post lists)."""
    following = state.history[index + 1 :]
    if following:
        return following[0].edited_from or following[0].before
    return state.edited_from or state.position


def build_post(
    board: Board,
    state: GameState,
    index: int,
    *,
    deadline: datetime | None = None,
    preview: bool = False,
    rules: Rules | None = None,
) -> Post:
    """The post for the ``index``-th adjudicated phase (``-1``: the last one).

    ``deadline`` is the next phase's, when the caller knows one (only the
    latest post has a next phase still open); an older post names the
    deadline its next phase had when that phase was adjudicated, as it was
    published. The latest post also carries a game result reached after it
    (a draw voted, a concession).
    """
    index = index % len(state.history)
    entry = state.history[index]
    report, after = entry.report, position_after(state, index)
    latest = index == len(state.history) - 1
    result = state.result if latest and state.result.over else report.result
    return Post(  # built from typed parts: nothing to convert or check again
        game=shown(" ".join(state.name.split())),  # a name from before names were checked: one line, escaped
        variant=board.title,
        phase=str(report.phase),
        preview=preview,
        orders=_orders(board, entry),
        dp=[lot_of(board, lot) for lot in report.auction],
        dislodged=_dislodged(board, entry),
        disbanded=[_unit(board, u) for u in report.disbanded],
        ownership=_ownership(board, entry, after, over=result.over),
        ownership_updated=bool(report.centres),
        neutral_centres=sorted(board.provinces[c].name for c in after.neutral_centres),
        unowned_centres=sorted(
            board.provinces[c].name for c in board.supply_centres - set(after.centres) - set(after.neutral_centres)
        ),
        captured={board.provinces[c].name: owner for c, owner in report.captured.items()},
        centre_counts=dict(report.centres),
        adjustments={} if result.over else dict(report.adjustments),
        rebuilt=[board.provinces[c].name for c in report.rebuilt],
        missing=_missing(board, entry, rules or board.rules),
        units=_units(board, after),
        centres={board.provinces[c].name: owner for c, owner in sorted(after.centres.items())},
        next_phase=str(report.next_phase) if report.next_phase is not None and not result.over else None,
        deadline=_utc(deadline if latest else state.history[index + 1].deadline) if not result.over else None,
        result=_result(result),
        zone=state.zone,
        correction=None if entry.previous is None else what_changed(board, entry.before, entry.previous, report),
        gm_adjustments=list(entry.edits),
    )


# --- orders ------------------------------------------------------------------------


def _orders(board: Board, entry: HistoryEntry) -> list[OrderLine]:
    """Every order's line, in the powers' order."""
    report = entry.report
    tied = {lot.unit for lot in report.auction if lot.tied}
    rank = {power: i for i, power in enumerate(board.power_names)}
    ordered = sorted(report.outcomes, key=lambda o: rank.get(o.power, len(rank)) if o.power else len(rank))
    return [_order(board, entry, outcome, tied) for outcome in ordered]


_WORD: dict[Result, str] = {r: r.value for r in Result}  # no enum lookups


def _order(board: Board, entry: HistoryEntry, outcome: OutcomeRecord, tied: set[str]) -> OrderLine:
    explanation = describe_outcome(board, entry.before, outcome, explain=True)
    explained = type(outcome.verdict) is Succeeds or type(outcome.verdict) is Holds  # numbers added to the words
    annotation = describe_outcome(board, entry.before, outcome) if explained else explanation
    unit = getattr(outcome.order, "unit", None)
    if outcome.power is None and outcome.implicit and unit is not None and province_of(unit.location) in tied:
        annotation = annotation.replace("(no order)", "(the DP auction tied: no order carried out)")
        explanation = explanation.replace("(no order)", "(the DP auction tied: no order carried out)")
    return OrderLine(
        power=outcome.power,
        order=order_text(outcome.order, board),
        success=outcome.result is Result.SUCCEEDS,
        result=_WORD[outcome.result],
        reason=reason_words(outcome.verdict),
        note=outcome.note,
        culprit=outcome.culprit,
        verdict=outcome.verdict,
        given=not outcome.implicit,
        annotation=annotation,
        explanation=explanation,
    )


def lot_of(board: Board, lot: LotRecord) -> Lot:
    """One neutral unit's auction in words: every bid and what was carried out, a tie named as a tie."""
    bids = [BidLine(power=b.power, points=b.points, order=order_text(b.order, board)) for b in lot.bids]
    if lot.winner is not None:
        backers = [b.power for b in lot.bids if b.order == lot.winner]
        verdict = f"{order_text(lot.winner, board)} carried out ({lot.total} DP from {_names(backers)})"
    else:
        totals: dict[str, int] = {}
        for bid in bids:
            totals[bid.order] = totals.get(bid.order, 0) + bid.points
        leaders = [order for order, total in totals.items() if total == lot.total]
        verdict = f"tie at {lot.total} DP between {_names(leaders)}: nothing carried out, the unit holds"
    return Lot(
        unit=location_text(lot.unit, board),
        bids=bids,
        winner=order_text(lot.winner, board) if lot.winner is not None else None,
        total=lot.total,
        tied=lot.tied,
        verdict=verdict,
    )


def _names(items: Sequence[str]) -> str:
    """``Oda``, ``Oda and Takeda``, ``Oda, Hojo and Takeda``."""
    items = list(dict.fromkeys(items))
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


# --- retreats ----------------------------------------------------------------------


def _dislodged(board: Board, entry: HistoryEntry) -> list[DislodgedLine]:
    lines = []
    for d in entry.report.dislodged:
        retreats = [location_text(loc, board) for loc in d.retreats]
        if d.unit.is_neutral:
            fate = "is disbanded: neutral units never retreat"
        elif retreats:
            fate = "may retreat to " + _names(retreats).replace(" and ", " or ")
        else:
            fate = "has no retreat and is destroyed"
        lines.append(
            DislodgedLine(
                power=d.unit.power,
                unit=unit_name(board, entry.before, d.unit.location),
                location=d.unit.location,
                attacker_from=board.provinces[d.attacker_from].name if d.attacker_from else None,
                retreats=retreats,
                fate=fate,
            )
        )
    return lines


def _unit(board: Board, unit: Unit) -> UnitLine:
    return UnitLine(
        power=unit.power, unit=f"{unit.type.value} {location_text(unit.location, board)}", location=unit.location
    )


# --- centres -----------------------------------------------------------------------


def _ownership(board: Board, entry: HistoryEntry, after: Position, *, over: bool) -> list[Holding]:
    """Each power's centres after the phase, and what changed; no builds or removals owed once the game is over."""
    report: PhaseReport = entry.report
    before = entry.before

    def name(centre: str) -> str:
        return board.provinces[centre].name

    holdings = []
    for power in board.power_names:
        owned = after.centres_of(power)
        units = len(after.units_of(power))
        gained = sorted(name(c) for c, owner in report.captured.items() if owner == power)
        lost = (
            sorted(name(c) for c in before.centres_of(power) if after.centres.get(c) != power) if report.centres else []
        )
        if not owned and not units and not lost:
            continue
        holdings.append(
            Holding(
                power=power,
                centres=sorted(name(c) for c in owned),
                count=len(owned),
                units=units,
                gained=gained,
                lost=lost,
                adjustment=0 if over else report.adjustments.get(power, 0),
            )
        )
    return holdings


def _units(board: Board, position: Position) -> dict[str, list[str]]:
    """Units per power in the board's order of powers, then ``"neutral"``."""
    by_power: dict[str, list[str]] = {}
    for unit in position.units:
        by_power.setdefault(unit.power or "neutral", []).append(
            f"{unit.type} {location_text(unit.location, board)}"  # a StrEnum formats as its value
        )
    return {power: by_power[power] for power in [*board.power_names, "neutral"] if power in by_power}


# --- civil disorder and the end -----------------------------------------------------


def _missing(board: Board, entry: HistoryEntry, rules: Rules) -> list[Missing]:
    """The powers that owed orders and sent none, and what civil disorder did for them."""
    owed = owed_orders(board, entry, rules)
    return [Missing(power=p, consequence=_disorder(board, entry, p)) for p in owed if not entry.orders.get(p)]


def _disorder(board: Board, entry: HistoryEntry, power: str) -> str:
    kind = entry.report.phase.type
    if kind is PhaseType.MOVEMENT:
        return "its units held" if entry.before.units_of(power) else "its DP went unspent"
    if kind is PhaseType.RETREATS:
        return "its dislodged units were disbanded"
    removed = [
        order_text(o.order, board).removeprefix("Remove ")
        for o in entry.report.outcomes
        if o.power == power and type(o.verdict) is CivilDisorder
    ]
    if removed:
        return "removed in civil disorder: " + ", ".join(removed)
    return "its builds were waived"


def _utc(moment: datetime | None) -> datetime | None:
    """A deadline with its zone: the web site keeps UTC times without one."""
    return moment.replace(tzinfo=UTC) if moment is not None and moment.tzinfo is None else moment


def _result(result: GameResult) -> PostResult:
    return PostResult(kind=result.kind, powers=list(result.powers), text=result.describe())
