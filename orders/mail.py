"""The mail reader: a whole paste (emails, forum posts) in, one verdict for every line out.

A GM pastes what players sent: greetings, orders under headers, sign-offs,
signatures, quoted replies, forwarded mail, forum markup, often several
messages in a row. The reader walks the lines once, top to bottom, and gives
each exactly one verdict (:class:`~orders.verdicts.LineVerdict`):

* **header**: names the power for the lines below (``Oda:``, ``Orders for
  Oda``, ``Oda orders for Spring 1570:``, ``Subject: Oda S1570``, or a
  ``From:`` line whose address the game knows);
* **order**: read by the parser (:mod:`orders.parser`); the engine judges it
  next;
* **error**: a line that looks like an order but cannot be read, with the
  reason: counted, so the GM sees it;
* **ignored**, never counted: blank, comment, chatter (greetings, sign-offs,
  prose), signature, wrapping (markup alone), mail header, and quoted text:
  ``>`` lines, ``[quote]`` blocks, and everything after ``On ... wrote:``,
  ``-----Original Message-----`` or a forwarded-message line. A quoted line
  that looks like an order is named "quoted, not counted", so a GM can see
  what was left out and why.

A signature (after ``-- ``) ends at the next header or order-like line, never
later. A ``From:``, ``Date:`` or ``Subject:`` line outside quoted headers
starts a new message: the power goes back to the default, and quoting and
signatures end. Markup (``[b]``, ``[code]``, ``**``, backticks, bullets,
numbering) is stripped before a line is read. The text is NFKC-normalised
first, so full-width letters and dashes (a Japanese keyboard's) are read as
the letters and dashes they stand for.

Pure: no I/O. Time is linear in the text; each line costs a few microseconds.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from enum import Enum, auto

from maps.board import Board
from maps.terms import PhaseType
from orders import mailtext as shapes
from orders.misspelt import misspelt_power
from orders.parser import Grammar, LineRead, grammar_of
from orders.verdicts import Ignored, LineVerdict, MessageSpan, ParsedOrders, VerdictKind

__all__ = ["AddressBook", "parse_orders"]

AddressBook = Callable[[str], str | None]
"""The power a ``From:`` value (``"Oda <nobunaga@example.org>"``) speaks for, or None."""


_MARKS = frozenset(">-_#/%[*`=~•+")  # a line starting with one of these may be a quote, a rule, markup...
_WRAP = frozenset("[*_`~")  # ...and one holding one of these may be wrapped in markup


class _Mode(Enum):
    BODY = auto()
    MAIL_HEAD = auto()  # the header block of a message (From:, Date:, Subject: ...)
    SIGNATURE = auto()  # after "-- ", until a header or an order-like line
    QUOTE_HEAD = auto()  # just after "-----Original Message-----": the quoted message's headers
    QUOTE = auto()  # a quoted message written without '>' marks: until the next message
    WROTE = auto()  # just after "On ... wrote:": '>' lines follow, or an unmarked quote


# The words of a results post ("A Owari - Mino: moved"): a block of them is a quoted post, not a new email.
_RESULT_WORDS = (
    r"(?i)\b(moved|bounced|bounces|dislodged|cut|void|fails|failed|succeeds|succeeded|destroyed|disbanded)\b"
)
_OPEN = frozenset({_Mode.BODY, _Mode.SIGNATURE, _Mode.MAIL_HEAD})  # where a header is a header


def parse_orders(
    text: str,
    board: Board,
    *,
    phase: PhaseType | None = None,
    power: str | None = None,
    fixed: bool = False,
    address_book: AddressBook | None = None,
) -> ParsedOrders:
    """Every line of a pasted text, with its verdict, and the messages found in it.

    ``power`` is the power for lines before any header (a player's own page,
    ``sengoku orders --power``, a mail from a known address). With ``fixed``,
    the whole text speaks for ``power`` alone: a header or prefix naming
    another power is refused, and so are the lines under it. ``phase``
    settles words that mean different orders in different phases (``-``
    retreats in a retreat phase, ``disband`` removes in winter).
    ``address_book`` names the power of a ``From:`` line.
    """
    return _Reader(grammar_of(board), phase, power if fixed else None, power, address_book).read(text)


class _Reader:
    def __init__(
        self,
        grammar: Grammar,
        phase: PhaseType | None,
        fixed: str | None,
        default: str | None,
        address_book: AddressBook | None,
    ) -> None:
        self.grammar = grammar
        self.phase = phase
        self.powers = grammar.powers
        self.address_book = address_book
        self.text_fixed, self.default = fixed, default
        self.verdicts: list[LineVerdict] = []
        self.lines: list[str] = []
        self.messages: list[MessageSpan] = []
        self.message = 0
        self._start_message(1)

    def _start_message(self, first: int) -> None:
        self.first = first
        self.power = self.default
        self.fixed = self.text_fixed
        self.sender: str | None = None
        self.sender_power: str | None = None
        self.mode = _Mode.BODY
        self.quote_headers_seen = False
        self.forwarded = False  # a forwarded message's quote runs to the end of the message, whatever it holds
        self.quote_from_intro = False  # the quote began "On ... wrote:": it runs to the next mail header
        self.quoted_in_reply = False
        self.bbquote = 0
        self.refused_header: tuple[int, str] | None = None  # (line, power) of a header this text may not use
        self.unknown_power: tuple[str, tuple[str, ...]] | None = None  # a misspelt header's problem, and its guesses
        self.started = False  # has the message any line besides its mail headers?
        self.subject: str | None = None  # the message's own Subject: line

    def _end_message(self, last: int) -> None:
        self.messages.append(MessageSpan(self.message, self.first, last, self.sender, self.sender_power))

    def read(self, text: str) -> ParsedOrders:
        raws = text.splitlines()
        # full-width letters and dashes ("Ｋａｉ － Ｓｕｒｕｇａ") read as what they are; verdicts keep the raw line
        lines = self.lines = [raw if raw.isascii() else unicodedata.normalize("NFKC", raw) for raw in raws]
        for number, (raw, line) in enumerate(zip(raws, lines, strict=True), start=1):
            self.verdicts.append(self._line(number, raw, line, lines))
        self._end_message(len(raws))
        return ParsedOrders(self.verdicts, self.messages)

    # --- one line ---------------------------------------------------------------------

    def _line(self, number: int, raw: str, read: str, lines: list[str]) -> LineVerdict:
        """One line's verdict (``read``: the line NFKC-normalised); the reader's state moves on with it."""
        line = read.strip()
        if not line:
            return self._blank(number, raw)
        plain = self._plain_order(number, raw, line)
        if plain is not None:
            return plain
        mode = self.mode
        if len(line) < 24 and mode in _OPEN and not self.bbquote and line.rstrip(":").casefold() in self.powers:
            return self._content(number, raw, line)  # "Oda:", "TAKEDA": a header at once
        if self.bbquote or "[" in line:
            quoted = self._bbcode_quote(number, raw, line)
            if quoted is not None:
                return quoted
        if line[0] == ">":
            self.quoted_in_reply = self.quoted_in_reply or self.mode is _Mode.WROTE
            return self._quoted(number, raw, shapes.unquote(line))
        if self.mode is _Mode.WROTE:  # after "On ... wrote:": '>' lines, then a reply below; or no '>' at all
            self.mode = _Mode.BODY if self.quoted_in_reply else _Mode.QUOTE
        header = shapes.mail_header(line)
        if header is not None:
            return self._mail_header(number, raw, header, lines)
        if self.mode is _Mode.MAIL_HEAD:
            self.mode = _Mode.BODY
        marker = self._quote_marker(number, line, lines)
        if marker is not None:
            self.started = True
            self.mode = marker
            return self._skip(number, raw, Ignored.QUOTED)
        self.started = True
        if self.mode is _Mode.QUOTE_HEAD or self.mode is _Mode.QUOTE:
            ends = self.mode is _Mode.QUOTE and self.fixed is None and not self.forwarded
            if ends and self._next_message_below(number, line, lines):
                self._end_message(number - 1)
                self.message += 1
                self._start_message(number)
                return self._content(number, raw, line)
            self.mode = _Mode.QUOTE
            return self._quoted(number, raw, line)
        if (shapes.is_signature_delimiter(line) and not self._looks_like_order(line[2:].strip())) or (
            shapes.is_sent_from(line)
        ):
            self.mode = _Mode.SIGNATURE  # "-- Nobunaga" opens a signature; "-- A Kai - Suruga" is an order
            return self._skip(number, raw, Ignored.SIGNATURE)
        return self._content(number, raw, line)

    def _plain_order(self, number: int, raw: str, line: str) -> LineVerdict | None:
        """The common case, read at once: an order line in a message body, with no marks or markup."""
        mode = self.mode
        if not (
            (mode is _Mode.BODY or mode is _Mode.SIGNATURE)
            and not self.bbquote
            and self.refused_header is None
            and self.unknown_power is None
            and line[0] not in _MARKS
            and line[-1] != ":"
            and _WRAP.isdisjoint(line)
            and (":" not in line[:10] or shapes.mail_header(line) is None)
        ):
            return None
        read = self.grammar.read(line, self.phase)
        order, power = read.order, read.power
        if order is None or not (power is None or self.fixed is None or power == self.fixed):
            return None
        self.started, self.mode = True, _Mode.BODY
        kind, power = VerdictKind.ORDER, power or self.power
        return LineVerdict(number, raw, kind, power, order, None, (), None, self.message, read.remark)

    def _content(self, number: int, raw: str, line: str) -> LineVerdict:
        """A line that is not quoted: a header, an order, a refused order, or chatter (or signature)."""
        if shapes.is_struck_out(line):
            return self._skip(number, raw, Ignored.STRUCK)
        content = shapes.strip_wrapping(line)
        in_signature = self.mode is _Mode.SIGNATURE
        if not content or shapes.is_separator(content):
            return self._skip(number, raw, Ignored.SIGNATURE if in_signature else Ignored.WRAPPING)
        if content.startswith(("#", "//", "%")):  # a comment, or a Markdown heading ("## Oda")
            heading = content.lstrip("#").strip() if content[0] == "#" else ""
            if not heading or shapes.power_of_header(heading, self.powers) is None:
                return self._skip(number, raw, Ignored.COMMENT)  # a comment wherever it is, a signature too
            content = heading
        power = self.powers.get(content.rstrip(":").casefold()) or shapes.power_of_header(content, self.powers)
        if power is not None:
            self.mode = _Mode.BODY
            return self._header(number, raw, power)
        read = self.grammar.read(content, self.phase)
        if read.order is None and (not in_signature or content.endswith(":")):
            misspelt = self._misspelt_header(number, content)
            if misspelt is not None:
                return self._misspelt(number, raw, *misspelt)
        if read.order is None and not read.misspelt and not self.grammar.order_like(content):
            return self._skip(number, raw, Ignored.SIGNATURE if in_signature else Ignored.CHATTER)
        self.mode = _Mode.BODY
        return self._counted(number, raw, read, read.power)

    def _counted(self, number: int, raw: str, read: LineRead, prefix: str | None) -> LineVerdict:
        """An order line the grammar read (``read``): the order, or refused with the reason and names to offer."""
        power, order, problem, suggestions, unread = (
            prefix or self.power,
            read.order,
            read.problem,
            read.suggestions,
            read.unread,
        )
        if self.fixed is not None and prefix is not None and prefix != self.fixed:
            power, problem, order, unread = self.fixed, self._only(prefix), None, None
        elif self.unknown_power is not None and prefix is None:
            power, order, unread = None, None, None
            problem, suggestions = self.unknown_power
        elif self.refused_header is not None and prefix is None:
            line, other = self.refused_header
            problem, order, unread = f"under the header on line {line} for {other}: {self._only(other)}", None, None
        if order is None:
            kind = VerdictKind.ERROR
            return LineVerdict(
                number, raw, kind, power, None, problem, suggestions, message=self.message, unread=unread
            )
        return LineVerdict(number, raw, VerdictKind.ORDER, power, order, message=self.message, note=read.remark)

    def _misspelt(self, number: int, raw: str, word: str, guesses: tuple[str, ...]) -> LineVerdict:
        """A header naming no power: refused with the powers it could mean, and so are the orders under it.

        In a mail whose address speaks for one power, a misspelling of that
        very power (``Odda:`` from Oda's address) is that power's header.
        """
        self.mode = _Mode.BODY
        if self.fixed is not None and guesses[0] == self.fixed:
            return self._header(number, raw, self.fixed, note=f"'{word}' read as {self.fixed}, the sender's power")
        problem = f"unknown power '{word}' (did you mean {' or '.join(guesses)}?)"
        self.power, self.refused_header, self.unknown_power = None, None, (problem, guesses)
        return LineVerdict(number, raw, VerdictKind.ERROR, None, None, problem, guesses, message=self.message)

    def _misspelt_header(self, number: int, content: str) -> tuple[str, tuple[str, ...]] | None:
        """``("Odda", ("Oda",))`` for a header naming no power (:mod:`orders.misspelt`), else None."""
        below = shapes.strip_wrapping(shapes.next_text(self.lines, number))
        return misspelt_power(
            content, below, self.powers, lambda line: self.grammar.read(line, self.phase).order is not None
        )

    def _only(self, other: str) -> str:
        return f"this text gives orders for {self.fixed} only, not for {other}"

    def _header(self, number: int, raw: str, power: str, note: str | None = None) -> LineVerdict:
        if self.fixed is not None and power != self.fixed:
            self.refused_header = (number, power)
            problem = self._only(power)
            return LineVerdict(number, raw, VerdictKind.ERROR, self.fixed, problem=problem, message=self.message)
        self.power, self.refused_header, self.unknown_power = power, None, None
        return LineVerdict(number, raw, VerdictKind.HEADER, power, message=self.message, note=note)

    # --- blank lines, quotes, mail headers ------------------------------------------------

    def _blank(self, number: int, raw: str) -> LineVerdict:
        if self.mode is _Mode.MAIL_HEAD:
            self.mode = _Mode.BODY
        elif self.mode is _Mode.QUOTE_HEAD and self.quote_headers_seen:
            self.mode = _Mode.QUOTE
        return self._skip(number, raw, Ignored.BLANK)

    def _quoted(self, number: int, raw: str, content: str) -> LineVerdict:
        content = shapes.strip_wrapping(content)
        if not content:
            return self._skip(number, raw, Ignored.QUOTED)
        return self._skip(number, raw, Ignored.QUOTED_ORDER if self._looks_like_order(content) else Ignored.QUOTED)

    def _looks_like_order(self, content: str) -> bool:
        if not content:
            return False
        read = self.grammar.read(content, self.phase)
        return read.order is not None or read.misspelt or self.grammar.order_like(content)

    def _bbcode_quote(self, number: int, raw: str, line: str) -> LineVerdict | None:
        """Lines inside ``[quote]...[/quote]`` are quoted (a forum reply quoting another post)."""
        opened, closed = shapes.bbcode_quotes(line)
        if not self.bbquote and not opened:
            return None
        self.bbquote = max(0, self.bbquote + opened - closed)
        self.started = True
        return self._quoted(number, raw, line)

    def _quote_marker(self, number: int, line: str, lines: list[str]) -> _Mode | None:
        """The mode a quote marker starts (``-----Original Message-----``, ``On ... wrote:``), else None."""
        if shapes.is_original_marker(line):
            self.quote_headers_seen, self.forwarded = False, shapes.is_forward_marker(line)
            self.quote_from_intro = False
            return _Mode.QUOTE_HEAD
        if shapes.is_outlook_rule(line) and shapes.is_mail_header(shapes.next_text(lines, number)):
            self.quote_headers_seen, self.forwarded, self.quote_from_intro = False, False, False
            return _Mode.QUOTE_HEAD
        if shapes.is_reply_intro(line):
            self._intro_above(number)
            self.quoted_in_reply, self.forwarded, self.quote_from_intro = False, False, True
            return _Mode.WROTE
        return None

    def _next_message_below(self, number: int, line: str, lines: list[str]) -> bool:
        """Does a quote written without '>' marks end here, with the next email of a paste?

        A paste of several emails has no line between them, so the quote at
        the end of one (``-----Original Message-----`` ...) would run on over
        the next. It ends at a header for another power than the one this
        message speaks for, when every line of the block under it (up to a
        blank line) is an order or chatter: a GM's results post quoted in a
        reply has result words on its lines (``A Owari - Mino  moved``), and a
        player's own earlier orders quoted in a resend are for the same power.
        A forwarded message never ends early: its text is what was forwarded.
        """
        if self.quote_from_intro:
            return False  # "On ... wrote:" quotes the whole message below it: only a new mail header ends it
        power = shapes.power_of_header(shapes.strip_wrapping(line), self.powers)
        if power is None or power == self.power:
            return False
        orders = 0
        for below in lines[number : number + 50]:
            content = shapes.strip_wrapping(below.strip())
            if not content:
                break
            if self.grammar.read(content, self.phase).order is not None:
                orders += 1
            elif re.search(_RESULT_WORDS, content):
                return False  # a results post quoted: still the quote (talk, or an order with a typo, is not)
        return orders > 0

    def _intro_above(self, number: int) -> None:
        """Gmail breaks a long intro over two lines: the first half, read as chatter, is quoted too."""
        previous = self.verdicts[-1] if self.verdicts else None
        if previous is not None and previous.number == number - 1 and previous.ignored is Ignored.CHATTER:
            if shapes.is_intro_start(previous.text.strip()):
                self.verdicts[-1] = self._skip(previous.number, previous.text, Ignored.QUOTED)

    def _mail_header(self, number: int, raw: str, header: tuple[str, str], lines: list[str]) -> LineVerdict:
        if self.mode is _Mode.QUOTE_HEAD:
            self.quote_headers_seen = True
            return self._skip(number, raw, Ignored.QUOTED)
        name, value = header
        note = None
        if self.mode is not _Mode.MAIL_HEAD and self.started:
            if self._quote_block(lines, number - 1):
                self.mode, self.quote_headers_seen = _Mode.QUOTE_HEAD, True
                self.forwarded = self.quote_from_intro = False
                note = "a quoted mail's headers: the text under them is quoted, not counted"
                return self._skip(number, raw, Ignored.QUOTED)._replace(note=note)
            if not shapes.header_block_below(lines, number - 1):
                return self._lone_header(number, raw, name, value)
            self._end_message(number - 1)
            self.message += 1
            self._start_message(number)
            note = f"a {_ordinal(self.message + 1)} mail starts here, from {shapes.sender_below(lines, number - 1)}"
        self.mode = _Mode.MAIL_HEAD
        power = None
        if name == "from":
            self.sender = value
            power = self.address_book(value) if self.address_book is not None and value else None
            if power is not None:
                self.sender_power = power
                if self.fixed is None:
                    self.fixed = power  # an address speaks for one power
                return self._header(number, raw, power, note="address book")
        elif name == "subject":
            self.subject = value
            power = shapes.power_of_subject(value, self.powers)
            if power is not None:
                return self._header(number, raw, power, note="subject")
        return self._skip(number, raw, Ignored.MAIL_HEADER)._replace(note=note)

    def _quote_block(self, lines: list[str], start: int) -> bool:
        """Is the header block at index ``start``, below a message's own text, a quoted mail's (not a new mail)?

        Clients quote the mail they answer under a block of its headers
        (``From:``, ``Sent:``, ``To:``, ``Subject:`` in any order and in the
        reader's language), often with no rule above it. It is a quote in one
        mail's text (a mailbox's message, or ``--power``); under a message
        pasted without headers of its own (the reply's text, then what it
        answers); with Outlook's ``Sent:`` (a delivered mail says ``Date:``);
        or when it names the subject the message answers (``Re: Oda S1570``).
        Otherwise, in a paste, it starts the next mail.
        """
        names = shapes.header_names_below(lines, start)
        if not shapes.is_quote_block(names) and not shapes.header_block_below(lines, start):
            return False
        if self.text_fixed is not None or self.sender is None or "sent" in names:
            return True
        subject = shapes.subject_below(lines, start)
        return subject is not None and self.subject is not None and shapes.answers(self.subject, subject)

    def _lone_header(self, number: int, raw: str, name: str, value: str) -> LineVerdict:
        """A header line alone inside a message (``Date: tomorrow at dawn``): no new mail, and no sender.

        Only a block of header lines starts a new mail; a ``From:`` line a
        player typed (or pasted) into a message speaks for nobody.
        """
        power = shapes.power_of_subject(value, self.powers) if name == "subject" else None
        if power is not None:
            return self._header(number, raw, power, note="subject")
        return self._skip(number, raw, Ignored.CHATTER)._replace(note="a header line alone: not a new mail")

    def _skip(self, number: int, raw: str, why: Ignored) -> LineVerdict:
        return LineVerdict(number, raw, VerdictKind.IGNORED, self.power, ignored=why, message=self.message)


def _ordinal(number: int) -> str:
    return {2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(number, f"{number}th")
