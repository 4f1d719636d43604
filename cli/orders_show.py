"""What ``sengoku orders`` prints: every line's fate, then what each power has stored.

Orders, refusals and headers get a line each; text that is no order
(chatter, signatures, quotes, markup) is shown too, a run of the same kind
on one line, so a GM can check that nothing was lost without reading a
thread's quoted history line by line. A quoted line that looks like an order
always gets its own line ("quoted, not counted").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from game.duty import powers_to_order
from game.game import Game
from game.resend import SendMode, Sent, order_key
from orders import Ignored, LineVerdict, MessageSpan, VerdictKind, order_text

__all__ = ["line_report", "notices", "quoted_notice", "refused_notice", "stored_report"]

_RULES = {
    SendMode.REPLACE: "replace: a power's new message replaces its orders",
    SendMode.MERGE: "merge: later orders for a unit replace earlier ones",
}
_ORDINALS = {2: "second", 3: "third", 4: "fourth", 5: "fifth"}
_SHOWN_TEXTS = 3  # texts quoted for a run of ignored lines; the rest is counted
_TEXT_WIDTH = 60


def line_report(game: Game, lines: Sequence[LineVerdict], messages: Sequence[MessageSpan] = ()) -> list[str]:
    """One line per order, refusal and header; one per run of ignored lines (blank lines are not shown)."""
    spans = {span.index: span for span in messages} if len(messages) > 1 else {}
    out: list[str] = []
    message = -1
    for group in _groups(lines):
        first = group[0]
        if first.message != message and first.message in spans:
            out.append(_message_line(spans[first.message], len(messages)))
        message = first.message
        out.append(_ignored(group) if _runs(first) else _counted(game, first))
    return out


def _runs(line: LineVerdict) -> bool:
    """Ignored text is shown a run at a time; a quoted order, or a line with a note ("a second mail..."), alone."""
    return line.kind is VerdictKind.IGNORED and line.ignored is not Ignored.QUOTED_ORDER and line.note is None


def _groups(lines: Sequence[LineVerdict]) -> Iterator[list[LineVerdict]]:
    """Counted lines and headers alone; ignored lines of one kind together (blank lines left out)."""
    group: list[LineVerdict] = []
    for line in lines:
        if line.ignored is Ignored.BLANK:
            continue
        if group and _runs(line) and group[0].ignored is line.ignored and group[-1].message == line.message:
            group.append(line)
            continue
        if group:
            yield group
        group = [line]
        if not _runs(line):
            yield group
            group = []
    if group:
        yield group


def _message_line(span: MessageSpan, count: int) -> str:
    """``== message 2 of 3 (line 16): a second mail starts here, from Takeda Shingen <shingen@kai.example>``."""
    sender = f": {span.sender}" if span.sender else ""
    if span.index and span.sender:
        sender = f": a {_ORDINALS.get(span.index + 1, f'{span.index + 1}th')} mail starts here, from {span.sender}"
    power = f": {span.power} (address book)" if span.power else ""
    return f"== message {span.index + 1} of {count} (line {span.first}){sender}{power}"


def _counted(game: Game, line: LineVerdict) -> str:
    where = f"line {line.number}"
    text = _short(line.text.strip())
    if line.kind is VerdictKind.HEADER:
        note = f" ({line.note})" if line.note else ""
        return f"header  {where}: {line.power}{note}"
    remark = f"  (remark: {_short(line.note)})" if line.note else ""
    if line.kind is VerdictKind.ERROR:
        return f"REFUSED {where}: '{text}': {line.problem}{remark}"
    if line.kind is VerdictKind.IGNORED and line.note is not None:  # "a second mail starts here, from ..."
        return f"ignored {where}: '{text}' ({line.ignored.value if line.ignored else 'ignored'}: {line.note})"
    if line.kind is VerdictKind.IGNORED:  # a quoted order
        return f"quoted  {where}: '{text}' ({Ignored.QUOTED_ORDER.value})"
    assert line.order is not None
    return f"ok      {where}: {line.power}: {order_text(line.order, game.board)}{remark}"


def _ignored(group: Sequence[LineVerdict]) -> str:
    why = group[0].ignored.value if group[0].ignored else "ignored"
    texts = [f"'{_short(line.text.strip())}'" for line in group]
    if len(texts) > _SHOWN_TEXTS:
        texts = [*texts[: _SHOWN_TEXTS - 1], "...", texts[-1]]
        why += f", {len(group)} lines"
    first, last = group[0].number, group[-1].number
    where = f"line {first}" if first == last else f"lines {first}-{last}"
    return f"ignored {where}: {' '.join(texts)} ({why})"


def _short(text: str) -> str:
    return text if len(text) <= _TEXT_WIDTH else text[: _TEXT_WIDTH - 3] + "..."


def stored_report(game: Game, sent: Sequence[Sent]) -> list[str]:
    """The stored set of each power this reading sent orders for, and who has none yet."""
    if not sent:
        return _unchanged(game)
    out = [f"Stored for {game.phase} ({_RULES[sent[0].mode]}):"]
    last = {result.power: result for result in sent}  # a power sending twice: its last message decides
    messages = Counter(result.power for result in sent)
    for power in game.board.power_names:
        if power not in last:
            continue
        out.append(f"  {power}: {_outcome(game, last[power])}")
        if messages[power] > 1 and last[power].mode is SendMode.REPLACE:
            out.append(f"    (from the last of its {messages[power]} messages here: each replaced the one before;")
            out.append("     with --merge a later message replaces only the orders for its units)")
        out += [f"    {order_text(order, game.board)}" for order in game.state.orders.get(power, [])]
        out += _dropped(game, last[power])
    due = powers_to_order(game.board, game.state.position, game.rules)
    waiting = [p for p in due if not game.state.orders.get(p) and p not in last]
    if waiting:
        out.append(f"No orders yet: {', '.join(waiting)}.")
    return out


def _dropped(game: Game, sent: Sent) -> list[str]:
    """The earlier orders a replacing message did not repeat: gone, so named (and one ``sengoku undo`` away)."""
    if sent.mode is not SendMode.REPLACE or sent.kept_earlier:
        return []
    now = {order_key(order) for order in sent.stored}
    gone = [order_text(order, game.board) for order in sent.earlier if order_key(order) not in now]
    if not gone:
        return []
    return [
        f"    DROPPED (given before, not in this message): {'; '.join(gone)}",
        "    (to keep them: 'sengoku undo', then read the message again with --merge)",
    ]


def _unchanged(game: Game) -> list[str]:
    """No power sent anything: nothing changed, and what is stored stands (said, so nobody thinks it gone)."""
    stored = [(p, len(game.state.orders.get(p, []))) for p in game.board.power_names if game.state.orders.get(p)]
    if not stored:
        return [f"No orders stored for {game.phase}."]
    counts = ", ".join(f"{p} ({n} order{'' if n == 1 else 's'})" for p, n in stored)
    return [f"Nothing changed. Stored for {game.phase}: {counts}."]


def _outcome(game: Game, sent: Sent) -> str:
    note = sent.earlier_note()
    if sent.kept_earlier:
        return f"NOTHING STORED: every line of its message was refused; {note}"
    count = len(game.state.orders.get(sent.power, []))
    dp = game.dp(sent.power)
    bids = f", {game.dp_spent(sent.power)} of {dp} DP bid" if dp else ""
    return f"{count} order{'' if count == 1 else 's'}{bids}" + (f" ({note})" if note else "")


def notices(lines: Sequence[LineVerdict]) -> list[str]:
    """The closing lines: quoted orders not counted, and how many lines were refused."""
    return quoted_notice(lines) + refused_notice(sum(1 for line in lines if line.kind is VerdictKind.ERROR))


def quoted_notice(lines: Sequence[LineVerdict], where: str = "") -> list[str]:
    """``Not counted: line 7 looks like an order but is quoted...``; ``where`` names the mail (``mail 2 (...), ``)."""
    quoted = [line.number for line in lines if line.ignored is Ignored.QUOTED_ORDER]
    if len(quoted) == 1:
        return [
            f"Not counted: {where}line {quoted[0]} looks like an order but is quoted; "
            "to use it, paste it without the quote."
        ]
    if quoted:
        numbers = ", ".join(str(n) for n in quoted[:10]) + (", ..." if len(quoted) > 10 else "")
        return [
            f"Not counted: {where}{len(quoted)} lines look like orders but are quoted (lines {numbers}); "
            "to use them, paste them without the quote."
        ]
    return []


def refused_notice(refused: int) -> list[str]:
    return [f"{refused} line{'s' if refused > 1 else ''} refused."] if refused else []
