"""The address book: ``sengoku players`` sets, lists and clears a power's email addresses."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.addresses import AddressError, normalise_address, owner_of, with_addresses


def test_an_address_is_read_from_a_from_line_without_case() -> None:
    assert normalise_address("Oda Nobunaga <Nobunaga@Example.ORG>") == "nobunaga@example.org"


@pytest.mark.parametrize("text", ["nobunaga", "a b@example.org", "@example.org", "x@y", ""])
def test_what_is_not_an_address_is_refused(text: str) -> None:
    with pytest.raises(AddressError, match="not an email address"):
        normalise_address(text)


def test_an_address_belongs_to_one_power_only() -> None:
    book = with_addresses({}, "Oda", ["nobunaga@example.org"])
    with pytest.raises(AddressError, match="already Oda's address"):
        with_addresses(book, "Takeda", ["Nobunaga@example.org"])


def test_the_sender_of_a_message_finds_its_power() -> None:
    book = with_addresses({}, "Oda", ["nobunaga@example.org", "oda@home.example"])
    assert owner_of(book, '"Lord Oda" <ODA@home.example>') == "Oda"
    assert owner_of(book, "stranger@example.org") is None
    assert owner_of(book, "not an address") is None


def test_players_set_list_and_clear(cli, game: Path) -> None:
    assert cli.lines("players", game, "set", "oda", "Nobunaga@Example.org", "oda2@example.org") == [
        "Oda: nobunaga@example.org, oda2@example.org"
    ]
    listed = cli.lines("players", game)
    assert "Oda: nobunaga@example.org, oda2@example.org" in listed
    assert "Takeda: (no address)" in listed
    cli("players", game, "clear", "Oda")
    assert "Oda: (no address)" in cli.lines("players", game)


def test_a_bad_address_is_refused_and_the_game_unchanged(cli, game: Path) -> None:
    before = game.read_bytes()
    result = cli("players", game, "set", "Oda", "nobunaga", code=1)
    assert "'nobunaga' is not an email address" in result.output
    assert game.read_bytes() == before


def test_an_address_taken_by_another_power_is_refused(cli, game: Path) -> None:
    cli("players", game, "set", "Oda", "nobunaga@example.org")
    result = cli("players", game, "set", "Takeda", "NOBUNAGA@example.org", code=1)
    assert "nobunaga@example.org is already Oda's address" in result.output


@pytest.mark.parametrize("words", [["set", "Oda"], ["clear"], ["clear", "Oda", "x@example.org"], ["Oda"]])
def test_a_wrong_players_command_says_how(cli, game: Path, words: list[str]) -> None:
    assert "usage: sengoku players" in cli("players", game, *words, code=2).output


def test_add_keeps_the_powers_other_addresses_and_remove_takes_one(cli, game: Path) -> None:  # type: ignore[no-untyped-def]
    assert (
        cli("players", "game.json", "add", "Hojo", "ujiyasu@sagami.example").stdout == "Hojo: ujiyasu@sagami.example\n"
    )
    added = cli("players", "game.json", "add", "Hojo", "ujiyasu.hojo@gmail.example").stdout
    assert added == "Hojo: ujiyasu@sagami.example, ujiyasu.hojo@gmail.example\n"
    removed = cli("players", "game.json", "remove", "Hojo", "Ujiyasu@Sagami.example").stdout
    assert removed == "Hojo: ujiyasu.hojo@gmail.example\n  (no longer Hojo's: ujiyasu@sagami.example)\n"
    missing = cli("players", "game.json", "remove", "Hojo", "nobody@sagami.example", code=1).stderr
    assert missing == "Error: Hojo has no address nobody@sagami.example; its addresses: ujiyasu.hojo@gmail.example\n"
    log = cli("history", "game.json", "--log").stdout
    assert "Hojo's addresses: ujiyasu.hojo@gmail.example (removed: ujiyasu@sagami.example)" in log


def test_set_says_which_addresses_it_replaced(cli, game: Path) -> None:  # type: ignore[no-untyped-def]
    cli("players", "game.json", "add", "Hojo", "ujiyasu@sagami.example")
    out = cli("players", "game.json", "set", "Hojo", "ujiyasu.hojo@gmail.example").stdout
    assert out == "Hojo: ujiyasu.hojo@gmail.example\n  (no longer Hojo's: ujiyasu@sagami.example)\n"


def test_mail_from_an_unknown_address_advises_add_not_set(cli, game: Path) -> None:  # type: ignore[no-untyped-def]
    """The advice 'players set' replaced the power's addresses and lost one: the advice is 'add' now."""
    cli("players", "game.json", "add", "Hojo", "ujiyasu@sagami.example")
    (cli.folder / "in.mbox").write_text(
        "From x Mon Mar  2 09:00:00 2026\nFrom: Hojo <ujiyasu.hojo@gmail.example>\nSubject: orders\n"
        "Date: Mon, 02 Mar 2026 09:00:00 +0900\nMessage-ID: <h@gmail>\n\nA Sagami - Musashi\n",
        encoding="utf-8",
    )
    out = cli("orders", "game.json", "--mbox", "in.mbox", code=3).stdout
    assert "('sengoku players game.json add POWER ujiyasu.hojo@gmail.example')" in out
    cli("players", "game.json", "add", "Hojo", "ujiyasu.hojo@gmail.example")
    assert "Hojo: 1 order" in cli("orders", "game.json", "--mbox", "in.mbox").stdout
    assert cli("players", "game.json").stdout.startswith("Asakura: (no address)")
