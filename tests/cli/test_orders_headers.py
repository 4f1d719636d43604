"""``sengoku orders`` on a paste: the phase a mail names, misspelt headers, full-width text, remarks, a closed pipe.

A paste is read as the mailbox is: a pasted email whose subject names another
phase is not used; a header for a power that does not exist is refused with
the powers it could mean, and so is every order under it.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tests.cli.sengoku_process import start
from tests.cli.test_orders import stored


@pytest.fixture
def fall(cli: Cli, game: Path) -> Path:
    """The game at Fall 1570, Spring adjudicated with no orders."""
    cli("adjudicate", "game.json", "--yes")
    return game


SPRING_MAIL = """\
From: Oda Nobunaga <nobunaga@owari.example>
Subject: Oda orders for Spring 1570

Hi GM,
A Owari - Mino
F Mikawa - Totomi Sea
"""


def test_a_pasted_mail_whose_subject_names_spring_is_not_stored_in_fall(cli: Cli, fall: Path) -> None:
    out = cli("orders", "game.json", input=SPRING_MAIL, code=3).stdout.splitlines()
    problem = "not used: the subject names Spring 1570, and Fall 1570 movement is open"
    assert f"REFUSED line 5: 'A Owari - Mino': {problem}" in out
    assert f"REFUSED line 6: 'F Mikawa - Totomi Sea': {problem}" in out
    assert stored(fall) == {}


def test_a_pasted_mail_whose_subject_names_no_power_but_spring_is_not_stored_either(cli: Cli, fall: Path) -> None:
    """As with --mbox, the subject speaks for the whole mail, whatever header its body has."""
    mail = "From: Takeda <shingen@kai.example>\nSubject: Orders for Spring 1570\n\nTakeda:\nA Kai - Suruga\n"
    out = cli("orders", "game.json", input=mail, code=3).stdout
    assert "REFUSED line 5: 'A Kai - Suruga': not used: the subject names Spring 1570" in out
    assert stored(fall) == {}


def test_a_pasted_mail_for_the_open_phase_is_stored(cli: Cli, fall: Path) -> None:
    cli("orders", "game.json", input=SPRING_MAIL.replace("Spring", "Fall"))
    assert stored(fall) == {"Oda": ["A Owari - Mino", "F Mikawa - Totomi Sea"]}


def test_a_reply_keeps_the_old_subject_and_is_used(cli: Cli, fall: Path) -> None:
    """``Re: Oda orders for Spring 1570`` answers the Spring mail; it says nothing of the new mail's phase."""
    cli("orders", "game.json", input=SPRING_MAIL.replace("Subject: ", "Subject: Re: "))
    assert stored(fall) == {"Oda": ["A Owari - Mino", "F Mikawa - Totomi Sea"]}


@pytest.mark.parametrize(
    ("header", "word", "meant"),
    [
        ("Odda:", "Odda", "Oda"),
        ("TAKDA", "TAKDA", "Takeda"),
        ("Orders for Takdea", "Takdea", "Takeda"),
        ("Uesgi orders for Spring 1570:", "Uesgi", "Uesugi"),
    ],
)
def test_a_header_for_a_power_that_does_not_exist_is_refused_with_the_power_it_could_be(
    cli: Cli, game: Path, header: str, word: str, meant: str
) -> None:
    out = cli("orders", "game.json", input=f"{header}\nA Kai - Suruga\n", code=3).stdout.splitlines()
    problem = f"unknown power '{word}' (did you mean {meant}?)"
    assert out[:2] == [f"REFUSED line 1: '{header}': {problem}", f"REFUSED line 2: 'A Kai - Suruga': {problem}"]
    assert stored(game) == {}


def test_the_orders_under_a_misspelt_header_do_not_go_to_the_power_above_it(cli: Cli, game: Path) -> None:
    out = cli("orders", "game.json", input="Oda:\nA Owari - Mino\nTakdea:\nA Kai - Suruga\n", code=3).stdout
    assert "REFUSED line 4: 'A Kai - Suruga': unknown power 'Takdea' (did you mean Takeda?)" in out
    assert stored(game) == {"Oda": ["A Owari - Mino"]}


@pytest.mark.parametrize("line", ["Thanks", "Hello", "Toda", "Cheers, Toda"])
def test_a_word_alone_that_is_no_header_stays_chatter(cli: Cli, game: Path, line: str) -> None:
    """A name signing a mail looks like a power's name misspelt; with no order under it, it is chatter."""
    out = cli("orders", "game.json", input=f"Oda:\nA Owari - Mino\n{line}\n").stdout
    assert f"ignored line 3: '{line}' (chatter)" in out


def test_full_width_orders_are_read_as_orders(cli: Cli, game: Path) -> None:
    out = cli("orders", "game.json", input="Ｔａｋｅｄａ：\nＡ Ｋａｉ － Ｓｕｒｕｇａ\n").stdout.splitlines()
    assert out[:2] == ["header  line 1: Takeda", "ok      line 2: Takeda: A Kai - Suruga"]
    assert stored(game) == {"Takeda": ["A Kai - Suruga"]}


@pytest.mark.parametrize(
    ("written", "remark"),
    [
        ("A Owari - Mino <- as agreed", "as agreed"),
        ("A Owari - Mino // feint", "feint"),
        ("A Owari - Mino # hold the line", "hold the line"),
        ("A Owari - Mino -- trust me", "trust me"),
        ("A Owari - Mino (main attack)", "main attack"),
    ],
)
def test_a_remark_after_an_order_is_shown_beside_it_and_the_order_stored(
    cli: Cli, game: Path, written: str, remark: str
) -> None:
    out = cli("orders", "game.json", input=f"Oda:\n{written}\n").stdout.splitlines()
    assert out[1] == f"ok      line 2: Oda: A Owari - Mino  (remark: {remark})"
    assert stored(game) == {"Oda": ["A Owari - Mino"]}


def test_a_double_dash_between_unit_and_place_is_still_a_move(cli: Cli, game: Path) -> None:
    out = cli("orders", "game.json", input="Oda:\nA Owari -- Mino\n").stdout.splitlines()
    assert out[1] == "ok      line 2: Oda: A Owari - Mino"


def test_a_closed_pipe_gives_the_runs_own_exit_code(cli: Cli, game: Path) -> None:
    """``sengoku orders game.json paste.txt | head -1`` with a refused line: exit 3, quietly, orders stored."""
    (cli.folder / "paste.txt").write_text("Takeda:\nA Kai - Suruga\nA Kaii H\n")
    command = start(cli.folder, "orders", "game.json", "paste.txt", stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert command.stdout is not None and command.stderr is not None
    command.stdout.close()  # the reader has gone before the first line
    errors = command.stderr.read()
    command.stderr.close()
    assert command.wait(timeout=60) == 3 and errors == ""
    assert stored(game) == {"Takeda": ["A Kai - Suruga"]}


def test_a_misspelling_of_the_senders_own_power_is_its_header(cli: Cli, game: Path) -> None:
    """Mail from Oda's address speaks for Oda: its ``Odda:`` can only be Oda, and is read so, and said so."""
    cli("players", "game.json", "set", "Oda", "nobunaga@owari.example")
    mail = "From: Oda Nobunaga <nobunaga@owari.example>\nSubject: orders\n\nOdda:\nA Owari - Mino\n"
    out = cli("orders", "game.json", input=mail).stdout.splitlines()
    assert out[2:4] == [
        "header  line 4: Oda ('Odda' read as Oda, the sender's power)",
        "ok      line 5: Oda: A Owari - Mino",
    ]
    assert stored(game) == {"Oda": ["A Owari - Mino"]}


def test_a_misspelling_of_another_power_in_the_senders_mail_is_refused(cli: Cli, game: Path) -> None:
    cli("players", "game.json", "set", "Oda", "nobunaga@owari.example")
    mail = "From: Oda Nobunaga <nobunaga@owari.example>\nSubject: orders\n\nTakdea:\nA Kai - Suruga\n"
    out = cli("orders", "game.json", input=mail, code=3).stdout
    assert "REFUSED line 5: 'A Kai - Suruga': unknown power 'Takdea' (did you mean Takeda?)" in out
