"""Mail intake: mailboxes and mail files read with the standard library, and text applied to a game.

A shell package (it reads files), between the engine and the two shells that
use it, the command line and the web site:

* :mod:`inbox.sources` reads an mbox file, ``.eml`` files or a Maildir folder
  into :class:`~inbox.mail.Mail` values (:mod:`inbox.message`: MIME parts,
  quoted-printable and base64, HTML-only mail made text by :mod:`inbox.html`,
  attachments left out);
* :mod:`inbox.intake` applies a paste or mail to a game: the mail reader's
  verdicts, the resend rule, the address book and the mail already read.
"""
