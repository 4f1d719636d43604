"""``sengoku orders``: every line gets a verdict, valid orders are stored, a bad line costs only itself."""

from __future__ import annotations

import tempfile
from pathlib import Path

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from cli import main
from cli.gamefile import load_game, write_state
from game.game import Game
from maps import load_board
from maps.rules import SENGOKU
from orders import order_text
from tests.cli.conftest import Cli


def stored(game: Path) -> dict[str, list[str]]:
    loaded = load_game(game)
    return {power: [order_text(o, loaded.board) for o in given] for power, given in loaded.state.orders.items()}


def test_orders_come_from_standard_input_by_default(cli: Cli, game: Path) -> None:
    result = cli("orders", "game.json", input="Oda:\nA Owari - Mino\n")
    assert result.stdout.splitlines()[1] == "ok      line 2: Oda: A Owari - Mino"
    assert stored(game) == {"Oda": ["A Owari - Mino"]}


def test_one_power_without_a_header_with_power(cli: Cli, game: Path) -> None:
    result = cli("orders", "game.json", "--power", "takeda", input="A Kai - Suruga\nA South Shinano H\n")
    assert result.stdout == (
        "ok      line 1: Takeda: A Kai - Suruga\n"
        "ok      line 2: Takeda: A South Shinano H\n"
        "Stored for Spring 1570 movement (replace: a power's new message replaces its orders):\n"
        "  Takeda: 2 orders, 0 of 2 DP bid\n"
        "    A Kai - Suruga\n"
        "    A South Shinano H\n"
        "No orders yet: Asakura, Chosokabe, Hojo, Mori, Oda, Shimazu, Uesugi.\n"
    )


def test_a_line_without_a_power_is_refused(cli: Cli, game: Path) -> None:
    result = cli("orders", "game.json", input="A Kai - Suruga\nOda: A Owari - Mino\n", code=3)
    assert result.stdout.splitlines()[:2] == [
        "REFUSED line 1: 'A Kai - Suruga': no power given: put a header such as 'Oda:' above",
        "ok      line 2: Oda: A Owari - Mino",
    ]
    assert result.stdout.endswith("1 line refused.\n")
    assert stored(game) == {"Oda": ["A Owari - Mino"]}


def test_a_power_sending_again_replaces_only_its_own_orders(cli: Cli, game: Path) -> None:
    cli("orders", "game.json", input="Oda:\nA Owari - Mino\nF Mikawa H\nTakeda:\nA Kai - Suruga\n")
    result = cli("orders", "game.json", input="Oda:\nA Owari - Ise\n")
    assert "  Oda: 1 order, 0 of 2 DP bid (replacing 2 earlier)\n    A Owari - Ise\n" in result.stdout
    assert stored(game) == {"Oda": ["A Owari - Ise"], "Takeda": ["A Kai - Suruga"]}


def test_merge_a_refused_order_never_removes_the_stored_one_for_its_unit(cli: Cli, game: Path) -> None:
    """'A Kai - Owari' is refused by the engine (not adjacent): 'A Kai - Suruga' stays, and the summary says so."""
    cli("orders", "game.json", input="Takeda:\nA Kai - Suruga\n")
    paste = "Takeda:\nA Kai - Owari\nA South Shinano - Hida\n"
    result = cli("orders", "game.json", "--merge", input=paste, code=3)
    assert "REFUSED line 2: 'A Kai - Owari': Kai to Owari: not adjacent, and no convoy route\n" in result.stdout
    assert (
        "  Takeda: 2 orders, 0 of 2 DP bid (merged: 0 of 1 earlier replaced, 1 kept)\n"
        "    A Kai - Suruga\n"
        "    A South Shinano - Hida\n"
    ) in result.stdout
    assert stored(game) == {"Takeda": ["A Kai - Suruga", "A South Shinano - Hida"]}


def test_a_refused_resend_of_one_earlier_order_says_it_stands(cli: Cli, game: Path) -> None:
    cli("orders", "game.json", input="Takeda:\nA Kai - Suruga\n")
    result = cli("orders", "game.json", "--merge", input="Takeda:\nA Kai - Surugaa\n", code=3)
    assert "  Takeda: NOTHING STORED: every line of its message was refused; its 1 order from before stands\n" in (
        result.stdout
    )
    assert stored(game) == {"Takeda": ["A Kai - Suruga"]}


def test_a_resend_whose_lines_are_all_refused_stores_nothing_and_keeps_the_earlier_orders(cli: Cli, game: Path) -> None:
    cli("orders", "game.json", input="Oda:\nA Owari - Mino\nF Mikawa H\n")
    result = cli("orders", "game.json", input="Oda:\nA Owari - Xyz\nF Mikawa - Kai\n", code=3)
    assert (
        "  Oda: NOTHING STORED: every line of its message was refused; its 2 orders from before stand\n"
        "    A Owari - Mino\n"
        "    F Mikawa H\n"
    ) in result.stdout
    assert stored(game) == {"Oda": ["A Owari - Mino", "F Mikawa H"]}
    assert (
        "  Oda        orders stored (2), 0 of 2 DP bid; its latest message had every line refused; every unit ordered\n"
        in cli("status", "game.json").stdout
    )


def test_a_header_alone_changes_nothing(cli: Cli, game: Path) -> None:
    cli("orders", "game.json", input="Oda:\nA Owari - Mino\n")
    result = cli("orders", "game.json", input="Oda:\n\n-- \nNobunaga\n")
    assert result.stdout == (
        "header  line 1: Oda\n"
        "ignored lines 3-4: '--' 'Nobunaga' (signature)\n"
        "Nothing changed. Stored for Spring 1570 movement: Oda (1 order).\n"
    )
    assert stored(game) == {"Oda": ["A Owari - Mino"]}


def test_dp_limits_are_checked_per_power(cli: Cli, game: Path) -> None:
    text = "Oda:\n2 : A Mino H\n1 : A Yamashiro H\n1 DP A Bizen H\nA Owari - Mino\n"
    result = cli("orders", "game.json", input=text, code=3)
    assert result.stdout.splitlines()[1:5] == [
        "ok      line 2: Oda: 2 : A Mino H",
        "REFUSED line 3: '1 : A Yamashiro H': not enough DP: 2 this phase, 2 already spent",
        "REFUSED line 4: '1 DP A Bizen H': not enough DP: 2 this phase, 2 already spent",
        "ok      line 5: Oda: A Owari - Mino",
    ]


def test_the_phase_decides_what_words_mean(cli: Cli, game: Path) -> None:
    """In a retreat phase '-' is a retreat, not a move."""
    cli("new", "retreat.json", "--position", Path(__file__).parent.parent.parent / "docs/examples/ise-retreat.yaml")
    result = cli("orders", "retreat.json", input="Asakura: A Ise - Omi\n")
    assert result.stdout.startswith("ok      line 1: Asakura: A Ise R Omi\n")


def test_orders_need_a_power_the_board_knows(cli: Cli, game: Path) -> None:
    result = cli("orders", "game.json", "--power", "Nobunaga", input="A Owari H\n", code=1)
    assert result.stderr.startswith("Error: unknown power 'Nobunaga'; the powers are Asakura, Chosokabe, Hojo")


def test_a_missing_orders_file_is_refused_input(cli: Cli, game: Path) -> None:
    """Exit 1 as for a missing game file or mailbox (refused input), not 2 (a wrong command line)."""
    result = cli("orders", "game.json", "nowhere.txt", code=1)
    assert result.stderr == "Error: nowhere.txt: no such file; nothing was stored\n"


def test_an_orders_file_that_is_not_text_is_one_line(cli: Cli, game: Path) -> None:
    (cli.folder / "orders.txt").write_bytes(b"Oda:\n\xff\xfe A Owari H\n")
    result = cli("orders", "game.json", "orders.txt", code=1)
    assert result.stderr == (
        "Error: orders.txt: not UTF-8 text (line 2, byte 1: b'\\xff'); save the orders as UTF-8 (nothing was stored)\n"
    )


ORDER_WORDS = ["Oda:", "Takeda:", "A", "F", "Owari", "Mino", "Kai", "-", "S", "C", "H", "2", ":", "DP", "Ech", "Build"]


# any text a terminal can hold; a NUL is binary data, refused whole (tested in test_orders_mail.py)
TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=6)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.sampled_from(ORDER_WORDS) | TEXT, max_size=6), max_size=6))
def test_no_pasted_text_breaks_the_command(lines: list[list[str]]) -> None:
    """Whatever is pasted, every line gets a verdict and the command ends with 0 or 3, never a bug."""
    text = "\n".join(" ".join(words) for words in lines)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        write_state(path, Game.new(load_board("sengoku")).state, SENGOKU)
        result = CliRunner().invoke(main, ["orders", str(path)], input=text)
        assert result.exit_code in (0, 3), result.output
        assert "Traceback" not in result.output
        load_game(path)


def test_one_power_in_two_messages_of_a_paste_says_the_later_replaced_the_earlier(cli: Cli, game: Path) -> None:
    cli("players", "game.json", "set", "Oda", "nobunaga@owari.example")
    paste = (
        "From: Oda Nobunaga <nobunaga@owari.example>\nSubject: part 1\n\nA Owari - Ise\n\n"
        "From: Oda Nobunaga <nobunaga@owari.example>\nSubject: part 2\n\nF Mikawa H\n"
    )
    replaced = cli("orders", "game.json", input=paste).stdout
    assert "    (from the last of its 2 messages here: each replaced the one before;\n" in replaced
    assert stored(game) == {"Oda": ["F Mikawa H"]}
    merged = cli("orders", "game.json", "--merge", input=paste).stdout
    assert "messages here" not in merged
    assert sorted(stored(game)["Oda"]) == ["A Owari - Ise", "F Mikawa H"]
