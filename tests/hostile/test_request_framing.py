"""When the gunicorn worker hands a request to a thread: only once it is whole, or with the answer that refuses it."""

from __future__ import annotations

import pytest

from web.serving.config import MAX_BODY
from web.serving.gunicorn_worker import HEADERS_TOO_LARGE, TOO_LARGE, expects_continue, request_complete

HEAD = b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n"

CASES = [
    ("a request line alone waits", b"GET / HTTP/1.1\r\n", False),
    ("headers without their blank line wait", b"GET / HTTP/1.1\r\nHost: x\r\n", False),
    ("a GET with its headers ended is whole", b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", True),
    ("a body shorter than its Content-Length waits", HEAD + b"Content-Length: 10\r\n\r\n12345", False),
    ("a body as long as its Content-Length is whole", HEAD + b"Content-Length: 5\r\n\r\n12345", True),
    (
        "a Content-Length over the limit goes on at once (the app answers 413)",
        HEAD + b"Content-Length: 800000000\r\n\r\n",
        True,
    ),
    ("a chunked body waits for its last chunk", HEAD + b"Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n", False),
    (
        "a chunked body with its last chunk is whole",
        HEAD + b"Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
        True,
    ),
    (
        "two lengths go on at once (the parser answers 400)",
        HEAD + b"Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n",
        True,
    ),
    ("unended headers over 16 KiB are refused", b"GET / HTTP/1.1\r\nX: " + b"a" * 17_000, HEADERS_TOO_LARGE),
    (
        "ended headers over 16 KiB are refused",
        b"GET / HTTP/1.1\r\nX: " + b"a" * 17_000 + b"\r\n\r\n",
        HEADERS_TOO_LARGE,
    ),
    (
        "a chunked body past the limit is refused",
        HEAD + b"Transfer-Encoding: chunked\r\n\r\n" + b"a" * (MAX_BODY + 2048),
        TOO_LARGE,
    ),
]


@pytest.mark.parametrize(("buffer", "verdict"), [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_a_request_is_handed_on_only_when_whole(buffer: bytes, verdict: bool | bytes) -> None:
    assert request_complete(buffer) == verdict


@pytest.mark.parametrize(
    ("buffer", "expects"),
    [
        (HEAD + b"Expect: 100-continue\r\nContent-Length: 5\r\n\r\n", True),
        (HEAD + b"expect: 100-Continue\r\nContent-Length: 5\r\n\r\n", True),
        (HEAD + b"Expect: 100-continue\r\nContent-Length: 5\r\n", False),  # headers not ended yet
        (HEAD + b"Content-Length: 5\r\n\r\n", False),
        (b"POST / HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n", False),  # HTTP/1.0: ignored
    ],
)
def test_100_continue_is_sent_when_the_headers_ask_for_it(buffer: bytes, expects: bool) -> None:
    assert expects_continue(buffer) is expects
