"""Write DATC.md: every DATC case of tests/datc/cases with its status on this engine.

Run it after changing the engine or the cases:

    .venv/bin/python -m tools.datc_page

The status is measured, not typed: each case is played exactly as
tests/datc/test_datc.py plays it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from maps import load_board
from tests.datc.loader import DatcCase, load_cases
from tests.datc.test_datc import test_datc

PAGE = Path(__file__).resolve().parent.parent / "DATC.md"

HEADER = """# DATC compliance

Every test case of chapter 6 of the Diplomacy Adjudicator Test Cases, version
3.0 (with the 3.1 corrections to 6.J.3, 6.J.5, 6.J.9 and 6.J.10), played on the
`standard` map by `tests/datc/test_datc.py` from the data in
`tests/datc/cases/` (format: `tests/datc/FORMAT.md`). A case passes when the
whole board afterwards (units, dislodged units and their retreat options) and
the result of every order are as the DATC says, with the verdict the rule gave
and the unit it named (`verdict`, `by`; FORMAT.md lists them).

This page is written by `python -m tools.datc_page`, which plays each case;
`tests/datc/test_datc_page.py` checks that it lists every case.

## Rule choices

Where the DATC offers a choice, this adjudicator takes the DATC 3.0 preference:
4.A.1 a convoy with several routes is disrupted only when all are; 4.A.2 the
Szykman rule for convoy paradoxes; 4.A.3 convoying to an adjacent province only
with "via convoy" or an own fleet legally ordered to convoy, and no fallback to
the land route; 4.A.4 a convoyed attack comes from where the army started; 4.A.5
a unit dislodged by a convoyed army may retreat to where the army came from;
4.A.6 convoy paths written in an order are ignored; 4.A.7 a dislodged unit can
still bounce a third unit unless it lost a head-to-head battle; 4.B.1-4.B.7
coasts (a move to a two-coast province must name the coast unless only one can
be reached; a support may omit the coast; a wrong coast on the ordered unit or a
needless coast is ignored); 4.C unit letters and nationalities in orders are not
checked; 4.D.3 two orders for one unit: it holds; 4.D.4-4.D.6 adjustment orders
are taken one by one, the first legal ones count; 4.D.7 builds may be waived;
4.D.8 civil disorder removes by distance to the nearest owned centre (2023
rule); 4.D.9 a unit in civil disorder can be supported to hold; 4.E.1 illegal
orders, including those impossible only in the position, are ignored.

## Departures from the 5.B decision graph

The battle asks each decision of DATC 5.B of one short function (`adjudicator/decisions.py`:
5.B.1 `move`, 5.B.2 `support`, 5.B.3 `convoy`, 5.B.4 `path`; `adjudicator/strengths.py`:
5.B.5-5.B.8 the strengths), each a plain function of the battlefield
(`adjudicator/battlefield.py`), and `adjudicator/battle.py` settles them with
Kruijswijk's guess algorithm (5.F, `adjudicator/resolver.py`), the only walk
of the decisions. It departs from the graph of 5.B in
two places; `tests/adjudicator/test_departures.py` holds one test each.

1. **Attacks on a convoying fleet are adjudicated directly, not resolved.**
   5.B.3 makes a convoy depend on the decisions of the moves into its fleet's
   sea. Here `convoy` computes those moves' rule (`move`) in place instead of
   asking for their decisions, so those moves never join a dependency cycle
   and every convoy paradox forms one cycle of convoy, path and support
   decisions that the backup rule (Szykman) settles as a whole. Forced by
   6.F.16 (Pandin's paradox) and 6.F.17 (Pandin's extended paradox): with the
   attacks resolved as decisions, the cycle the guess algorithm meets is no
   longer the paradox alone, and the German fleet from Belgium enters the
   English Channel, where the DATC has it bounce and the French fleet stay.
2. **A path is known for good only once all its convoys are settled.** While
   some convoy on the way is still open, `path` asks the convoys fleet by
   fleet (breadth first from the army: `adjudicator.routes.route_through`)
   and keeps nothing; once all are settled it searches once and
   keeps the answer. Keeping an answer found under a guess is what the test
   pins: with the path kept early, 6.F.14 (the simple convoy paradox) leaves
   the English fleet in Wales and the French fleet in the Channel. The order
   in which the fleets are asked is not forced by any case: asking every
   convoy of the army at once gives the same board on all DATC cases and the
   9,129 phases of `bench.equivalence`.

## Cases

| case | title | choice | status |
| --- | --- | --- | --- |
"""


def _status(case: DatcCase) -> str:
    try:
        test_datc(case, load_board("standard"))
    except AssertionError as error:
        return f"FAILS: {str(error).splitlines()[0][:80]}"
    return "passes"


def main() -> int:
    rows = [f"| {c.case} | {c.title} | {c.choice or ''} | {_status(c)} |" for c in load_cases()]
    passed = sum(row.endswith("| passes |") for row in rows)
    summary = f"\n{passed} of {len(rows)} cases pass.\n"
    PAGE.write_text(HEADER + "\n".join(rows) + "\n" + summary, encoding="utf-8")
    print(summary.strip())
    return 0 if passed == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
