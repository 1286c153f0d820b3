"""Table mode: the app in every player's browser, one app process per browser.

textual-serve does the hard part (a web terminal that drives an app process over a
websocket). This wraps its aiohttp server to add what a table of players needs: our own
page (serve_page.html: a phone's width, text it can read, and nothing from another host,
for a table may have no internet), a cap on concurrent sessions with a clear page for the
browser that arrives over it, a session that ends (and frees its process) when its
browser closes, and a Ctrl+C that stops every session before the server exits. App
processes run in their own process group, so the terminal's Ctrl+C reaches only the
server, which then quits each session in order.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import html
import logging
import shlex
import signal
import sys
from collections.abc import Callable
from pathlib import Path

from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from judge.app.table_address import Address
from tui.serve_guard import HostGuard, clamp_size, read_message

#: the page every browser gets: a web terminal for its session (see the file)
PAGE = Path(__file__).with_name("serve_page.html")
#: one app session: the app with no arguments, through the CLI (its allowed app launch)
SESSION_COMMAND = (sys.executable, "-m", "cli.main")
#: how long a session may take to quit before it is killed
QUIT_GRACE_SECONDS = 3.0
#: prctl option: the signal a process gets when its parent dies (linux/prctl.h)
PR_SET_PDEATHSIG = 1
#: aiohttp's wait for open requests at shutdown (its default is a minute)
SHUTDOWN_TIMEOUT = 2.0

log = logging.getLogger("loremaster.serve")
#: aiohttp's loggers of requests it could not parse: one line each, never a traceback
AIOHTTP_LOGGERS = ("aiohttp.server", "aiohttp.web", "aiohttp.websocket")
#: the reply to a request that names another host, or a websocket from another site's page
FORBIDDEN = "This Loremaster server answers only its own address and its own pages."


class _OneLine(logging.Filter):
    """Drop a log record's traceback: a malformed request is the sender's problem, and a
    page of stack frames in the server's terminal reads as a crash."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info:
            record.msg = f"{record.getMessage()}: {record.exc_info[1]!r}"
            record.args = ()
        record.exc_info = None
        record.exc_text = None
        return True


def full_message(limit: int) -> str:
    return f"Loremaster is full: {limit} of {limit} sessions are in use."


def full_page(limit: int) -> str:
    """The page a browser gets when every session is taken."""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Loremaster is full</title>
<style>body {{ font-family: sans-serif; max-width: 32em; margin: 3em auto; padding: 0 1em; }}</style>
</head><body>
<h1>Loremaster is full</h1>
<p>{html.escape(full_message(limit))} When someone closes theirs, reload this page to
join.</p>
</body></html>
"""


def die_with_parent() -> Callable[[], None] | None:
    """What a session runs before the app starts, so that it never outlives the server.

    An app in its own process group misses the terminal's signals, and the web driver
    does not quit when its input closes: a server that is killed (not stopped with
    Ctrl+C) would leave its sessions running. On Linux the kernel can signal the child
    when its parent dies (prctl PR_SET_PDEATHSIG): SIGHUP, because the app catches
    SIGTERM and carries on, while a hang-up ends it. Elsewhere, nothing.
    """
    if not sys.platform.startswith("linux"):
        return None
    prctl = ctypes.CDLL(None, use_errno=True).prctl  # looked up before the fork

    def set_death_signal() -> None:
        prctl(PR_SET_PDEATHSIG, signal.SIGHUP)

    return set_death_signal


class SessionProcess(AppService):
    """One browser's app process, started without a shell in its own process group."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._ending: asyncio.Future | None = None

    async def _open_app_process(self, width: int = 80, height: int = 24):
        self._process = process = await asyncio.create_subprocess_exec(
            *shlex.split(self.command),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._build_environment(width=width, height=height),
            start_new_session=True,  # the terminal's Ctrl+C is the server's to handle
            preexec_fn=die_with_parent(),
        )
        self._stdin = process.stdin
        return process

    async def end(self) -> None:
        """Ask the app to quit, killing it after a grace period; safe to call twice."""
        if self._ending is None:
            self._ending = asyncio.ensure_future(self._end())
        await asyncio.shield(self._ending)

    async def _end(self) -> None:
        # Not wait_for: textual-serve's reader swallows cancellation, so a cancelled
        # quit would go on waiting for the process instead of stopping.
        quitting = asyncio.ensure_future(self._quit())
        done, _ = await asyncio.wait({quitting}, timeout=QUIT_GRACE_SECONDS)
        if not done and self._process is not None and self._process.returncode is None:
            # Only a live process is killed: signalling one that has exited would reap
            # it behind asyncio's back (Popen.send_signal polls first).
            with contextlib.suppress(ProcessLookupError):
                self._process.kill()
        await quitting

    async def _quit(self) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            await self.stop()
        if self._process is not None:
            await self._process.wait()


class TableServer(Server):
    """textual-serve's server with a session cap and an orderly shutdown."""

    def __init__(self, address: Address, max_sessions: int = 8) -> None:
        super().__init__(
            shlex.join(SESSION_COMMAND),
            host=address.host,
            port=address.port,
            title="Loremaster",
            public_url=address.url.rstrip("/"),
            templates_path=PAGE.parent,
        )
        self.address = address
        self.max_sessions = max_sessions
        self.guard = HostGuard(address.host, address.port)
        #: every session whose app process may still be running: one leaves the set
        #: only once its process has exited, so the cap counts processes
        self.sessions: set[SessionProcess] = set()
        self._sockets: set[web.WebSocketResponse] = set()

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self._only_this_host)
        return app

    @web.middleware
    async def _only_this_host(self, request: web.Request, handler) -> web.StreamResponse:
        """Refuse a request whose `Host` is not this server (DNS rebinding)."""
        if not self.guard.allows_host(request.headers.get("Host")):
            return web.Response(status=421, text=FORBIDDEN)
        return await handler(request)

    @property
    def full(self) -> bool:
        return len(self.sessions) >= self.max_sessions

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if self.full:
            return web.Response(
                status=503, text=full_page(self.max_sessions), content_type="text/html"
            )
        import aiohttp_jinja2

        # the websocket's URL uses the host the page was asked for (the middleware has
        # checked it), so that its `Origin` and `Host` agree whichever of the server's
        # addresses the player opened; the page's other URLs are paths on that host
        context = {
            "title": self.title,
            "websocket_url": f"ws://{request.host}{request.app.router['websocket'].url_for()}",
            # 0: the page picks the text size from the screen's width
            "font_size": max(0, to_int(request.query.get("fontsize", "0"), 0)),
        }
        return aiohttp_jinja2.render_template(PAGE.name, request, context)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """Run one session for as long as its browser stays connected."""
        if not self.guard.allows_origin(request.headers.get("Origin"), request.host):
            return web.Response(status=403, text=FORBIDDEN)
        websocket = web.WebSocketResponse(heartbeat=15)
        await websocket.prepare(request)
        if self.full:  # two browsers loaded the page for the last free session
            await websocket.send_bytes(f"\r\n{full_message(self.max_sessions)}".encode())
            await websocket.close()
            return websocket
        session = SessionProcess(
            self.command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager,
        )
        self.sessions.add(session)
        self._sockets.add(websocket)
        try:
            width, height = clamp_size(
                request.query.get("width", "80"), request.query.get("height", "24")
            )
            await session.start(width, height)
            await self._process_messages(websocket, session)
        except (asyncio.CancelledError, ConnectionError):
            pass  # the browser left, or the server is stopping: end the session
        except (ValueError, AssertionError) as exc:  # not what the page sends
            log.warning("a session ended on a malformed message: %s", exc)
        finally:
            self._sockets.discard(websocket)
            try:
                await session.end()
            finally:
                self.sessions.discard(session)  # its process has exited (or was killed)
            await websocket.close()
        return websocket

    async def _process_messages(self, websocket: web.WebSocketResponse, session) -> None:
        """The browser's messages, checked: a message the page would not send is dropped
        with one log line, and a resize is clamped like the first size."""
        async for message in websocket:
            if message.type != web.WSMsgType.TEXT:
                continue
            read = read_message(message.data)
            if read is None:
                log.warning("dropped a malformed message from a browser")
                continue
            kind, data = read
            if kind == "stdin" and isinstance(data, str):
                await session.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                await session.set_terminal_size(*clamp_size(data.get("width"), data.get("height")))
            elif kind == "ping" and isinstance(data, str | int | float):
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await session.blur()
            elif kind == "focus":
                await session.focus()
            else:
                log.warning("dropped a malformed message from a browser")

    async def on_startup(self, app: web.Application) -> None:
        """Print nothing: `loremaster serve` has already said where to connect."""

    async def on_shutdown(self, app: web.Application) -> None:
        """Quit every session, then close their browsers' connections."""
        await asyncio.gather(*(session.end() for session in list(self.sessions)))
        await asyncio.gather(*(ws.close() for ws in list(self._sockets)))

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C (SIGINT) or SIGTERM; every session has ended on return."""
        logging.basicConfig(level=logging.WARNING, format="%(name)s: %(message)s")
        for name in AIOHTTP_LOGGERS:
            logging.getLogger(name).addFilter(_OneLine())
        web.run_app(
            self._make_app(),
            host=self.address.host,
            port=self.address.port,
            shutdown_timeout=SHUTDOWN_TIMEOUT,
            print=None,
        )


def serve(address: Address, max_sessions: int = 8) -> None:
    """Serve the app (blocks until Ctrl+C)."""
    TableServer(address, max_sessions).serve()
