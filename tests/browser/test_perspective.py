"""Perspective in a real Chromium: the views a token allows, switched on the page; the
server cuts every view, so no card hidden from the view shown ever reaches the browser
(the page and every response it received are searched for the hidden ids)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from riftlog.reducer import state_at
from riftlog.service.access import create_token
from riftlog.step import Navigator
from riftlog.views import GameView, Viewer
from tests.browser.pages import Responses, import_sample, screenshot, sign_in, wait_ready
from tests.service.conftest import World

SAMPLE = "duel-disputed-illegal-stood"


@pytest.fixture(scope="module")
def game(web_world: World) -> Iterator[dict[str, Any]]:
    gid = import_sample(web_world.store, SAMPLE)
    out: dict[str, Any] = {"id": gid}
    out["judge"] = create_token(web_world.store, "judge", "Jo", game_id=gid)[1]
    out["p1"] = create_token(web_world.store, "player", "Avery", game_id=gid, seat="p1")[1]
    out["hidden"] = hidden_from(web_world, gid, "p1", "p2")
    yield out


def hidden_from(world: World, gid: str, viewer: str, other: str) -> set[str]:
    """The ids (object ids and card ids) of *other*'s cards that *viewer* never sees in
    the game: the cards still in *other*'s hand and deck at its end, less every id the
    library's redaction path shows *viewer* at any seq (its events and its states)."""
    store = world.store
    end = state_at(store, gid).state
    assert end is not None
    p = end.players[other]
    oids = [*p.hand, *p.main_deck]
    events = list(store.read(gid, 1, store.last_seq(gid)))
    nav = Navigator(events)
    view = GameView(events, Viewer("player", viewer), notation=True)
    shown = json.dumps(view.rows())
    for seq in range(1, nav.last + 1):
        shown += json.dumps(view.state(nav.at(seq)))
    seen = set(re.findall(r"[A-Za-z0-9]+[.-][A-Za-z0-9]+", shown))
    ids = {o for o in oids if o not in seen}
    ids |= {end.objects[o].card for o in oids if end.objects[o].card not in seen}
    return ids


def _leaks(page: Any, responses: Responses, hidden: set[str]) -> list[str]:
    html = page.content()
    text = responses.text()
    return sorted(h for h in hidden if re.search(rf"(?<![\w.-]){re.escape(h)}(?![\w-])",
                                                  html + text))


def test_a_player_stepping_through_the_game_receives_no_hidden_card(
        page: Any, web_server: str, game: dict[str, Any]) -> None:
    hidden = game["hidden"]
    assert len(hidden) > 10  # the check can fail: p2's hand and deck hold unseen cards
    sign_in(page, web_server, game["p1"])
    responses = Responses(page)
    page.goto(f"{web_server}/replay/{game['id']}#seq=1")
    wait_ready(page, 1)
    assert page.eval_on_selector_all("#view option", "os => os.map(o => o.value)") == ["p1"]
    for seq in (20, 60, 100, 148):
        page.goto(f"{web_server}/replay/{game['id']}#seq={seq}")
        page.reload()
        wait_ready(page, seq)
        assert "card" in page.inner_text("#board section[data-seat='p2']")
        assert _leaks(page, responses, hidden) == []
    assert sum("/board" in u for u, _b in responses.bodies) >= 4


def test_a_judge_switches_views_and_the_hidden_cards_leave_the_page(
        page: Any, web_server: str, game: dict[str, Any]) -> None:
    hidden = game["hidden"]
    sign_in(page, web_server, game["judge"])
    page.goto(f"{web_server}/replay/{game['id']}#seq=100&view=judge")
    wait_ready(page, 100)
    views = page.eval_on_selector_all("#view option", "os => os.map(o => o.value)")
    assert views[:3] == ["judge", "p1", "p2"] and "spectator" in views
    # the judge's view shows p2's hand: the hidden ids are on the page (the check can fail)
    assert _leaks(page, Responses(page), hidden)
    page.wait_for_load_state("networkidle")  # the judge's boards asked for ahead have come
    responses = Responses(page)
    page.select_option("#view", "p1")
    page.wait_for_selector("body[data-view='p1']")
    wait_ready(page, 100, "p1")
    assert "#seq=100&view=p1" in page.url
    hand = page.inner_text("#board section[data-seat='p2'] dl")
    assert "(hidden)" not in hand and re.search(r"Hand\s+\d+ cards?", hand)
    page.keyboard.press("ArrowRight")
    wait_ready(page, 101, "p1")
    assert _leaks(page, responses, hidden) == []
    screenshot(page, "replay-view-p1-1280")


REWIND = "duel-disputed-rewind"  # a judge's rewind at seq 23 voids seq 22; p2 hides a card at seq 69


@pytest.fixture(scope="module")
def rewound(web_world: World) -> dict[str, str]:
    gid = import_sample(web_world.store, REWIND)
    return {"id": gid,
            "judge": create_token(web_world.store, "judge", "Jo", game_id=gid)[1],
            "p1": create_token(web_world.store, "player", "A", game_id=gid, seat="p1")[1],
            "p2": create_token(web_world.store, "player", "B", game_id=gid, seat="p2")[1]}


def test_a_face_down_card_is_face_down_and_unnamed_to_the_opponent(
        page: Any, web_server: str, rewound: dict[str, str]) -> None:
    sign_in(page, web_server, rewound["p1"])
    responses = Responses(page)
    page.goto(f"{web_server}/replay/{rewound['id']}#seq=69")
    wait_ready(page, 69, "p1")
    field = page.inner_text("#board section.battlefield[data-oid='p1.bf1']")
    assert "1 face-down card" in field
    assert "p2.m30" not in page.content() + responses.text()
    # its owner sees it face-down, by name (its facts on hover)
    sign_in(page, web_server, rewound["p2"])
    page.goto(f"{web_server}/replay/{rewound['id']}#seq=69")
    wait_ready(page, 69, "p2")
    card = page.locator("#board section.battlefield[data-oid='p1.bf1'] .facedown-card .card")
    assert card.get_attribute("data-oid") == "p2.m30"
    assert "face-down" in page.inner_text("#board section.battlefield[data-oid='p1.bf1'] .facedown-card")


def test_judge_events_and_voided_events_are_shown_as_such(
        page: Any, web_server: str, rewound: dict[str, str]) -> None:
    sign_in(page, web_server, rewound["judge"])
    page.goto(f"{web_server}/replay/{rewound['id']}#seq=22&view=judge")
    wait_ready(page, 22, "judge")
    voided = page.locator("#log li[data-seq='22']")
    assert "voided" in (voided.get_attribute("class") or "")
    assert "voided" in voided.inner_text()
    assert "voided by a judge's rewind" in page.inner_text("#current")
    assert "Voided by the rewind at seq 23" in page.inner_text("#current")
    page.keyboard.press("ArrowRight")
    wait_ready(page, 23, "judge")
    assert "judge" in page.inner_text("#log li[data-seq='23'] .tag.judge")
    assert "a judge's event" in page.inner_text("#current")
