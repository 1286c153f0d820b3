"""`loremaster serve [--host] [--port] [--max-sessions]`: table mode, the app in browsers.

The server lives with the app (`tui.serve`), started through its registered entry point
(`cli.shells`) only inside `run`, so other commands never pay for Textual or aiohttp.
"""

from __future__ import annotations

import errno
import socket
import sys

from cli.output import UsageError, print_lines

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_MAX_SESSIONS = 8


def add_arguments(parser) -> None:
    parser.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=f"address to listen on (default {DEFAULT_HOST}: this computer only; "
        "0.0.0.0 lets phones on the network join)",
    )
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})"
    )
    parser.add_argument(
        "--max-sessions",
        type=int,
        default=DEFAULT_MAX_SESSIONS,
        help=f"most browsers served at once (default {DEFAULT_MAX_SESSIONS})",
    )


def run(args) -> int:
    if not 1 <= args.port <= 65535:
        raise UsageError(f"loremaster serve: --port must be 1 to 65535, not {args.port}")
    if args.max_sessions < 1:
        raise UsageError(
            f"loremaster serve: --max-sessions must be at least 1, not {args.max_sessions}"
        )
    try:
        socket.getaddrinfo(args.host, args.port)
    except socket.gaierror as exc:
        raise UsageError(
            f"loremaster serve: no such --host {args.host!r} ({exc.strerror}); "
            "use an address such as 127.0.0.1 or 0.0.0.0"
        ) from exc
    from cli.shells import shell
    from judge.app.table_address import Address, qr_code

    address = Address.parse(args.host, args.port)
    url = address.url
    lines = [f"Loremaster table mode: open {url} in a browser."]
    if address.on_network:
        print(
            f"loremaster serve: warning: listening on {address.host}, so anyone on the "
            "network can open Loremaster.",
            file=sys.stderr,
        )
        lines += ["Or scan this with a phone on the same network:", qr_code(url)]
    lines.append(f"Up to {args.max_sessions} browsers at once. Ctrl+C stops every session.")
    print_lines(lines)
    sys.stdout.flush()
    try:
        shell("serve")(address, args.max_sessions)
    except OSError as exc:
        if exc.errno in (errno.EADDRINUSE, errno.EADDRNOTAVAIL, errno.EACCES, errno.EINVAL):
            raise UsageError(
                f"loremaster serve: cannot listen on {args.host}:{args.port}: "
                f"{exc.strerror}; pick another --port or --host"
            ) from exc
        raise
    return 0
