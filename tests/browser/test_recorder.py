"""The recorder page in a real Chromium: one full turn recorded with clicks (counted, and
the stored events checked against the rules engine), a refused move shown with its rule,
undo as a judge rewind after a confirmation, keyboard use, and screenshots at 1280 and
375 px wide."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from riftlog.cards.deckcodes import parse_any_deck
from riftlog.cards.decks import deck_file
from riftlog.events.payloads import PlayerSpec
from riftlog.notation import format_decision
from riftlog.recorder import create_game, play_bot
from riftlog.reducer import state_at
from riftlog.replay import replay_game
from riftlog.rules import bot, engine
from riftlog.rules.editions import cite
from riftlog.rules.flow import combat_damage
from riftlog.service.access import create_token
from tests.browser.conftest import SCREENSHOTS
from tests.service.conftest import SAMPLE_PLAYERS, World

#: The most clicks one full turn of the sample game may take on the recorder page.
MAX_CLICKS_A_TURN = 12
GAME = "g1"


def _open(browser: Any, server: str, secret: str, width: int = 1280, game: str = GAME) -> Any:
    """A recorder page of *game* with *secret* already entered as the tab's token."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    context.add_init_script(f"sessionStorage.setItem('riftlog.token', {secret!r});")
    pg = context.new_page()
    pg.goto(f"{server}/record/{game}")
    pg.wait_for_selector("#forms .move-form, #forms .empty")
    return pg


def fixed_game(world: World, game_id: str, seed: str) -> Any:
    """*game_id* in t1, the sample decks, created through the library with a fixed seed (so
    its deck orders, and what the tests click, are the same on every run), and a recorder
    token of it as ``tokens[f"recorder_{game_id}"]``."""
    players = [PlayerSpec(id=p["id"], name=p["name"], deck=parse_any_deck(
        deck_file(p["deck"]).read_text(encoding="utf-8"), p["deck"]).to_spec())
        for p in SAMPLE_PLAYERS]
    keeper = web_world_keeper(world)
    rec = create_game(world.store, game_id, mode="duel", players=players, seed=seed,
                      match_id=f"{game_id}-match", tournament_id="t1", keeper=keeper)
    world.tokens[f"recorder_{game_id}"] = create_token(world.store, "recorder", f"Rec {game_id}",
                                                       game_id=game_id)[1]
    return rec


def web_world_keeper(world: World) -> Any:
    return world.client.app.state.service.keeper  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def turn_game(web_world: World) -> str:
    """Game r1 played by the bot through turn 3 (as the service tests' g1 is)."""
    rec = fixed_game(web_world, "r1", "recorder-page-turn")
    play_bot(rec, 3, max_turns=3)
    return "r1"


@pytest.fixture()
def recorder_page(browser: Any, web_server: str, web_world: World) -> Iterator[Any]:
    pg = _open(browser, web_server, web_world.tokens["recorder"])
    yield pg
    pg.context.close()


def _seq(pg: Any) -> int:
    found = re.match(r"seq (\d+)", pg.locator("#status").inner_text())
    assert found, pg.locator("#status").inner_text()
    return int(found.group(1))


def _wait_moved(pg: Any, seq: int) -> None:
    pg.wait_for_function(
        "s => { const m = /seq (\\d+)/.exec(document.getElementById('status').textContent);"
        " return m && parseInt(m[1], 10) > s; }", arg=seq)


def _form(pg: Any, verb: str) -> Any:
    return pg.locator(f"#forms form.move-form[data-verb='{verb}']")


def test_one_full_turn_is_recorded_in_a_handful_of_clicks(browser: Any, web_server: str,
                                                          web_world: World,
                                                          turn_game: str) -> None:
    game = turn_game
    pg = _open(browser, web_server, web_world.tokens[f"recorder_{game}"], game=game)
    store = web_world.store
    start = _seq(pg)
    first = state_at(store, game).state
    assert first is not None
    turn, player = first.turn, first.turn_player
    clicks = 0
    clicked: list[str] = []  # the notation of each form clicked (its listed variant)
    played = moved = False
    while True:
        state = state_at(store, game).state
        assert state is not None and not state.is_over()
        req = engine.pending(state)[0]
        if state.turn != turn and req.kind == "main":
            break  # the next turn's main phase: the turn is recorded
        assert clicks < 40, "the turn does not end"
        if req.kind == "main" and not played and _form(pg, "play").count():
            form, played = _form(pg, "play").first, True
        elif req.kind == "main" and not moved and _form(pg, "move").count():
            form, moved = _form(pg, "move").first, True
        elif req.kind == "main":
            form = _form(pg, "end")
        elif _form(pg, "pass-all").count():  # nobody responds: one click for the round
            form = _form(pg, "pass-all")
        elif _form(pg, "pass").count():
            form = _form(pg, "pass")
        else:  # choices, damage: the first form, as listed
            form = pg.locator("#forms form.move-form").first
        line = form.get_attribute("data-notation")
        clicked += [x.partition(": ")[2] for x in line.split(" · ")] \
            if form.get_attribute("data-verb") == "pass-all" else [line]
        seq = _seq(pg)
        form.locator("button.go").click()
        clicks += 1
        _wait_moved(pg, seq)
        assert pg.locator("#refusal").is_hidden(), pg.locator("#refusal").inner_text()
    print(f"\nrecording turn {turn} of {player} took {clicks} clicks for "
          f"{len(clicked)} decisions: {' | '.join(clicked)}")
    assert clicks <= len(clicked)
    assert clicks <= MAX_CLICKS_A_TURN
    assert played or moved or clicks >= 1
    # the stored events are the decisions clicked, each legal in the engine's own state
    end = store.last_seq(game)
    decisions = []
    for ev in store.read(game, start + 1, end):
        payload = ev.decoded()
        if payload.IS_DECISION:
            before = state_at(store, game, ev.seq - 1).state
            assert before is not None
            assert engine.check(before, payload) == [], ev.seq
            decisions.append(format_decision(before, payload))
    assert decisions == clicked
    verdicts = {v.seq: v.verdict for v in replay_game(store, game).verdicts}
    assert all(verdicts[s] == "legal" for s in range(start + 1, end + 1))
    # the page shows what it recorded, one line per stored event
    assert pg.locator("#recorded li").count() == end - start
    pg.context.close()


def _splittable(state: Any, req: Any) -> bool:
    """Whether a split can break lethal-first (460.2.c.3) with the right total: two units
    with lethal damage above 1 and less damage than every unit's lethal damage together."""
    units = list(req.options["units"])
    lethal = [s.lethal or 0 for s in combat_damage.slots(state, units)]
    total = req.options["total"]
    return sum(1 for n in lethal if n > 1) >= 2 and 2 <= total < sum(lethal)


@pytest.fixture(scope="module")
def combat_game(web_world: World) -> str:
    """Game c1 of t1, played on by the bot until a player must assign combat damage in a
    split that can break lethal-first (the seed is one where that comes on turn 10)."""
    rec = fixed_game(web_world, "c1", "recorder-page-combat-0")
    rng = random.Random(11)
    for _ in range(5000):
        state = rec.state
        assert not state.is_over(), "the game ended before a combat with two units to split among"
        req = engine.pending(state)[0]
        if req.kind == "combat_damage" and _splittable(state, req):
            break
        rec.record(bot.choose(state, rng) if req.player is not None
                   else bot.random_outcome(state, req, rng))
    else:
        raise AssertionError("no combat in 5000 events")
    return "c1"


def test_a_damage_split_breaking_lethal_first_is_refused_with_the_rule(
        browser: Any, web_server: str, web_world: World, combat_game: str) -> None:
    pg = _open(browser, web_server, web_world.tokens["recorder_c1"], game=combat_game)
    store = web_world.store
    before = store.last_seq(combat_game)
    state = state_at(store, combat_game).state
    assert state is not None
    req = engine.pending(state)[0]
    total, units = req.options["total"], list(req.options["units"])
    form = _form(pg, "assign")
    assert form.count() == 1
    # the form shows the lethal-first constraint with its rule, and each unit's lethal damage
    text = form.inner_text()
    lethal_first = cite("460.2.c.3", state.edition)  # the game's edition: RUP4 465.2.c.3
    assert lethal_first.split()[1] in text and "lethal" in text
    assert form.locator(".amount").count() == len(units)
    assert f"assigned {total} of {total}" in text
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    form.screenshot(path=str(SCREENSHOTS / "recorder-damage-form.png"))
    # a split with the right total that breaks lethal-first: two units partly assigned
    inputs = form.locator(".amount input")
    for i in range(len(units)):
        inputs.nth(i).fill("0")
    assert _splittable(state, req)
    lethal = {s.oid: s.lethal or 0 for s in combat_damage.slots(state, units)}
    a, b = [u for u in units if lethal[u] > 1][:2]
    split = {u: 0 for u in units}
    split[a] = split[b] = 1
    rest = total - 2
    for u in (b, a, *units):  # the rest anywhere, each unit kept below its lethal damage
        more = min(rest, max(lethal[u] - 1 - split[u], 0))
        split[u] += more
        rest -= more
    assert rest == 0 and 0 < split[a] < lethal[a] and 0 < split[b] < lethal[b], split
    for u, n in split.items():
        inputs.nth(units.index(u)).fill(str(n))
    wanted = lethal_first
    form.locator("button.go").click()
    pg.wait_for_selector("#refusal:not([hidden])")
    shown = pg.locator("#refusal").inner_text()
    print(f"\nrefused damage split, as the page shows it:\n{shown}")
    assert wanted in shown and "Nothing was recorded" in shown
    assert store.last_seq(combat_game) == before
    # the split as listed is accepted
    pg.reload()
    pg.wait_for_selector("#forms .move-form")
    _form(pg, "assign").locator("button.go").click()
    _wait_moved(pg, before)
    assert store.event(combat_game, before + 1).type == "CombatDamageAssigned"
    pg.context.close()


def test_undo_asks_then_appends_a_judge_rewind(browser: Any, web_server: str,
                                               web_world: World) -> None:
    pg = _open(browser, web_server, web_world.tokens["recorder"])
    store = web_world.store
    # record one decision to undo
    seq = _seq(pg)
    pg.locator("#forms form.move-form button.go").first.click()
    _wait_moved(pg, seq)
    undone = store.last_seq(GAME)
    events_before = store.last_seq(GAME)
    # cancelling writes nothing
    pg.locator("#undo").click()
    assert pg.locator("#undo-dialog").is_visible()
    last_decision = web_world.get(f"/games/{GAME}/undo", "judge").json()["seq"]
    assert last_decision is not None and last_decision <= undone
    assert pg.locator("#undo-text").inner_text().startswith(f"Undo seq {last_decision}:")
    pg.locator("#undo-cancel").click()
    pg.wait_for_selector("#done:not([hidden])")
    assert "Not undone" in pg.locator("#done").inner_text()
    assert store.last_seq(GAME) == events_before
    # a recorder's token alone may not rewind: refused, with nothing written
    pg.locator("#undo").click()
    pg.locator("#undo-confirm").click()
    pg.wait_for_selector("#refusal:not([hidden])")
    assert "judge" in pg.locator("#refusal").inner_text()
    assert store.last_seq(GAME) == events_before
    # confirmed with a judge's token: a GameRewound is appended, the decision stays stored
    target = pg.locator("#undo-what").inner_text()
    pg.locator("#undo").click()
    pg.locator("#undo-token").fill(web_world.tokens["judge"])
    pg.locator("#undo-confirm").click()
    pg.wait_for_selector("#done:has-text('Undone')")
    assert store.last_seq(GAME) == events_before + 1
    rewind = store.event(GAME, events_before + 1)
    assert rewind.type == "GameRewound"
    payload: Any = rewind.decoded()
    found = re.search(r"seq (\d+)", target)
    assert found and payload.to_seq == int(found.group(1)) - 1
    assert store.event(GAME, int(found.group(1))).type  # the decision undone is still stored
    pg.context.close()


def test_keyboard_alone_records_a_decision(browser: Any, web_server: str,
                                           web_world: World) -> None:
    pg = _open(browser, web_server, web_world.tokens["recorder"])
    seq = _seq(pg)
    # from the skip link to the first move's button, with Tab only, then Enter
    pg.keyboard.press("Tab")
    assert pg.evaluate("document.activeElement.className") == "skip"
    pg.keyboard.press("Enter")
    for _ in range(30):
        pg.keyboard.press("Tab")
        if pg.evaluate("document.activeElement.matches('#forms button.go')"):
            break
    else:
        raise AssertionError("Tab never reached a move's button")
    pg.keyboard.press("Enter")
    _wait_moved(pg, seq)
    # after recording, the focus is on the next move, ready for the next key
    assert pg.evaluate("document.activeElement.matches('#forms button')")
    pg.context.close()


@pytest.mark.parametrize("width", [1280, 375])
def test_screenshots_of_the_recorder(browser: Any, web_server: str, web_world: World,
                                     width: int) -> None:
    pg = _open(browser, web_server, web_world.tokens["recorder"], width)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(SCREENSHOTS / f"recorder-{width}.png"), full_page=True)
    # nothing is wider than the window (no sideways scrolling at phone width)
    assert pg.evaluate("document.documentElement.scrollWidth") <= width
    assert pg.locator("#forms button.go").first.is_visible()
    pg.context.close()


def test_a_decision_recorded_elsewhere_shows_up_by_itself(browser: Any, web_server: str,
                                                          web_world: World) -> None:
    pg = _open(browser, web_server, web_world.tokens["recorder"])
    seq = _seq(pg)
    pg.wait_for_timeout(300)  # the live feed is open
    # another device (a judge's) records the first listed move
    doc = web_world.get(f"/games/{GAME}/move-forms", "judge").json()
    decision = dict(doc["forms"][0]["variants"][0]["decision"])
    kind = decision.pop("type")
    res = web_world.post(f"/games/{GAME}/events", "judge", {
        "expected_seq": doc["seq"], "events": [{"type": kind, "payload": decision}]})
    assert res.status_code == 201, res.text
    _wait_moved(pg, seq)
    assert _seq(pg) == web_world.store.last_seq(GAME)
    pg.context.close()
