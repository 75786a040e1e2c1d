"""Notation through the one redaction path (riftlog.views.GameView): a line shown to a
viewer names a card the viewer may not see by its alias, never by its name or its id."""

from __future__ import annotations

from pathlib import Path

from riftlog.bundle import load_bundle
from riftlog.events.decisions import MulliganChosen
from riftlog.events.envelope import StoredEvent
from riftlog.events.play import CardPlayed
from riftlog.notation import card_name, format_decision
from riftlog.views import GameView, Viewer
from tests.notation.test_notation import _first_main

REPLAYS = Path(__file__).resolve().parents[2] / "replays"


def test_a_hidden_card_is_named_by_its_alias_not_its_name() -> None:
    state = _first_main()
    me = state.turn_player
    assert me is not None
    card = state.players[me].hand[0]
    d = CardPlayed(player=me, card=card, destination="base")
    named = format_decision(state, d)
    shown = format_decision(state, d, aliases={card: "hidden-7"})
    assert card_name(state.objects[card].card).split()[0] in named
    assert shown.startswith("play hidden-7 @ base")
    assert card_name(state.objects[card].card) not in shown and card not in shown


def test_a_mulligan_for_another_viewer_names_no_card_even_by_alias() -> None:
    state = _first_main()
    me = state.turn_player
    assert me is not None
    hand = list(state.players[me].hand[:2])
    d = MulliganChosen(player=me, set_aside=hand)
    shown = format_decision(state, d, aliases={hand[0]: "hidden-1", hand[1]: "hidden-2"})
    assert shown == "mulligan hidden-1, hidden-2"


def _events(path: Path) -> list[StoredEvent]:
    game = load_bundle(path).games[0]
    return [StoredEvent(game_id=game.id, seq=e.seq, type=e.type, schema_version=e.schema_version,
                        actor=e.actor, payload=e.payload, client_event_id=e.client_event_id,
                        recorded_at=e.recorded_at, prev_hash=e.prev_hash, hash=e.hash)
            for e in game.events]


def test_no_line_of_a_sample_game_names_a_card_hidden_from_its_viewer() -> None:
    """Every decision of duel-05 that names an object hidden from a viewer before and after
    it: the viewer's line holds the object's alias or no card at all, never its id; and
    the judge's line is the plain notation."""
    events = _events(REPLAYS / "duel-05.json")
    checked = 0
    for who in ("p1", "p2", "spectator"):
        viewer = Viewer("player", who) if who != "spectator" else Viewer("spectator")
        view = GameView(events, viewer, notation=True)
        for ev in events:
            hidden = view.event_aliases(ev.seq)
            names = [o for o in _strings(ev.payload) if o in hidden]
            line = view.event(ev.seq, with_actions=False)["notation"]
            for oid in names:
                checked += 1
                assert oid not in line, (who, ev.seq, line)
                assert hidden[oid] in line or "card" in line, (who, ev.seq, line)
    assert checked > 10
    judge = GameView(events, Viewer("judge"), notation=True)
    assert judge.event_aliases(len(events)) == {}  # the judge sees every card by name
    assert any(r.get("notation", "").startswith("p1: ") for r in judge.rows())


def _strings(data: object) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for k, v in data.items() for s in [k, *_strings(v)]]
    if isinstance(data, list | tuple):
        return [s for v in data for s in _strings(v)]
    return []


def test_text_transcripts_print_decisions_in_notation(tmp_path: Path) -> None:
    from riftlog.history import transcript_lines
    from tests.usecases.helpers import bot_game, new_store

    store = new_store(tmp_path)
    try:
        bot_game(store, "g", 3, turns=3)
        info = store.game("g")
        judge = transcript_lines(store, info, "judge")
        p2 = transcript_lines(store, info, "p2")
    finally:
        store.close()
    mulligans = [x for x in judge if "MulliganChosen by p1: " in x]
    assert mulligans and mulligans[0].split("MulliganChosen by p1: ")[1].startswith("mulligan ")
    assert any(x.endswith("TurnEnded by p1: end") for x in judge)
    theirs = next(x for x in p2 if "MulliganChosen by p1: " in x)
    assert theirs.endswith(" card") or theirs.endswith(" cards")  # a count, never a name
    assert "set_aside" not in theirs
