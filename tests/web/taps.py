"""Measuring the live map's tap targets as Chromium hit-tests them: for each province in view, the side of the
largest square (in CSS px) every point of which a tap counts for that province (its land or sea, its name, its
centre's mark or its unit). WCAG 2.2's target size (2.5.8) asks for 24 px."""

from __future__ import annotations

__all__ = ["TAP_SIZES", "smallest"]

TAP_SIZES = """(step) => {
  const figure = document.querySelector('#map'), svg = figure.querySelector('svg');
  const frame = figure.querySelector('.viewport').getBoundingClientRect();
  const covers = [...figure.querySelectorAll('.map-tools, .view-toggle')].map(e => e.getBoundingClientRect());
  const left = Math.max(frame.left, 0), top = Math.max(frame.top, 0);
  const right = Math.min(frame.right, innerWidth), bottom = Math.min(frame.bottom, innerHeight);
  const cols = Math.floor((right - left) / step), rows = Math.floor((bottom - top) / step);
  const key = (x, y) => {
    if (covers.some(r => x >= r.left && x <= r.right && y >= r.top && y <= r.bottom)) return null;
    const e = document.elementFromPoint(x, y);
    if (!e || !svg.contains(e)) return null;
    const unit = e.closest('g.unit[data-location]');
    if (unit) return unit.getAttribute('data-location').split('/')[0];
    const named = e.closest('[data-province]');
    return named ? named.getAttribute('data-province') : null;
  };
  const grid = [];
  for (let r = 0; r < rows; r++) {
    const row = [];
    for (let c = 0; c < cols; c++) row.push(key(left + (c + .5) * step, top + (r + .5) * step));
    grid.push(row);
  }
  const best = {}, run = [];
  for (let r = 0; r < rows; r++) {
    run[r] = [];
    for (let c = 0; c < cols; c++) {
      const k = grid[r][c];
      if (k === null) { run[r][c] = 0; continue; }
      const up = r && grid[r - 1][c] === k ? run[r - 1][c] : 0, back = c && grid[r][c - 1] === k ? run[r][c - 1] : 0;
      const diag = r && c && grid[r - 1][c - 1] === k ? run[r - 1][c - 1] : 0;
      run[r][c] = 1 + Math.min(up, back, diag);
      best[k] = Math.max(best[k] || 0, run[r][c]);
    }
  }
  // a province counts only if it lies wholly in view (one cut by the frame's edge is reached by panning)
  const whole = {};
  for (const [k, n] of Object.entries(best)) {
    const region = svg.querySelector(`path.province[data-province="${k}"]`);
    const b = region ? region.getBoundingClientRect() : null;
    whole[k] = !!b && b.left >= left && b.top >= top && b.right <= right && b.bottom <= bottom;
  }
  return Object.fromEntries(Object.entries(best).map(([k, n]) => [k, {px: n * step, whole: whole[k]}]));
}"""


def smallest(sizes: dict[str, dict[str, float]], count: int = 5) -> list[tuple[str, float]]:
    """The ``count`` smallest targets among the provinces wholly in view."""
    kept = [(k, v["px"]) for k, v in sizes.items() if v["whole"]]
    return sorted(kept, key=lambda kv: kv[1])[:count]
