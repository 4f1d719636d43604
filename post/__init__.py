"""The results post: one structured document per adjudicated phase, written out in several markups.

Pure (no I/O), shared by the command line, the web site and the mail
outbox, so all of them say exactly the same thing. :func:`build_post` makes
the document; :func:`render` writes it as plain text, BBCode, Markdown, HTML
or JSON.
"""

from post.build import build_post, position_after
from post.document import Post
from post.formats import FORMATS, MEDIA_TYPES, UnknownFormat, render

__all__ = ["FORMATS", "MEDIA_TYPES", "Post", "UnknownFormat", "build_post", "position_after", "render"]
