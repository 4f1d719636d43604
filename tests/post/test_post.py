"""What the results post says, rule by rule, whatever the markup."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from cli.gamefile import load_game
from game.game import Game
from post import FORMATS, UnknownFormat, build_post, render
from tests.cli.conftest import Cli
from tests.post.conftest import DEADLINE

SPRING, FALL, RETREATS, WINTER = range(4)


def plain(game: Game, index: int) -> str:
    return render(build_post(game.board, game.state, index, deadline=game.state.deadline))


def test_the_header_names_the_game_the_variant_and_the_phase(kyoto: Game) -> None:
    assert plain(kyoto, SPRING).startswith("Kyoto 1570, Sengoku Jidai (6DP): Spring 1570 movement results\n")


def test_a_tied_auction_is_named_a_tie_not_a_unit_without_orders(kyoto: Game) -> None:
    """Rules: a tie for the highest total leaves the unit holding; the post says it was a tie."""
    post = plain(kyoto, FALL)
    assert "  A Yamashiro H: held (the DP auction tied: no order carried out)\n" in post
    assert "A Yamashiro H: held (no order)" not in post
    assert (
        "  Yamashiro: tie at 2 DP between A Yamashiro H and A Yamashiro S A Ise: nothing carried out, the unit holds\n"
        in post
    )


def test_every_bid_is_public_once_the_phase_is_adjudicated(kyoto: Game) -> None:
    """Rules: DP orders are secret until the phase is adjudicated; the report then shows every bid."""
    post = plain(kyoto, SPRING)
    for bid in ("Oda: 2 DP for A Yamashiro H", "Asakura: 2 DP for A Yamashiro S A Omi - Ise"):
        assert f"    {bid}\n" in post
    assert "carried out (3 DP from Asakura and Takeda)" in post  # identical orders add up


def test_powers_without_orders_are_named_with_what_civil_disorder_did(kyoto: Game) -> None:
    post = build_post(kyoto.board, kyoto.state, FALL)
    assert [(m.power, m.consequence) for m in post.missing] == [
        ("Shimazu", "its units held"),
        ("Takeda", "its units held"),
        ("Uesugi", "its units held"),
    ]
    assert build_post(kyoto.board, kyoto.state, WINTER).missing == []  # Mori, Shimazu... owed no adjustment


def test_a_retreat_nobody_orders_is_a_disband_under_civil_disorder(kyoto: Game) -> None:
    before_retreats = kyoto.state.history[RETREATS]
    game = Game(
        kyoto.board,
        kyoto.state.replace(history=kyoto.state.history[:RETREATS], position=before_retreats.before),
    )
    game.adjudicate()
    post = build_post(game.board, game.state, -1)
    assert [(m.power, m.consequence) for m in post.missing] == [("Asakura", "its dislodged units were disbanded")]


def test_removals_nobody_orders_are_named(cli: Cli) -> None:
    position = cli.folder / "winter.yaml"
    position.write_text(
        "variant: sengoku\nphase: Winter 1572 adjustments\n"
        "units:\n  Asakura: [A Omi, F Echizen, A Kaga]\n  Oda: [A Owari]\n"
        "centres:\n  Asakura: [Echizen]\n  Oda: [Owari, Mikawa]\n",
        encoding="utf-8",
    )
    cli("new", "game.json", "--position", position)
    post = cli("adjudicate", "game.json", "--yes").stdout
    assert "No orders received (civil disorder):\n  Asakura: removed in civil disorder: " in post
    removed = re.search(r"Asakura: removed in civil disorder: (.*)\n", post).group(1)  # type: ignore[union-attr]
    assert len(removed.split(", ")) == 2
    assert "  Oda: its builds were waived\n" in post


def test_ownership_in_full_with_the_years_changes_and_what_is_owed(kyoto: Game) -> None:
    post = plain(kyoto, RETREATS)
    assert (
        "Ownership of supply centres:\n  Asakura: Echizen, Noto, Omi (3 centres, 2 units; takes Noto; builds 1)\n"
        in post
    )
    assert "  Hojo: Izu, Kazusa, Sagami, Totomi (4 centres, 2 units; takes Kazusa, Totomi; builds 2)\n" in post
    assert "  Still neutral: Bizen, Bungo, Hizen, Izumo, Mino, Musashi, Yamashiro\n" in post


def test_a_lost_centre_is_named(victory: Game) -> None:
    assert "  Hojo: Hitachi, Kazusa (2 centres, 3 units; loses Musashi)\n" in plain(victory, -1)


def test_a_won_game_owes_no_builds_or_removals_and_its_subject_says_it_is_over(victory: Game) -> None:
    """The game ends with the win: the post lists no adjustments owed, and the mail's Subject names the end."""
    post = build_post(victory.board, victory.state, -1)
    text = render(post, "plain")
    assert "builds" not in text and "removes" not in text and post.adjustments == {}
    assert "(21 centres, 14 units; takes Musashi)" in text
    assert post.subject == "Sengoku Jidai (6DP): Fall 1580 retreats results - THE GAME IS OVER: Oda wins the game"


def test_the_next_phase_and_its_deadline_close_the_latest_post_only(kyoto: Game) -> None:
    assert plain(kyoto, WINTER).endswith(
        "\nNext phase: Spring 1571 movement. Deadline: Tuesday 1 December 2099, 20:00 UTC.\n"
    )
    assert plain(kyoto, FALL).endswith("\nNext phase: Fall 1570 retreats.\n")
    assert build_post(kyoto.board, kyoto.state, WINTER, deadline=kyoto.state.deadline).deadline == DEADLINE
    assert build_post(kyoto.board, kyoto.state, FALL, deadline=kyoto.state.deadline).deadline is None


def test_the_end_of_the_game_closes_the_post(victory: Game) -> None:
    post = plain(victory, -1)
    assert post.endswith("\nTHE GAME IS OVER: Oda wins the game.\n") and "Next phase" not in post


def test_a_draw_voted_after_the_last_phase_ends_its_post(kyoto: Game) -> None:
    game = Game(kyoto.board, kyoto.state)
    survivors = game.survivors()
    for power in survivors:
        game.vote_draw(power, survivors)
    assert plain(game, -1).endswith("\nTHE GAME IS OVER: The game is drawn between " + ", ".join(survivors) + ".\n")
    assert "Deadline" not in plain(game, -1)


def test_the_plain_post_lines_nothing_up_with_spaces(kyoto: Game, victory: Game) -> None:
    """A forum's proportional font would break columns made of spaces: only the indent may repeat them."""
    for game in (kyoto, victory):
        for index in range(len(game.state.history)):
            for line in plain(game, index).splitlines():
                assert "  " not in line.strip(), line


@pytest.mark.parametrize("fmt", ["bbcode", "markdown", "html", "plain"])
def test_every_markup_says_the_same_things(kyoto: Game, fmt: str) -> None:
    text = render(build_post(kyoto.board, kyoto.state, FALL), fmt)
    for fact in ("Kyoto 1570", "A Owari - Ise", "dislodged by A Owari", "tie at 2 DP", "Shimazu", "Echizen, Omi"):
        assert fact in text, (fmt, fact)


def test_names_are_text_never_markup(kyoto: Game) -> None:
    state = kyoto.state.replace(name="<script>alert(1)</script> | *x* [b]y[/b]")
    post = build_post(kyoto.board, state, 0)
    assert "<script>" not in render(post, "html") and "&lt;script&gt;" in render(post, "html")
    assert "\\| \\*x\\*" in render(post, "markdown")
    assert "[b]y[/b]" not in render(post, "bbcode")


def test_the_json_form_is_the_document(kyoto: Game) -> None:
    data = json.loads(render(build_post(kyoto.board, kyoto.state, FALL), "json"))
    assert (data["game"], data["phase"], data["preview"]) == ("Kyoto 1570", "Fall 1570 movement", False)
    assert data["dp"][0]["tied"] is True and data["dp"][0]["winner"] is None
    assert [m["power"] for m in data["missing"]] == ["Shimazu", "Takeda", "Uesugi"]


def test_an_unknown_format_is_refused_with_the_choices(kyoto: Game) -> None:
    with pytest.raises(UnknownFormat, match="unknown format 'xml'; choose one of plain, bbcode, markdown, html, json"):
        render(build_post(kyoto.board, kyoto.state, 0), "xml")
    assert FORMATS == ("plain", "bbcode", "markdown", "html", "json")


# --- the command line ----------------------------------------------------------------


@pytest.mark.clock
def test_preview_prints_the_post_and_changes_nothing(cli: Cli, game: Path) -> None:
    cli("orders", "game.json", input="Oda:\nA Owari - Mino\n2 : A Yamashiro H\n")
    before = game.read_bytes()
    preview = cli("adjudicate", "game.json", "--yes", "--preview", "--deadline", "2099-12-01 20:00 UTC").stdout
    assert preview.startswith("Sengoku Jidai (6DP): Spring 1570 movement results (PREVIEW: not adjudicated yet)\n")
    assert "  A Owari - Mino: bounced, 1 against 1 from A Mino\n" in preview
    assert preview.endswith(
        "This is a preview: nothing has been adjudicated, and the orders may still change.\n"
        "Next phase: Fall 1570 movement. Deadline: Tuesday 1 December 2099, 20:00 UTC.\n"
    )
    assert game.read_bytes() == before
    secret = "Diplomacy Points (every bid stored now: SECRET until the phase is adjudicated):\n"
    public = "Diplomacy Points (every bid, public now that the phase is adjudicated):\n"
    assert secret in preview and public not in preview
    real = cli("adjudicate", "game.json", "--yes").stdout
    assert public in real
    same = preview.replace(secret, public)
    assert real.split("\n", 1)[1].split("\nOwnership")[0] == same.split("\n", 1)[1].split("\nOwnership")[0]


def test_format_on_the_command_line(cli: Cli, game: Path) -> None:
    cli("adjudicate", "game.json", "--yes")
    assert cli("history", "game.json", "last", "--format", "bbcode").stdout.startswith("[b]Sengoku Jidai")
    assert cli("history", "game.json", "last", "--format", "MARKDOWN").stdout.startswith("## Sengoku Jidai")
    wrong = cli("history", "game.json", "last", "--format", "xml", code=2)
    assert "'xml' is not one of 'plain', 'bbcode', 'markdown', 'html', 'json'" in wrong.stderr


@pytest.mark.clock
def test_a_deadline_set_shown_cleared_and_refused(cli: Cli, game: Path) -> None:
    assert cli("deadline", "game.json").stdout.startswith("Deadline for Spring 1570 movement: none")
    shown = cli("deadline", "game.json", "2099-12-01", "20:00", "UTC").stdout
    assert shown == "Deadline for Spring 1570 movement: Tuesday 1 December 2099, 20:00 UTC\n"
    assert load_game(game).state.deadline == datetime(2099, 12, 1, 20, 0, tzinfo=UTC)
    assert "Monday 30 November 2099, 19:00 UTC" in cli("deadline", "game.json", "2099-11-30T20:00+01:00").stdout
    assert "none" in cli("deadline", "game.json", "--clear").stdout
    before = game.read_bytes()
    assert "is in the past" in cli("deadline", "game.json", "2001-01-01 10:00", code=2).stderr
    assert "is not a time" in cli("deadline", "game.json", "next tuesday", code=2).stderr
    assert game.read_bytes() == before


@pytest.mark.clock
def test_adjudicating_clears_the_deadline_and_can_set_the_next(cli: Cli, game: Path) -> None:
    cli("deadline", "game.json", "+2d")
    cli("adjudicate", "game.json", "--yes")
    assert load_game(game).state.deadline is None
    post = cli("adjudicate", "game.json", "--yes", "--deadline", "+48h").stdout
    assert re.search(r"\nNext phase: Spring 1571 movement\. Deadline: \w+ \d+ \w+ \d{4}, \d\d:\d\d UTC\.\n$", post)
    assert load_game(game).state.deadline is not None


@pytest.mark.clock
def test_history_shows_an_old_post_with_the_deadline_it_was_published_with(cli: Cli, game: Path) -> None:
    published = cli("adjudicate", "game.json", "--yes", "--deadline", "2099-12-01 20:00 UTC").stdout
    deadline_line = "Next phase: Fall 1570 movement. Deadline: Tuesday 1 December 2099, 20:00 UTC.\n"
    assert published.endswith(deadline_line)
    cli("adjudicate", "game.json", "--yes")  # Fall 1570: its post names no deadline
    assert cli("history", "game.json", "1").stdout == published
