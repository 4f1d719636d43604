"""The front page: create a game (and get its links), and the games on this site."""

from __future__ import annotations

from flask import Blueprint, render_template, url_for

from maps import available_maps
from web import actions, store
from web.db import database
from web.schemas import NewGameIn
from web.tokens import GM
from web.views.forms import form_model

__all__ = ["bp", "links"]

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> str:
    games = store.recent_games(database())
    return render_template("home.html", games=games, variants=available_maps())


@bp.post("/games")
def create() -> tuple[str, int]:
    request = form_model(NewGameIn)
    game_id, issued = actions.create_game(database(), request)
    return render_template("created.html", game_id=game_id, name=request.name, links=links(game_id, issued)), 201


def links(game_id: str, issued: dict[str, str]) -> dict[str, str]:
    """The full links: ``gm``, ``public`` and one per power."""
    out = {"public": url_for("public.game", game_id=game_id, _external=True)}
    for role, token in issued.items():
        endpoint = "gm.page" if role == GM else "player.page"
        out[role] = url_for(endpoint, game_id=game_id, token=token, _external=True)
    return out
