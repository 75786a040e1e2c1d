"""The browser tests' own footing: the real Chromium reaches the real server."""

from __future__ import annotations

from typing import Any

from tests.service.conftest import World


def test_chromium_reads_a_public_game_from_the_service(page: Any, web_server: str,
                                                       web_world: World) -> None:
    # an anonymous browser may read the finished game its organiser made public (g2)
    res = page.goto(f"{web_server}/games/g2")
    assert res is not None and res.status == 200
    body = res.json()
    assert body["id"] == "g2"
