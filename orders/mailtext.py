"""The shapes of lines in mail and forum posts: quote marks, reply intros, signatures, markup, headers.

Pure recognisers, one job each, used by :mod:`orders.mail` to classify every
line of a paste. They know the conventions of the mail programs and forums
GMs meet (Outlook, Gmail, Apple Mail, Thunderbird; phpBB and Discourse
BBCode, Markdown), and nothing of the game beyond the names of the powers.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import NamedTuple

from maps.terms import PhaseType, Season

__all__ = [
    "NamedPhase",
    "bbcode_quotes",
    "answers",
    "header_block_below",
    "header_names_below",
    "is_forward_marker",
    "is_mail_header",
    "is_original_marker",
    "is_quote_block",
    "is_outlook_rule",
    "is_reply_intro",
    "is_separator",
    "is_sent_from",
    "is_signature_delimiter",
    "mail_header",
    "next_text",
    "phase_of_subject",
    "sender_below",
    "phase_named",
    "power_of_header",
    "unknown_power_of_header",
    "power_of_subject",
    "strip_wrapping",
    "subject_below",
    "unquote",
]

# "> text", ">> text", "> > text": the quote marks of plain-text replies.
_QUOTE_MARKS = r"^(?:>[ \t]?)+"
# Outlook, Thunderbird, Gmail, Apple Mail, Yahoo: the line a client writes above a quoted or forwarded message.
_ORIGINAL = (
    r"(?i)^(?:-{2,}\s*(?:original message|forwarded message|forwarded by\b.*|original|message d'origine"
    r"|ursprüngliche nachricht|mensaje original)\s*-*|begin forwarded message:?|forwarded message:?)$"
)
_UNDERSCORES = r"^_{8,}$"  # Outlook's rule above "From: ... Sent: ..."
# "On Tue, 3 Mar 1570 at 09:12, Oda Nobunaga <nobunaga@example.org> wrote:", "Nobunaga wrote:",
# "Quoting Nobunaga:", and Gmail's intro broken over two lines ("On ... <" / "nobunaga@example.org> wrote:").
_WROTE = (
    r"(?i)(?:\bwrote|\bwrites|\bschrieb|\ba écrit|書きました|のメール|のメッセージ)\s*:\s*$"  # "さんは書きました:" too
    r"|^quoting\b.{0,80}:\s*$"
)
# Gmail in Japanese and others: "2026年3月2日(月) 9:00 Oda Nobunaga <nobunaga@owari.example>:" (a date, a sender's
# address, a colon; no "wrote")
_DATED_SENDER = r"^.{0,40}\d{4}.{0,60}<[^<>@\s]+@[^<>\s]+>\s*:$"
_INTRO_START = r"(?i)^on\s.{4,}"
# The header names clients write above a quoted or forwarded mail, in the languages of the common clients
# (Outlook, Gmail, Apple Mail, Thunderbird, K-9, Yahoo), each to the header it is. Outlook alone writes "Sent"
# (and its translations) where a delivered mail says "Date".
_HEADER_NAMES = {
    "from": "from von de da van från fra 差出人 送信者 送信元 发件人 寄件者",
    "sent": "sent gesendet envoyé enviado enviada inviato verzonden skickat sendt 送信日時 发送时间",
    "date": "date datum fecha data 日付 日時",
    "to": "to an à para aan till til 宛先 收件人",
    "cc": "cc kopie",
    "bcc": "bcc",
    "subject": "subject betreff objet asunto assunto oggetto onderwerp ämne emne 件名 主题 主旨",
    "reply-to": "reply-to",
}
_HEADER_OF = {word: name for name, words in _HEADER_NAMES.items() for word in words.split()}
# "From: ...", "*From:* ..." (bold made text), "Envoyé : ..." (French spacing), "件名: ..." (a full-width colon is
# NFKC-normalised before a line is read)
_MAIL_HEADER = (
    r"(?i)^\*?(" + "|".join(sorted(map(re.escape, _HEADER_OF), key=len, reverse=True)) + r")\*?[ \t]*:\*?[ \t]*(.*)$"
)
_SIGNATURE = r"^--(?:[ \t]*$|[ \t]+\S)"  # "-- ", "--", "-- Nobunaga" (never "--> Mino")
_SENT_FROM = r"(?i)^(?:sent from my\b|sent from (?:outlook|mail|yahoo|proton)|get outlook for\b|sent via\b|sent with\b)"
_SEPARATOR = r"^(?:([-=_*~+#.•])\s*){3,}$"
# BBCode tags a forum wraps text in (phpBB, vBulletin, SMF, Discourse); [quote] is handled on its own.
_BBCODE = (
    r"(?i)\[/?(?:b|i|u|s|code|color|colour|size|font|list|\*|li|spoiler|center|left|right|url|img|indent|noparse"
    r"|plain|tt|pre|h[1-6]|strike|highlight|sub|sup)(?:=[^\]]*)?\]"
)
_BBCODE_QUOTE_OPEN = r"(?i)\[quote(?:=[^\]]*|\s[^\]]*)?\]"
_BBCODE_QUOTE_CLOSE = r"(?i)\[/quote\]"
_MARKDOWN = r"\*\*|__|~~|`+"
_FENCE = r"^(?:```|~~~)\w*$"
_WRAP_CHARS = frozenset("[*_`~")

# Words a power header may carry besides the power: "Oda orders for Spring 1570:", "Orders for Oda (S1570)".
_HEADER_WORDS = frozenset(
    "orders order for of from in the my our here are is spring summer fall autumn winter movement moves move"
    " movements retreat retreats retreating adjustment adjustments build builds turn phase season year"
    " new revised updated corrected final amended resend resent change changed changes again".split()
)
_PHASE_CODE = r"^(?:[sfwa]|spring|fall|autumn|winter)?'?\d{2,4}[mra]?$"  # 1570, S1570, F1570M, '70
_WORD = r"[^\W_]+(?:['’]s\b)?"
_PARENS = r"\([^)]*\)"
# "Spring 1570", "autumn of 1570 retreats", "Winter 1570 builds"; DPjudge's "S1570M", "F1570R", "W1570A".
_PHASE_WORDS = (
    r"(?i)\b(spring|fall|autumn|winter)\s+(?:of\s+)?(\d{4})\b(?:\s+(movements?|moves?|retreats?|retreating|adjustments?"
    r"|builds?))?"
)
_PHASE_LETTERS = r"(?i)\b([sfwa])(\d{4})([mrab])?\b"
_SEASONS = {"s": Season.SPRING, "f": Season.FALL, "a": Season.FALL, "w": Season.WINTER, "autumn": Season.FALL}
_KINDS = {"m": PhaseType.MOVEMENT, "r": PhaseType.RETREATS, "a": PhaseType.ADJUSTMENTS, "b": PhaseType.ADJUSTMENTS}
_REPLY = r"(?i)^\s*(?:re|fw|fwd|aw|sv|tr)\s*(?:\[\d+\])?\s*:"
_SUBJECT_NOISE = r"(?i)^(?:\s*(?:re|fw|fwd|aw|sv|tr)\s*(?:\[\d+\])?\s*:|\s*\[[^\]]*\])+"


def unquote(line: str) -> str:
    """A quoted line without its quote marks."""
    return re.sub(_QUOTE_MARKS, "", line).strip()


def is_forward_marker(line: str) -> bool:
    """A forwarded message's marker (``---------- Forwarded message ---------``): its text is the message sent on."""
    return is_original_marker(line) and "forward" in line.casefold()


def is_original_marker(line: str) -> bool:
    """``-----Original Message-----``, ``---------- Forwarded message ---------``, ``Begin forwarded message:``."""
    return line[0] in "-BbFf" and re.match(_ORIGINAL, line) is not None


def is_outlook_rule(line: str) -> bool:
    """Outlook's line of underscores (a quote marker when a mail header follows it)."""
    return line[0] == "_" and re.match(_UNDERSCORES, line) is not None


def is_reply_intro(line: str) -> bool:
    """``On ... wrote:``, ``Nobunaga wrote:``, ``Quoting Nobunaga:``, ``2026/03/02 9:00 に Oda さんは書きました:``,
    ``2026年3月2日(月) 9:00 Oda <nobunaga@owari.example>:``: the line above a quoted reply."""
    return line[-1] == ":" and (re.search(_WROTE, line) is not None or re.match(_DATED_SENDER, line) is not None)


def is_intro_start(line: str) -> bool:
    """The first half of a reply intro a mail program broke over two lines (``On Tue, 3 Mar 1570, Oda <``)."""
    return re.match(_INTRO_START, line) is not None


def mail_header(line: str) -> tuple[str, str] | None:
    """``("from", "Oda <nobunaga@example.org>")`` for a mail header line (``差出人:`` and ``Von:`` are ``from``
    too), else None."""
    if ":" not in line[:14]:
        return None
    match = re.match(_MAIL_HEADER, line)
    return (_HEADER_OF[match.group(1).casefold()], match.group(2).strip()) if match else None


def header_names_below(lines: list[str], start: int) -> list[str]:
    """The headers of the block of header lines starting at index ``start`` (``["from", "sent", "to"]``)."""
    names = []
    for line in lines[start : start + 30]:
        header = mail_header(line.strip())
        if header is None:
            break
        names.append(header[0])
    return names


def is_quote_block(names: list[str]) -> bool:
    """The headers a client writes above a quoted mail: two or more, a sender's and a date's among them."""
    return len(names) >= 2 and "from" in names and ("sent" in names or "date" in names)


def subject_below(lines: list[str], start: int) -> str | None:
    """The Subject of the header block starting at index ``start``, or None."""
    for line in lines[start : start + 30]:
        header = mail_header(line.strip())
        if header is None:
            return None
        if header[0] == "subject":
            return header[1]
    return None


def answers(subject: str, quoted: str) -> bool:
    """Does a mail of ``subject`` answer or forward one of ``quoted`` (``Re: Oda S1570`` and ``Oda S1570``)?"""
    bare = re.sub(_SUBJECT_NOISE, "", quoted).strip().casefold()
    own = re.sub(_SUBJECT_NOISE, "", subject).strip().casefold()
    return bool(re.match(_REPLY, subject)) and bool(bare) and own == bare


def is_mail_header(line: str) -> bool:
    return mail_header(line) is not None


def is_signature_delimiter(line: str) -> bool:
    """``-- `` (the standard delimiter, often stripped to ``--``) or ``-- Nobunaga``."""
    return line.startswith("--") and re.match(_SIGNATURE, line) is not None


def is_sent_from(line: str) -> bool:
    """A mail program's own signature: ``Sent from my iPhone``, ``Get Outlook for Android``."""
    return line[0] in "SsGg" and re.match(_SENT_FROM, line) is not None


def is_separator(line: str) -> bool:
    """A rule drawn with punctuation (``=====``, ``-----``, ``***``), never ``--`` (a signature)."""
    return re.match(_SEPARATOR, line) is not None and len(set(line.replace(" ", ""))) == 1


def bbcode_quotes(line: str) -> tuple[int, int]:
    """How many BBCode quotes a line opens and closes (``[quote="Takeda"]``, ``[/quote]``)."""
    if "[" not in line:
        return 0, 0
    return len(re.findall(_BBCODE_QUOTE_OPEN, line)), len(re.findall(_BBCODE_QUOTE_CLOSE, line))


_STRUCK = r"(?i)^(?:~~.+~~|\[s\].+\[/s\]|\[strike\].+\[/strike\]|<s>.+</s>|<del>.+</del>)$"


def is_struck_out(line: str) -> bool:
    """A whole line struck through (Markdown ``~~``, BBCode ``[s]``, HTML ``<del>``): withdrawn, not an order."""
    return ("~" in line or "[" in line or "<" in line) and re.match(_STRUCK, line.strip()) is not None


def strip_wrapping(line: str) -> str:
    """The line without BBCode tags, Markdown emphasis and code marks (``[b]A Kai - Suruga[/b]``)."""
    if _WRAP_CHARS.isdisjoint(line):
        return line
    if re.match(_FENCE, line):
        return ""
    stripped = re.sub(_BBCODE_QUOTE_CLOSE, " ", re.sub(_BBCODE_QUOTE_OPEN, " ", re.sub(_BBCODE, " ", line)))
    return re.sub(_MARKDOWN, "", stripped).strip()


def power_of_header(line: str, powers: Mapping[str, str]) -> str | None:
    """The power a header line names, in the forms GMs meet, else None.

    ``Oda:``, ``ODA``, ``Oda -``, ``== Orders for Oda ==``, ``Oda's orders``,
    ``Oda orders for Spring 1570:``, ``Oda (Nobunaga), S1570``: one power, and
    besides it only words about orders and the phase. ``Oda Nobunaga`` or
    ``Oda and Takeda`` are no headers. ``powers`` maps casefolded names to names.
    """
    if len(line) > 120:
        return None
    found = None
    words = (
        re.findall(_WORD, re.sub(_PARENS, " ", line).casefold()) if "(" in line else re.findall(_WORD, line.casefold())
    )
    if not words or len(words) > 12:
        return None
    for word in words:
        bare = word[:-2] if word.endswith(("'s", "’s")) else word
        power = powers.get(bare)
        if power is not None:
            if found is not None and found != power:
                return None
            found = power
        elif bare not in _HEADER_WORDS and not re.match(_PHASE_CODE, bare):
            return None
    return found


def unknown_power_of_header(line: str, powers: Mapping[str, str]) -> str | None:
    """The one word a header line names in a power's place, when no power is named (``Odda:``, ``Orders for Takdea``).

    The line has the shape of a header (:func:`power_of_header`): besides
    that one word, only words about orders and the phase. Whether the word
    is near enough to a power's name to be a misspelt header is the caller's
    question (``Hello`` has the shape too).
    """
    if len(line) > 60 or any(mark in line for mark in "-=>,.;!?"):
        return None
    words: list[str] = re.findall(_WORD, re.sub(_PARENS, " ", line))
    unknown = [
        word[:-2] if word.endswith(("'s", "’s")) else word
        for word in words
        if word.casefold() not in _HEADER_WORDS and not re.match(_PHASE_CODE, word.casefold())
    ]
    if len(unknown) != 1 or len(words) > 8 or unknown[0].casefold() in powers or unknown[0].isdigit():
        return None
    return unknown[0]


def power_of_subject(subject: str, powers: Mapping[str, str]) -> str | None:
    """The power a mail's subject names as a header does (``Re: [Kyoto] Oda S1570``), else None."""
    return power_of_header(re.sub(_SUBJECT_NOISE, "", subject), powers)


class NamedPhase(NamedTuple):
    """A phase a line names: a season and a year, and the kind of phase when it says (``S1570R``)."""

    season: Season
    year: int
    type: PhaseType | None = None

    def __str__(self) -> str:
        return f"{self.season.value.title()} {self.year}" + (f" {self.type.value}" if self.type else "")


def phase_named(line: str) -> NamedPhase | None:
    """The phase a header names (``Oda orders for Spring 1570:``, ``Oda F1570R``), else None.

    A year alone (``Kyoto 1570``) names no phase.
    """
    words = re.search(_PHASE_WORDS, line)
    if words is not None:
        season = words[1].casefold()
        kind = (words[3] or "").casefold()[:1]
        return NamedPhase(_SEASONS.get(season) or Season(season), int(words[2]), _KINDS.get(kind))
    letters = re.search(_PHASE_LETTERS, line)
    if letters is not None:
        kind = (letters[3] or "").casefold()
        return NamedPhase(_SEASONS[letters[1].casefold()], int(letters[2]), _KINDS.get(kind))
    return None


def phase_of_subject(subject: str) -> NamedPhase | None:
    """The phase a mail's subject names, when the sender wrote it for this mail; else None.

    A reply or a forward (``Re: Oda S1570``) keeps the subject of the mail
    it answers, and a reply to the results post names the phase that was
    resolved (``Re: Kyoto 1570: Spring 1570 movement results``): neither
    says which phase the new mail is for.
    """
    if re.match(_REPLY, subject) or re.search(r"\bresults?\b", subject, re.I):
        return None
    return phase_named(subject)


def header_block_below(lines: list[str], start: int) -> bool:
    """Is the line at index ``start`` the first of a mail header block: two header lines or more, a From: address?"""
    return sender_below(lines, start) is not None and is_mail_header(
        lines[start + 1].strip() if start + 1 < len(lines) else ""
    )


def sender_below(lines: list[str], start: int) -> str | None:
    """The From: address of the header block starting at index ``start``, or None when it has none."""
    for line in lines[start : start + 30]:
        header = mail_header(line.strip())
        if header is None:
            break
        if header[0] == "from" and "@" in header[1]:
            return header[1]
    return None


def next_text(lines: list[str], number: int) -> str:
    """The next non-blank line after line ``number`` (counted from 1), stripped; '' at the end."""
    for line in lines[number : number + 3]:
        if line.strip():
            return line.strip()
    return ""
