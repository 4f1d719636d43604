"""Text a player or GM writes, turned into order models, one verdict per line.

Accepts the judge conventions and their everyday variants (``A Kai - Sur``,
``Army Kai moves to Suruga``, ``F mik supports A owa to min``, ``2 : A Bizen
H``) and whole pasted posts with power headers, comments and signatures. It
never raises: every line comes back as an order, an error that says what is
wrong (with names to choose from when a province is unclear), a header, or an
ignored line. Whether an order is legal in the position is not its business.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from maps.board import Board
from maps.terms import Location, PhaseType, UnitType
from orders import vocabulary as words
from orders.kinds import KINDS, kind_table
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
from orders.verdicts import LineVerdict, ParsedOrders, VerdictKind

__all__ = ["parse_order", "parse_orders"]

_ARROWS = str.maketrans({"–": "-", "—": "-", "−": "-", "→": "-", "⇒": "-", "⟶": "-"})
_ARROW_WORDS = re.compile(r"-+>|=+>|-{2,}|>")  # "->", "-->", "=>", "--": all mean "-"
# "spa/nc", "spa (nc)", "spa/north coast": the coast is a whole word, and only a closing bracket
# after it is eaten (not the space before the next word, nor the "S" of "Kai (Suruga)").
_PAREN_COAST = re.compile(
    r"\s*[(/]\s*(north|south|east|west|[nsew]\.c\.?|nc|sc|ec|wc|n|s|e|w)\b\.?(?:\s*coast\b)?(?:\s*\))?", re.I
)
# "1. A Owari H", "2) ...", "- A Kai - Suruga", "* F Iyo H": list markers, not part of the order.
_LIST_MARKER = re.compile(r"^(?:\d{1,3}[.)]|[-*•+])\s+")
_DP_GLUED = re.compile(r"^([0-9]+)(dps?|pts?|points?)$", re.I)
_COMMENT = re.compile(r"\s(#|//).*$")
_HEADER_NOISE = re.compile(r"^[\W_]+|[\W_]+$")
_HEADER_WORDS = re.compile(r"^(?:orders?\s+(?:for|of)\s+)?(.+?)(?:'s)?(?:\s+orders?)?$", re.I)


class _Refusal(Exception):
    """Internal: why a line is not an order. Always turned into a verdict."""

    def __init__(self, problem: str, suggestions: Sequence[str] = ()) -> None:
        super().__init__(problem)
        self.problem = problem
        self.suggestions = tuple(suggestions)


def parse_orders(text: str, board: Board, *, phase: PhaseType | None = None, power: str | None = None) -> ParsedOrders:
    """Every line of a pasted text, with its verdict.

    ``power`` is the power for lines before any header (a player's own page);
    headers such as ``Oda:`` switch it. ``phase`` settles words that mean
    different orders in different phases (``-`` retreats in a retreat phase,
    ``disband`` removes in winter).
    """
    parser = _LineParser(board, phase)
    verdicts: list[LineVerdict] = []
    current = power
    in_signature = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if in_signature or line.startswith("--"):  # "-- " opens a signature; "-- Nobunaga" is one
            in_signature = True
            verdicts.append(LineVerdict.ignored(number, raw, current, "signature"))
            continue
        kind_of_noise = _noise(line)
        if kind_of_noise:
            verdicts.append(LineVerdict.ignored(number, raw, current, kind_of_noise))
            continue
        header = parser.header(line)
        if header:
            current = header
            verdicts.append(LineVerdict(number=number, text=raw, kind=VerdictKind.HEADER, power=header))
            continue
        verdicts.append(parser.verdict(number, raw, _COMMENT.sub("", line), current))
    return ParsedOrders(verdicts=verdicts)


def parse_order(text: str, board: Board, *, phase: PhaseType | None = None) -> Order | LineVerdict:
    """One order from one line: the model, or the error verdict."""
    verdict = _LineParser(board, phase).verdict(1, text, _COMMENT.sub("", text.strip()), None)
    return verdict.order if verdict.order is not None else verdict


def _noise(line: str) -> str | None:
    if not line:
        return "blank"
    if line.startswith(("#", "//", "%")):
        return "comment"
    if line.startswith(">"):
        return "quoted text"
    return None


class _LineParser:
    def __init__(self, board: Board, phase: PhaseType | None) -> None:
        self.board = board
        self.phase = phase
        self.powers = {name.casefold(): name for name in board.power_names}

    def header(self, line: str) -> str | None:
        """The power a header line names (``Oda:``, ``ODA``, ``== Orders for Oda ==``)."""
        stripped = _HEADER_NOISE.sub("", line)
        match = _HEADER_WORDS.match(stripped)
        return self.powers.get(match.group(1).casefold()) if match else None

    def verdict(self, number: int, raw: str, line: str, power: str | None) -> LineVerdict:
        tokens = self._tokens(_LIST_MARKER.sub("", line))
        if len(tokens) >= 2 and tokens[1] == ":" and tokens[0].casefold() in self.powers:
            power = self.powers[tokens[0].casefold()]
            tokens = tokens[2:]
        try:
            order = _OrderReader(self, tokens).read()
        except _Refusal as refusal:
            return LineVerdict(
                number=number,
                text=raw,
                kind=VerdictKind.ERROR,
                power=power,
                problem=refusal.problem,
                suggestions=refusal.suggestions,
            )
        except Exception as error:  # the parser's promise: a verdict, never an exception
            return LineVerdict(
                number=number, text=raw, kind=VerdictKind.ERROR, power=power, problem=f"cannot read this line ({error})"
            )
        return LineVerdict(number=number, text=raw, kind=VerdictKind.ORDER, power=power, order=order)

    def _tokens(self, line: str) -> list[str]:
        line = line.translate(_ARROWS)
        line = _ARROW_WORDS.sub(" - ", line)
        line = _PAREN_COAST.sub(lambda m: "/" + m.group(1).replace(".", ""), line)
        line = re.sub(r"[(),;.!?\[\]]", " ", line).replace(":", " : ")
        tokens: list[str] = []
        for token in line.split():
            glued = _DP_GLUED.match(token)
            if glued:
                tokens += [glued.group(1), "dp"]
            elif "-" in token and token != "-" and not self.board.names.is_exact(token):
                tokens += [part for part in re.split(r"(-)", token) if part]
            else:
                tokens.append(token)
        return tokens


class _OrderReader:
    """Reads one order from a token list, left to right."""

    def __init__(self, parser: _LineParser, tokens: list[str]) -> None:
        self.parser = parser
        self.board = parser.board
        self.phase = parser.phase
        self.tokens = tokens
        self.pos = 0

    # --- cursor -------------------------------------------------------------------

    def peek(self, ahead: int = 0) -> str:
        index = self.pos + ahead
        return self.tokens[index].casefold() if index < len(self.tokens) else ""

    def take_if(self, vocabulary: frozenset[str] | set[str]) -> bool:
        if self.peek() and self.peek() in vocabulary:
            self.pos += 1
            return True
        return False

    def at_end(self) -> bool:
        return self.pos >= len(self.tokens)

    def finish(self, order: Order) -> Order:
        if not self.at_end():
            rest = " ".join(self.tokens[self.pos :])
            raise _Refusal(f"unexpected words after the order: '{rest}'")
        return order

    # --- orders -------------------------------------------------------------------

    def read(self) -> Order:
        if self.at_end():
            raise _Refusal("empty order")
        self._refuse_prose()
        if self.peek() in words.WAIVE or (self.peek() in words.BUILD and self.peek(1) in words.WAIVE):
            self.pos = len(self.tokens)  # "Waive", "Build waived", "waive 1 build": all one waive
            return Waive()
        dp_points = self._dp_prefix()
        if dp_points is not None:
            return self._dp_order(dp_points)
        if self.take_if(words.BUILD):
            return self.finish(Build(unit=self.unit()))
        if self.take_if(words.REMOVE) or (self.phase is PhaseType.ADJUSTMENTS and self.take_if(words.RETREAT)):
            return self.finish(Remove(unit=self.unit()))
        if self.take_if(words.DISBAND):
            return self.finish(self._disband(self.unit()))
        return self._unit_order(self.unit())

    def _refuse_prose(self) -> None:
        known = words.TERMINATORS | words.DP | words.ARMY | words.FLEET
        if any(t.casefold() in known or _is_number(t) for t in self.tokens):
            return
        lookup = self.board.names.lookup(" ".join(self.tokens))
        if not lookup.found and not self.board.names.lookup(self.tokens[0]).found:
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
        if not (self.take_if({":"}) or marked):
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
        if self.at_end():
            return self.finish(Hold(unit=unit))
        kind = _KIND_OF_WORD.get(self.peek())
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
        unit_type = None
        if self.peek() in words.ARMY and not self._starts_name():
            unit_type = UnitType.ARMY
            self.pos += 1
        elif self.peek() in words.FLEET and not self._starts_name():
            unit_type = UnitType.FLEET
            self.pos += 1
        return UnitRef(type=unit_type, location=self.location())

    def _starts_name(self) -> bool:
        """A unit letter followed by nothing that could be a place is itself the place."""
        return self.peek(1) in words.TERMINATORS | {""} and self.board.names.is_exact(self.peek())

    def location(self) -> Location:
        if self.at_end():
            raise _Refusal("a province is missing at the end")
        if self.peek() == "-":  # the first word is taken whole (a name may be 'Con'), but '-' is never a name
            raise _Refusal("a province is missing before '-'")
        start = self.pos
        self.pos += 1
        while not self.at_end() and self.peek() not in words.TERMINATORS:
            self.pos += 1
        return self._resolve(self.tokens[start : self.pos])

    def _resolve(self, phrase: list[str]) -> Location:
        text = " ".join(phrase)
        names = self.board.names
        exact = names.lookup(text) if names.is_exact(text) else None
        if exact is not None and exact.province is not None:
            return exact.province.id
        name, coast = _split_coast(phrase)
        lookup = names.lookup(name)
        if not lookup.found:
            shown = lookup.candidates or lookup.suggestions
            raise _Refusal(lookup.problem + self._missing_dash(phrase), [f"{p.name} ({p.id})" for p in shown])
        province = lookup.province
        assert province is not None
        if coast and coast in province.coasts:
            return f"{province.id}/{coast}"
        return province.id  # a needless or unknown coast is ignored (DATC 4.B.6)

    def _missing_dash(self, phrase: list[str]) -> str:
        """A hint for ``A Kai Suruga``: two names with no order word between them."""
        names = self.board.names
        for cut in range(1, len(phrase)):
            first, second = names.lookup(" ".join(phrase[:cut])), names.lookup(" ".join(phrase[cut:]))
            if first.province is not None and second.province is not None:
                return f" (a '-' missing? '{first.province.name} - {second.province.name}')"
        return ""


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


def _is_number(token: str) -> bool:
    """A count of points: ASCII digits, and few of them (``"¹".isdigit()`` is true, yet ``int`` refuses it)."""
    return token.isascii() and token.isdigit() and len(token) <= 9


def _split_coast(phrase: list[str]) -> tuple[str, str | None]:
    """``["stp/sc"]`` or ``["spa", "nc"]`` -> (name, coast code)."""
    last = phrase[-1]
    if "/" in last:
        name, _, coast = last.partition("/")
        code = words.COAST_WORDS.get(coast.casefold())
        return " ".join([*phrase[:-1], name]), code
    if len(phrase) > 1 and last.casefold() in words.COAST_WORDS and len(last) == 2:
        return " ".join(phrase[:-1]), words.COAST_WORDS[last.casefold()]
    return " ".join(phrase), None
