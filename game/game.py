"""The game: a small, pure facade over the whole cycle.

``Game.new(board)`` starts at the board's first phase; ``send`` checks and
stores a power's message by the resend rule (``submit`` stores orders as
given); ``adjudicate`` resolves the phase (missing orders fall under civil
disorder), advances the game and returns the phase's report; ``state`` is
the whole game as one serialisable value. No I/O: the CLI and the web site
load and save states.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from functools import partial

from adjudicator.adjustments import adjudicate_adjustments
from adjudicator.diplomacy_points import check_dp_orders, dp_allowance, run_auction
from adjudicator.movement import adjudicate_movement
from adjudicator.outcomes import OrderOutcome
from adjudicator.position import Position
from adjudicator.retreats import adjudicate_retreats
from adjudicator.rules import Rules
from game.addresses import AddressError, mail_host, owner_of, with_addresses
from game.cycle import Transition, after_adjustments, after_movement, after_retreats, start_position
from game.duty import powers_to_order
from game.errors import GameError
from game.owed import RefusedLine
from game.records import (
    AnyVerdict,
    DislodgedRecord,
    GameResult,
    GmAction,
    LotRecord,
    OutcomeRecord,
    PhaseReport,
    ResultKind,
)
from game.resend import SendMode, Sent, merge_checked
from game.rollbacks import kept_for_rollback, reopened, taken_back
from game.state import GameState, HistoryEntry, name_problem
from game.submission import OrderVerdict, check_submission
from maps.board import Board
from maps.terms import PhaseType
from orders.cleantext import plain_name
from orders.model import DPOrder, Order

__all__ = ["Game", "GameError"]


class Game:
    """One game on one board. Each action replaces :attr:`state` with a new value."""

    def __init__(self, board: Board, state: GameState, rules: Rules | None = None) -> None:
        self.board = board
        self.rules = rules or board.rules
        self.state = state

    @classmethod
    def new(cls, board: Board, name: str = "", rules: Rules | None = None) -> Game:
        name = plain_name(name)
        if (problem := name_problem(name)) is not None:
            raise GameError(problem)
        return cls(board, GameState(variant=board.name, name=name, position=start_position(board)), rules)

    # --- reading ---------------------------------------------------------------------

    @property
    def phase(self) -> str:
        return str(self.state.position.phase)

    def powers(self) -> tuple[str, ...]:
        return self.board.power_names

    def survivors(self, position: Position | None = None) -> list[str]:
        """Powers still in the game: owning a centre or a unit, a dislodged one too (it may yet retreat)."""
        position = position or self.state.position
        retreating = {d.unit.power for d in position.dislodged}
        return [p for p in self.powers() if position.centres_of(p) or position.units_of(p) or p in retreating]

    def _require_survivor(self, power: str) -> None:
        """An eliminated power has no say in how the game ends."""
        if power not in self.survivors():
            raise GameError(f"{power} is out of the game (no centres and no units left), so it has no say in its end")

    def dp(self, power: str) -> int:
        """The power's Diplomacy Points this phase (0 outside movement phases; the GM's number if set)."""
        if self.state.position.phase.type is not PhaseType.MOVEMENT:
            return 0
        return self.state.dp_set.get(power, dp_allowance(self.state.position, power, self.rules))

    def dp_spent(self, power: str) -> int:
        return sum(o.points for o in self.state.orders.get(power, []) if isinstance(o, DPOrder))

    # --- acting ----------------------------------------------------------------------

    def submit(self, power: str, orders: Sequence[Order]) -> list[OrderVerdict]:
        """Check the power's orders; store the accepted ones in place of its earlier orders this phase."""
        self._require_power(power)
        self._require_ongoing()
        verdicts = check_submission(self.board, self.state.position, self.rules, power, orders, dp=self._dp_set(power))
        accepted = [v.order for v in verdicts if v.accepted]
        self.state = self.state.replace(orders={**self.state.orders, power: accepted})
        return verdicts

    def send(
        self, power: str, orders: Sequence[Order], *, refused_lines: int = 0, mode: SendMode = SendMode.REPLACE
    ) -> Sent:
        """A power's message: check its orders and store them by the resend rule (:mod:`game.resend`).

        ``refused_lines`` counts the message's lines already refused before the
        engine (unreadable ones): with them and no order accepted, the message
        stores nothing and the earlier orders stand.
        """
        self._require_power(power)
        self._require_ongoing()
        earlier = list(self.state.orders.get(power, []))
        check = partial(check_submission, self.board, self.state.position, self.rules, power, dp=self._dp_set(power))
        if mode is SendMode.MERGE:
            verdicts, stored = merge_checked(check, earlier, orders)
        else:
            verdicts = check(orders)
            stored = [v.order for v in verdicts if v.accepted]
        given = len(orders) + refused_lines
        kept = given > 0 and not any(v.accepted for v in verdicts)
        refused = set(self.state.all_refused)
        if kept:
            refused.add(power)
            stored = earlier
        else:
            refused.discard(power)
        marks = [p for p in self.board.power_names if p in refused]
        orders_now = self.state.orders if kept else {**self.state.orders, power: stored}
        self.state = self.state.replace(orders=orders_now, all_refused=marks)
        return Sent(power, mode, verdicts, refused_lines, earlier, stored, kept)

    def adjudicate(self, at: datetime | None = None, published: bool = True) -> PhaseReport:
        """Resolve the current phase with the stored orders and move the game on; ``at``: when (recorded).

        ``published``: the results reach the players now (the web site shows them); False for a post the GM
        has only seen so far (:meth:`publish` records it later, once mailed or posted).
        """
        self._require_ongoing()
        before, orders = self.state.position, self.state.orders
        given: dict[str | None, Sequence[Order]] = {power: list(o) for power, o in orders.items()}
        kind = before.phase.type
        if kind is PhaseType.MOVEMENT:
            report, transition = self._movement()
        elif kind is PhaseType.RETREATS:
            retreats = adjudicate_retreats(self.board, before, given)
            transition = after_retreats(self.board, self.rules, before, retreats.units)
            report = self._report(retreats.outcomes, transition)
        else:
            adjustments = adjudicate_adjustments(self.board, before, given, self.rules)
            transition = after_adjustments(self.board, self.rules, before, adjustments.units)
            report = self._report(adjustments.outcomes, transition)
        held = self.state.rolled_back
        back = taken_back(held, report, transition.position)
        opened = reopened(held, back, transition.position)
        entry = HistoryEntry(
            before=before,
            orders=orders,
            report=report,
            adjudicated_at=at,
            deadline=self.state.deadline,
            previous=back.previous,
            edits=self.state.edits,
            edited_from=self.state.edited_from,
            dp_set=self.state.dp_set,
            published=published or back.seen,
        )
        result = self._result_after(report, transition)
        self.state = self.state.replace(
            all_refused=[],
            refused=[],
            draw_votes={},
            result=result,
            history=self.state.history.appended(entry),
            rolled_back=back.left,
            **opened,
        )
        return report

    def publish(self, index: int) -> None:
        """Record that the players have seen history entry ``index``'s results (mailed, posted)."""
        self.state = self.state.replace(history=self.state.history.published_at(index))

    def _result_after(self, report: PhaseReport, transition: Transition) -> GameResult:
        """The phase's own result (a victory), or a concession completed by the fall of the last holdout."""
        if report.result.over or not self.state.concessions:
            return report.result
        return _conceded(self.state.concessions, self.survivors(transition.position)) or report.result

    def rollback(self) -> PhaseReport:
        """Undo the last adjudication (a GM's mistake): the board, orders and deadline as they were before it.

        The phase gets its own deadline back (not the next phase's), so a
        reminder already mailed for it is recognised as sent and not mailed again.
        """
        if not self.state.history:
            start = f"the game is at its start ({self.phase})"
            raise GameError(f"nothing to roll back: no phase has been adjudicated; {start}")
        last = self.state.history[-1]
        held = self.state.rolled_back or kept_for_rollback(self.state)
        self.state = self.state.replace(
            position=last.before,
            orders=last.orders,
            all_refused=[],
            refused=[],
            edits=last.edits,
            edited_from=last.edited_from,
            dp_set=last.dp_set,
            draw_votes={},
            concessions={},
            result=GameResult(),
            history=self.state.history[:-1],
            deadline=last.deadline,
            rolled_back=held.replace(entries=[last.replace(previous=None) if last.published else last, *held.entries]),
        )
        return last.report

    def rollforward(self, steps: int | None = None) -> tuple[list[PhaseReport], str | None]:
        """Adjudicate again, from their own orders, the phases rollbacks took back (all, or ``steps`` of them).

        Only while the game stands where the rollback left it: a phase whose
        starting position is not the game's now (the GM adjudicated anew, or
        edited the board) ends it. The orders stored since the rollback give
        way to the phase's own. Once every phase is back, the open phase gets
        the orders, deadline and concessions it had before the first rollback
        (as when the GM adjudicates the phases again to the same results).
        Returns the reports, and why it stopped early if a phase now adjudicates
        to another report than it had (a newer sengoku): it stops after it.
        """
        held = self.state.rolled_back
        if held is None or not held.entries or held.entries[0].before != self.state.position:
            why = (
                "no phase was rolled back"
                if held is None or not held.entries
                else (f"the game has gone another way since {held.entries[0].report.phase} was rolled back")
            )
            raise GameError(f"nothing to roll forward: {why}")
        done: list[PhaseReport] = []
        while self.state.rolled_back and self.state.rolled_back.entries and (steps is None or len(done) < steps):
            entry = self.state.rolled_back.entries[0]
            if entry.before != self.state.position or self.state.result.over:
                break
            self.state = self.state.replace(
                orders=entry.orders,
                deadline=entry.deadline,
                all_refused=[],
                edits=entry.edits,
                edited_from=entry.edited_from,
                dp_set=entry.dp_set,
            )
            report = self.adjudicate(at=entry.adjudicated_at, published=False)  # published if it comes out the same
            done.append(report)
            if report != entry.report:
                return done, f"{entry.report.phase} adjudicates to other results now than it had (a newer sengoku?)"
        return done, None

    def clear_orders(self, power: str) -> int:
        """Forget the orders ``power`` has stored for the open phase (a GM's undo); how many there were."""
        self._require_power(power)
        self._require_ongoing()
        orders = {p: o for p, o in self.state.orders.items() if p != power}
        refused = [p for p in self.state.all_refused if p != power]
        count = len(self.state.orders.get(power, []))
        self.state = self.state.replace(orders=orders, all_refused=refused)
        return count

    def note_refused(self, lines: Sequence[RefusedLine], read_for: Sequence[str | None]) -> None:
        """Keep the refused ``lines`` of a reading: they replace what was kept for the powers in ``read_for``."""
        fresh = set(read_for)
        kept = [line for line in self.state.refused if line.power not in fresh]
        if kept != self.state.refused or lines:
            self.state = self.state.replace(refused=[*kept, *lines][-200:])

    def record(self, action: str, by: str, at: datetime | None = None) -> None:
        """Add what a GM did to the game's log (the shells call it: they know who and when)."""
        entry = GmAction(at=at, by=by, action=action, phase=self.phase)
        self.state = self.state.replace(log=[*self.state.log, entry])

    def vote_draw(self, power: str, powers: Sequence[str] | None) -> GameResult:
        """Vote for a draw between ``powers`` (None withdraws the vote). Unanimity of the survivors ends it.

        A vote withdrawn from a game the draw ended makes it go on again (a
        vote recorded by mistake).
        """
        self._require_power(power)
        drawn = self.state.result.kind is ResultKind.DRAWN
        if not (drawn and powers is None and power in self.state.draw_votes):
            self._require_ongoing()
        votes = dict(self.state.draw_votes)
        if powers is None:
            votes.pop(power, None)
        else:
            self._require_survivor(power)
            survivors = self.survivors()
            outside = [p for p in powers if p not in survivors]
            if outside or not powers:
                raise GameError(f"a draw is between surviving powers; not {', '.join(outside) or 'nobody'}")
            votes[power] = sorted(set(powers))
        result = GameResult() if drawn else self.state.result
        survivors = self.survivors()
        proposals = {tuple(votes.get(p, ())) for p in survivors}
        if len(proposals) == 1 and all(p in votes for p in survivors):
            result = GameResult(kind=ResultKind.DRAWN, powers=list(next(iter(proposals))))
        self.state = self.state.replace(draw_votes=votes, result=result)
        return result

    def concede(self, power: str, to: str) -> GameResult:
        """``power`` concedes the game to ``to``, a surviving power; when every other survivor has, ``to`` wins."""
        self._require_power(power)
        self._require_power(to)
        self._require_ongoing()
        survivors = self.survivors()
        if to not in survivors:
            raise GameError(f"a concession goes to a surviving power; {to} has no centres and no units left")
        self._require_survivor(power)
        concessions = {**self.state.concessions, power: to}
        result = _conceded(concessions, survivors) or self.state.result
        self.state = self.state.replace(concessions=concessions, result=result)
        return result

    def withdraw_concession(self, power: str) -> GameResult:
        """``power`` takes its concession back; a game that its concession ended goes on again."""
        self._require_power(power)
        if power not in self.state.concessions:
            raise GameError(f"{power} has not conceded the game")
        if self.state.result.over and self.state.result.kind is not ResultKind.CONCEDED:
            raise GameError(f"the game is over: {self.state.result.describe()}")
        concessions = {p: to for p, to in self.state.concessions.items() if p != power}
        ended = self.state.result.kind is ResultKind.CONCEDED
        result = _conceded(concessions, self.survivors()) or (GameResult() if ended else self.state.result)
        self.state = self.state.replace(concessions=concessions, result=result)
        return result

    def set_addresses(self, power: str, addresses: Sequence[str]) -> list[str]:
        """Replace the power's email addresses (none: forget them). Returns them as stored."""
        self._require_power(power)
        try:
            book = with_addresses(self.state.addresses, power, addresses)
        except AddressError as error:
            raise GameError(str(error)) from None
        self.state = self.state.replace(addresses=book)
        return book.get(power, [])

    def require_verified_senders(self, hosts: Sequence[str]) -> list[str]:
        """Use mail only when a trusted host's Authentication-Results verify its sender (no hosts: stop requiring).

        A host is the authserv-id the GM's receiving mail server writes
        (``mx.google.com``); the headers of any other host are the sender's word.
        """
        try:
            cleaned = list(dict.fromkeys(mail_host(host) for host in hosts))
        except AddressError as error:
            raise GameError(str(error)) from None
        self.state = self.state.replace(mail_auth_hosts=cleaned, require_verified_sender=bool(cleaned))
        return cleaned

    def power_of_address(self, sender: str) -> str | None:
        """The power a message's sender (``From:`` as written) speaks for, or None."""
        return owner_of(self.state.addresses, sender)

    def mark_read(self, message_ids: Sequence[str]) -> None:
        """Remember messages as read (by Message-ID): a mailbox read again does not read them twice."""
        known = set(self.state.messages_read)
        fresh = [m for m in dict.fromkeys(message_ids) if m not in known]
        if fresh:
            self.state = self.state.replace(messages_read=[*self.state.messages_read, *fresh])

    # --- the phases ------------------------------------------------------------------

    def _movement(self) -> tuple[PhaseReport, Transition]:
        position = self.state.position
        unit_orders: dict[str | None, list[Order]] = {}
        dp_orders: dict[str, list[DPOrder]] = {}
        for power, given in self.state.orders.items():
            bids = [o for o in given if isinstance(o, DPOrder)]
            verdicts = check_dp_orders(self.board, position, self.rules, power, bids, self._dp_set(power))
            dp_orders[power] = [o for o, problem in zip(bids, verdicts, strict=True) if problem is None]
            unit_orders[power] = [o for o in given if not isinstance(o, DPOrder)]
        neutral_orders, lots = run_auction(position, dp_orders)
        unit_orders[None] = neutral_orders
        result = adjudicate_movement(self.board, position, unit_orders)
        transition = after_movement(self.board, self.rules, position, result)
        report = self._report(result.outcomes, transition)
        dislodged = [
            DislodgedRecord(unit=d.unit, attacker_from=d.attacker_from, retreats=list(result.retreats[d.unit.location]))
            for d in result.dislodged
        ]
        auction = [LotRecord.of(lot) for lot in lots]
        return report.replace(dislodged=dislodged, auction=auction), transition

    def _report(self, outcomes: Sequence[OrderOutcome[AnyVerdict]], transition: Transition) -> PhaseReport:
        result = self.state.result
        if transition.winner is not None:
            result = GameResult(kind=ResultKind.WON, powers=[transition.winner])
        return PhaseReport(
            phase=self.state.position.phase,
            outcomes=OutcomeRecord.all_of(outcomes),
            owed=powers_to_order(self.board, self.state.position, self.rules),
            disbanded=transition.disbanded,
            captured=transition.captured,
            rebuilt=transition.rebuilt,
            centres=transition.centres,
            adjustments=transition.adjustments,
            next_phase=None if result.over else transition.position.phase,
            result=result,
        )

    def _dp_set(self, power: str) -> int | None:
        """The power's DP this phase where the GM set them (None: its centres give them)."""
        return self.state.dp_set.get(power)

    def _require_power(self, power: str) -> None:
        if power not in self.board.power_names:
            known = ", ".join(self.board.power_names)
            raise GameError(f"unknown power '{power}'; the powers are {known}")

    def _require_ongoing(self) -> None:
        if self.state.result.over:
            raise GameError(f"the game is over: {self.state.result.describe()}")


def _conceded(concessions: Mapping[str, str], survivors: Sequence[str]) -> GameResult | None:
    """The game conceded to the one survivor every other survivor has conceded to (checked again as powers fall)."""
    for to in survivors:
        if all(concessions.get(p) == to for p in survivors if p != to):
            return GameResult(kind=ResultKind.CONCEDED, powers=[to])
    return None
