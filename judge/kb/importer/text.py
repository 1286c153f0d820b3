"""A document's text as clean lines: PDF or plain text, page furniture and noise removed."""

from __future__ import annotations

import io
import logging
import re
import unicodedata
import warnings
from pathlib import Path

from judge.base.printable import printable
from judge.base.reading import UnreadableFile, read_user_file, shown_path

#: files larger than this are refused before reading (the Quest Companion is ~0.7 MB)
MAX_BYTES = 20_000_000


class ImportProblem(Exception):
    """A file that cannot be imported, with a one-line reason for the player."""


_ONLY_NUMBER = re.compile(r"^\s*\d{1,5}\s*$")
_QUOTES = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'", "\u00a0": " "})


def read_document(path: Path) -> list[str]:
    """The file's lines: PDF through pypdf, anything else as UTF-8 text. The file is
    read once (a regular file only, at most MAX_BYTES: `read_user_file`)."""
    try:
        raw = read_user_file(path, MAX_BYTES, what="a rules document")
    except UnreadableFile as exc:
        raise ImportProblem(str(exc)) from None
    shown = shown_path(path)
    if raw.startswith(b"%PDF"):
        return clean_lines(_pdf_text(raw, shown))
    if b"\x00" in raw[:4096]:
        raise ImportProblem(f"{shown}: a binary file, not a PDF or a text document")
    return clean_lines(raw.decode("utf-8", errors="replace"))


def _pdf_text(raw: bytes, shown: str) -> str:
    """pypdf: pure Python, maintained, and enough for text-based rule books.

    A PDF is a program of objects, and a hostile one can be built to exhaust its
    reader: pypdf's own limits (page-tree depth, decompressed size) raise
    `LimitReachedError`, and a damaged file can fail anywhere inside pypdf, so every
    failure of the parse is one line for the player. pypdf's warnings about repairs it
    makes ("incorrect startxref") are its logger's and Python's warnings: silenced
    here, since the player can do nothing with them.
    """
    try:
        from pypdf import PdfReader
    except ImportError:  # pragma: no cover - a dependency of the package
        raise ImportProblem("reading PDF files needs the pypdf package") from None
    # pypdf logs on its modules' loggers ("pypdf._reader"), which take their level
    # from "pypdf": above CRITICAL, none of them prints
    logger = logging.getLogger("pypdf")
    level = logger.level
    logger.setLevel(logging.CRITICAL + 1)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            reader = PdfReader(io.BytesIO(raw))
            return "\n".join(page.extract_text() or "" for page in reader.pages)
    except RecursionError:
        raise ImportProblem(f"{shown}: a PDF nested too deeply to read") from None
    except Exception as exc:  # any failure inside the parser of a hostile file
        raise ImportProblem(f"{shown}: {_pdf_problem(exc)}") from None
    finally:
        logger.setLevel(level)


def _pdf_problem(exc: Exception) -> str:
    from pypdf.errors import LimitReachedError

    detail = printable(str(exc))[:200] or type(exc).__name__
    if isinstance(exc, LimitReachedError):
        return (
            f"a PDF built past what can be read safely ({detail}); "
            "export the document again, or import it as text"
        )
    return f"an unreadable or truncated PDF ({detail}); export it again, or import it as text"


def clean_lines(text: str) -> list[str]:
    """Lines with noise removed: runs of bare line numbers, private-use glyphs that stand
    for stat icons, control characters; curly quotes made plain. Blank lines are kept."""
    lines = []
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if _ONLY_NUMBER.match(line):
            continue
        line = "".join(
            ch
            for ch in line.translate(_QUOTES)
            if unicodedata.category(ch) not in ("Co", "Cc", "Cs")
        )
        lines.append(line.rstrip())
    return lines


def heading_key(text: str) -> str:
    """How a heading is compared: case, quotes, punctuation and spacing do not count."""
    text = unicodedata.normalize("NFKD", text.translate(_QUOTES))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(re.sub(r"[^\w.()]+", " ", text.casefold()).split())
