"""Fixtures of the browser tests: a real Chromium (Debian's ``chromium`` package, driven by
Playwright for Python) against a real uvicorn server over the service tests' world.

The browser is found at ``RIFTLOG_CHROMIUM`` or on PATH (``chromium``); Playwright's own
browser downloads are never used.  Without a browser the tests are skipped, except in CI
(``CI=true``) or with ``RIFTLOG_TEST_BROWSER_REQUIRED=1``, where they fail: ``.ci/run``
installs Chromium from Debian's packages.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.service.conftest import World, make_world, serve_world

#: Chromium's flags on a machine with a closed network: no background connections, no
#: sandbox (the tests may run as root), no GPU.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-dev-shm-usage"]

#: Where the tests write the screenshots a person looks at (desktop and phone widths).
SCREENSHOTS = Path(os.environ.get("RIFTLOG_SCREENSHOTS", "build/screenshots"))


def _browser_required() -> bool:
    return os.environ.get("CI") == "true" or os.environ.get("RIFTLOG_TEST_BROWSER_REQUIRED") == "1"


def chromium_path() -> str | None:
    """The Chromium executable the tests drive, or None."""
    return os.environ.get("RIFTLOG_CHROMIUM") or shutil.which("chromium")


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """One headless Chromium for the session (a ``playwright.sync_api.Browser``)."""
    path = chromium_path()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - playwright is in the test extra
        if _browser_required():
            raise
        pytest.skip("playwright is not installed (pip install -e '.[test]')")
    if path is None:
        if _browser_required():
            pytest.fail("no Chromium: install Debian's chromium package or set RIFTLOG_CHROMIUM")
        pytest.skip("no Chromium on this machine (apt-get install chromium)")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def web_world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    """The service tests' world on a SQLite file (games live, sealed, public, private)."""
    folder = tmp_path_factory.mktemp("web")
    w = make_world(str(folder / "riftlog.db"), folder)
    with w.client:
        yield w
    w.store.close()


@pytest.fixture(scope="module")
def web_server(web_world: World) -> Iterator[str]:
    """A uvicorn server over the web world's store; its base URL."""
    yield from serve_world(web_world)


@pytest.fixture()
def page(browser: object) -> Iterator[object]:
    """A fresh browser page (its own context: no shared storage) at a desktop width."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    pg = context.new_page()
    yield pg
    context.close()
