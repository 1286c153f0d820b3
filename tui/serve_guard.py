"""What table mode lets in: requests for this server only, from its own pages only.

A browser lets any page it shows open a websocket to any address, 127.0.0.1 included,
and a DNS-rebinding name can make a hostile site look like the server itself. So every
request must name this server in its `Host` (an address, `localhost`, or the name it
was started with; always its port), and a websocket upgrade must come from a page this
server served (`Origin` is `http://` plus that same `Host`). What the browser then sends
over the websocket is checked as well: malformed messages are dropped with one log line,
and the terminal size it asks for is clamped, so no page can make an app process draw a
billion columns.
"""

from __future__ import annotations

import ipaddress
import json
from dataclasses import dataclass

#: the terminal sizes a browser may ask for (a phone upright is about 40 columns; a
#: wide desktop window under 400); anything outside is clamped to these
COLUMNS = (20, 400)
ROWS = (8, 200)
#: the largest websocket message read as JSON (a keystroke or a paste, not a flood)
MAX_MESSAGE_CHARS = 64 * 1024


def clamp_size(width, height) -> tuple[int, int]:
    """A terminal size within COLUMNS x ROWS; what is not a whole number is the floor."""
    return _clamp(width, COLUMNS), _clamp(height, ROWS)


def _clamp(value, bounds: tuple[int, int]) -> int:
    low, high = bounds
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return low
    try:
        number = float(value)
    except ValueError:
        return low
    if number != number:  # NaN
        return low
    return int(max(low, min(high, number)))


@dataclass(frozen=True, slots=True)
class HostGuard:
    """Which `Host` values name this server: `port` is the one it listens on, `name`
    the host it was started with (kept as the player typed it, for a name)."""

    name: str
    port: int

    def allows_host(self, host_header: str | None) -> bool:
        host, port = split_host(host_header or "")
        if port != self.port or not host:
            return False
        if host.casefold() in ("localhost", self.name.casefold()):
            return True
        try:
            ipaddress.ip_address(host)  # an address cannot be rebound to another site
        except ValueError:
            return False
        return True

    def allows_origin(self, origin: str | None, host_header: str | None) -> bool:
        """A websocket may only be opened by a page this server served."""
        return bool(origin) and bool(host_header) and origin == f"http://{host_header}"


def split_host(value: str) -> tuple[str, int | None]:
    """`127.0.0.1:8000` -> ("127.0.0.1", 8000); `[::1]:80` -> ("::1", 80); a missing or
    malformed port is None."""
    if value.startswith("["):
        host, _, rest = value[1:].partition("]")
        port = rest.removeprefix(":") if rest.startswith(":") else ""
    else:
        host, colon, port = value.rpartition(":")
        if not colon:
            host, port = value, ""
    return host, int(port) if port.isdigit() and len(port) <= 5 else None


def read_message(text: str) -> tuple[str, object] | None:
    """A browser's websocket message as (kind, data), or None when it is not one the
    page sends: a JSON list whose first item names the kind."""
    if len(text) > MAX_MESSAGE_CHARS:
        return None
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return None
    return envelope[0], envelope[1] if len(envelope) > 1 else None
