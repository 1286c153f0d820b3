"""`loremaster serve` without a browser: arguments, addresses, QR code, lazy imports.

The browser tests (a real server and headless Chromium) are in tests/serve/.
"""

from __future__ import annotations

import socket

import pytest
from test_import_hygiene import _modules_after


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--port", "0"], "--port must be 1 to 65535, not 0"),
        (["--port", "65536"], "--port must be 1 to 65535"),
        (["--max-sessions", "0"], "--max-sessions must be at least 1, not 0"),
        (["--port", "eighty"], "invalid int value"),
        (["--host", "no-such-host.invalid"], "no such --host 'no-such-host.invalid'"),
    ],
)
def test_bad_arguments_are_one_line_errors(cli, args, words):
    result = cli("serve", *args)
    assert result.code == 2
    assert words in result.err
    assert len(result.err.strip().splitlines()) == 1


def test_a_port_already_taken_is_a_usage_error(cli):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = cli("serve", "--port", str(port))
    assert result.code == 2
    assert f"cannot listen on 127.0.0.1:{port}" in result.err
    assert "Traceback" not in result.err


@pytest.mark.parametrize(
    ("host", "on_network"),
    [
        ("127.0.0.1", False),
        ("localhost", False),
        ("::1", False),
        ("0.0.0.0", True),
        ("192.168.1.20", True),
        ("table.local", True),
    ],
)
def test_only_loopback_addresses_stay_off_the_network(host, on_network):
    from judge.app.table_address import Address

    assert Address(host, 8000).on_network is on_network


def test_a_wildcard_bind_prints_an_address_phones_can_open():
    from judge.app.table_address import Address

    url = Address("0.0.0.0", 8123).url
    assert url.startswith("http://") and url.endswith(":8123/")
    assert "0.0.0.0" not in url
    assert Address("::1", 80).url == "http://[::1]:80/"


def test_the_qr_code_is_drawn_in_block_characters():
    from judge.app.table_address import qr_code

    lines = qr_code("http://192.168.1.20:8000/").splitlines()
    assert len(lines) > 10
    assert len({len(line) for line in lines}) == 1  # a square of equal lines
    assert set("".join(lines)) <= set("█▀▄ ")


def test_the_serve_command_loads_no_server_until_it_runs():
    modules = _modules_after("import cli.serve")
    for heavy in ("textual", "aiohttp", "textual_serve", "segno", "tui"):
        assert heavy not in modules, heavy


def test_a_session_that_ignores_quit_is_killed_after_the_grace_period(monkeypatch):
    import asyncio
    import shlex
    import sys

    from textual_serve.download_manager import DownloadManager

    from tui import serve

    monkeypatch.setattr(serve, "QUIT_GRACE_SECONDS", 0.3)
    stubborn = "import time; print('__GANGLION__', flush=True); time.sleep(60)"

    async def nothing(*_args) -> None:
        return None

    async def run() -> int:
        session = serve.SessionProcess(
            shlex.join([sys.executable, "-c", stubborn]),
            write_bytes=nothing,
            write_str=nothing,
            close=nothing,
            download_manager=DownloadManager(),
        )
        await session.start(80, 24)
        await asyncio.wait_for(session.end(), 5)
        await session.end()  # a second end (browser gone and Ctrl+C) is harmless
        return session._process.returncode

    assert asyncio.run(run()) == -9  # killed: it never answered the quit request


@pytest.mark.parametrize(
    ("spelling", "host", "on_network"),
    [
        ("127.1", "127.0.0.1", False),
        ("0x7f000001", "127.0.0.1", False),
        ("::ffff:127.0.0.1", "127.0.0.1", False),
        ("0", "0.0.0.0", True),
        ("localhost", "localhost", False),
    ],
)
def test_a_host_spelling_is_read_as_the_address_it_means(spelling, host, on_network):
    from judge.app.table_address import Address

    address = Address.parse(spelling, 8000)
    assert (address.host, address.on_network) == (host, on_network)
    assert "http://0:" not in address.url
