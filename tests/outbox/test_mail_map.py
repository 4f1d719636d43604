"""The results mail carries the map: an inline picture in its HTML part (``cid:``), with a plain-text fallback.

Read back from a real SMTP server (aiosmtpd on loopback): 43 messages and
not one ``image/png`` part was the GM's complaint.
"""

from __future__ import annotations

import io
from email.message import EmailMessage
from pathlib import Path

import pytest
from PIL import Image

from tests.cli.conftest import Cli
from tests.outbox.conftest import smtp
from tests.outbox.smtpd import Mailbox

Server = tuple[int, Mailbox]


def parts(message: EmailMessage) -> list[str]:
    return [part.get_content_type() for part in message.walk()]


def test_each_results_mail_shows_the_map_inline_with_a_plain_text_fallback(
    cli: Cli, addressed: Path, server: Server
) -> None:
    port, box = server
    cli("adjudicate", "game.json", "--yes")
    cli("mail", "game.json", "results", *smtp(port))
    assert len(box.messages) == 4
    for message in box.messages:
        assert parts(message) == ["multipart/alternative", "text/plain", "multipart/related", "text/html", "image/png"]
        picture = next(part for part in message.walk() if part.get_content_type() == "image/png")
        assert picture["Content-ID"] == "<map@sengoku>" and picture.get_filename() == "map-spring-1570-movement.png"
        html = message.get_body(preferencelist=("html",))
        assert (
            html is not None and '<img src="cid:map@sengoku" alt="The map: Spring 1570 movement' in html.get_content()
        )
        plain = message.get_body(preferencelist=("plain",))
        assert (
            plain is not None and "(The map is in this message as map-spring-1570-movement.png;" in plain.get_content()
        )
        data = picture.get_content()
        assert isinstance(data, bytes) and len(data) <= 300_000  # the default budget: a palette PNG
        with Image.open(io.BytesIO(data)) as image:
            assert image.format == "PNG" and image.size[0] > 1000  # the whole map, at its own size


@pytest.mark.slow  # the map drawn again at a smaller scale: seconds
def test_a_budget_too_small_for_a_png_sends_a_smaller_picture(cli: Cli, addressed: Path, server: Server) -> None:
    port, box = server
    cli("adjudicate", "game.json", "--yes")
    cli("mail", "game.json", "results", "--max-bytes", "60k", *smtp(port))
    picture = next(part for part in box.messages[0].walk() if part.get_content_maintype() == "image")
    data = picture.get_content()
    assert len(data) <= 60_000
    with Image.open(io.BytesIO(data)) as image:
        assert image.format in ("PNG", "JPEG") and image.size[0] < 1200


def test_no_map_sends_text_and_html_alone(cli: Cli, addressed: Path, server: Server) -> None:
    port, box = server
    cli("adjudicate", "game.json", "--yes")
    cli("mail", "game.json", "results", "--no-map", *smtp(port))
    assert parts(box.messages[0]) == ["multipart/alternative", "text/plain", "text/html"]


def test_the_dry_run_writes_the_map_into_each_message(cli: Cli, addressed: Path) -> None:
    cli("adjudicate", "game.json", "--yes")
    cli("mail", "game.json", "results", "--dry-run", "out")
    written = sorted((cli.folder / "out").glob("*.eml"))
    assert written and all(b"Content-Type: image/png" in path.read_bytes() for path in written)
