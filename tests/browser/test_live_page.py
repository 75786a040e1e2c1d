"""A live game in a real Chromium: the replay page of a game in progress follows the live
feed by itself; a player sees each new event at once, a spectator only once the game is
the spectators' delay past it."""

from __future__ import annotations

import json
from typing import Any

import httpx

from tests.browser.pages import screenshot, sign_in, wait_ready
from tests.service.conftest import World

DELAY = 3  # g1's spectators are 3 events behind


def _append(http: httpx.Client) -> int:
    """Append the first legal decision of g1 (as its judge); the new last seq."""
    moves = http.get("/games/g1/legal-moves").json()["moves"]
    decision = json.loads(moves[0])
    kind = decision.pop("type")
    res = http.post("/games/g1/events", json={"events": [{"type": kind, "payload": decision}]})
    assert res.status_code == 201, res.text
    return int(res.json()["last_seq"])


def _shown(page: Any) -> int:
    return int(page.evaluate("() => document.querySelectorAll('#log li').length"))


def test_a_live_game_updates_itself_for_a_player_and_a_delayed_spectator(
        browser: Any, web_server: str, web_world: World) -> None:
    start = web_world.store.last_seq("g1")
    player_ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    watcher_ctx = browser.new_context(viewport={"width": 375, "height": 800})
    try:
        player, watcher = player_ctx.new_page(), watcher_ctx.new_page()
        sign_in(player, web_server, web_world.tokens["player"])
        sign_in(watcher, web_server, web_world.tokens["spectator"])
        player.goto(f"{web_server}/replay/g1")
        wait_ready(player, start)
        watcher.goto(f"{web_server}/replay/g1")
        wait_ready(watcher, start - DELAY)
        assert "live" in player.inner_text("#live")
        # an open game links to its recorder page
        assert player.is_visible("#record-link")
        assert player.get_attribute("#record-link", "href") == "/record/g1"
        assert f"{DELAY} events behind" in watcher.inner_text("#live")
        assert _shown(watcher) == start - DELAY
        judge = {"Authorization": f"Bearer {web_world.tokens['judge']}"}
        with httpx.Client(base_url=web_server, headers=judge, timeout=30) as http:
            for _ in range(5):
                last = _append(http)
                # the player's page moves to the new event by itself (it was at the end)
                player.wait_for_selector(f"body[data-board-seq='{last}']", timeout=10_000)
                assert _shown(player) == last
                # never more than the delay lets through reaches the spectator's page
                assert _shown(watcher) <= last - DELAY
        watcher.wait_for_selector(f"body[data-board-seq='{last - DELAY}']", timeout=10_000)
        assert _shown(watcher) == last - DELAY
        assert watcher.eval_on_selector_all(
            "#view option", "os => os.map(o => o.value)") == [f"spectator:{DELAY}"]
        screenshot(watcher, "replay-live-spectator-375")
    finally:
        player_ctx.close()
        watcher_ctx.close()
