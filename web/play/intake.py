"""The GM's box for orders a power sent by email: the command line's intake, on the web and the API.

The GM pastes the mail as received (greetings, headers, quotes, signatures,
several emails at once); it is read exactly as ``sengoku orders`` reads a
paste (:func:`inbox.paste.read_paste`): the same mail reader, the same
verdicts, the same resend rule (replace, or merge by unit), and the same
"every line refused: nothing stored" safety. The answer lists every line and
each power's stored orders.
"""

from __future__ import annotations

from werkzeug.exceptions import BadRequest

from game.game import Game
from game.resend import SendMode
from inbox.paste import read_paste
from orders import Ignored, VerdictKind
from web.play.ordering import line_out, order_texts
from web.schemas.orders import InboxIn, InboxOut, SentOut

__all__ = ["read_inbox_text"]


def read_inbox_text(game: Game, request: InboxIn) -> InboxOut:
    """Read the pasted mail into ``game`` (changed in place: the caller keeps it)."""
    power = None
    if request.power:
        names = {name.casefold(): name for name in game.board.power_names}
        power = names.get(request.power.strip().casefold())
        if power is None:
            raise BadRequest(f"unknown power '{request.power}'; the powers are {', '.join(game.board.power_names)}")
    mode = SendMode.MERGE if request.merge else SendMode.REPLACE
    read = read_paste(game, request.text, power=power, mode=mode)
    lines = [line_out(line, game.board) for line in read.lines]
    sent = [
        SentOut(
            power=result.power,
            mode=result.mode.value,
            accepted=result.accepted,
            refused=result.refused,
            kept_earlier=result.kept_earlier,
            earlier=len(result.earlier),
            replaced=result.replaced,
            kept=result.kept,
            note=result.earlier_note(),
            stored=order_texts(game.board, game.state.orders.get(result.power, [])),
        )
        for result in read.sent
    ]
    return InboxOut(
        phase=game.phase,
        lines=lines,
        messages=len(read.messages),
        sent=sent,
        refused=sum(1 for line in read.lines if line.kind is VerdictKind.ERROR),
        quoted_orders=sum(1 for line in read.lines if line.ignored is Ignored.QUOTED_ORDER),
    )
