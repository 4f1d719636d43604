"""``sengoku status``: where the game stands and whose orders are still missing.

Each power due to order this phase is one of: "no orders yet", "orders
stored (n)", or "sent, but every line refused" (its message stored nothing;
see :mod:`game.resend`).
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import click

from adjudicator.adjustments import adjustment_counts, build_sites
from adjudicator.retreats import retreat_options
from cli.common import game_argument
from cli.errors import cli_errors
from cli.gamefile import load_game
from cli.positionfile import position_yaml
from game.game import Game
from game.owed import Owed, owed
from maps.terms import PhaseType
from orders.text import location_text, order_text
from post.words import deadline_text


@click.command(short_help="Phase, units, centres, DP and missing orders.")
@game_argument
@click.option("--orders", "show_orders", is_flag=True, help="Also list the orders stored so far (secret: GM only).")
@click.option(
    "--position", "as_position", is_flag=True, help="Print the position as a position file (for 'new --position')."
)
@cli_errors
def status(game: Path, show_orders: bool, as_position: bool) -> None:
    """Show the phase, units, supply centres, DP and who has sent orders."""
    loaded = load_game(game)
    if as_position:
        click.echo(position_yaml(loaded.board, loaded.state.position), nl=False)
        return
    state = loaded.state
    name = f" '{state.name}'" if state.name else ""
    click.echo(f"{loaded.board.title}{name}: {_where(loaded)}")
    if state.deadline is not None and not state.result.over:
        left = time_to(state.deadline, datetime.now(UTC))
        click.echo(f"Deadline: {deadline_text(state.deadline, state.zone)} ({left})")
    click.echo()
    for section in (_units, _centres, _due, _orders, _votes):
        lines = section(loaded)
        if lines:
            click.echo("\n".join(lines) + "\n")
    if show_orders:
        for section in (_stored, _owed, _refused):
            lines = section(loaded)
            if lines:
                click.echo("\n".join(lines) + "\n")
    click.echo(state.result.describe())


def _where(game: Game) -> str:
    """The open phase; for a game that is over, who won (or how it ended) and after which phase."""
    result = game.state.result
    if not result.over:
        return game.phase
    last = f" (after {game.state.history[-1].report.phase})" if game.state.history else ""
    return f"THE GAME IS OVER: {result.describe().rstrip('.')}{last}"


def _width(game: Game) -> int:
    return max(len(p) for p in [*game.board.power_names, "Neutral"])


def _units(game: Game) -> list[str]:
    board, position, width = game.board, game.state.position, _width(game)
    lines = ["Units:"]
    for power in [*board.power_names, None]:
        units = [u for u in position.units if u.power == power]
        if units:
            names = ", ".join(f"{u.type.value} {location_text(u.location, board)}" for u in units)
            lines.append(f"  {power or 'Neutral':<{width}}  {names}")
    return lines


def _centres(game: Game) -> list[str]:
    board, position, width = game.board, game.state.position, _width(game)
    dp = position.phase.type is PhaseType.MOVEMENT and any(game.dp(p) for p in board.power_names)
    lines = ["Supply centres" + (" (and DP this phase):" if dp else ":")]
    for power in board.power_names:
        owned = position.centres_of(power)
        points = f"  {game.dp(power)} DP" if dp else ""
        names = ", ".join(sorted(board.provinces[c].name for c in owned)) or "-"
        lines.append(f"  {power:<{width}} {len(owned):>2}{points}  {names}")
    neutral = sorted(board.provinces[c].name for c in position.neutral_centres)
    unowned = sorted(
        board.provinces[c].name for c in board.supply_centres - set(position.centres) - set(position.neutral_centres)
    )
    if neutral:
        lines.append(f"  Still neutral: {', '.join(neutral)}")
    if unowned:
        lines.append(f"  Unowned: {', '.join(unowned)}")
    return lines


def _due(game: Game) -> list[str]:
    """What this retreat or adjustment phase is for."""
    board, position = game.board, game.state.position
    if game.state.result.over:
        return []
    if position.phase.type is PhaseType.RETREATS:
        occupied = {u.province for u in position.units}
        lines = ["Retreats due:"]
        for d in position.dislodged:
            options = retreat_options(board, d, occupied, position.contested)
            where = ", ".join(location_text(loc, board) for loc in options) or "nowhere (it will be disbanded)"
            unit = f"{d.unit.type.value} {location_text(d.unit.location, board)}"
            lines.append(f"  {unit} ({d.unit.power}) may retreat to: {where}")
        return lines
    if position.phase.type is PhaseType.ADJUSTMENTS:
        lines = ["Adjustments due:"]
        for power, due in adjustment_counts(board, position).items():
            if due > 0:
                sites = ", ".join(board.provinces[c].name for c in build_sites(board, position, game.rules, power))
                where = f"vacant owned centres: {sites}" if sites else "no vacant owned centre: nothing to order"
                lines.append(f"  {power} builds {due} ({where})")
            elif due < 0:
                lines.append(f"  {power} removes {-due}")
        return lines
    return []


def time_to(deadline: datetime, now: datetime) -> str:
    """``in 2 days 3 hours``, ``in 40 minutes``, or ``passed 5 hours ago``: how far off, to the GM's eye."""
    moment = deadline if deadline.tzinfo else deadline.replace(tzinfo=UTC)
    seconds = int((moment - now).total_seconds())
    minutes = abs(seconds) // 60
    days, hours, minutes = minutes // 1440, minutes // 60 % 24, minutes % 60
    parts = [(days, "day"), (hours, "hour")] if days else [(hours, "hour"), (minutes, "minute")]
    span = " ".join(f"{n} {word}{'' if n == 1 else 's'}" for n, word in parts if n) or "less than a minute"
    return f"in {span}" if seconds > 0 else f"passed {span} ago"


def _orders(game: Game) -> list[str]:
    """Each power due to order: "no orders yet", "orders stored (n)" or "sent, but every line refused"."""
    if game.state.result.over:
        return []
    stored, refused, width = game.state.orders, set(game.state.all_refused), _width(game)
    lines = [f"Orders for {game.phase}:"]
    for owes in _owing(game):
        power = owes.power
        given = stored.get(power)
        if not given:  # none stored, or an empty set (a player who cleared the page): no orders
            lines.append(
                f"  {power:<{width}}  {'sent, but every line refused' if power in refused else 'no orders yet'}"
            )
            continue
        dp = game.dp(power)
        bids = f", {game.dp_spent(power)} of {dp} DP bid" if dp else ""
        latest = "; its latest message had every line refused" if power in refused else ""
        still = f"; still: {owes.describe()}" if owes.owes else "; every unit ordered"
        lines.append(f"  {power:<{width}}  orders stored ({len(given)}){bids}{latest}{still}")
    return lines


def _owing(game: Game) -> list[Owed]:
    return owed(game.board, game.state.position, game.rules, game.state.orders)


def _owed(game: Game) -> list[str]:
    """Each power's units (or builds, removals) still without an order: DiplomacyGM's ``.view_orders missing``."""
    if game.state.result.over:
        return []
    lines = [f"  {o.power}: {o.describe()}" for o in _owing(game) if o.owes]
    return [f"Still to order in {game.phase}:", *lines] if lines else [f"Still to order in {game.phase}: nothing"]


def _refused(game: Game) -> list[str]:
    """The lines refused at the last reading of each power's orders, with why (they are stored nowhere else)."""
    kept = game.state.refused
    if not kept:
        return []
    lines = ["Refused at the last reading (not stored):"]
    for line in kept:
        lines.append(
            f"  {line.power or '(no power)'}: '{line.text}': {line.problem}"
            + (f" ({line.where})" if line.where else "")
        )
    return lines


def _stored(game: Game) -> list[str]:
    lines = ["Stored orders:"]
    for power, given in game.state.orders.items():
        for order in given:
            lines.append(f"  {power}: {order_text(order, game.board)}")
    return lines if len(lines) > 1 else ["Stored orders: none"]


def _votes(game: Game) -> list[str]:
    state = game.state
    lines = [f"  {p} votes for a draw of {', '.join(powers)}" for p, powers in state.draw_votes.items()]
    lines += [f"  {p} concedes to {to}" for p, to in state.concessions.items()]
    return ["Draw votes and concessions:", *lines] if lines else []
