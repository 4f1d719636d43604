"""The results post: one adjudicated phase as the text a GM pastes into a forum.

Pure (text in memory, no printing), shared by the CLI and the web site so
both say exactly the same thing.
"""

from __future__ import annotations

from adjudicator.records import LotRecord, OutcomeRecord, PhaseReport
from adjudicator.state import HistoryEntry
from adjudicator.wording import describe_outcome, unit_name
from maps.board import Board
from orders.text import location_text, order_text

__all__ = ["render_report"]

NEUTRAL = "Neutral units"


def render_report(board: Board, entry: HistoryEntry, explain: bool = False) -> str:
    """Every section of the results post, in the order players read it."""
    report = entry.report
    lines = [f"{board.title}: {report.phase} results", ""]
    lines += _orders(board, entry, explain)
    lines += _auction(board, report.auction)
    lines += _dislodged(board, entry)
    lines += _centres(board, report)
    if report.rebuilt:
        names = ", ".join(location_text(c, board) for c in report.rebuilt)
        lines += ["Neutral armies rebuilt: " + names, ""]
    if report.result.over:
        lines.append(report.result.describe().upper())
    elif report.next_phase is not None:
        lines.append(f"Next phase: {report.next_phase}")
    return "\n".join(lines).rstrip() + "\n"


def _orders(board: Board, entry: HistoryEntry, explain: bool) -> list[str]:
    by_power: dict[str, list[OutcomeRecord]] = {}
    for outcome in entry.report.outcomes:
        by_power.setdefault(outcome.power or NEUTRAL, []).append(outcome)
    lines = []
    for power in [*board.power_names, NEUTRAL]:
        outcomes = by_power.get(power)
        if not outcomes:
            continue
        lines.append(f"{power}:")
        texts = [order_text(o.order, board) for o in outcomes]
        width = max(len(t) for t in texts)
        for text, outcome in zip(texts, outcomes, strict=True):
            lines.append(f"  {text:<{width}}  {describe_outcome(board, entry.before, outcome, explain)}")
        lines.append("")
    return lines


def _auction(board: Board, lots: list[LotRecord]) -> list[str]:
    if not lots:
        return []
    lines = ["Diplomacy Points:"]
    for lot in lots:
        bids = "; ".join(f"{b.power} {b.points} DP for {order_text(b.order, board)}" for b in lot.bids)
        if lot.winner is not None:
            verdict = f"carried out: {order_text(lot.winner, board)} ({lot.total} DP)"
        elif lot.tied:
            verdict = f"tie at {lot.total} DP: it holds"
        else:
            verdict = "it holds"
        lines.append(f"  {location_text(lot.unit, board)}: {bids} -> {verdict}")
    return [*lines, ""]


def _dislodged(board: Board, entry: HistoryEntry) -> list[str]:
    report = entry.report
    lines = []
    for d in report.dislodged:
        owner = d.unit.power or "neutral"
        name = unit_name(board, entry.before, d.unit.location)
        if d.unit.is_neutral:
            lines.append(f"  {name} ({owner}) is disbanded: neutral units never retreat")
        elif d.retreats:
            options = ", ".join(location_text(loc, board) for loc in d.retreats)
            lines.append(f"  {name} ({owner}) may retreat to: {options}")
        else:
            lines.append(f"  {name} ({owner}) has no retreat and is destroyed")
    return ["Dislodged:", *lines, ""] if lines else []


def _centres(board: Board, report: PhaseReport) -> list[str]:
    if not report.centres:
        return []
    gains: dict[str, list[str]] = {}
    for centre, owner in report.captured.items():
        gains.setdefault(owner, []).append(location_text(centre, board))
    lines = ["Supply centres:"]
    for power in board.power_names:
        count = report.centres.get(power, 0)
        gained = f" (takes {', '.join(gains[power])})" if power in gains else ""
        due = report.adjustments.get(power, 0)
        change = f", builds {due}" if due > 0 else (f", removes {-due}" if due < 0 else "")
        lines.append(f"  {power:<10} {count:>2}{change}{gained}")
    return [*lines, ""]
