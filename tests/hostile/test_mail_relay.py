"""A GM cannot turn the site into a mail relay, through the real servers and a real SMTP server on loopback.

Issue 32: with SMTP set up, a GM entered 1,600 addresses and repeated ``POST /mail {"what":"links"}``: 3,200
mails left in 44 s from the site's own sender, the game's name ("URGENT: your bank account is locked ...") as
their Subject. Now an address book holds at most 30 addresses, each gets one invitation, nothing else until its
owner agrees on the invitation's page, within the game's and the site's hourly quotas; the name in a Subject is
cut short and marked as the game's; new links go to one power at a time.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.hostile.site import KINDS, Site, call, peak_memory_mb, serve
from tests.outbox.smtpd import Mailbox, smtp_server

pytestmark = pytest.mark.slow

SPAM = "URGENT: your bank account is locked - visit bank-login.example now"
MEMORY_MB = 400


@pytest.fixture
def box() -> Iterator[tuple[int, Mailbox]]:
    with smtp_server() as running:
        yield running


def mail_site(folder: Path, kind: str, port: int, **extra: str) -> object:
    smtp = {"SENGOKU_SMTP_HOST": "127.0.0.1", "SENGOKU_SMTP_PORT": str(port), "SENGOKU_SMTP_FROM": "site@kyoto.example"}
    return serve(folder, *KINDS[kind], **smtp, **extra)


def agree(served: Site, invitation: str) -> None:
    """The addressee opens the invitation's link and agrees, as a browser does (a cookie, the form's token)."""
    path = re.search(r"http://127\.0\.0\.1:\d+(/mail/agree/[\w-]+)", invitation)
    assert path is not None, invitation
    with httpx.Client(base_url=served.base, trust_env=False) as browser:
        page = browser.get(path.group(1)).text
        token = re.search(r'name="csrf_token" value="([^"]+)"', page)
        assert token is not None
        answer = browser.post(path.group(1), data={"csrf_token": token.group(1), "answer": "agree"})
        assert answer.status_code == 303


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_gm_cannot_turn_the_site_into_a_mail_relay(tmp_path: Path, kind: str, box: tuple[int, Mailbox]) -> None:
    port, mailbox = box
    with mail_site(tmp_path, kind, port, SENGOKU_GAME_MAIL_PER_HOUR="20") as served:  # type: ignore[attr-defined]
        status, game = call(served, "POST", "/api/games", {"name": SPAM})
        assert status == 201
        gm, api = {"token": game["gm_token"]}, f"/api/games/{game['id']}"
        powers = sorted(game["power_tokens"])
        flood = {p: [f"victim{n}-{i}@example.org" for i in range(200)] for n, p in enumerate(powers)}
        status, answer = call(served, "PUT", api + "/mail-settings", {"addresses": flood, "mail_results": True}, **gm)
        assert status == 409 and answer["error"] == (
            f"a game's address book holds at most 30 addresses on this site, not {200 * len(powers)}"
        )
        book = {p: [f"player{n}-{i}@example.org" for i in range(3)] for n, p in enumerate(powers)}  # 27 addresses
        assert call(served, "PUT", api + "/mail-settings", {"addresses": book}, **gm)[0] == 200
        assert len(mailbox.messages) == 20  # one invitation each, up to the game's quota of 20 mails an hour
        assert {str(m["Subject"]).split(": may we")[0] for m in mailbox.messages} == {
            "Game “URGENT: your bank account is locked - v…”"
        }
        assert call(served, "PUT", api + "/mail-settings", {"addresses": book}, **gm)[0] == 200
        assert len(mailbox.messages) == 20  # saving again invites nobody twice (and the quota is spent)
        for _ in range(30):  # the attack: links to everyone, again and again
            status, answer = call(served, "POST", api + "/mail", {"what": "links"}, **gm)
            assert status == 502 and answer["sent"] == []
        assert len(mailbox.messages) == 20
        assert any("has not agreed to this game's mail yet" in why for why in answer["failed"])
        assert peak_memory_mb(served) < MEMORY_MB
    assert all(m["From"] == "site@kyoto.example" for m in mailbox.messages)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_mail_goes_to_an_address_once_its_owner_agreed_and_links_to_one_power_at_a_time(
    tmp_path: Path, kind: str, box: tuple[int, Mailbox]
) -> None:
    port, mailbox = box
    with mail_site(tmp_path, kind, port) as served:  # type: ignore[attr-defined]
        status, game = call(served, "POST", "/api/games", {"name": "Kyoto 1570"})
        gm, api = {"token": game["gm_token"]}, f"/api/games/{game['id']}"
        book = {"Oda": ["nobunaga@owari.example"], "Takeda": ["shingen@kai.example"]}
        assert call(served, "PUT", api + "/mail-settings", {"addresses": book}, **gm)[0] == 200
        invitations = {str(m["To"]): m.get_body(preferencelist=("plain",)).get_content() for m in mailbox.messages}  # type: ignore[union-attr]
        agree(served, invitations["Oda <nobunaga@owari.example>"])
        mailbox.messages.clear()
        status, answer = call(served, "POST", api + "/mail", {"what": "links"}, **gm)
        assert answer["sent"] == ["Oda <nobunaga@owari.example>"]  # Takeda has not agreed: nothing for Takeda
        assert [str(m["To"]) for m in mailbox.messages] == ["Oda <nobunaga@owari.example>"]
        status, answer = call(served, "POST", api + "/mail", {"what": "links"}, **gm)
        assert status == 409 and answer["error"] == (
            "every player was mailed a link once: mail one power a new link (name the power)"
        )
        status, answer = call(served, "POST", api + "/mail", {"what": "links", "power": "Oda"}, **gm)
        assert status == 200 and answer["sent"] == ["Oda <nobunaga@owari.example>"]
        status, listed = call(served, "GET", "/api/site/games", token="no-operator")
        assert status == 403


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_strangers_address_typed_into_game_after_game_gets_a_few_invitations_a_day_not_one_a_game(
    tmp_path: Path, kind: str, box: tuple[int, Mailbox]
) -> None:
    """Invitations are once a game; without a bound across games, a visitor making game after game (or many
    visitors) would send one stranger an invitation from each, with the game's name in its Subject."""
    port, mailbox = box
    with mail_site(tmp_path, kind, port) as served:  # type: ignore[attr-defined]
        for n in range(4):
            status, game = call(served, "POST", "/api/games", {"name": f"Bomb {n}"}, X_Forwarded_For=f"203.0.113.{n}")
            assert status == 201
            book = {"addresses": {"Oda": ["victim@example.org"], "Takeda": [f"player{n}@example.org"]}}
            answer = call(served, "PUT", f"/api/games/{game['id']}/mail-settings", book, token=game["gm_token"])
            assert answer[0] == 200
        to_victim = [m for m in mailbox.messages if "victim@example.org" in str(m["To"])]
        assert len(to_victim) == 3  # SENGOKU_ADDRESS_INVITATIONS_PER_DAY's default
        assert len(mailbox.messages) == 3 + 4  # every other address was invited by its game
