"""Aliases of hidden cards: what other viewers see instead of an object id."""

from __future__ import annotations

import io
import json
from pathlib import Path

from rich.console import Console

from riftlog.events.actor import Actor
from riftlog.redaction import alias_data, alias_key
from riftlog.reducer import Folder
from riftlog.step import Navigator, run
from riftlog.views import GameView, Viewer, transcript
from tests.usecases.helpers import duel, new_store
from tests.usecases.test_hidden_identity import REPLAYS, _events


def test_hidden_card_event_names_an_alias_for_others_and_the_id_for_its_owner() -> None:
    [events] = list(_events(REPLAYS / "duel-05.json"))
    hid = [ev for ev in events if ev.type == "CardHidden"]
    assert hid, "duel-05 hides a card"
    ev = hid[0]
    card = ev.payload["card"]
    rows = {v: {r["seq"]: r for r in transcript(events, Viewer("player", v))} for v in ("p1", "p2")}
    owner, other = (ev.actor, "p2" if ev.actor == "p1" else "p1")
    assert rows[owner][ev.seq]["payload"]["card"] == card
    alias = rows[other][ev.seq]["payload"]["card"]
    assert alias.startswith("hidden-") and alias != card
    # the same alias in the state the other player sees just after
    folder = Folder()
    for e in events[: ev.seq]:
        folder.feed(e)
    view = GameView(events, Viewer("player", other))
    assert alias in json.dumps(view.state(folder.position())["state"]["extra"])
    assert card not in json.dumps(view.state(folder.position()))


def test_aliases_do_not_follow_deck_list_order() -> None:
    [events] = list(_events(REPLAYS / "duel-01.json"))
    view = GameView(events, Viewer("spectator"))
    first = view.aliases(1)
    deck = sorted(oid for oid in first if oid.startswith("p1.m"))
    numbers = [int(first[oid].split("-")[1]) for oid in deck]
    assert len(numbers) > 30 and numbers != sorted(numbers) and numbers != sorted(numbers)[::-1]


def test_step_hides_a_corrected_deck_order_from_every_viewer_but_the_judge(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    try:
        rec = duel(store, "g")
        order = list(rec.folder.events[2].payload["order"])
        swapped = order[1]
        order[0], order[1] = order[1], order[0]
        rec.correct(Actor.judge("J. Doe"), 2, "order", json.dumps(order), reason="misdeal")
        events = list(store.read("g"))
        fix = next(ev for ev in events if ev.type == "OutcomeCorrected")
        nav = Navigator(events)
        for viewer, shown in (("p1", False), ("p2", False), ("spectator", False), ("judge", True)):
            out = io.StringIO()
            run(nav, io.StringIO(f"g {fix.seq}\ns\nq\n"), Console(file=out, width=200), viewer)
            # the event's line on the step screen: "seq N outcome corrected: seq 2; ...", in
            # full after "s"
            line = [x for x in out.getvalue().splitlines() if "outcome corrected" in x][-1]
            assert (swapped in line) is shown, viewer
            assert ("(hidden)" in line) is not shown, viewer
    finally:
        store.close()


def test_alias_order_comes_from_the_secret_deck_orders_not_from_public_facts() -> None:
    [events] = list(_events(REPLAYS / "duel-01.json"))
    order = events[1].payload["order"]
    changed = events[1].model_copy(update={"payload": {**events[1].payload,
                                                       "order": [*order[1:], order[0]]}})
    assert alias_key(events) != alias_key([events[0], changed, *events[2:]])
    assert alias_key(events) == alias_key(events[:20])  # fixed once the setup is recorded


def test_aliases_sharing_a_list_or_a_dict_are_put_in_alias_order() -> None:
    aliases = {"p2.m01": "hidden-9", "p2.m02": "hidden-3", "p2.m03": "hidden-5"}
    data = {"ids": ["p2.m01", "p1.legend", "p2.m02", "p2.m03"],
            "turns": {"p2.m01": 1, "p2.m02": 2}, "text": "p2.m03 was hidden; v1.3 811.1.b"}
    assert alias_data(data, aliases) == {
        "ids": ["hidden-3", "p1.legend", "hidden-5", "hidden-9"],
        "turns": {"hidden-3": 2, "hidden-9": 1}, "text": "hidden-5 was hidden; v1.3 811.1.b"}
