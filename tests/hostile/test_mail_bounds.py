"""A monstrous mail costs a bounded, small amount, is refused with the reason, and the rest of the mailbox is read.

Every attack is an mbox of the hostile message between two good orders
mails from Oda (``bench.hostile``); the good mails' orders must be stored
whatever the middle one does.
"""

from __future__ import annotations

from typing import Any

import pytest

from bench.hostile import measure_apart
from tests.hostile.conftest import MEMORY_BOUND

pytestmark = pytest.mark.slow  # each hostile mail read in a process of its own: ./run test -m "not slow" leaves it out

ODA_STORED = {"Oda": ["A Owari - Mino", "F Mikawa H"]}

# attack -> the reason the hostile mail is refused (None: it is read, within every bound)
REFUSED = {
    "subject-8k": "its Subject header is too long (135,999 characters; at most 16,384)",
    "subject-200k": "its headers are too large (3,320 KB; at most 256 KB)",
    "subject-900": None,
    "blockquote-20k": None,
    "parts-100k": "too many lines that could start a MIME part (100,001 lines starting '--'; at most 5,000)",
    "parts-4k": "too many MIME parts (over 200)",
    "nesting-1k": "too many MIME parts (1,000 multipart boundaries; at most 200)",
    "headers-20k": "too many header fields (20,002; at most 500)",
    "orders-1mb": "its text has too many lines to be orders (66,001; at most 20,000)",
    "orders-20k": None,
    "html-1mb": "its text is too long to be orders (over 1,000,000 characters)",
}


@pytest.fixture(scope="module")
def outcomes() -> dict[str, dict[str, Any]]:
    return {}


def run(name: str, outcomes: dict[str, dict[str, Any]]) -> dict[str, Any]:
    if name not in outcomes:
        outcomes[name] = measure_apart(name, timeout=120)
    return outcomes[name]


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_hostile_mail_stays_within_100_mb(name: str, outcomes: dict[str, dict[str, Any]]) -> None:
    assert run(name, outcomes)["peak_bytes"] < MEMORY_BOUND


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_hostile_mail_is_refused_with_its_reason_and_the_good_mail_around_it_is_read(
    name: str, outcomes: dict[str, dict[str, Any]]
) -> None:
    outcome = run(name, outcomes)["outcome"]
    reason = REFUSED[name]
    assert outcome["problems"] == ([reason] if reason else [])
    assert outcome["mails"][0] == outcome["mails"][-1] == "read"
    if reason:
        assert outcome["mails"][1] == "unreadable"
    else:
        assert outcome["mails"][1] in ("read", "no orders in it")
    assert outcome["stored"] == ODA_STORED


def test_message_ids_are_kept_as_fixed_size_digests_so_the_game_file_stays_small(
    outcomes: dict[str, dict[str, Any]],
) -> None:
    outcome = run("message-ids", outcomes)["outcome"]
    assert outcome["mails"] == ["read", "read", "read", "read"]
    assert outcome["longest_read_key"] == 36  # "mid:" and 32 hex digits, whatever the 16,000-character IDs
    assert outcome["game_file_bytes"] < 8_000
