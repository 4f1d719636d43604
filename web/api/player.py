"""The player's JSON API: a power's token in ``Authorization: Bearer``."""

from __future__ import annotations

from flask import Blueprint, Response, abort

from adjudicator.position import Phase
from game.game import GameError
from web.access.callers import Caller, refused
from web.api.openapi import operation
from web.api.presspage import PRESS_QUERY, press_page
from web.api.public import reply
from web.pages import present
from web.pages.player import mail_possible
from web.play import actions, posting
from web.play.choices import player_choices
from web.schemas.bodies import AuctionOut, ConcedeIn, DrawIn, PhaseClosedOut, PlayerOut, ResultOut
from web.schemas.choices import ChoicesOut
from web.schemas.orders import BidIn, BidOut, OrdersIn, OrdersOut
from web.schemas.table import (
    MessageOut,
    PressIn,
    PressMailIn,
    PressOut,
    PressSeenIn,
    PressSeenOut,
    PulseOut,
    ReadyIn,
    ReadyOut,
)
from web.storage import saving, store
from web.storage.db import database
from web.table import press, pressread, readiness

__all__ = ["bp"]

bp = Blueprint("api_player", __name__, url_prefix="/api/games/<game_id>")


@operation(
    bp,
    "/me",
    "get",
    "The power's view: units, centres, DP, its own orders, its votes",
    response=PlayerOut,
    auth="power",
)
def me(game_id: str, caller: Caller) -> tuple[Response, int]:
    power = caller.power
    return reply(present.player_out(store.load(database(), game_id), power))


@operation(
    bp,
    "/choices",
    "get",
    "Every legal order the power may give now (its units' orders, DP orders for neutral units, builds), "
    "worked out by the adjudicator's own rules",
    response=ChoicesOut,
    auth="power",
)
def choices(game_id: str, caller: Caller) -> tuple[Response, int]:
    power = caller.power
    return reply(player_choices(store.load(database(), game_id), power))


@operation(
    bp,
    "/auction",
    "get",
    "The DP auction as it would stand on the power's own bids (the other powers' bids are secret)",
    response=AuctionOut,
    auth="power",
)
def auction(game_id: str, caller: Caller) -> tuple[Response, int]:
    power = caller.power
    snapshot = store.load(database(), game_id)
    lots = posting.auction_preview(snapshot, power)
    return reply(AuctionOut(phase=str(snapshot.state.position.phase), power=power, lots=lots))


@operation(
    bp,
    "/orders/check",
    "post",
    "The verdict on each line of an order text, without saving",
    body=OrdersIn,
    response=OrdersOut,
    auth="power",
)
def check(game_id: str, caller: Caller, body: OrdersIn) -> tuple[Response, int]:
    power = caller.power
    return reply(actions.check_orders(database(), game_id, power, body.text))


@operation(
    bp,
    "/orders",
    "put",
    "Store the text's accepted lines for the phase named (`phase`): replacing the power's orders, or with merge "
    "only those for the same units. A save naming a phase that is no longer open is refused (409) and stores "
    "nothing; without `phase`, the orders go to the phase open when they arrive",
    body=OrdersIn,
    response=OrdersOut,
    auth="power",
    conflict=PhaseClosedOut,
    remembered=True,  # the save's own read confirms the link (web/storage/saving.py)
)
def save(game_id: str, caller: Caller, body: OrdersIn) -> tuple[Response, int]:
    power = caller.power
    request_ = body
    named = Phase.parse(request_.phase) if request_.phase else None
    try:
        out = actions.save_orders(
            database(), game_id, power, request_.text, request_.merge, named, confirm=caller.unconfirmed
        )
    except store.PhaseClosed as closed:
        return reply(_closed(closed, request_.text), 409)
    except saving.WrongLink:
        refused(caller)
    return reply(noted(out) if named is None else out)


def noted(out: OrdersOut) -> OrdersOut:
    """A save that named no phase: the answer says the phase it was stored for, and how to name one."""
    note = (
        f'saved for {out.phase}, the phase open when the orders arrived: name the phase ("phase": '
        f'"{out.phase}") to have a save refused rather than stored for a later phase'
    )
    return out.model_copy(update={"note": note})


def _closed(closed: store.PhaseClosed, text: str) -> PhaseClosedOut:
    return PhaseClosedOut(
        error=closed.describe()[:1].upper() + closed.describe()[1:],
        status=409,
        phase=str(closed.named),
        open_phase=str(closed.open),
        adjudicated_at=closed.adjudicated_at,
        over=closed.over,
        text=text,
    )


@operation(
    bp,
    "/bids",
    "post",
    "Add a DP order for a neutral unit (replaces an earlier one for that unit)",
    body=BidIn,
    response=BidOut,
    auth="power",
    refused=BidOut,
)
def bid(game_id: str, caller: Caller, body: BidIn) -> tuple[Response, int]:
    power = caller.power
    bid = body
    out = actions.place_bid(database(), game_id, power, bid, Phase.parse(bid.phase) if bid.phase else None)
    return reply(out, 200 if out.problem is None else 422)


@operation(bp, "/bids/<unit>", "delete", "Withdraw the DP order for a neutral unit", response=BidOut, auth="power")
def withdraw(game_id: str, unit: str, caller: Caller) -> tuple[Response, int]:
    power = caller.power
    saved = actions.withdraw_bid(database(), game_id, power, unit.upper())
    if saved is None:
        abort(404, f"no DP order of yours for the unit in '{unit}'")
    return reply(BidOut(saved=saved))


@operation(
    bp,
    "/draw",
    "post",
    "Vote for a draw between the given powers (null withdraws the vote)",
    body=DrawIn,
    response=ResultOut,
    auth="power",
)
def draw(game_id: str, caller: Caller, body: DrawIn) -> tuple[Response, int]:
    power = caller.power
    return reply(present.result_out(actions.vote_draw(database(), game_id, power, body.powers)))


@operation(
    bp, "/concede", "post", "Concede the game to another power", body=ConcedeIn, response=ResultOut, auth="power"
)
def concede(game_id: str, caller: Caller, body: ConcedeIn) -> tuple[Response, int]:
    power = caller.power
    return reply(present.result_out(actions.concede(database(), game_id, power, body.to)))


@operation(
    bp,
    "/ready",
    "put",
    "Say this power is done with the phase (ready), or not; cleared when its orders change. With 'phase', refused "
    "(409) if that phase is no longer open",
    body=ReadyIn,
    response=ReadyOut,
    auth="power",
)
def ready(game_id: str, caller: Caller, body: ReadyIn) -> tuple[Response, int]:
    power = caller.power
    return reply(readiness.set_ready(database(), game_id, power, body))


@operation(
    bp,
    "/press",
    "get",
    "The press this power may read (public, its own, and messages to it): its conversations with their unread "
    "counts, and a page of messages, oldest first (the newest, or those asked for); marks nothing as read",
    response=PressOut,
    auth="power",
    query=PRESS_QUERY,
)
def press_read(game_id: str, caller: Caller) -> tuple[Response, int]:
    return reply(press_page(caller.power, game_id))


@operation(
    bp,
    "/press/seen",
    "put",
    "Mark messages this power has seen as read (only those: the others stay unread)",
    body=PressSeenIn,
    response=PressSeenOut,
    auth="power",
)
def press_seen(game_id: str, caller: Caller, body: PressSeenIn) -> tuple[Response, int]:
    return reply(pressread.mark_seen(database(), game_id, caller.power, body.ids))


@operation(
    bp,
    "/press",
    "post",
    'Send a message: to ["*"] (everyone) or to chosen powers, signed or (where the GM allows) unsigned',
    body=PressIn,
    response=MessageOut,
    auth="power",
    status=201,
)
def press_send(game_id: str, caller: Caller, body: PressIn) -> tuple[Response, int]:
    power = caller.power
    return reply(press.send(database(), game_id, power, body), 201)


@operation(
    bp,
    "/press-mail",
    "put",
    "Mail new messages to this power's addresses (a few at a time), or not",
    body=PressMailIn,
    response=PressOut,
    auth="power",
)
def press_mail(game_id: str, caller: Caller, body: PressMailIn) -> tuple[Response, int]:
    power = caller.power
    possible = mail_possible(store.load(database(), game_id), power)
    if body.mail and not possible:
        raise GameError(
            "press by mail cannot be turned on: the site has no mail server or the GM has no address for this power"
        )
    press.set_mail(database(), game_id, power, body)
    return reply(pressread.read(database(), game_id, power, mail_possible=possible))


@operation(
    bp,
    "/pulse",
    "get",
    "What a page asks every few seconds: the game's version and phase, and the unread press (cheap)",
    response=PulseOut,
    auth="power",
)
def pulse(game_id: str, caller: Caller) -> tuple[Response, int]:
    return reply(present.pulse_out(database(), game_id, caller.power))
