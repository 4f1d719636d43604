"""The front page: create a game (and get its links), and the games on this site."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from flask import Blueprint, Response, abort, current_app, redirect, render_template, session, url_for
from werkzeug.wrappers import Response as BaseResponse

from maps import known_variants, load_board
from web.access.creating import may_create
from web.access.sealed import seal, unseal
from web.pages.forms import form_model
from web.play import actions
from web.schemas.bodies import NewGameIn
from web.storage import site, store
from web.storage.db import database
from web.storage.tokens import GM

__all__ = ["bp", "links"]

bp = Blueprint("home", __name__)
_CREATED = "created"  # the session key of the last game this browser created


@bp.get("/favicon.ico")
def favicon() -> Response:
    """The site's icon (a red sun on paper), where every browser asks for it: never a 404 in the log.

    Sent from memory (450 bytes, read once): a browser asks for it as a page finishes loading and often
    leaves before the answer is out, and a file sent as a stream is then left open by the server.
    """
    answer = Response(_icon(current_app.static_folder or ""), mimetype="image/vnd.microsoft.icon")
    answer.cache_control.public, answer.cache_control.max_age = True, 86400
    return answer


@cache
def _icon(folder: str) -> bytes:
    return (Path(folder) / "favicon.ico").read_bytes()


@bp.get("/")
def index() -> str:
    games = store.recent_games(database())
    titles = {name: load_board(name).title for name in known_variants()}
    policy = site.policy(database(), bool(current_app.config.get("PUBLIC_SITE")))
    return render_template("home.html", games=games, variants=titles, policy=policy)


@bp.post("/games")
def create() -> BaseResponse:
    """Create the game, then send the browser to its links page (so a reload shows them again, never a new game)."""
    request = form_model(NewGameIn)
    may_create(request.invitation)
    game_id, issued = actions.create_game(database(), request)
    created = {"id": game_id, "name": request.name, "links": links(game_id, issued)}
    session[_CREATED] = seal(current_app.secret_key or "", created)  # opaque: the cookie shows no link
    return redirect(url_for("home.created", game_id=game_id), code=303)


@bp.get("/games/<game_id>/links")
def created(game_id: str) -> str:
    """The new game's links, for the browser that created it only, for an hour (sealed in its session cookie,
    never kept on the server: web/access/sealed.py)."""
    kept = unseal(current_app.secret_key or "", session.get(_CREATED))
    if not isinstance(kept, dict) or kept.get("id") != game_id:
        abort(404, "These links were shown once, in the browser that created the game, and the site keeps only their "
                   "fingerprints. The GM page can make a new link for any power.")  # fmt: skip
    return render_template("created.html", game_id=game_id, name=kept["name"], links=kept["links"])


def links(game_id: str, issued: dict[str, str]) -> dict[str, str]:
    """The full links: ``gm``, ``public`` and one per power.

    Their host is the site's public address whatever the request's ``Host`` said: the app is wrapped in
    ``web.access.public_url.PublicAddress``, which shows every request to it as made there.
    """
    out = {"public": url_for("public.game", game_id=game_id, _external=True)}
    for role, token in issued.items():
        endpoint = "gm.page" if role == GM else "player.page"
        out[role] = url_for(endpoint, game_id=game_id, token=token, _external=True)
    return out
