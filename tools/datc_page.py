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
the result of every order are as the DATC says.

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
