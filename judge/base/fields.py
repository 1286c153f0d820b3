"""Reading typed fields out of a loaded YAML mapping, with positioned errors.

One `Fields` object wraps one mapping; each accessor checks the type and consumes the
key, and `done()` rejects whatever is left as an unknown field with a did-you-mean.
Every input format (board, triggers, deck, campaign log) is read through this.
"""

from __future__ import annotations

from judge.base.yamlio import Document, did_you_mean


def dotted(path: tuple) -> str:
    """`("players", 0, "threat")` -> `players[0].threat`."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


class Fields:
    def __init__(self, doc: Document, path: tuple, allowed: tuple[str, ...], what: str):
        self.doc, self.path, self.allowed, self.what = doc, path, allowed, what
        value = doc.data
        for part in path:
            value = value[part]
        if not isinstance(value, dict):
            raise doc.error(
                path, f"{what} must be a mapping of fields (key: value), not {_kind(value)}"
            )
        self.data: dict = value
        self._used: set = set()

    @property
    def where(self) -> str:
        return dotted(self.path)

    def has(self, key: str) -> bool:
        return key in self.data

    def _get(self, key: str, required: bool):
        self._used.add(key)
        if key not in self.data:
            if required:
                raise self.doc.error(self.path, f"{self.what} needs the field '{key}'")
            return None
        return self.data[key]

    def raw(self, key: str):
        """The value as loaded (None when absent), for fields with several shapes."""
        return self._get(key, False)

    def integer(
        self, key: str, default: int = 0, required: bool = False, minimum: int | None = 0
    ) -> int:
        value = self._get(key, required)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.doc.error(
                (*self.path, key), f"'{key}' must be a whole number, not {_kind(value)} {value!r}"
            )
        if minimum is not None and value < minimum:
            raise self.doc.error(
                (*self.path, key), f"'{key}' must be {minimum} or more, not {value}"
            )
        return value

    def flag(self, key: str, default: bool = False) -> bool:
        value = self._get(key, False)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise self.doc.error((*self.path, key), f"'{key}' must be true or false, not {value!r}")
        return value

    def text(
        self, key: str, default: str | None = None, required: bool = False, choices=None
    ) -> str | None:
        value = self._get(key, required)
        if value is None and required:  # `title:` with nothing after it
            raise self.doc.error((*self.path, key), f"'{key}' needs a value")
        if value is None:
            return default
        if isinstance(value, (dict, list, bool)):
            raise self.doc.error((*self.path, key), f"'{key}' must be text, not {_kind(value)}")
        if isinstance(value, float):
            raise self.doc.error(
                (*self.path, key), f"'{key}' must be quoted text (\"{value}\"), not a number"
            )
        value = str(value).strip()
        if choices and value not in choices:
            raise self.doc.error(
                (*self.path, key),
                f"'{key}' is '{value}', not one of: {', '.join(choices)}{did_you_mean(value, choices)}",
            )
        return value

    def strings(self, key: str) -> tuple[str, ...]:
        value = self._get(key, False)
        if value is None:
            return ()
        if not isinstance(value, list) or not all(
            isinstance(v, (str, int)) and not isinstance(v, bool) for v in value
        ):
            raise self.doc.error(
                (*self.path, key),
                f"'{key}' must be a list of names, e.g. [{key[:-1] or key}1, ...]",
            )
        return tuple(str(v).strip() for v in value)

    def items(self, key: str) -> list[tuple]:
        """Paths of the entries of a list field (each to be read with its own `Fields`)."""
        value = self._get(key, False)
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.doc.error(
                (*self.path, key), f"'{key}' must be a list (each item on a '- ' line)"
            )
        return [(*self.path, key, index) for index in range(len(value))]

    def done(self) -> None:
        for key in self.data:
            if key not in self._used and key not in self.allowed:
                raise self.doc.key_error(
                    (*self.path, key),
                    f"unknown field '{key}' in {self.what}{did_you_mean(key, self.allowed)}",
                )


def require_unique_names(doc: Document, names: list[str]) -> None:
    """Players are told apart by name (board states and campaign logs alike)."""
    for index, name in enumerate(names):
        if name in names[:index]:
            raise doc.error(
                ("players", index, "name"), f"two players are called '{name}'; names must be unique"
            )


def _kind(value) -> str:
    if value is None:
        return "empty"
    return {
        dict: "a mapping",
        list: "a list",
        str: "text",
        bool: "true/false",
        int: "a number",
        float: "a number",
    }.get(type(value), type(value).__name__)
