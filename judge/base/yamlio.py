"""Reading user YAML safely, with every error pointing at a file, line and column.

Used for board states, trigger lists, decks and campaign logs (the CLI and the app
share it), and for the knowledge base's front matter. Loading is safe loading only
(PyYAML's SafeConstructor, as `yaml.safe_load`, in `safe_loader`); the document is
composed first, with no objects constructed, to reject alias bombs and keys given twice
and to learn where each value sits, so later checks can report `FILE:LINE:COL`. Files
are read through `judge.base.reading` (regular files only, at most MAX_BYTES).
"""

from __future__ import annotations

from dataclasses import dataclass
from difflib import get_close_matches
from functools import cache
from pathlib import Path

from judge.base.printable import printable
from judge.base.reading import UnreadableFile, read_user_file, shown_path

MAX_BYTES = 1_000_000
MAX_NODES = 50_000  # after expanding aliases; a billion-laughs file is far beyond this

Path_ = tuple  # a value's path in the document: keys and list indexes


class InputError(Exception):
    """Bad user input; `str()` is the one-line `FILE:LINE:COL: message` players see."""

    def __init__(self, file: str, line: int, column: int, message: str):
        # control characters a file's keys or values carry (a newline in a key, a
        # terminal escape in a name) are shown escaped: the error stays one line
        message = printable(message)
        super().__init__(f"{printable(file)}:{line}:{column}: {message}")
        self.file, self.line, self.column, self.message = file, line, column, message


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


class _Problem(Exception):
    """A defect found while walking or building the document, at a node's position."""

    def __init__(self, mark, message: str):
        super().__init__(message)
        self.line, self.column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        self.message = message


def _positions(root, shift: int = 0) -> dict:
    """Map every value path (and `("key", *path)` for keys) to (line, column), 1-based.

    Also the size guard: more than MAX_NODES values is refused, and said differently
    when the file holds that many itself and when aliases expand a smaller one to it."""
    import yaml

    positions: dict = {}
    budget = [MAX_NODES]
    distinct: set[int] = set()

    def walk(node, path):
        budget[0] -= 1
        distinct.add(id(node))
        if budget[0] < 0:
            if len(distinct) > MAX_NODES:
                raise _Problem(
                    node.start_mark,
                    f"too many values (over {MAX_NODES:,}); a board, deck or log is far smaller",
                )
            raise _Problem(
                node.start_mark,
                "too many values after expanding aliases (&anchor/*alias); write the data out",
            )
        positions.setdefault(path, (node.start_mark.line + 1 + shift, node.start_mark.column + 1))
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):  # `? [a, b]: c`
                    raise yaml.constructor.ConstructorError(
                        None, None, "a key must be a plain name", key_node.start_mark
                    )
                key = key_node.value
                positions.setdefault(
                    ("key", *path, key),
                    (key_node.start_mark.line + 1 + shift, key_node.start_mark.column + 1),
                )
                walk(value_node, (*path, key))
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                walk(item, (*path, index))

    walk(root, ())
    return positions


_INT_TAG = "tag:yaml.org,2002:int"
_MERGE_TAG = "tag:yaml.org,2002:merge"


@cache
def safe_loader() -> type:
    """The project's YAML loader: PyYAML's safe loader (libyaml's parser when present)
    that also refuses a mapping giving one key twice and names a value it cannot build.

    PyYAML keeps the last of two equal keys, so a board saying `threat: 20` and, lower
    down, `threat: 45` would be judged on 45 with no word about the 20. Every YAML
    input goes through this loader: board, trigger, deck and campaign files
    (`load_text`) and the knowledge base's front matter (`judge.kb.files`).
    """
    import yaml

    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class SafeLoader(base):
        #: the file's line the text starts on (see `load_text`)
        first_line = 1

        def construct_document(self, node):
            _refuse_duplicate_keys(self, node, self.first_line - 1)
            return super().construct_document(node)

        def construct_object(self, node, deep=False):
            try:
                return super().construct_object(node, deep)
            except ValueError as exc:  # int() and date() refuse what the resolver let by
                raise _Problem(node.start_mark, _unbuildable(node, exc)) from None

    return SafeLoader


def _refuse_duplicate_keys(loader, root, shift: int) -> None:
    """Every mapping's keys, compared as the values they build (`1` and `0x1` are one
    key), before anything is built: building merges `<<: *base` keys into the
    mapping, and a key given again beside a merge overrides it, as YAML intends. Each
    node is visited once, so aliases cost nothing and nesting needs no recursion."""
    import yaml

    seen_nodes: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen_nodes:
            continue
        seen_nodes.add(id(node))
        if isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
        elif isinstance(node, yaml.MappingNode):
            first: dict = {}
            for key_node, value_node in node.value:
                stack.append(value_node)
                if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == _MERGE_TAG:
                    stack.append(key_node)
                    continue
                key = _key_value(loader, key_node)
                if key in first:
                    raise _Problem(
                        key_node.start_mark,
                        f"duplicate key '{key_node.value}' (first at line {first[key] + shift}); "
                        "keep one of the two",
                    )
                first[key] = key_node.start_mark.line + 1


def _key_value(loader, key_node):
    """A scalar key as built, so keys that read as one value are one key (`1`, `0x1`
    and `true` all build a key equal to 1: the mapping would keep only the last); as
    written when it cannot be built or kept in a set."""
    try:
        key = loader.construct_object(key_node)
        hash(key)
    except (_Problem, TypeError, ValueError):
        return (key_node.tag, key_node.value)
    return key


def _unbuildable(node, exc: ValueError) -> str:
    if node.tag == _INT_TAG:
        digits = sum(ch.isdigit() for ch in str(node.value))
        return (
            f"number too long ({digits:,} digits); a board's numbers are small, "
            "so quote it if it is a name"
        )
    return f"cannot read this value ({exc}); quote it if it is text"


def _yaml_problem(exc) -> tuple[int, int, str]:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    context = getattr(exc, "context", None)
    text = f"{context}, {problem}" if context else problem
    return line, column, f"invalid YAML: {text} (check indentation, brackets and quotes near here)"


def load_text(text: str, file: str, first_line: int = 1) -> Document:
    """Parse YAML text safely; raise `InputError` for anything a user could get wrong.

    `first_line` is the file's line the text starts on (a Markdown file's front matter
    starts on line 2): positions and messages count the file's lines."""
    import yaml

    if len(text.encode("utf-8", errors="surrogatepass")) > MAX_BYTES:
        raise InputError(
            file,
            1,
            1,
            f"file is larger than {MAX_BYTES // 1_000_000} MB; a board state is far smaller",
        )
    # What yaml.safe_load does, in one pass: compose the node tree (which also gives
    # every value's position and lets us refuse alias bombs before building anything),
    # then build plain data with the same SafeConstructor. libyaml's parser when present.
    loader = safe_loader()(text)
    loader.first_line = first_line
    shift = first_line - 1
    try:
        root = loader.get_single_node()
        positions = _positions(root, shift) if root is not None else {}
        data = loader.construct_document(root) if root is not None else None
    except _Problem as exc:
        raise InputError(file, exc.line + shift, exc.column, exc.message) from None
    except yaml.YAMLError as exc:
        line, column, message = _yaml_problem(exc)
        raise InputError(file, line + shift, column, message) from None
    except RecursionError:
        raise InputError(file, first_line, 1, "the document nests too deeply") from None
    finally:
        loader.dispose()
    return Document(file, data, positions)


def load_file(path: str | Path) -> Document:
    """Read and parse a YAML file; unreadable, oversized or non-UTF-8 files are input
    errors (a directory, a device or a named pipe is refused before any read)."""
    name, text = read_text(path, "a YAML file")
    return load_text(text, name)


def read_text(path: str | Path, what: str, encoding: str = "utf-8") -> tuple[str, str]:
    """(the name errors show, the text) of a user's file: read as `read_user_file`
    reads it (a regular file, at most MAX_BYTES), then decoded (`decode_text`);
    whatever is wrong is an `InputError`."""
    try:
        raw = read_user_file(path, MAX_BYTES, what=what)
    except UnreadableFile as exc:
        raise InputError(exc.shown, 1, 1, exc.problem) from None
    name = shown_path(path)
    return name, decode_text(raw, name, encoding)


def decode_text(raw: bytes, name: str, encoding: str = "utf-8") -> str:
    """The file's text; bytes that are not UTF-8 are an `InputError` at their line and
    column, never shown themselves."""
    try:
        return raw.decode(encoding)
    except UnicodeDecodeError as exc:
        line, column = byte_position(raw, exc.start)
        raise InputError(
            name,
            line,
            column,
            f"not UTF-8 text (byte 0x{raw[exc.start]:02x}); save the file as UTF-8",
        ) from None


def byte_position(raw: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column (in bytes) of a byte offset."""
    line_start = raw.rfind(b"\n", 0, offset) + 1
    return raw.count(b"\n", 0, offset) + 1, offset - line_start + 1
