"""Reading user YAML safely, with every error pointing at a file, line and column.

Used for board states, trigger lists, decks and campaign logs (the CLI and the app
share it). Loading is safe loading only (PyYAML's SafeConstructor, as `yaml.safe_load`);
the document is composed first, with no objects constructed, to reject alias bombs
and to learn where each value sits, so later checks can report `FILE:LINE:COL`.
"""

from __future__ import annotations

from dataclasses import dataclass
from difflib import get_close_matches
from pathlib import Path

MAX_BYTES = 1_000_000
MAX_NODES = 50_000  # after expanding aliases; a billion-laughs file is far beyond this

Path_ = tuple  # a value's path in the document: keys and list indexes


class InputError(Exception):
    """Bad user input; `str()` is the one-line `FILE:LINE:COL: message` players see."""

    def __init__(self, file: str, line: int, column: int, message: str):
        message = _one_line(message)
        super().__init__(f"{file}:{line}:{column}: {message}")
        self.file, self.line, self.column, self.message = file, line, column, message


def _one_line(text: str) -> str:
    """Control characters a file's keys or values carry (a newline in a key) shown escaped."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


@dataclass(frozen=True, slots=True)
class Document:
    """Loaded data plus the position of every value in the file."""

    file: str
    data: object
    positions: dict

    def where(self, path: Path_) -> tuple[int, int]:
        """1-based line and column of the value at `path` (or its nearest parent)."""
        while path not in self.positions and path:
            path = path[:-1]
        return self.positions.get(path, (1, 1))

    def error(self, path: Path_, message: str) -> InputError:
        line, column = self.where(path)
        return InputError(self.file, line, column, message)

    def key_error(self, path: Path_, message: str) -> InputError:
        """An error about a mapping key itself (e.g. a misspelt field name)."""
        line, column = self.positions.get(("key", *path), self.where(path))
        return InputError(self.file, line, column, message)


def did_you_mean(word: str, choices) -> str:
    close = get_close_matches(str(word), list(choices), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _positions(root) -> dict:
    """Map every value path (and `("key", *path)` for keys) to (line, column), 1-based."""
    import yaml

    positions: dict = {}
    budget = [MAX_NODES]

    def walk(node, path):
        budget[0] -= 1
        if budget[0] < 0:
            raise ValueError("too many values after expanding aliases")
        positions.setdefault(path, (node.start_mark.line + 1, node.start_mark.column + 1))
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):  # `? [a, b]: c`
                    raise yaml.constructor.ConstructorError(
                        None, None, "a key must be a plain name", key_node.start_mark
                    )
                key = key_node.value
                positions.setdefault(
                    ("key", *path, key),
                    (key_node.start_mark.line + 1, key_node.start_mark.column + 1),
                )
                walk(value_node, (*path, key))
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                walk(item, (*path, index))

    walk(root, ())
    return positions


def _yaml_problem(exc) -> tuple[int, int, str]:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    context = getattr(exc, "context", None)
    text = f"{context}, {problem}" if context else problem
    return line, column, f"invalid YAML: {text} (check indentation, brackets and quotes near here)"


def load_text(text: str, file: str) -> Document:
    """Parse YAML text safely; raise `InputError` for anything a user could get wrong."""
    import yaml

    if len(text.encode("utf-8")) > MAX_BYTES:
        raise InputError(
            file,
            1,
            1,
            f"file is larger than {MAX_BYTES // 1_000_000} MB; a board state is far smaller",
        )
    # What yaml.safe_load does, in one pass: compose the node tree (which also gives
    # every value's position and lets us refuse alias bombs before building anything),
    # then build plain data with the same SafeConstructor. libyaml's parser when present.
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)(text)
    try:
        root = loader.get_single_node()
        positions = _positions(root) if root is not None else {}
        data = loader.construct_document(root) if root is not None else None
    except yaml.YAMLError as exc:
        raise InputError(file, *_yaml_problem(exc)) from None
    except ValueError:
        raise InputError(
            file,
            1,
            1,
            "too many values after expanding aliases (&anchor/*alias); write the data out",
        ) from None
    except RecursionError:
        raise InputError(file, 1, 1, "the document nests too deeply") from None
    finally:
        loader.dispose()
    return Document(file, data, positions)


def load_file(path: str | Path) -> Document:
    """Read and parse a YAML file; unreadable, oversized or non-UTF-8 files are input errors."""
    path = Path(path)
    name = str(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise InputError(
                name, 1, 1, f"file is {size:,} bytes, over the {MAX_BYTES:,}-byte limit"
            )
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise InputError(name, 1, 1, "no such file") from None
    except IsADirectoryError:
        raise InputError(name, 1, 1, "is a directory, not a YAML file") from None
    except UnicodeDecodeError as exc:
        raise InputError(name, 1, 1, f"not UTF-8 text (byte {exc.start})") from None
    except ValueError:  # the operating system takes no name with a NUL character
        shown = name.replace("\0", "\\0")
        raise InputError(shown, 1, 1, "no file can have this name (it holds a NUL)") from None
    except OSError as exc:
        raise InputError(name, 1, 1, f"cannot read: {exc.strerror}") from None
    return load_text(text, name)
