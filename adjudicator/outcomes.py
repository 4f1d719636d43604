"""What happened to each order, and why, as data.

Two layers. A *verdict* is what a rule of DATC 5.B returns for one
decision, with its reason and its culprit: a move :class:`Succeeds` or is
:class:`Bounced` by a rival, :class:`Defended` by the unit in its target,
loses a head-to-head battle (:class:`LostHeadToHead`), and so on; a support
is :class:`Given`, :class:`Cut` by a named unit, or :class:`Unmatched`; a convoy :class:`Carried`
its army or was :class:`Disrupted` by a named unit. The rules
(:mod:`adjudicator.decisions`) return these while they decide, and the generic
resolver reads only ``succeeded``: the reason in the results post is the
reason the rule decided on, never worked out a second time. Verdicts are
frozen msgspec Structs, not dataclasses: every command that reads a game
imports this module, and nineteen dataclasses cost it more than the rest of
the engine's types (a Struct is defined, and made, in C).

The verdict is the one fact: whether the order succeeded (``result``),
why (its kind: the results post words it, :mod:`post.wording`), who made
it fail (``culprit``) and what else there is to say (``note``) are read
from it. Each phase has its own verdicts: :data:`MovementVerdict` here,
the retreats' and the adjustments' beside their rules.

An :class:`OrderOutcome` is one order's fate as the game, the post, the web
and the JSON read it: the verdict and the numbers behind it
(:class:`Detail`). Both are frozen msgspec Structs too, built by their own
constructors: a movement phase makes one per order.
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar, Generic, TypeVar

import msgspec

from adjudicator.refusals import VoidReason, sentence
from adjudicator.worded import Worded
from maps.terms import Location
from orders.model import Order
from orders.structs import Struct

__all__ = [
    "Bounced",
    "Carried",
    "ConvoyGap",
    "ConvoyUnused",
    "Cut",
    "CutByDislodgement",
    "Defended",
    "Detail",
    "Dislodged",
    "Disrupted",
    "FriendlyFire",
    "Given",
    "Holds",
    "LostHeadToHead",
    "MovementVerdict",
    "NoConvoy",
    "NoPath",
    "OrderOutcome",
    "Paradox",
    "Result",
    "Stranded",
    "Succeeds",
    "Undecidable",
    "Unmatched",
    "Unused",
    "Verdict",
    "Void",
    "note_of",
]


class Result(StrEnum):
    SUCCEEDS = "succeeds"
    FAILS = "fails"
    VOID = "void"


class ConvoyGap(Worded):
    """Why an army ordered to go by convoy had no convoy to take (the words end "the army stays")."""

    NOT_ORDERED = "not_ordered", "no fleet convoys it"
    NO_ROUTE = "no_route", "its convoying fleets form no route"


class ConvoyUnused(Worded):
    """Why a convoy that was not disrupted carried nobody."""

    UNMATCHED = "unmatched", "the army did something else"
    NO_ROUTE = "no_route", "the army had no complete route"


# --- verdicts: what each rule of DATC 5.B returns -------------------------------------------


class Verdict(msgspec.Struct, frozen=True, gc=False, tag_field="kind"):
    """A rule's answer for one order: ``succeeded`` (all the resolver reads), and why, by its type.

    Each verdict type is tagged with its kind (``"bounced"``, ``"void"``): a
    game file, the API and ``--json`` keep it as ``{"kind": "bounced", "by":
    "OWA"}``, read back into the same type. ``opposed`` and ``dislodged``
    say what the culprit was besides: the unit whose force stopped a move,
    the unit that dislodged the ordered one (so an outcome's numbers need not
    name it again, :class:`Detail`).
    """

    noted: ClassVar[bool] = False  # True: :attr:`note` says something (read only then: it is a property)
    succeeded: ClassVar[bool] = False
    result: ClassVar[Result] = Result.FAILS
    opposed: ClassVar[bool] = False
    dislodged: ClassVar[bool] = False

    @property
    def culprit(self) -> Location | None:
        """The unit (by its location when the phase began) that made this order fail, if one did."""
        return None

    @property
    def note(self) -> str:
        """What the reason alone does not say (why there was no convoy, ...), for the outcome's note."""
        return ""


class Void(Verdict, frozen=True, tag="void"):
    """DATC 4.E.1: an illegal order, ignored (in any phase): ``why``, and the places its sentence names."""

    why: VoidReason
    places: tuple[str, ...] = ()
    result: ClassVar[Result] = Result.VOID
    noted: ClassVar[bool] = True

    @property
    def note(self) -> str:
        return sentence(self.why, self.places)


class Succeeds(Verdict, frozen=True, tag="succeeds"):
    """5.B.1: the move beat the target's hold or defence and every rival's prevent strength."""

    succeeded: ClassVar[bool] = True
    result: ClassVar[Result] = Result.SUCCEEDS


class Bounced(Verdict, frozen=True, tag="bounced"):
    """5.B.1: a rival move into the same province had a prevent strength at least the attack's."""

    opposed: ClassVar[bool] = True

    by: Location

    @property
    def culprit(self) -> Location | None:
        return self.by


class Defended(Verdict, frozen=True, tag="defended"):
    """5.B.1: the unit staying in the target held with a strength at least the attack's."""

    opposed: ClassVar[bool] = True

    by: Location

    @property
    def culprit(self) -> Location | None:
        return self.by


class LostHeadToHead(Verdict, frozen=True, tag="lost_head_to_head"):
    """5.B.1: the unit coming the other way defended with a strength at least the attack's."""

    opposed: ClassVar[bool] = True

    to: Location

    @property
    def culprit(self) -> Location | None:
        return self.to


class FriendlyFire(Verdict, frozen=True, tag="friendly_fire"):
    """5.B.8: attack strength 0, the unit that stays in the target is the mover's own power's."""

    opposed: ClassVar[bool] = True

    own: Location

    @property
    def culprit(self) -> Location | None:
        return self.own


class NoPath(Verdict, frozen=True, tag="no_path"):
    """5.B.4: the convoys ordered could have carried the army, but on every route one failed (6.C.5, 6.F.14)."""


class NoConvoy(Verdict, frozen=True, tag="no_convoy"):
    """5.B.4: an army going by convoy that no chain of convoy orders could carry."""

    why: ConvoyGap
    noted: ClassVar[bool] = True

    @property
    def note(self) -> str:
        return self.why.words


class Given(Verdict, frozen=True, tag="given"):
    """5.B.2: no attack cut the support."""

    succeeded: ClassVar[bool] = True
    result: ClassVar[Result] = Result.SUCCEEDS


class Cut(Verdict, frozen=True, tag="cut"):
    """5.B.2: another power's unit attacked the supporter from elsewhere than where the support goes."""

    by: Location

    @property
    def culprit(self) -> Location | None:
        return self.by


class CutByDislodgement(Verdict, frozen=True, tag="cut_by_dislodgement"):
    """5.B.2: the unit the support goes against dislodged the supporter (an attack from there cuts only so)."""

    dislodged: ClassVar[bool] = True

    by: Location

    @property
    def culprit(self) -> Location | None:
        return self.by


class Unmatched(Verdict, frozen=True, tag="unmatched"):
    """A support not cut that counts for nothing: the supported unit did something else (DATC 4.B.4)."""


class Carried(Verdict, frozen=True, tag="carried"):
    """5.B.3: the fleet was not dislodged and the army had its route."""

    succeeded: ClassVar[bool] = True
    result: ClassVar[Result] = Result.SUCCEEDS


class Stranded(Verdict, frozen=True, tag="stranded"):
    """5.B.3: the fleet was not dislodged (its convoy succeeds), but another fleet on the route was (6.C.5)."""

    succeeded: ClassVar[bool] = True
    result: ClassVar[Result] = Result.SUCCEEDS


class Unused(Verdict, frozen=True, tag="unused"):
    """A convoy that was not disrupted but carried nobody."""

    why: ConvoyUnused
    noted: ClassVar[bool] = True

    @property
    def note(self) -> str:
        return "" if self.why is ConvoyUnused.UNMATCHED else self.why.words


class Disrupted(Verdict, frozen=True, tag="disrupted"):
    """5.B.3: the convoying fleet was dislodged."""

    dislodged: ClassVar[bool] = True

    by: Location

    @property
    def culprit(self) -> Location | None:
        return self.by


class Paradox(Verdict, frozen=True, tag="paradox"):
    """5.B.9 with 4.A.2: the convoy is part of a paradox, settled by the named rule (its convoys fail)."""

    rule: str = "Szykman"


class Holds(Verdict, frozen=True, tag="holds"):
    """A unit that stays (hold, support, convoy or no order) and is not dislodged."""

    succeeded: ClassVar[bool] = True
    result: ClassVar[Result] = Result.SUCCEEDS


class Dislodged(Verdict, frozen=True, tag="dislodged"):
    """A unit that stayed was dislodged: ``by`` is the attacker, ``origin`` the province it came from."""

    dislodged: ClassVar[bool] = True

    by: Location
    origin: Location

    @property
    def culprit(self) -> Location | None:
        return self.by


class Undecidable(Verdict, frozen=True, tag="undecidable"):
    """5.B.9: a cycle neither circular movement nor a convoy paradox (only in variants): its orders fail."""


# Verdicts without fields are immutable: one of each is enough (and ``is`` tells them apart).
SUCCEEDS, GIVEN, CARRIED, HOLDS = Succeeds(), Given(), Carried(), Holds()
NO_PATH, STRANDED, SZYKMAN, UNDECIDABLE = NoPath(), Stranded(), Paradox("Szykman"), Undecidable()

MovementVerdict = (
    Succeeds
    | Bounced
    | Defended
    | LostHeadToHead
    | FriendlyFire
    | NoPath
    | NoConvoy
    | Given
    | Cut
    | CutByDislodgement
    | Unmatched
    | Carried
    | Stranded
    | Unused
    | Disrupted
    | Paradox
    | Holds
    | Dislodged
    | Undecidable
    | Void
)
"""Every verdict of a movement phase (DATC 5.B's rules, and an illegal order's)."""


class Detail(Struct, frozen=True, gc=False):
    """The numbers behind a movement outcome (all optional; filled where they apply).

    ``strength`` is the order's attack strength (moves) or hold strength
    (units that stay); ``opposition`` is the force that stopped a move (for a
    move that succeeded, the strongest against it) and ``opposed_by`` the
    location of the unit that brought it; ``by`` names the unit that
    dislodged the ordered unit.
    """

    strength: int | None = None
    opposition: int | None = None
    opposed_by: Location | None = None
    by: Location | None = None
    via_convoy: bool = False
    head_to_head: bool = False


V_co = TypeVar("V_co", bound=Verdict, covariant=True)


class OrderOutcome(Struct, Generic[V_co], frozen=True, gc=False):
    """One order and its fate: the verdict the rule returned, and the numbers behind it.

    ``implicit``: the unit got no order (it held, was disbanded, waived or
    removed by the rules); ``detail``: the numbers behind a movement
    outcome. ``result``, ``culprit`` and ``note`` are read from the verdict.
    Each phase's outcomes hold that phase's verdicts (``OrderOutcome[MovementVerdict]``).
    Like a verdict, an outcome holds only immutable values, so it can be in no reference cycle: neither is
    tracked by the garbage collector (``gc=False``), which a phase would otherwise visit for each order.
    """

    power: str | None
    order: Order
    verdict: V_co
    detail: Detail = Detail()
    implicit: bool = False

    @property
    def result(self) -> Result:
        return self.verdict.result

    @property
    def succeeded(self) -> bool:
        return self.verdict.succeeded

    @property
    def culprit(self) -> Location | None:
        """The unit that made the order fail (bounced, defended, cut, disrupted or dislodged it)."""
        return self.verdict.culprit

    @property
    def note(self) -> str:
        return note_of(self.verdict, self.implicit)


def note_of(verdict: Verdict, implicit: bool) -> str:
    """What the verdict says beside its kind (why there was no convoy, how many builds were due); for a
    unit that got no order and stayed, that it got none ("no order")."""
    if verdict.noted:
        return verdict.note
    return "no order" if implicit and isinstance(verdict, Holds | Dislodged) else ""
