"""A player's page, reached by the power's secret link: position, orders, DP bids, votes."""

from __future__ import annotations

from typing import NamedTuple

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from markupsafe import Markup
from werkzeug.wrappers import Response as BaseResponse

from adjudicator.position import Phase
from game.game import GameError
from orders import DPOrder, Hold, SupportHold, SupportMove
from web.access.callers import Caller, refused
from web.pages import playerframe, present
from web.pages.deflated import deflate
from web.pages.forms import form_model, query_model
from web.pages.public import dp_of, svg_response
from web.pages.routes import route
from web.play import actions, lastphase, mapview, posting
from web.play.choices import choices_json, player_choices
from web.play.ordering import check_text, orders_as_text
from web.schemas.bodies import ConcedeIn, PlayerOut
from web.schemas.choices import ChoicesOut, DpOut
from web.schemas.orders import BidIn, OrdersIn, OrdersOut
from web.schemas.table import PressOut, PressQueryIn, ReadyIn
from web.storage import pagerows, store
from web.storage.db import database
from web.storage.kept import SharedLRU
from web.storage.saving import WrongLink
from web.table import mailer, pressread, readiness

__all__ = ["bp"]

bp = Blueprint("player", __name__, url_prefix="/games/<game_id>/play/<token>")


@route(bp, "", auth="power", remembered=True)  # the page's own read confirms the link (web/storage/pagerows.py)
def page(game_id: str, caller: Caller) -> Response:
    snapshot, frame, parts = _drawn(caller)
    key = _map_key(snapshot, caller.power)
    return playerframe.answer(frame, parts, {"svg": lambda: _MAP_PIECES.get(key, lambda: deflate(parts["svg"]))})


_MAP_PIECES = SharedLRU[tuple[str, int, str], bytes](256)
"""The page's map compressed (about a fifth of its 130 kB), by the key of the map it is (web/pages/deflated.py):
as many as web/play/mapview.py keeps maps."""


def _page(
    caller: Caller,
    typed: str | None = None,
    not_saved: str | None = None,
    closed: store.PhaseClosed | None = None,
) -> str:
    """The page; after a refused save, with why (``not_saved``) and the player's text (``typed``) in the box.

    ``closed``: the save was for a phase no longer open; the page is the new phase's, the text stays in the
    box, and only the player's own tap ("Use these for ...") may save it for the new phase.
    """
    _, frame, parts = _drawn(caller, typed, not_saved, closed)
    return playerframe.fill(frame, parts)


def _drawn(
    caller: Caller,
    typed: str | None = None,
    not_saved: str | None = None,
    closed: store.PhaseClosed | None = None,
) -> tuple[store.Snapshot, playerframe.Frame, dict[str, str]]:
    """The game as read, the page's frame (kept, unless it holds what this request alone says) and its gaps
    drawn for this request (web/pages/playerframe.py)."""
    game_id, power = caller.game_id, caller.power
    try:
        snapshot = pagerows.load_for(database(), game_id, power, confirm=caller.unconfirmed)
    except WrongLink:
        refused(caller)
    alone = typed is not None or not_saved is not None or closed is not None
    key = None if alone else playerframe.frame_key(snapshot, power, caller.token)
    frame = playerframe.kept_frame(key, lambda: _frame(caller, snapshot, typed, not_saved, closed))
    press = _press(snapshot, power)
    here = url_for("player.page", game_id=game_id, token=caller.token)
    viewer, push = _Viewer(game_id, power), _push_view(game_id, power)
    token = playerframe.steady_csrf()
    steady = {"csrf_token": lambda: token}  # the forms drawn here carry the page's one token
    parts = {
        "csrf": token,
        "flashes": render_template("_flashes.html") if "_flashes" in session else "",  # as base.html draws none
        "badge": render_template("player/_badge.html", press=press),
        "press": render_template("player/_press.html", press=press, here=here, **steady),
        "notify": render_template("player/_notify.html", press=press, here=here, view=viewer, push=push, **steady),
        "svg": _page_map(snapshot, power),
    }
    return snapshot, frame, parts


class _Viewer(NamedTuple):
    """What the notifications panel reads of the page's view: whose panel it is."""

    game_id: str
    power: str


def _frame(
    caller: Caller,
    snapshot: store.Snapshot,
    typed: str | None,
    not_saved: str | None,
    closed: store.PhaseClosed | None,
) -> str:
    """The page with gaps for what each request draws (web/pages/playerframe.py): everything here follows from
    the game as read and the link (and, after a refused save, from that request: then it is not kept)."""
    power, board, position = caller.power, snapshot.board, snapshot.state.position
    saved_text = orders_as_text(board, snapshot.state.orders.get(power, []))
    lasts = lastphase.last_phases(snapshot, power)
    choices = player_choices(snapshot, power)
    view = present.player_out(snapshot, power)
    gaps = {name: playerframe.gap(name) for name in playerframe.GAPS}
    return render_template(
        "player/page.html",
        gaps=gaps,
        csrf_token=lambda: gaps["csrf"],
        view=view,
        orders_panel=_orders_panel(snapshot, power, choices, view),
        token=caller.token,
        orders_text=saved_text if typed is None else typed,
        saved_text=saved_text,
        not_saved=not_saved,
        closed=closed,
        version=snapshot.version,
        game_name=snapshot.name,
        choices=choices,
        choices_json=choices_json(snapshot, power, choices),
        dp_units=_dp_units(caller, snapshot, choices.dp, gaps["csrf"]),
        svg=gaps["svg"],
        focus=mapview.focus(board, position, power),
        lasts=lasts,
        # Opens on the last results until the power has saved orders for the new phase.
        view_first=lasts[-1].layer if lasts and power not in snapshot.submitted else "now",
        adjudicated=len(snapshot.state.history),
    )


def _push_view(game_id: str, power: str) -> dict[str, object]:
    from web.pages.player_push import push_view  # its routes are on this module's blueprint

    return push_view(game_id, power)


def _press(snapshot: store.Snapshot, power: str) -> PressOut:
    """The press panel as the page first shows it: the conversation in ``?talk=`` (older ones with ``before=``)."""
    asked = query_model(PressQueryIn)
    return pressread.read(
        database(),
        snapshot.id,
        power,
        snapshot=snapshot,
        conversation=request.args.get("talk") or None,
        before=asked.before,
        mail_possible=mail_possible(snapshot, power),
    )


def mail_possible(snapshot: store.Snapshot, power: str) -> bool:
    """Press by mail can be offered: the site has an SMTP server and the GM has an address for the power."""
    return mailer.smtp_settings(current_app.config) is not None and bool(snapshot.state.addresses.get(power))


def _orders_panel(snapshot: store.Snapshot, power: str, choices: ChoicesOut, view: PlayerOut) -> str:
    """The panel of the power's units and what each may do (or its builds), drawn once per game version: it
    follows from the position alone (player/_movement.html, _retreats.html, _adjustments.html)."""
    if snapshot.state.result.over:
        return ""
    template = f"player/_{view.phase_type}.html"

    winter = choices.adjustments
    nothing = (view.phase_type == "retreats" and not choices.units) or (winter is not None and winter.due == 0)

    def draw() -> str:  # nothing_to_order: as player/page.html sets it
        return str(render_template(template, choices=choices, view=view, nothing_to_order=nothing))

    return _PARTS.get((snapshot.id, snapshot.version, power, template), draw)


def _dp_units(caller: Caller, snapshot: store.Snapshot, dp: DpOut | None, csrf: str) -> str:
    """The DP panel's list of neutral units, each with its form: its hundreds of options drawn once per game
    version (:func:`_dp_options`), the forms once per link and bids, and kept (a reload, or another part of the
    page's work, draws nothing again).
    ``csrf``: the frame's gap for the session's token (web/pages/playerframe.py)."""
    if dp is None or snapshot.state.result.over:
        return ""
    here = url_for("player.page", game_id=caller.game_id, token=caller.token)
    phase = str(snapshot.state.position.phase)
    key = (snapshot.id, snapshot.version, here, csrf, dp.left, tuple(dp.bids_on))
    options = _DP_OPTIONS.get((snapshot.id, snapshot.version), lambda: _dp_options(dp))

    def draw() -> str:
        return str(render_template("player/_dp_units.html", dp=dp, here=here, csrf=csrf, phase=phase, options=options))

    return _PARTS.get(key, draw)


def _dp_options(dp: DpOut) -> dict[str, Markup]:
    """Each neutral unit's ``<option>``s: what DP can buy it, the same for every power."""
    return {
        unit.province: Markup("").join(
            Markup('<option value="{0}" data-text="{0}">{0}</option>').format(choice.text) for choice in unit.choices
        )
        for unit in dp.units
    }


_PARTS = SharedLRU[tuple[object, ...], str](512)
"""Parts of the player's page drawn once and kept, by what they depend on (see each function)."""
_DP_OPTIONS = SharedLRU[tuple[str, int], dict[str, Markup]](256)
"""The DP panel's options by game version: the hundreds of options of the panel, drawn once for every power."""


def _page_map(snapshot: store.Snapshot, power: str) -> str:
    """The map the page holds inline, with the power's saved orders (kept per game version and save)."""
    orders = [(power, order) for order in snapshot.state.orders.get(power, [])]

    def draw() -> str:
        svg = mapview.page_svg(snapshot.board, snapshot.state.position, orders=orders)
        return lastphase.last_results_svg(snapshot, svg)

    return mapview.cached(_map_key(snapshot, power), draw)


def _map_key(snapshot: store.Snapshot, power: str) -> tuple[str, int, str]:
    return (snapshot.id, snapshot.version, f"page {power} {snapshot.submitted.get(power)}")


@route(bp, "/auction", auth="power")
def auction(game_id: str, caller: Caller) -> str:
    """The DP auction as it would stand on this power's own bids: a small page of its own."""
    power = caller.power
    snapshot = store.load(database(), game_id)
    lots = posting.auction_preview(snapshot, power)
    view = present.player_out(snapshot, power)
    return render_template("player/auction.html", view=view, token=caller.token, lots=lots, game_name=snapshot.name)


@route(bp, "/map.svg", auth="power")
def map_svg(game_id: str, caller: Caller) -> Response:
    power = caller.power
    snapshot = store.load(database(), game_id)
    position = snapshot.state.position
    orders = [(power, order) for order in snapshot.state.orders.get(power, [])]

    def draw() -> str:
        return mapview.position_svg(
            snapshot.board, position, orders=orders, dp=dp_of(snapshot), title=f"{snapshot.name}: {power}"
        )

    key = (game_id, snapshot.version, f"{power} {snapshot.submitted.get(power)}")
    return svg_response(mapview.cached(key, draw))


@route(bp, "/check", "post", auth="power")
def check(game_id: str, caller: Caller) -> Response:
    """The verdict on each line, without saving (the page calls this as the player types).

    With ``?draw=1`` the answer also holds the map's orders layer for the accepted lines (``layer``), so the
    page draws the orders as they are typed or tapped.
    """
    power = caller.power
    data = request.get_json(silent=True) if request.is_json else {"text": request.form.get("text", "")}
    if not isinstance(data, dict):
        abort(400, 'send a JSON object such as {"text": "A Kai - Suruga"}')
    body = OrdersIn.model_validate(data)
    snapshot = store.load(database(), game_id)
    out, kept = check_text(snapshot.game(), power, body.text)
    answer = out.model_dump(mode="json")
    if request.args.get("draw"):
        position = snapshot.state.position
        answer["layer"] = mapview.orders_layer(snapshot.board, position, [(power, order) for order in kept])
    return jsonify(answer)


@route(bp, "/orders", "post", auth="power", form=OrdersIn)
def save(game_id: str, caller: Caller, body: OrdersIn) -> BaseResponse:
    """Save the box for the phase the page was drawn for (its hidden ``phase``), never for another one."""
    named = Phase.parse(body.phase) if body.phase else None
    try:
        out = actions.save_orders(database(), game_id, caller.power, body.text, body.merge, named)
    except store.PhaseClosed as closed:  # adjudicated (or rolled back) since the page was drawn
        return _refused_save(caller, body.text, closed.describe("here is the new phase,"), closed)
    except (store.Conflict, GameError) as refused:  # too late (the deadline passed), or the game changed or ended
        return _refused_save(caller, body.text, str(refused))
    _flash_saved(out)
    return _back(caller, saved=not out.refused and not out.kept_earlier)  # a refused line stays a draft


def _refused_save(caller: Caller, typed: str, why: str, closed: store.PhaseClosed | None = None) -> BaseResponse:
    """The player's page again (not an error page), saying why, with every line they typed still in the box."""
    html = _page(caller, typed=typed, not_saved=why[:1].upper() + why[1:].rstrip("."), closed=closed)
    return Response(html, status=409, mimetype="text/html")


def _form_phase() -> Phase | None:
    """The phase a form was drawn for (its hidden field); None from a page older than the field."""
    text = request.form.get("phase", "").strip()
    try:
        return Phase.parse(text) if text else None
    except ValueError:
        abort(400, f"the form names no phase it can read ('{text[:40]}'): reload the page")


@route(bp, "/bid", "post", auth="power")
def bid(game_id: str, caller: Caller) -> BaseResponse:
    power = caller.power
    try:
        out = actions.place_bid(database(), game_id, power, _bid_form(caller), _form_phase())
    except store.PhaseClosed as closed:
        flash(f"DP order not saved: {closed.describe('here is the new phase,')}.", "error")
        return _back(caller)
    if out.problem:
        flash(f"DP order refused: {out.problem}", "error")
    else:
        flash(f"DP order saved: {out.order}", "ok")
    return _back(caller)


def _bid_form(caller: Caller) -> BidIn | DPOrder:
    """The bid a form sends: one of the DP panel's choices for a neutral unit (looked up among the legal ones by
    its text, never parsed), or the fields of the API's body (a page without the panel's script)."""
    choice = request.form.get("choice")
    if choice is None:
        return form_model(BidIn)
    points = request.form.get("points", "")
    if not points.isdigit() or not 1 <= int(points) <= 9:
        abort(400, "choose how many DP the order carries")
    snapshot = store.load(database(), caller.game_id)
    dp = player_choices(snapshot, caller.power).dp
    unit = request.form.get("unit", "")
    offered = [c.order for u in (dp.units if dp else []) if u.province == unit for c in u.choices if c.text == choice]
    if not offered or not isinstance(offered[0], Hold | SupportHold | SupportMove):
        abort(400, f"'{choice[:60]}' is not a DP order the neutral unit in '{unit[:20]}' can be given now")
    return DPOrder(points=int(points), order=offered[0])


@route(bp, "/bid/withdraw", "post", auth="power")
def withdraw(game_id: str, caller: Caller) -> BaseResponse:
    power = caller.power
    try:
        left = actions.withdraw_bid(database(), game_id, power, request.form.get("unit", ""), _form_phase())
    except store.PhaseClosed as closed:
        flash(f"DP order not withdrawn: {closed.describe('here is the new phase,')}.", "error")
        return _back(caller)
    if left is None:
        abort(404, "There is no DP order for that unit to withdraw.")
    flash("DP order withdrawn.", "ok")
    return _back(caller)


@route(bp, "/draw", "post", auth="power")
def draw(game_id: str, caller: Caller) -> BaseResponse:
    power = caller.power
    powers = None if "withdraw" in request.form else request.form.getlist("powers")
    flash(
        f"Draw vote {'withdrawn' if powers is None else 'recorded'}. "
        f"{actions.vote_draw(database(), game_id, power, powers).describe()}",
        "ok",
    )
    return _back(caller)


@route(bp, "/ready", "post", auth="power")
def ready(game_id: str, caller: Caller) -> BaseResponse:
    """The ready toggle: done with this phase, or not (yet)."""
    power = caller.power
    wanted = ReadyIn(ready=request.form.get("ready") == "yes", phase=request.form.get("phase") or None)
    out = readiness.set_ready(database(), game_id, power, wanted)
    if out.adjudicating:
        flash("Everyone is ready: the phase is being adjudicated now. Reload in a few seconds for the results.", "ok")
    elif out.ready and out.paused and out.early and not out.waiting_for:
        flash(f"You are ready for {out.phase}, and so is everyone: the phase ends as soon as the GM resumes.", "ok")
    elif out.ready:
        waiting = f" Still waiting for {', '.join(out.waiting_for)}." if out.waiting_for else ""
        flash(f"You are ready for {out.phase}.{waiting} Changing your orders clears it.", "ok")
    else:
        flash(f"You are no longer marked ready for {out.phase}.", "ok")
    return _back(caller)


@route(bp, "/concede", "post", auth="power", form=ConcedeIn)
def concede(game_id: str, caller: Caller, body: ConcedeIn) -> BaseResponse:
    result = actions.concede(database(), game_id, caller.power, body.to)
    flash(f"Concession recorded. {result.describe()}", "ok")
    return _back(caller)


def _flash_saved(out: OrdersOut) -> None:
    if out.kept_earlier:
        saved = f"your {out.standing} saved order{'s' if out.standing != 1 else ''}"
        stand = f"{saved} {'stands' if out.standing == 1 else 'stand'}" if out.standing else "none saved"
        why = "every line was refused" if out.refused else "no line of it is an order (an empty box clears them)"
        flash(f"Nothing saved: {why}; {stand}.", "error")
    else:
        flash(f"Saved {out.standing} order{'s' if out.standing != 1 else ''}.", "ok")
    for line in out.lines:
        if not line.ok:
            flash(f"Line {line.number} not saved ('{line.text.strip()}'): {line.problem}", "error")


def _back(caller: Caller, saved: bool = False) -> BaseResponse:
    """The page again; ``saved``: after a save of every line, marked ``#saved`` so the page drops its draft.

    After a save with a refused line the draft stays, and the page puts it back in the box (the refused
    lines with their verdicts, to be put right), rather than leaving only the accepted lines.
    """
    url = url_for("player.page", game_id=caller.game_id, token=caller.token, _anchor="saved" if saved else None)
    return redirect(url, code=303)
