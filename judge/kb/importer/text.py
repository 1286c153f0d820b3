"""A document's text as clean lines: PDF or plain text, page furniture and noise removed."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

#: files larger than this are refused before reading (the Quest Companion is ~0.7 MB)
MAX_BYTES = 20 * 1024 * 1024


class ImportProblem(Exception):
    """A file that cannot be imported, with a one-line reason for the player."""


_ONLY_NUMBER = re.compile(r"^\s*\d{1,5}\s*$")
_QUOTES = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'", "\u00a0": " "})


def read_document(path: Path) -> list[str]:
    """The file's lines: PDF through pypdf, anything else as UTF-8 text."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise ImportProblem(
                f"{path}: {size // (1024 * 1024)} MB is larger than any rules document "
                f"({MAX_BYTES // (1024 * 1024)} MB at most)"
            )
        raw = path.read_bytes()
    except OSError as exc:
        raise ImportProblem(f"{path}: {exc.strerror or exc}") from None
    except ValueError:  # the operating system takes no name with a NUL character
        shown = str(path).replace("\0", "\\0")  # as yamlio.load_file shows it
        raise ImportProblem(f"{shown}: no file can have this name (it holds a NUL)") from None
    if raw.startswith(b"%PDF"):
        return clean_lines(_pdf_text(path))
    if b"\x00" in raw[:4096]:
        raise ImportProblem(f"{path}: a binary file, not a PDF or a text document")
    return clean_lines(raw.decode("utf-8", errors="replace"))


def _pdf_text(path: Path) -> str:
    """pypdf: pure Python, maintained, and enough for text-based rule books."""
    try:
        from pypdf import PdfReader
        from pypdf.errors import PdfReadError
    except ImportError:  # pragma: no cover - a dependency of the package
        raise ImportProblem("reading PDF files needs the pypdf package") from None
    try:
        reader = PdfReader(str(path))
        return "\n".join(page.extract_text() or "" for page in reader.pages)
    except (PdfReadError, ValueError, KeyError, OSError) as exc:
        raise ImportProblem(f"{path}: an unreadable or truncated PDF ({exc})") from None


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
