"""The load bench reads gunicorn's access log as web/serving/gunicorn.py writes it (bench/loadserver.py)."""

from __future__ import annotations

from bench.loadserver import _save_line


def test_a_save_line_gives_the_client_port_path_status_and_time() -> None:
    line = '127.0.0.1:51234 [25/Nov/2026:13:55:09 +0000] "PUT /api/games/ab12/orders HTTP/1.1" 409 61 2345'
    assert _save_line(line) == (51234, "/api/games/ab12/orders", 409, 2.345)


def test_other_lines_are_skipped() -> None:
    assert _save_line('127.0.0.1:51234 [25/Nov/2026:13:55:09 +0000] "GET /api/games/ab12 HTTP/1.1" 200 900 800') is None
    assert _save_line("garbage") is None
