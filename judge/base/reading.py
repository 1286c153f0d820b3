"""Reading a file someone named: regular files only, and never more than a limit.

A path given on the command line or found in a knowledge-base folder can point at
anything: at `/dev/zero` (endless), at a named pipe (a read waits for a writer that may
never come), at a directory, or nowhere (a dangling symbolic link). Every reader of such
files (YAML inputs, `ask --batch`, `import`, knowledge-base entries) goes through
`read_user_file`; folders of entries are listed with `files_below`.
"""

from __future__ import annotations

import os
import stat

from judge.base.printable import printable

#: opened without waiting: opening a named pipe for reading otherwise blocks until some
#: other process opens it for writing (`O_NONBLOCK` has no effect on regular files)
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
_CHUNK = 1 << 20


class UnreadableFile(Exception):
    """A file that cannot be read; `str()` is `path: problem`, one line."""

    def __init__(self, shown: str, problem: str):
        super().__init__(f"{shown}: {problem}")
        self.shown, self.problem = shown, problem


def shown_path(path: str | os.PathLike) -> str:
    """A path as an error shows it: NUL and control characters escaped."""
    return printable(os.fspath(path).replace("\0", "\\0"))


def size_text(size: int) -> str:
    """`999,999 bytes`, `1 MB`, `26.2 MB`."""
    if size < 1_000_000:
        return f"{size:,} bytes"
    return f"{size / 1_000_000:.1f}".removesuffix(".0") + " MB"


def read_user_file(path: str | os.PathLike, limit: int, what: str = "a file") -> bytes:
    """The bytes of a regular file (symbolic links followed), at most `limit` of them.

    Anything else (a directory, a device, a named pipe, a socket, a missing file) and a
    file over `limit` raise `UnreadableFile` with the reason and what to do. At most
    `limit + 1` bytes are ever read, so a file that grows while it is read (or lies
    about its size) is caught too. `what` names what the file should be ("a YAML
    file"), for the messages.
    """
    name = os.fspath(path)
    shown = shown_path(name)
    try:
        fd = os.open(name, _OPEN_FLAGS)
    except FileNotFoundError:
        raise UnreadableFile(shown, _missing(name)) from None
    except IsADirectoryError:  # where a directory cannot be opened at all
        raise UnreadableFile(shown, f"is a directory, not {what}") from None
    except ValueError:  # the operating system takes no name with a NUL character
        raise UnreadableFile(shown, "no file can have this name (it holds a NUL)") from None
    except OSError as exc:
        raise UnreadableFile(shown, f"cannot read: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(shown, _not_regular(name, info.st_mode, what))
        if info.st_size > limit:
            raise UnreadableFile(shown, _too_large(info.st_size, limit, what))
        data = _read_at_most(fd, limit + 1)
        if len(data) > limit:
            raise UnreadableFile(shown, _too_large(len(data), limit, what, at_least=True))
        return data
    except OSError as exc:
        raise UnreadableFile(shown, f"cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def _missing(name: str) -> str:
    if os.path.islink(name):
        target = shown_path(os.readlink(name))
        return f"a symbolic link to {target}, which does not exist; fix or remove the link"
    return "no such file"


def _read_at_most(fd: int, count: int) -> bytes:
    chunks, left = [], count
    while left > 0:
        chunk = os.read(fd, min(left, _CHUNK))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _not_regular(name: str, mode: int, what: str) -> str:
    if stat.S_ISDIR(mode):
        kind = "a directory"
    elif stat.S_ISFIFO(mode):
        kind = "a named pipe (FIFO)"
    elif stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        kind = "a device"
    elif stat.S_ISSOCK(mode):
        kind = "a socket"
    else:
        kind = "not a regular file"
    via = (
        f"links to {shown_path(os.path.realpath(name))}, which is" if os.path.islink(name) else "is"
    )
    if stat.S_ISDIR(mode):
        return f"{via} {kind}, not {what}"
    return f"{via} {kind}, not a regular file; save the content as a file and give its path"


def _too_large(size: int, limit: int, what: str, at_least: bool = False) -> str:
    amount = f"more than {size_text(limit)}" if at_least else size_text(size)
    return f"is {amount}, over the {size_text(limit)} limit for {what}"


def files_below(
    folder: str | os.PathLike, suffix: str
) -> tuple[list[tuple[str, os.stat_result]], list[tuple[str, str]]]:
    """(path, stat) of every regular file named `*suffix` below `folder`, sorted, and
    (path, problem) for each one skipped.

    An entry that cannot be read on its own (a dangling symbolic link, a named pipe, a
    device) is skipped and reported; the rest of its folder is kept. Symbolic links to
    folders are followed once (a link back up the tree is not a loop).
    """
    found: list[tuple[str, os.stat_result]] = []
    skipped: list[tuple[str, str]] = []
    seen: set[tuple[int, int]] = set()

    def walk(directory: str) -> None:
        try:
            info = os.stat(directory)
        except FileNotFoundError:
            return
        except OSError as exc:
            skipped.append((directory, f"cannot read: {exc.strerror or exc}"))
            return
        if (info.st_dev, info.st_ino) in seen:
            return
        seen.add((info.st_dev, info.st_ino))
        try:
            with os.scandir(directory) as entries:
                listed = sorted(entries, key=lambda e: e.name)
        except OSError as exc:
            skipped.append((directory, f"cannot read: {exc.strerror or exc}"))
            return
        for entry in listed:
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False
            if is_dir:
                walk(entry.path)
                continue
            if not entry.name.endswith(suffix):
                continue
            try:
                info = entry.stat()
            except FileNotFoundError:
                skipped.append((entry.path, _missing(entry.path)))
                continue
            except OSError as exc:
                skipped.append((entry.path, f"cannot read: {exc.strerror or exc}"))
                continue
            if not stat.S_ISREG(info.st_mode):
                skipped.append((entry.path, _not_regular(entry.path, info.st_mode, "a file")))
                continue
            found.append((entry.path, info))

    walk(os.fspath(folder))
    return sorted(found), skipped
