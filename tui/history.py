"""Back and forward through visited entries, like a browser."""

from __future__ import annotations


class History:
    """Visited entry ids with a cursor; visiting after going back drops the forward list."""

    def __init__(self, limit: int = 200) -> None:
        self._items: list[str] = []
        self._index = -1
        self._limit = limit

    @property
    def current(self) -> str | None:
        return self._items[self._index] if self._items else None

    @property
    def can_go_back(self) -> bool:
        return self._index > 0

    @property
    def can_go_forward(self) -> bool:
        return 0 <= self._index < len(self._items) - 1

    def visit(self, item: str) -> None:
        if item == self.current:
            return
        del self._items[self._index + 1 :]
        self._items.append(item)
        if len(self._items) > self._limit:
            del self._items[0]
        self._index = len(self._items) - 1

    def back(self) -> str | None:
        if not self.can_go_back:
            return None
        self._index -= 1
        return self.current

    def forward(self) -> str | None:
        if not self.can_go_forward:
            return None
        self._index += 1
        return self.current

    def __len__(self) -> int:
        return len(self._items)
