"""The game list in a real Chromium: the games a token (or the public) may read, filtered
by tournament, round, player, legend, result and verdict; each links to its replay."""

from __future__ import annotations

from typing import Any

import pytest

from riftlog.service.access import set_access
from tests.browser.pages import import_sample, screenshot, sign_in, wait_ready
from tests.service.conftest import World, new_game

SAMPLE = "duel-disputed-illegal-stood"


@pytest.fixture(scope="module")
def listed(web_world: World) -> str:
    """The world, plus the public sample game with an illegal event and a round-5 game."""
    gid = import_sample(web_world.store, SAMPLE)
    set_access(web_world.store, gid, public=True)
    new_game(web_world, "g5", round=5)
    return gid


def _games(page: Any) -> list[str]:
    wait_ready(page)
    page.wait_for_selector("#count:not(:empty)")
    return page.eval_on_selector_all("#games tbody tr", "rs => rs.map(r => r.dataset.game)")


def _filter(page: Any, base: str, query: str) -> list[str]:
    page.goto(f"{base}/?{query}")
    return _games(page)


def test_the_public_lists_the_public_games_and_filters_them(page: Any, web_server: str,
                                                            listed: str) -> None:
    page.goto(f"{web_server}/")
    assert _games(page) == [listed, "g2"]
    row = page.inner_text(f"#games tr[data-game='{listed}']")
    assert "illegal at seq 14" in row and "Wuju Bladesman" in row and "Avery" in row
    # the form's filters, as a visitor uses them
    page.select_option("select[name=illegal]", "true")
    page.click("#filters button[type=submit]")
    page.wait_for_function("() => document.querySelectorAll('#games tbody tr').length === 1")
    assert "illegal=true" in page.url
    assert _games(page) == [listed]
    screenshot(page, "list-1280")
    assert _filter(page, web_server, "illegal=false") == ["g2"]
    assert _filter(page, web_server, "player=avery") == [listed]
    assert _filter(page, web_server, "player=Alice") == ["g2"]
    assert _filter(page, web_server, "legend=wuju") == [listed]
    assert _filter(page, web_server, "result=over") == [listed, "g2"]
    assert _filter(page, web_server, "result=unfinished") == []
    assert "No game matches" in page.inner_text("#count")
    # each game links to its replay
    page.goto(f"{web_server}/")
    _games(page)
    page.click(f"#games tr[data-game='{listed}'] a")
    page.wait_for_url(f"**/replay/{listed}")
    wait_ready(page)
    assert page.inner_text("#title") == f"Game {listed}"
    assert page.eval_on_selector_all("#view option", "os => os.map(o => o.value)") == ["public"]


def test_a_judge_lists_the_tournament_by_round_and_tournament(page: Any, web_server: str,
                                                             web_world: World,
                                                             listed: str) -> None:
    sign_in(page, web_server, web_world.tokens["judge"])
    games = _games(page)
    assert games == ["g1", "g2", "g3", "g5"]  # tournament t1's games; not the other's
    assert page.locator("#games tr[data-game='g1'] .live-badge").count() == 1
    assert _filter(page, web_server, "round=5") == ["g5"]
    assert _filter(page, web_server, "tournament_id=t1&round=5") == ["g5"]
    assert _filter(page, web_server, "tournament_id=t2") == []
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(f"{web_server}/")
    _games(page)
    screenshot(page, "list-375")


def test_a_bad_token_is_said_in_plain_words(page: Any, web_server: str, listed: str) -> None:
    page.goto(f"{web_server}/")
    wait_ready(page)
    page.fill("#token", "rlt_000000000000_not-a-real-token")
    page.click(".token-form button[type=submit]")
    page.wait_for_selector("#message:not([hidden])")
    assert "token is not known" in page.inner_text("#message")
    page.click(".token-form button[type=button]")  # forget it: the public list again
    page.wait_for_selector("#message[hidden]", state="attached")
    assert _games(page) == [listed, "g2"]
