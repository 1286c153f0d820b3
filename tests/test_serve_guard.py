"""Table mode answers only its own address and its own pages (SECURITY.md, "Table mode").

A real `TableServer` on a free loopback port, driven by aiohttp's test client: other
hosts' names, other sites' pages, malformed messages and absurd terminal sizes.
"""

from __future__ import annotations

import asyncio
import json
import socket

import pytest

from tui.serve_guard import COLUMNS, ROWS, HostGuard, clamp_size, read_message, split_host


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _run(scenario, max_sessions: int = 2):
    """Run `scenario(client, table, here)` against a served TableServer."""
    from aiohttp.test_utils import TestClient, TestServer

    from judge.app.table_address import Address
    from tui.serve import TableServer

    port = _free_port()

    async def run():
        table = TableServer(Address("127.0.0.1", port), max_sessions=max_sessions)
        server = TestServer(await table._make_app(), host="127.0.0.1", port=port)
        async with TestClient(server) as client:
            return await scenario(client, table, f"http://127.0.0.1:{port}")

    return asyncio.run(run())


@pytest.mark.parametrize(
    ("host", "allowed"),
    [
        ("127.0.0.1:8000", True),
        ("localhost:8000", True),
        ("[::1]:8000", True),
        ("192.168.1.20:8000", True),
        ("evil.example:8000", False),  # a DNS-rebinding name
        ("127.0.0.1:9999", False),
        ("127.0.0.1", False),
        ("", False),
        (None, False),
    ],
)
def test_only_this_servers_addresses_are_answered(host, allowed):
    assert HostGuard("127.0.0.1", 8000).allows_host(host) is allowed


def test_the_name_the_server_was_started_with_is_its_own():
    assert HostGuard("Table.local", 80).allows_host("table.local:80")
    assert not HostGuard("table.local", 80).allows_host("other.local:80")


def test_split_host_reads_both_address_families():
    assert split_host("[::1]:80") == ("::1", 80)
    assert split_host("a:b:c") == ("a:b", None)
    assert split_host("host") == ("host", None)


@pytest.mark.parametrize(
    ("asked", "given"),
    [
        ((1_000_000_000, 1_000_000_000), (COLUMNS[1], ROWS[1])),
        ((0, -5), (COLUMNS[0], ROWS[0])),
        (("80", "24"), (80, 24)),
        (("nan", None), (COLUMNS[0], ROWS[0])),
        ((1e308, "1e999"), (COLUMNS[1], ROWS[1])),
        ((True, [3]), (COLUMNS[0], ROWS[0])),
    ],
)
def test_terminal_sizes_are_clamped(asked, given):
    assert clamp_size(*asked) == given


@pytest.mark.parametrize(
    "text",
    ["not json", "{}", "[]", "[1, 2]", '{"a": 1}', "[" * 100_000, "x" * 100_000, "null"],
)
def test_malformed_messages_are_not_read(text):
    assert read_message(text) is None


def test_a_page_is_refused_for_a_foreign_host_name():
    async def scenario(client, table, here):
        foreign = await client.get("/", headers={"Host": "evil.example:1"})
        own = await client.get("/")
        return foreign.status, own.status, "ws://127.0.0.1" in await own.text()

    assert _run(scenario) == (421, 200, True)


@pytest.mark.parametrize(
    "origin", [None, "http://evil.example", "null", "http://127.0.0.1:1", "https://127.0.0.1"]
)
def test_a_websocket_from_another_page_is_refused_and_starts_nothing(origin):
    import aiohttp

    async def scenario(client, table, here):
        headers = {} if origin is None else {"Origin": origin}
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect("/ws?width=40&height=20", headers=headers)
        return refused.value.status, len(table.sessions)

    assert _run(scenario) == (403, 0)


def test_malformed_messages_are_dropped_and_the_session_serves_on():
    async def scenario(client, table, here):
        websocket = await client.ws_connect("/ws?width=1000000000&height=1000000000", origin=here)
        await websocket.receive()  # the app has started
        for bad in ("not json", "[]", '["stdin", 5]', '["resize", []]', "[" * 5000, '["?"]'):
            await websocket.send_str(bad)
        await websocket.send_str(json.dumps(["resize", {"width": 10**9, "height": 10**9}]))
        await websocket.send_str(json.dumps(["ping", "still here"]))
        pong = None
        while pong is None:
            message = await websocket.receive()
            if message.type.name == "TEXT" and "still here" in message.data:
                pong = message.data
        running = len(table.sessions)
        await websocket.close()
        for _ in range(200):  # the session leaves the count once its process has exited
            if not table.sessions:
                break
            await asyncio.sleep(0.05)
        return running, len(table.sessions)

    assert _run(scenario) == (1, 0)


def test_a_session_counts_until_its_process_has_exited():
    async def scenario(client, table, here):
        ended = []
        for _ in range(6):  # quick connect-and-close, as a hostile page would
            websocket = await client.ws_connect("/ws?width=40&height=20", origin=here)
            await websocket.close()
            ended.append(len(table.sessions))
        alive = [s for s in table.sessions if s._process and s._process.returncode is None]
        return len(alive) <= table.max_sessions

    assert _run(scenario, max_sessions=2)
