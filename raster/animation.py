"""An animation (GIF, WebP or APNG) made of PNG frames, fitted to a byte budget: Pillow.

A chat channel or a forum takes an attachment up to a size (Discord: 10 MB
on most servers), so the caller names a budget and gets the best animation
within it, in this order of sacrifice: fewer colours (255, then 63; WebP: a
lower quality), then a smaller picture (never under :data:`MIN_WIDTH`
pixels), then fewer frames (every second one, every third..., the first and
the last always kept). Each try encodes every frame again from the PNGs, so
a size is a measure, never a guess; the next try's scale is taken from how
far the last one was over.

Frames are given as PNG bytes (a few hundred kilobytes each) and decoded one
at a time, so what is held at once is the encoder's own frames (one byte a
pixel for GIF and APNG). Every frame is cut down to one palette, made from
the first, middle and last frames, without dithering: a pixel that did not
change is then the same index as before, which the GIF writer turns into a
transparent "unchanged" pixel (long runs that compress to almost nothing),
where dithered noise or a palette per frame would change every pixel.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from PIL import Image

__all__ = ["KINDS", "MIN_WIDTH", "Animation", "OverBudget", "animate", "frame_of"]

KINDS = {"gif": "GIF", "webp": "WEBP", "png": "PNG"}
"""The animations made, by file suffix (``png``: an animated PNG, APNG), and Pillow's name for each."""

MIN_WIDTH = 320
"""The narrowest picture a budget may shrink an animation to: below it the map's colours are all that is left."""

_COLOURS = (255, 63)  # GIF and APNG: palette sizes tried in turn (one index left free: "unchanged", transparent)
_QUALITIES = (80, 50)  # WebP: lossy qualities tried in turn
_MOST_TRIES = 12


@dataclass(frozen=True)
class Animation:
    data: bytes
    kind: str
    width: int
    height: int
    frames: int
    """Frames it shows."""
    dropped: int
    """Frames left out to fit the budget (0: every frame given is in it)."""
    colours: int
    """Palette size (GIF, APNG) or lossy quality (WebP) it was made with."""


class OverBudget(ValueError):
    """Even the smallest animation tried is over the budget; ``smallest`` is that animation."""

    def __init__(self, budget: int, smallest: Animation) -> None:
        self.smallest = smallest
        super().__init__(
            f"the animation cannot be made within {budget:,} bytes: the smallest tried, {smallest.frames} frames "
            f"of {smallest.width} x {smallest.height} pixels, is {len(smallest.data):,} bytes"
        )


def animate(
    frames: Sequence[bytes], durations: Sequence[int], kind: str = "gif", max_bytes: int | None = None
) -> Animation:
    """The frames (PNG bytes, one size) as an animation that loops, each shown ``durations[i]`` milliseconds.

    With ``max_bytes``, the best one within it (:class:`OverBudget` if none is).
    """
    if kind not in KINDS:
        raise ValueError(f"unknown animation '{kind}'; choose one of {', '.join(KINDS)}")
    if not frames or len(frames) != len(durations):
        raise ValueError("an animation needs frames, and one duration for each")
    width, height = Image.open(io.BytesIO(frames[0])).size
    steps = _COLOURS if kind != "webp" else _QUALITIES
    scale, step, tries = 1.0, 1, 0
    made = _encode(frames, durations, kind, scale, steps[0], step)
    for colours in steps[1:]:
        if max_bytes is None or len(made.data) <= max_bytes:
            return made
        made = _encode(frames, durations, kind, scale, colours, step)
    least = MIN_WIDTH / width if width > MIN_WIDTH else 1.0
    while max_bytes is not None and len(made.data) > max_bytes and tries < _MOST_TRIES:
        tries += 1
        over = len(made.data) / max_bytes
        if scale > least:
            scale = max(least, scale * min(0.92, max(0.5, 0.95 / math.sqrt(over))))
        elif step < len(frames):
            step = min(len(frames), max(step + 1, math.ceil(step * over * 1.05)))
        else:
            break
        made = _encode(frames, durations, kind, scale, steps[-1], step)
    if max_bytes is not None and len(made.data) > max_bytes:
        raise OverBudget(max_bytes, made)
    return made


def frame_of(animation: bytes, number: int) -> Image.Image:
    """Frame ``number`` (from 0) of an animation, as RGB: for a test, or a still of it."""
    with Image.open(io.BytesIO(animation)) as image:
        image.seek(number)
        return image.convert("RGB")


def _encode(
    frames: Sequence[bytes], durations: Sequence[int], kind: str, scale: float, colours: int, step: int
) -> Animation:
    kept = _kept(len(frames), step)
    shown = [durations[i] for i in kept]
    width, height = Image.open(io.BytesIO(frames[0])).size
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    samples = [frames[kept[0]], frames[kept[len(kept) // 2]], frames[kept[-1]]]
    palette = None if kind == "webp" else _palette(samples, size, colours)
    images: Iterator[Image.Image] = (_prepared(frames[i], size, palette) for i in kept)
    first = next(images)
    rest: Iterable[Image.Image] = images
    if kind == "png":  # the APNG writer reads its frames twice: they are held (one byte a pixel)
        rest = list(images)
    out = io.BytesIO()
    options: dict[str, object] = {"save_all": True, "append_images": rest, "duration": shown, "loop": 0}
    if kind == "webp":
        options.update(quality=colours, method=4)
    elif kind == "gif":
        options["optimize"] = True  # unchanged pixels written as the free, transparent index
    first.save(out, format=KINDS[kind], **options)
    return Animation(out.getvalue(), kind, size[0], size[1], len(kept), len(frames) - len(kept), colours)


def _kept(count: int, step: int) -> list[int]:
    """Every ``step``-th frame from the first, and the last always."""
    kept = list(range(0, count, step))
    if kept[-1] != count - 1:
        kept.append(count - 1)
    return kept


def _decoded(png: bytes, size: tuple[int, int]) -> Image.Image:
    with Image.open(io.BytesIO(png)) as image:
        frame = image.convert("RGB")
    return frame if frame.size == size else frame.resize(size, Image.Resampling.LANCZOS)


def _palette(samples: Sequence[bytes], size: tuple[int, int], colours: int) -> Image.Image:
    """One palette of ``colours`` for every frame, from a few of them side by side."""
    montage = Image.new("RGB", (size[0] * len(samples), size[1]))
    for i, png in enumerate(samples):
        montage.paste(_decoded(png, size), (i * size[0], 0))
    return montage.quantize(colours, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def _prepared(png: bytes, size: tuple[int, int], palette: Image.Image | None) -> Image.Image:
    """One frame decoded, scaled, and (GIF, APNG) put in the animation's palette without dithering."""
    frame = _decoded(png, size)
    return frame if palette is None else frame.quantize(palette=palette, dither=Image.Dither.NONE)


