"""Where table mode listens, the URL players open, and that URL as a QR code.

Both shells need these: the CLI prints the URL and the code before the server starts,
and the server (`tui.serve`) listens on the address. Nothing here imports Textual or
aiohttp, so `loremaster serve` can refuse a bad address before loading either.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Address:
    """Where the server listens and the URL players open."""

    host: str
    port: int

    @classmethod
    def parse(cls, host: str, port: int) -> Address:
        """The address a `--host` spelling means: the C library's shorthands for IPv4
        (`127.1`, `0x7f000001`, `0`) become their dotted form, and an IPv4 address
        written as IPv6 (`::ffff:127.0.0.1`) becomes the IPv4 one it stands for, so
        the server binds what the player meant and says truly who can reach it."""
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            address = None
        if address is not None:
            mapped = getattr(address, "ipv4_mapped", None)
            return cls(str(mapped or address), port)
        if host and all(part.isalnum() for part in host.split(".")):
            try:
                return cls(socket.inet_ntoa(socket.inet_aton(host)), port)
            except OSError:
                pass  # a host name
        return cls(host, port)

    @property
    def on_network(self) -> bool:
        """True unless only this computer can connect (a loopback address or name)."""
        if self.host == "localhost":
            return False
        try:
            return not ipaddress.ip_address(self.host).is_loopback
        except ValueError:
            return True  # a host name: reachable by whoever can resolve it

    @property
    def url(self) -> str:
        """The URL to open; for a wildcard bind, this computer's address on the network."""
        host = self.host
        if host in ("0.0.0.0", "::", ""):
            host = network_address()
        if ":" in host:
            host = f"[{host}]"
        return f"http://{host}:{self.port}/"


def network_address() -> str:
    """This computer's address on its network (the one other devices reach it by).

    Connecting a UDP socket sends nothing; it only asks the kernel which interface
    would be used, which is the address phones on the same network can use.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def qr_code(url: str) -> str:
    """The URL as a QR code drawn with block characters, for phones to scan."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, micro=False).terminal(out=out, compact=True)
    return out.getvalue()
