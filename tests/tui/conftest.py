"""App tests: a private cache, a fresh app, and `async def` tests without a plugin.

`async def` tests run under `asyncio.run` (see `pytest_pyfunc_call`), so no asyncio
plugin is needed. Helpers to wait for workers and read the screen are in `tui_helpers`.
"""

from __future__ import annotations

import asyncio
import inspect
import os

import pytest


@pytest.fixture(scope="session", autouse=True)
def _app_cache(_private_cache):
    """The app opens the knowledge base and the index from the run's throwaway cache.

    `_private_cache` (tests/conftest.py) points LOREMASTER_CACHE_DIR at a temporary
    directory; this makes sure it has before any app starts, and shares its index.
    """
    assert os.environ["LOREMASTER_CACHE_DIR"] == str(_private_cache)
    return _private_cache


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    if inspect.iscoroutinefunction(pyfuncitem.obj):
        arguments = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
        asyncio.run(pyfuncitem.obj(**arguments))
        return True
    return None


@pytest.fixture
def app():
    from tui.app import LoremasterApp

    return LoremasterApp()
