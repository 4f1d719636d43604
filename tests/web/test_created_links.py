"""After creating a game the GM gets each link with a copy button, and can mail every player their own link."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from flask import Flask

from outbox import SmtpSettings
from tests.outbox.smtpd import Mailbox, smtp_server
from tests.web.conftest import Site, answer_invitations, flashes


@pytest.fixture
def smtp(app: Flask) -> Iterator[Mailbox]:
    with smtp_server() as (port, box):
        app.config["SMTP"] = SmtpSettings(host="127.0.0.1", port=port, sender="gm@kyoto.example", pause=0)
        yield box


def created(site: Site) -> str:
    answer = site.post("/games", {"name": "Kyoto 1570", "variant": "sengoku"})
    return site.client.get(answer.location).get_data(as_text=True)


def test_every_link_has_a_copy_button(site: Site) -> None:
    html = created(site)
    for role in ("gm", "public", "Oda", "Uesugi"):
        assert f'id="link-{role}-text"' in html and f'data-copy="link-{role}-text"' in html
    assert "copy.js" in html


def test_the_gm_mails_each_player_their_link_from_the_links_page(site: Site, smtp: Mailbox) -> None:
    html = created(site)
    gm = re.search(r'id="link-gm" href="http://localhost(/games/\w+/gm/[\w-]+)"', html)
    old_oda = re.search(r'data-power="Oda" href="http://localhost(/games/\w+/play/[\w-]+)"', html)
    assert gm and old_oda
    form = {"addresses-Oda": "nobunaga@example.org", "addresses-Takeda": "shingen@example.org"}
    answer = site.post(gm.group(1) + "/mail-links", form, page=gm.group(1), follow_redirects=True)
    shown = flashes(answer.get_data(as_text=True))
    assert any(f.startswith("Invited 2 new addresses to this game&#39;s mail") for f in shown)
    held = "Not mailed to Oda &lt;nobunaga@example.org&gt;: has not agreed to this game&#39;s mail yet"
    assert held in " ".join(shown)
    assert sorted(answer_invitations(site, smtp)) == ["Oda <nobunaga@example.org>", "Takeda <shingen@example.org>"]
    assert site.client.get(old_oda.group(1)).status_code == 200, "no link went: the one shown still works"
    answer = site.post(gm.group(1) + "/mail-links", form, page=gm.group(1), follow_redirects=True)
    assert "Mailed the links to 2 addresses." in flashes(answer.get_data(as_text=True))
    assert sorted(str(m["To"]) for m in smtp.messages) == ["Oda <nobunaga@example.org>", "Takeda <shingen@example.org>"]
    oda_mail = next(m for m in smtp.messages if "Oda" in str(m["To"]))
    body = oda_mail.get_body(preferencelist=("plain",)).get_content()  # type: ignore[union-attr]
    new_oda = re.search(r"http://localhost(/games/\w+/play/[\w-]+)", body)
    assert new_oda and site.client.get(new_oda.group(1)).status_code == 200
    assert site.client.get(old_oda.group(1)).status_code == 403, "the link shown before is replaced by the mailed one"
    gm_page = site.client.get(gm.group(1)).get_data(as_text=True)
    assert 'value="nobunaga@example.org"' in gm_page  # kept in the address book


def test_without_a_mail_server_the_addresses_are_kept_and_that_is_said(site: Site) -> None:
    html = created(site)
    gm = re.search(r'id="link-gm" href="http://localhost(/games/\w+/gm/[\w-]+)"', html)
    assert gm
    form = {"addresses-Oda": "nobunaga@example.org"}
    answer = site.post(gm.group(1) + "/mail-links", form, page=gm.group(1), follow_redirects=True)
    assert "this site cannot send mail" in " ".join(flashes(answer.get_data(as_text=True)))
