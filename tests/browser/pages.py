"""Helpers of the browser tests: signing in through the page's token form, waiting for a
page to be ready, collecting every response body a page received (for the leak checks)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from riftlog.bundle import import_bundle, load_bundle
from riftlog.cards.decks import samples_dir
from tests.browser.conftest import SCREENSHOTS

__all__ = ["Responses", "import_sample", "screenshot", "sign_in", "wait_ready"]


def import_sample(store: Any, name: str) -> str:
    """Import the sample replay *name* (replays/NAME.json) into *store*; its game id."""
    path = samples_dir() / f"{name}.json"
    bundle = load_bundle(str(path), path.read_text(encoding="utf-8"))
    import_bundle(store, bundle, where=str(path))
    return bundle.games[0].id


def sign_in(page: Any, base: str, secret: str) -> None:
    """Enter *secret* in the token form of the game list (kept for the tab)."""
    page.goto(f"{base}/")
    wait_ready(page)
    page.fill("#token", secret)
    page.click(".token-form button[type=submit]")
    page.wait_for_selector("text=token in use")


def wait_ready(page: Any, board_seq: int | None = None, view: str | None = None) -> None:
    """Wait until the page has loaded what it shows (and, for a replay, the board of
    *board_seq*, in *view*)."""
    page.wait_for_selector("body[data-ready='1']")
    if board_seq is not None:
        seen = f"[data-board-view='{view}']" if view else ""
        page.wait_for_selector(f"body[data-board-seq='{board_seq}']{seen}")


def screenshot(page: Any, name: str, full_page: bool = True) -> Path:
    """A screenshot (of the whole page, or of what the window shows) at
    build/screenshots/NAME.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


class Responses:
    """Every response body a page receives from the server (text), as they arrive."""

    def __init__(self, page: Any) -> None:
        self.bodies: list[tuple[str, str]] = []
        page.on("response", self._keep)

    def _keep(self, response: Any) -> None:
        try:
            body = response.text()
        except Exception:  # a streamed feed still open has no body yet
            return
        self.bodies.append((response.url, body))

    def text(self) -> str:
        return "\n".join(b for _u, b in self.bodies)
