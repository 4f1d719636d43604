"""Mail intake: mailboxes and mail files read with the standard library, and text applied to a game.

A shell package (it reads files), between the engine and the two shells that
use it, the command line and the web site:

* :mod:`inbox.sources` reads an mbox file, ``.eml`` files or a Maildir folder
  into :class:`~inbox.mail.Mail` values (:mod:`inbox.message`: MIME parts,
  quoted-printable and base64, HTML-only mail made text by :mod:`inbox.html`,
  attachments left out);
* :mod:`inbox.paste` applies pasted text to a game: the mail reader's
  verdicts and the resend rule (it loads no mail module: a paste needs none);
* :mod:`inbox.intake` applies mail the same way, with the address book,
  the sender's checks and the mail already read.
"""
