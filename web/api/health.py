"""Health checks for a load balancer or an orchestrator: is the process alive, and can it serve?

``/healthz`` answers without touching the database (a process that answers
is alive: restarting it would not help if the database is down).
``/readyz`` answers 200 only when the database answers and its schema is the
one this code needs, so traffic goes to a process only once ``sengoku db
upgrade`` has run; otherwise 503 with the reason.
"""

from __future__ import annotations

import logging

from flask import Blueprint, Response, jsonify
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from web.storage.db import database
from web.storage.migrate import SchemaError, status

__all__ = ["bp"]

bp = Blueprint("health", __name__)
log = logging.getLogger(__name__)


@bp.get("/healthz")
def alive() -> Response:
    return jsonify(status="ok")


@bp.get("/readyz")
def ready() -> tuple[Response, int]:
    db = database()
    try:
        with db.engine.connect() as connection:
            connection.execute(text("SELECT 1"))
        schema = status(db.engine)
    except (SQLAlchemyError, SchemaError) as error:
        log.warning("not ready: %s", error)
        return jsonify(status="not ready", database=db.dialect, problem=f"the database: {type(error).__name__}"), 503
    if not schema.ready:
        return jsonify(status="not ready", database=db.dialect, problem=f"the schema is {schema.describe()}"), 503
    return jsonify(status="ready", database=db.dialect, revision=schema.current), 200
