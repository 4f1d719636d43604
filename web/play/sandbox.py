"""The sandbox: any position, orders for every power, the real engine, and nothing stored.

Its whole state travels in the link (``/sandbox?s=...``): the position it
started from (none: the variant's start), the orders of each phase
adjudicated since, and the orders being written now. Each page replays the
steps with the adjudicator, so a link is a position that anyone can open,
change and pass on, and the server keeps nothing. Stepping back is the same
link with its last step taken off.

Since a link is anyone's to write, its cost is bounded (issue 20: a 1.8 KB
link of repeated orders cost 0.76 s of the server's CPU on every page): at
most :data:`MAX_STEPS` phases, :data:`MAX_LINES` lines in a phase's orders,
and :data:`CPU_SECONDS` of this thread's CPU time to replay them all, each
refused with a message that says which and what to do.
"""

from __future__ import annotations

import base64
import binascii
import time
import zlib
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from adjudicator.position import Position
from adjudicator.positioncheck import check_position
from game.cycle import start_position
from game.game import Game
from game.state import GameState
from maps import DEFAULT_VARIANT, known_variants, load_board
from maps.board import Board
from orders import LineVerdict, Order, VerdictKind, order_text, parse_orders
from post import build_post, render
from web.schemas.orders import LineOut, OrdersOut

__all__ = [
    "CPU_SECONDS",
    "MAX_LINES",
    "MAX_STEPS",
    "Played",
    "SandboxError",
    "SandboxState",
    "check_all",
    "decode",
    "encode",
    "replay",
    "written",
]

MAX_STEPS = 40
"""Phases one link may carry (each page replays them all: about a millisecond each)."""
MAX_LINES = 200
"""Lines in one phase's orders (every unit of every power, with headers and remarks, fits well)."""
CPU_SECONDS = 0.5
"""The server's CPU time one page may spend replaying a sandbox's steps."""
_MAX_LINK = 24_000  # characters of an encoded state
_MAX_JSON = 400_000  # bytes it may unpack to


class SandboxError(ValueError):
    """A sandbox link or set-up that cannot be used, said plainly."""


class SandboxState(BaseModel):
    """Everything a sandbox is: where it started, the orders of each adjudicated phase, the orders written now."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    variant: str = DEFAULT_VARIANT
    name: str = Field(default="", max_length=80, description="the game it came from, if any (its results posts say so)")
    start: Position | None = Field(default=None, description="the position it started from; none: the variant's start")
    steps: list[str] = Field(default_factory=list, max_length=MAX_STEPS, description="each adjudicated phase's orders")
    text: str = Field(default="", max_length=20_000, description="the orders being written")


def encode(state: SandboxState) -> str:
    """The state as a short, URL-safe token (compressed JSON)."""
    packed = zlib.compress(state.model_dump_json(exclude_defaults=True).encode(), 9)
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def decode(token: str) -> SandboxState:
    """The state a token holds; :class:`SandboxError` if the link is damaged, too long or not a sandbox's."""
    if len(token) > _MAX_LINK:
        raise SandboxError("this sandbox link is too long")
    try:
        packed = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        unpacker = zlib.decompressobj()
        raw = unpacker.decompress(packed, _MAX_JSON)
        if unpacker.unconsumed_tail:
            raise SandboxError("this sandbox link holds too much")
        state = SandboxState.model_validate_json(raw)
    except (binascii.Error, zlib.error, ValueError, ValidationError) as error:
        if isinstance(error, SandboxError):
            raise
        raise SandboxError("this sandbox link is damaged (was it cut short when copied?)") from None
    if state.variant not in known_variants():
        raise SandboxError(f"this sandbox link is for an unknown variant '{state.variant}'")
    return state


@dataclass(frozen=True)
class Played:
    """A sandbox replayed: the game at its current phase (no orders yet; its history holds the steps), and
    each step's results post."""

    board: Board
    game: Game
    reports: tuple[str, ...]


def replay(state: SandboxState) -> Played:
    """Play the state's steps through the adjudicator, from its start."""
    board = load_board(state.variant)
    start = state.start or start_position(board)
    problems = check_position(board, start)
    if problems:
        raise SandboxError(f"the position cannot be played: {problems[0]}")
    game = Game(board, GameState(variant=board.name, name=state.name, position=start))
    reports = []
    started = time.thread_time()
    for number, text in enumerate(state.steps, start=1):
        lines = text.count("\n") + 1
        if lines > MAX_LINES:
            raise SandboxError(f"step {number} has {lines} lines of orders; a phase takes at most {MAX_LINES}")
        if time.thread_time() - started > CPU_SECONDS:
            raise SandboxError(
                f"replaying its {len(state.steps)} steps takes more than {CPU_SECONDS} s of the server's time "
                f"(step {number} was not reached): set up a new sandbox from a later phase"
            )
        if game.state.result.over:
            raise SandboxError(f"step {number}: the game was already over ({game.state.result.describe()})")
        for power, orders in check_all(game, text)[1].items():
            game.submit(power, orders)
        game.adjudicate()
        reports.append(render(build_post(board, game.state, -1, rules=game.rules)))
    return Played(board, game, tuple(reports))


def check_all(game: Game, text: str) -> tuple[OrdersOut, dict[str, list[Order]]]:
    """Every line's verdict, for every power's orders in one text; and the orders each power would keep.

    Lines name their power with a header (``Oda:``) or a prefix (``Oda: A Owari - Mino``); DP orders for
    neutral units come under the power that pays for them. ``game`` is not changed.
    """
    board, position = game.board, game.state.position
    parsed = parse_orders(text, board, phase=position.phase.type)
    trial = Game(board, game.state, game.rules)
    by_power: dict[str, list[tuple[int, Order]]] = {}
    lines: list[LineOut | None] = []
    for verdict in parsed.verdicts:
        if verdict.kind is VerdictKind.ORDER and verdict.power is not None and verdict.order is not None:
            by_power.setdefault(verdict.power, []).append((len(lines), verdict.order))
            lines.append(None)
        else:
            lines.append(_plain(verdict))
    kept: dict[str, list[Order]] = {}
    for power, numbered in by_power.items():
        checked = trial.submit(power, [order for _, order in numbered])
        for (index, _), engine in zip(numbered, checked, strict=True):
            raw = parsed.verdicts[index]
            lines[index] = LineOut(
                number=raw.number,
                text=raw.text,
                kind="order" if engine.accepted else "refused",
                ok=engine.accepted,
                order=f"{power}: {order_text(engine.order, board)}",
                problem=engine.problem,
                unit=getattr(getattr(engine.order, "unit", None), "province", None),
                refusal=engine.refusal,
            )
        kept[power] = list(trial.state.orders.get(power, []))
    done = [line for line in lines if line is not None]
    refused = sum(1 for line in done if not line.ok)
    accepted = sum(len(orders) for orders in kept.values())
    return OrdersOut(phase=str(position.phase), lines=done, accepted=accepted, refused=refused), kept


def _plain(verdict: LineVerdict) -> LineOut:
    number, text = verdict.number, verdict.text
    if verdict.kind is VerdictKind.ORDER:
        problem = "whose order is it? Write the power first ('Oda: A Owari - Mino') or a line 'Oda:' above"
        return LineOut(number=number, text=text, kind="error", ok=False, problem=problem)
    if verdict.kind is VerdictKind.ERROR:
        suggestions = list(verdict.suggestions)
        return LineOut(
            number=number,
            text=text,
            kind="error",
            ok=False,
            problem=verdict.problem,
            suggestions=suggestions,
            unread=verdict.unread,
        )
    if verdict.kind is VerdictKind.HEADER:
        return LineOut(number=number, text=text, kind="header", ok=True)
    return LineOut(number=number, text=text, kind="ignored", ok=True)


def written(board: Board, orders: dict[str, list[Order]]) -> str:
    """Every power's orders as one text, a header per power (how a past phase's orders open in the sandbox)."""
    blocks = []
    for power in board.power_names:
        given = orders.get(power, [])
        if given:
            blocks.append("\n".join([f"{power}:", *(order_text(order, board) for order in given)]))
    return "\n\n".join(blocks)
