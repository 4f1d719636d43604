"""The results post on the web: any phase's post in any markup, the GM's preview, a player's auction preview.

The same document the command line prints (:mod:`post`), so a post copied
from the site and one printed by ``sengoku adjudicate`` are the same text.
"""

from __future__ import annotations

from adjudicator.diplomacy_points import check_dp_orders, run_auction
from game.game import Game
from game.records import LotRecord
from maps.terms import PhaseType
from orders.model import DPOrder
from post import Post, build_post, render
from post.build import lot_of
from post.document import Lot
from web.storage.store import Snapshot

__all__ = ["auction_preview", "phase_post", "preview_post"]


def phase_post(snapshot: Snapshot, index: int, fmt: str = "plain") -> str:
    """The post of the ``index``-th adjudicated phase; the latest one shows the next deadline."""
    return render(_post(snapshot, index), fmt)


def _post(snapshot: Snapshot, index: int) -> Post:
    return build_post(snapshot.board, snapshot.state, index, deadline=snapshot.deadline)


def preview_post(snapshot: Snapshot) -> Post:
    """What adjudicating now would post, from the orders saved so far; the game is not changed."""
    trial = snapshot.game()
    trial.adjudicate()
    return build_post(trial.board, trial.state, -1, preview=True)


def auction_preview(snapshot: Snapshot, power: str) -> list[Lot]:
    """The DP auction as it would stand on the bids this power can see: its own (the others' are secret)."""
    game: Game = snapshot.game()
    position = game.state.position
    if position.phase.type is not PhaseType.MOVEMENT:
        return []
    bids = [o for o in game.state.orders.get(power, []) if isinstance(o, DPOrder)]
    verdicts = check_dp_orders(game.board, position, game.rules, power, bids)
    valid = [bid for bid, problem in zip(bids, verdicts, strict=True) if problem is None]
    _, lots = run_auction(position, {power: valid})
    return [_as_it_stands(lot_of(game.board, LotRecord.of(lot))) for lot in lots]


def _as_it_stands(lot: Lot) -> Lot:
    """One power's bid on a unit always leads its own auction: say what that means while the others are unknown."""
    verdict = (
        f"{lot.winner} would be carried out on your {lot.total} DP, "
        "unless other powers put more DP on a different order (equal totals tie, and the unit holds)"
    )
    return lot.replace(verdict=verdict)
