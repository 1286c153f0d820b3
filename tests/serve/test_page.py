"""Table mode's page without a browser: ours, sized by the device, and from this server only.

A real `TableServer` driven by aiohttp's test client, as in tests/test_serve_guard.py.
"""

from __future__ import annotations

import asyncio
import re
import socket

import pytest

#: every address the page names: attributes, stylesheet URLs, the websocket's
ADDRESS = re.compile(r'(?:src|href)="([^"]*)"|url\("([^"]*)"\)|"(ws://[^"]*)"')


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _page(path: str = "/") -> tuple[str, dict[str, int], str]:
    """The page at `path`, the status of everything it names on the server, and its host."""
    from aiohttp.test_utils import TestClient, TestServer

    from judge.app.table_address import Address
    from tui.serve import TableServer

    port = _free_port()

    async def run():
        table = TableServer(Address("127.0.0.1", port))
        server = TestServer(await table._make_app(), host="127.0.0.1", port=port)
        async with TestClient(server) as client:
            response = await client.get(path)
            assert response.status == 200
            page = await response.text()
            statuses = {}
            for match in ADDRESS.finditer(page):
                address = match.group(1) or match.group(2)
                if address and address.startswith("/"):
                    statuses[address] = (await client.get(address)).status
            return page, statuses, f"127.0.0.1:{port}"

    return asyncio.run(run())


def test_the_page_is_sized_for_a_phone_and_names_only_this_server():
    page, statuses, host = _page()
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    addresses = [next(filter(None, match.groups())) for match in ADDRESS.finditer(page)]
    assert f"ws://{host}/ws" in addresses
    for address in addresses:
        assert address.startswith(("/", "data:", f"ws://{host}/")), address
    assert "://" not in ADDRESS.sub("", page)  # no other host anywhere else either
    assert "/static/fonts/RobotoMono-VariableFont_wght.ttf" in statuses
    assert "/static/js/textual.js" in statuses
    assert set(statuses.values()) == {200}, statuses


@pytest.mark.parametrize(
    ("query", "size"),
    [("", "0"), ("?fontsize=20", "20"), ("?fontsize=big", "0"), ("?fontsize=-5", "0")],
)
def test_the_text_size_is_the_pages_to_choose_unless_the_url_asks(query, size):
    page, _, _ = _page(f"/{query}")
    assert f'data-font-size="{size}"' in page  # 0: the page fits it to the screen
