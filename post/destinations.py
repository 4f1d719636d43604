"""Where a GM's post goes, by name: the markup it reads, the bytes a picture may weigh there, the formats it takes.

A GM thinks "this goes on the phpBB forum", not "BBCode within 262,144
bytes as a PNG": ``--for phpbb`` (or the game's own destination, ``sengoku
edit GAME destination phpbb``) picks all three, and ``map`` and ``story``
meet the budget the way :mod:`raster.fit` and :mod:`raster.animation` do.
The figures are each place's defaults today; a board that allows more (or
less) is given ``--max-bytes`` all the same.

* phpBB: BBCode; 256 KiB an attachment (its default "maximum file size");
  GIF, PNG and JPEG images; 60,000 characters a post.
* Discourse: Markdown (CommonMark); 4 MiB an image (``max_image_size_kb``);
  PNG, JPEG, GIF and WebP; 32,000 characters a post.
* Discord: its own Markdown, no tables; 10 MB a file without Nitro; PNG,
  JPEG, GIF and WebP; 2,000 characters a message (:mod:`post.chat` cuts
  the post into messages).
* mail: plain text with an HTML part (``sengoku mail``); the map inline,
  300 KB, PNG or JPEG (what every mail program shows); no length limit.
* Reddit: Markdown; 20 MB an image; PNG, JPEG and GIF; 40,000 characters a post.

Pure data: no picture is made here.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["DESTINATIONS", "Destination", "UnknownDestination", "destination"]


class Destination(NamedTuple):
    name: str
    title: str
    markup: str
    """The post's markup: a :data:`post.FORMATS` name, or ``discord`` (:mod:`post.chat`'s messages)."""
    budget: int
    """Bytes an attached picture may weigh."""
    pictures: tuple[str, ...]
    """Still picture formats it shows, best first: ``png``, ``jpeg``, ``webp``."""
    animations: tuple[str, ...]
    """Animation formats it shows as animations, best first: ``gif``, ``webp``, ``png`` (APNG)."""
    characters: int | None
    """The most characters a post (Discord: a message) takes; None: no limit."""
    pasted: bool
    """The GM pastes the post there (a forum, a chat): printed for it, it is published. Mail is sent by sengoku."""


DESTINATIONS: dict[str, Destination] = {
    d.name: d
    for d in (
        Destination("phpbb", "a phpBB forum", "bbcode", 256 * 1024, ("png", "jpeg"), ("gif",), 60_000, True),
        Destination(
            "discourse", "a Discourse forum", "markdown", 4 * 1024 * 1024, ("png", "jpeg", "webp"), ("gif", "webp"),
            32_000, True,
        ),
        Destination("discord", "Discord", "discord", 10_000_000, ("png", "jpeg", "webp"), ("gif", "webp"), 2000, True),
        Destination("mail", "mail", "plain", 300_000, ("png", "jpeg"), ("gif",), None, False),
        Destination("reddit", "Reddit", "markdown", 20_000_000, ("png", "jpeg"), ("gif",), 40_000, True),
    )
}  # fmt: skip


class UnknownDestination(ValueError):
    def __init__(self, name: str) -> None:
        super().__init__(f"unknown destination '{name}'; choose one of {', '.join(DESTINATIONS)}")


def destination(name: str) -> Destination:
    """The destination of that name, in any case (:class:`UnknownDestination` for any other)."""
    found = DESTINATIONS.get(name.strip().casefold())
    if found is None:
        raise UnknownDestination(name)
    return found
