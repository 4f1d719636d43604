"""One line of text turned into one order model, or the reason it is not one.

Accepts the judge conventions and their everyday variants (``A Kai - Sur``,
``Army Kai moves to Suruga``, ``F mik supports A owa to min``, ``2 : A Bizen
H``). It never raises: a line comes back as an order or as a refusal that
says what is wrong (with names to choose from when a province is unclear).
Whether an order is legal in the position is not its business, and neither
are headers, quotes and signatures: :mod:`orders.mail` reads whole texts and
hands this module the lines that may be orders.

Linear and fast: a line is split into words once and read left to right;
names go through the board's memo (:mod:`orders.places`), and each line's
reading is memoised too, so a text read again (the web page checks the whole
text on every keystroke) costs a dictionary lookup per line. A line longer
than :data:`MAX_ORDER_CHARS` is never read as an order.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

from maps.board import Board
from maps.perboard import per_board
from maps.terms import PhaseType, UnitType
from orders import vocabulary as words
from orders.kinds import KINDS, kind_table
from orders.likeness import looks_like_order
from orders.misspelt import misspelt_verb
from orders.model import (
    Build,
    Convoy,
    Disband,
    DPOrder,
    Hold,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    UnitRef,
    Waive,
)
from orders.places import Places, places_of
from orders.sentences import in_order_words
from orders.verdicts import LineVerdict, VerdictKind

__all__ = ["MAX_ORDER_CHARS", "LineRead", "Grammar", "grammar_of", "parse_order"]

MAX_ORDER_CHARS = 200  # the longest order on either map, written out in full words, has about 90

_ARROWS = str.maketrans(dict.fromkeys("–—−→⇒⟶―‐‑‒", "-"))  # dashes and arrows of every keyboard
# The long-vowel mark a Japanese keyboard gives for '-' ("A 甲斐 ー 駿河"): a dash unless it lengthens a kana
_LONG_VOWEL_DASH = r"(?<![\u3041-\u3096\u30a1-\u30fa])\u30fc"
_ARROW_WORDS = r"-+>|=+>|-{2,}|>"  # "->", "-->", "=>", "--": all mean "-"
# "spa/nc", "spa (nc)", "spa/north coast": the coast is a whole word, and only a closing bracket
# after it is eaten (not the space before the next word, nor the "S" of "Kai (Suruga)").
_PAREN_COAST = r"(?i)\s*[(/]\s*(north|south|east|west|[nsew]\.c\.?|nc|sc|ec|wc|n|s|e|w)\b\.?(?:\s*coast\b)?(?:\s*\))?"
_PUNCTUATION = str.maketrans({c: " " for c in "(),;.!?[]"})
# "1. A Owari H", "2) ...", "- A Kai - Suruga", "* F Iyo H": list markers, not part of the order.
_LIST_MARKER = r"^(?:\d{1,3}[.)]|[a-z]\)|[-*•+])\s+"
# A line of ASCII words and spaced dashes, after an optional DP count ("2 : ", "2 DP "): its tokens are its words.
_PLAIN = re.compile(r"(?:[0-9]{1,9} (?::|[dD][pP]) )?[A-Za-z]+(?: (?:[A-Za-z]+|-))*\Z")
_MARKER_STARTS = frozenset("0123456789-*•+")
_DP_GLUED = r"(?i)^([0-9]+)(dps?|pts?|points?)$"
# A remark after an order: "A Kai - Suruga <- as agreed", "... // feint", "... # hold the line".
_REMARK = r"\s(?:#|//|<-+)(.*)$"
_UNIT_WORDS = words.ARMY | words.FLEET
_WAIVE_FILLER = words.WAIVE | words.BUILD | {"a", "one", "all", "my", "the", "builds", "this", "year"}
_END = frozenset({""})


class _Refusal(Exception):
    """Internal: why a line is not an order. Always turned into a verdict."""

    def __init__(self, problem: str, suggestions: tuple[str, ...] = (), unread: str | None = None) -> None:
        super().__init__(problem)
        self.problem = problem
        self.suggestions = suggestions
        self.unread = unread


class LineRead(NamedTuple):
    """A line read as an order: the order or the refusal, the power a ``Oda:`` prefix named, a remark after it."""

    order: Order | None
    problem: str | None = None
    suggestions: tuple[str, ...] = ()
    power: str | None = None
    remark: str | None = None  # "as agreed" of "A Kai - Suruga <- as agreed": shown beside the verdict, not stored
    unread: str | None = None  # the word that names no province ("Xyz" of "A Kai - Xyz"), as written
    misspelt: bool = False  # refused for a misspelt order word ("Mvoe Kai to Suruga"): an order, never chatter


class Grammar:
    """The order language on one board, with its memo of lines read (see the module docstring)."""

    _MEMO_SIZE = 20_000  # lines, and refused lines judged, per board: the least recently read go first

    def __init__(self, board: Board) -> None:
        self.board = board
        self.places: Places = places_of(board)
        self.powers = self.places.powers
        self.read: Callable[[str, PhaseType | None], LineRead] = lru_cache(maxsize=self._MEMO_SIZE)(self._read)
        self.order_like: Callable[[str], bool] = lru_cache(maxsize=self._MEMO_SIZE)(self._order_like)

    def tokens(self, line: str) -> list[str]:
        """The words of a line: arrows made '-', coasts glued to their province, punctuation dropped."""
        if line[0] in _MARKER_STARTS or line[1:2] == ")":
            line = re.sub(_LIST_MARKER, "", line)
        if not line.isascii():
            line = re.sub(_LONG_VOWEL_DASH, "-", line.translate(_ARROWS))
        if ">" in line or "--" in line:
            line = re.sub(_ARROW_WORDS, " - ", line)
        if "(" in line or "/" in line:
            line = re.sub(_PAREN_COAST, lambda m: "/" + m.group(1).replace(".", ""), line)
        line = line.translate(_PUNCTUATION)
        if ":" in line:
            line = line.replace(":", " : ")
        tokens: list[str] = []
        for token in line.split():
            if "-" in token and token != "-" and not self.places.is_exact(token):
                tokens += [part for part in re.split(r"(-)", token) if part]
            elif token[0].isdigit() and (glued := re.match(_DP_GLUED, token)):
                tokens += [glued.group(1), "dp"]
            else:
                tokens.append(token)
        return tokens

    def _order_like(self, line: str) -> bool:
        """Does a line the parser refused still look like an order someone meant to give? (:mod:`orders.likeness`)

        Memoised like :meth:`read`: a mailbox repeats its quoted lines and footers many times over.
        """
        return looks_like_order(self.tokens(line[:MAX_ORDER_CHARS])[:12], self.places)

    def _read(self, line: str, phase: PhaseType | None) -> LineRead:
        """The order on a stripped line (``read``, memoised); a remark after it (``<- as agreed``, ``// feint``,
        ``# hold``) is kept aside."""
        remark = re.search(_REMARK, line) if ("#" in line or "/" in line or "<-" in line) else None
        if remark is None:
            return self._read_order(line, phase)
        read = self._read_order(line[: remark.start()], phase)
        return read._replace(remark=remark.group(1).strip() or None)

    def _read_order(self, line: str, phase: PhaseType | None) -> LineRead:
        if len(line) > MAX_ORDER_CHARS:
            return LineRead(
                None, f"too long for an order ({len(line):,} characters; an order has at most {MAX_ORDER_CHARS})"
            )
        if phase is PhaseType.ADJUSTMENTS and line[:1] in "+-" and line[1:2] not in "+-":
            return self._signed(line, phase)
        power = None
        if _PLAIN.match(line):  # words and spaced dashes only (the judge forms): split, no more to do
            tokens, folded = line.split(), line.lower().split()
        else:
            tokens = self.tokens(line)
            if len(tokens) >= 2 and tokens[1] == ":" and tokens[0].casefold() in self.powers:
                power = self.powers[tokens[0].casefold()]
                tokens = tokens[2:]
            folded = [token.casefold() for token in tokens]
        try:
            return LineRead(_OrderReader(self, tokens, folded, phase).read(), power=power)
        except _Refusal as refusal:
            for words_again in in_order_words(tokens):  # "Move Mikawa to Totomi Sea", "Hold Owari"
                try:
                    order = _OrderReader(self, words_again, [w.casefold() for w in words_again], phase).read()
                except Exception:  # noqa: BLE001 (only a second try: the first refusal stands)
                    continue
                return LineRead(order, power=power)
            note = re.search(_NOTE_AT_END, line) or re.search(_DASH_NOTE, line)
            if note is not None and not re.fullmatch(_PAREN_COAST, note.group(0)):  # "A Owari - Mino (main attack)"
                again = self._read_order(line[: note.start()], phase)
                if again.order is not None:
                    return LineRead(again.order, power=again.power or power, remark=note.group(1).strip() or None)
            verb = misspelt_verb(tokens, self.places.is_exact, lambda again: self._reads(again, phase))
            if verb is not None:
                return LineRead(None, *verb, power=power, misspelt=True)
            return LineRead(None, refusal.problem, refusal.suggestions, power, unread=refusal.unread)
        except Exception as error:  # the parser's promise: a verdict, never an exception
            return LineRead(None, f"cannot read this line ({error})", power=power)

    def _signed(self, line: str, phase: PhaseType) -> LineRead:
        """``+ A Sagami`` builds and ``- F Iyo`` removes in winter (a common notation); ``- Build A Kai`` is a
        bullet before an order, read as that order."""
        read = self._read_order(line[1:].strip(), phase)
        if isinstance(read.order, Hold):
            unit = read.order.unit
            return read._replace(order=Build(unit=unit) if line[0] == "+" else Remove(unit=unit))
        return read

    def _reads(self, tokens: list[str], phase: PhaseType | None) -> bool:
        """Whether these words read as an order (as written, or as a sentence)."""
        return any(self._reads_as_written(words_again, phase) for words_again in [tokens, *in_order_words(tokens)])

    def _reads_as_written(self, tokens: list[str], phase: PhaseType | None) -> bool:
        try:
            _OrderReader(self, tokens, [t.casefold() for t in tokens], phase).read()
        except _Refusal:
            return False
        return True


# A player's note after the order, tried once the whole line is refused: "(main attack)", "-- trust me"
_NOTE_AT_END = r"\s+\(([^()]*)\)\s*$"
_DASH_NOTE = r"\s+--\s+(\D.*)$"


class _OrderReader:
    """Reads one order from a token list, left to right."""

    def __init__(self, grammar: Grammar, tokens: list[str], folded: list[str], phase: PhaseType | None) -> None:
        self.places = grammar.places
        self.phase = phase
        self.tokens = tokens
        self.words = folded
        self.pos = 0

    # --- cursor -------------------------------------------------------------------

    def peek(self, ahead: int = 0) -> str:
        index = self.pos + ahead
        return self.words[index] if index < len(self.words) else ""

    def take_if(self, vocabulary: frozenset[str]) -> bool:
        if self.pos < len(self.words) and self.words[self.pos] in vocabulary:
            self.pos += 1
            return True
        return False

    def finish(self, order: Order) -> Order:
        if self.pos < len(self.tokens):
            rest = " ".join(self.tokens[self.pos :])
            raise _Refusal(f"unexpected words after the order: '{rest}'")
        return order

    # --- orders -------------------------------------------------------------------

    def read(self) -> Order:
        if not self.tokens:
            raise _Refusal("empty order")
        self._refuse_prose()
        first = self.words[0]
        if first in words.WAIVE or (first in words.BUILD and self.peek(1) in words.WAIVE):
            return self._waive()
        dp_points = self._dp_prefix()
        if dp_points is not None:
            return self._dp_order(dp_points)
        if self.take_if(words.BUILD):
            return self.finish(Build(unit=self.unit()))
        if self.take_if(words.REMOVE) or (self.phase is PhaseType.ADJUSTMENTS and self.take_if(words.RETREAT)):
            return self.finish(Remove(unit=self.unit()))
        if self.peek() in words.RETREAT and self.peek() != "r" and self.take_if(words.RETREAT):
            unit = self.unit()  # "Retreat Totomi to South Shinano", "Retreat A Totomi - Mino": the verb first
            self.take_if(words.MOVE)
            return self._retreat(unit)
        if self.take_if(words.DISBAND):
            return self.finish(self._disband(self.unit()))
        return self._unit_order(self.unit())

    def _waive(self) -> Order:
        """``Waive``, ``Build waived``, ``waive 1 build``: all one waive, and nothing else on the line."""
        extra = [
            t for t, w in zip(self.tokens, self.words, strict=True) if w not in _WAIVE_FILLER and not _is_number(w)
        ]
        if extra:
            raise _Refusal(f"unexpected words after the waive: '{' '.join(extra)}'")
        return Waive()

    def _refuse_prose(self) -> None:
        known = words.TERMINATORS | words.DP | _UNIT_WORDS
        if any(w in known or _is_number(w) for w in self.words):
            return
        if self.places.place(self.tokens).location is None and self.places.find(self.tokens[0]) is None:
            raise _Refusal("not an order: expected a unit such as 'A Kai - Suruga' or a word such as 'Build'")

    def _dp_prefix(self) -> int | None:
        """``2 : ...``, ``2 DP ...``, ``DP 2 ...``: a number alone is not enough (it may be a list number)."""
        marked = self.peek() in words.DP and _is_number(self.peek(1))
        if marked:
            self.pos += 1
        if not _is_number(self.peek()):
            return None
        points = int(self.tokens[self.pos])
        self.pos += 1
        marked = self.take_if(words.DP) or marked
        if not (self.take_if(_COLON) or marked):
            raise _Refusal("a DP order is written with a colon or 'DP': '2 : A Bizen H' or 'DP 2 A Bizen H'")
        return points

    def _dp_order(self, points: int) -> Order:
        if points < 1:
            raise _Refusal("a DP order needs at least 1 point")
        inner = self._unit_order(self.unit())
        if not isinstance(inner, Hold | SupportHold | SupportMove):
            raise _Refusal("a DP order can only make a neutral unit hold or support")
        return DPOrder(points=points, order=inner)

    def _disband(self, unit: UnitRef) -> Order:
        return Remove(unit=unit) if self.phase is PhaseType.ADJUSTMENTS else Disband(unit=unit)

    def _disband_unit(self, unit: UnitRef) -> Order:
        return self.finish(self._disband(unit))

    def _unit_order(self, unit: UnitRef) -> Order:
        if self.pos >= len(self.tokens):
            return Hold(unit=unit)
        kind = _KIND_OF_WORD.get(self.words[self.pos])
        if kind is None:
            raise _Refusal(f"'{self.tokens[self.pos]}' is not an order word (expected H, -, S, C, R or D)")
        self.pos += 1
        return _AFTER_UNIT[kind](self, unit)

    def _hold(self, unit: UnitRef) -> Order:
        return self.finish(Hold(unit=unit))

    def _retreat(self, unit: UnitRef) -> Order:
        self.take_if(words.TO)
        return self.finish(Retreat(unit=unit, destination=self.location()))

    def _remove(self, unit: UnitRef) -> Order:
        return self.finish(Remove(unit=unit))

    def _build(self, unit: UnitRef) -> Order:
        return self.finish(Build(unit=unit))

    def _move(self, unit: UnitRef) -> Order:
        self.take_if(words.TO)  # "moves to", "- to"
        destination = self.location()
        while self.take_if(words.MOVE):  # a written convoy path is ignored (DATC 4.A.6)
            self.take_if(words.TO)
            destination = self.location()
        via_convoy = self._via_convoy()
        if self.phase is PhaseType.RETREATS:
            if via_convoy:
                raise _Refusal("a retreat cannot go by convoy")
            return self.finish(Retreat(unit=unit, destination=destination))
        return self.finish(Move(unit=unit, destination=destination, via_convoy=via_convoy))

    def _via_convoy(self) -> bool:
        if self.take_if(words.VIA):
            if not self.take_if(words.CONVOY):
                raise _Refusal("expected 'convoy' after 'via'")
            return True
        return False

    def _support(self, unit: UnitRef) -> Order:
        supported = self.unit()
        if self.take_if(words.MOVE) or self.take_if(words.TO):
            self.take_if(words.TO)
            destination = self.location()
            self._via_convoy()  # "S A Lon - Bel via convoy": the support is the same
            return self.finish(SupportMove(unit=unit, supported=supported, destination=destination))
        self.take_if(words.HOLD)
        return self.finish(SupportHold(unit=unit, supported=supported))

    def _convoy(self, unit: UnitRef) -> Order:
        convoyed = self.unit()
        if not (self.take_if(words.MOVE) or self.take_if(words.TO)):
            raise _Refusal("a convoy names where the army goes: 'F Ise C A Owari - Shima'")
        self.take_if(words.TO)
        return self.finish(Convoy(unit=unit, convoyed=convoyed, destination=self.location()))

    # --- units and places ---------------------------------------------------------

    def unit(self) -> UnitRef:
        word = self.peek()
        unit_type = None
        if word in words.ARMY and not self._starts_name():
            unit_type = UnitType.ARMY
            self.pos += 1
        elif word in words.FLEET and not self._starts_name():
            unit_type = UnitType.FLEET
            self.pos += 1
        return _unit_ref(unit_type, self.location())

    def _starts_name(self) -> bool:
        """A unit letter followed by nothing that could be a place is itself the place."""
        return (self.peek(1) in _END or self.peek(1) in words.TERMINATORS) and self.places.is_exact(self.peek())

    def location(self) -> str:
        if self.pos >= len(self.tokens):
            raise _Refusal("a province is missing at the end")
        if self.words[self.pos] == "-":  # the first word is taken whole (a name may be 'Con'), but '-' is never a name
            raise _Refusal("a province is missing before '-'")
        start = self.pos
        self.pos += 1
        while self.pos < len(self.words) and self.words[self.pos] not in words.TERMINATORS:
            self.pos += 1
        place = self.places.place(self.tokens[start : self.pos])
        if place.location is None:
            raise _Refusal(place.problem, place.suggestions, place.unread)
        return place.location


_COLON = frozenset({":"})

# What follows a unit: its order word picks the reader (the words come from the one table of kinds).
_AFTER_UNIT: dict[str, Callable[[_OrderReader, UnitRef], Order]] = kind_table(
    {
        "hold": _OrderReader._hold,
        "move": _OrderReader._move,
        "support_hold": _OrderReader._support,  # the reader tells a supported hold from a supported move
        "convoy": _OrderReader._convoy,
        "retreat": _OrderReader._retreat,
        "disband": _OrderReader._disband_unit,
        "remove": _OrderReader._remove,
        "build": _OrderReader._build,
    },
    not_handled=("support_move", "waive", "dp"),  # support: as above; waive and DP orders come before any unit
)
_KIND_OF_WORD = {word: kind for kind in _AFTER_UNIT for word in KINDS[kind].words}


@lru_cache(maxsize=4096)
def _unit_ref(unit_type: UnitType | None, location: str) -> UnitRef:
    """Units are values: one shared instance per (type, location) saves building the same model again and again."""
    return UnitRef(type=unit_type, location=location)


def _is_number(token: str) -> bool:
    """A count of points: ASCII digits, and few of them (``"¹".isdigit()`` is true, yet ``int`` refuses it)."""
    return token.isascii() and token.isdigit() and len(token) <= 9


grammar_of = per_board(Grammar)  # the board's grammar (made on first use, dropped with the board)


def parse_order(text: str, board: Board, *, phase: PhaseType | None = None) -> Order | LineVerdict:
    """One order from one line: the model, or the error verdict."""
    read = grammar_of(board).read(text.strip(), phase)
    if read.order is not None:
        return read.order
    return LineVerdict(
        1, text, VerdictKind.ERROR, read.power, problem=read.problem, suggestions=read.suggestions, unread=read.unread
    )
