"""Views: states and transcripts cut for players, opponents, spectators, judges, the public."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riftlog.errors import RecorderError
from riftlog.events.decisions import GameConceded
from riftlog.reducer import Folder, state_at
from riftlog.rules.privacy import can_see
from riftlog.store import EventStore
from riftlog.views import Viewer, parse_viewer, state_view, transcript
from tests.usecases.conftest import SHARED_GAMES
from tests.usecases.helpers import duel, new_store

CARD_ID = re.compile(r"\b[A-Z]{3}-[A-Z]?\d{3}[a-z]?\b")


def _ever_seen(store: EventStore, game: str, seq: int, viewer: str) -> set[str]:
    """Card ids *viewer* could see at some moment up to *seq* (besides hidden ones)."""
    seen: set[str] = set()
    folder = Folder()
    for ev in store.read(game, 1, seq):
        folder.feed(ev)
        state = folder.state
        if state is not None:
            seen |= {o.card for o in state.objects.values() if can_see(state, viewer, o.oid)}
    return seen


@settings(max_examples=12)
@given(game=st.sampled_from(sorted(SHARED_GAMES)), frac=st.floats(0, 1))
def test_spectator_never_sees_a_card_from_a_hidden_hand_or_deck(
        shared_store: EventStore, game: str, frac: float) -> None:
    last = shared_store.last_seq(game)
    seq = 1 + int(frac * (last - 1))
    pos = state_at(shared_store, game, seq)
    assert pos.state is not None and pos.created is not None
    hidden = {o.card for o in pos.state.objects.values()
              if o.zone in ("hand", "main_deck", "rune_deck", "setaside", "facedown")}
    forbidden = hidden - _ever_seen(shared_store, game, seq, "spectator")
    spectator = parse_viewer("spectator", pos.created)
    text = json.dumps(state_view(pos, spectator)) + json.dumps(
        transcript(shared_store.read(game), spectator, upto=seq))
    assert not set(CARD_ID.findall(text)) & forbidden
    assert forbidden or seq < 5  # the property is not vacuous once hands are dealt
    judge = json.dumps(state_view(pos, Viewer("judge")))
    assert set(CARD_ID.findall(judge)) >= forbidden  # and the pattern does find card ids


def test_player_sees_their_own_hand_but_not_the_opponents(shared_store: EventStore) -> None:
    pos = state_at(shared_store, "g1")
    assert pos.state is not None and pos.created is not None
    view = state_view(pos, parse_viewer("p1", pos.created))["state"]
    assert isinstance(view["players"]["p1"]["hand"], list)
    assert view["players"]["p2"]["hand"] == {"count": len(pos.state.players["p2"].hand)}


def test_opponent_viewer_is_the_other_players_view(shared_store: EventStore) -> None:
    pos = state_at(shared_store, "g1")
    assert pos.created is not None
    assert parse_viewer("opponent:p1", pos.created) == Viewer("player", "p2")


def test_judge_sees_everything(shared_store: EventStore) -> None:
    pos = state_at(shared_store, "g1")
    assert pos.state is not None and pos.created is not None
    assert state_view(pos, parse_viewer("judge", pos.created))["state"] == pos.state.to_json()


def test_delayed_spectator_lags_behind(shared_store: EventStore) -> None:
    pos = state_at(shared_store, "g2", 1)
    assert pos.created is not None
    rows = transcript(shared_store.read("g2"), parse_viewer("spectator:5", pos.created))
    assert rows[-1]["seq"] == shared_store.last_seq("g2") - 5


def test_deck_lists_and_deck_orders_are_cut_from_events(shared_store: EventStore) -> None:
    pos = state_at(shared_store, "g3", 1)
    assert pos.created is not None
    rows = transcript(shared_store.read("g3"), parse_viewer("p1", pos.created), with_actions=False)
    decks = {p["id"]: p["deck"] for p in rows[0]["payload"]["players"]}
    assert isinstance(decks["p1"]["main"], list) and decks["p2"]["main"] == {"count": 39}
    orders = [r["payload"]["order"] for r in rows if r["type"] == "DeckOrderRecorded"]
    assert orders and all(isinstance(o, dict) for o in orders)


def test_public_view_only_after_the_game(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    rec = duel(store, "g")
    with pytest.raises(RecorderError, match="once the game is over"):
        transcript(store.read("g"), Viewer("public"))
    rec.record(GameConceded(player="p2"))
    rows = transcript(store.read("g"), Viewer("public"))
    assert isinstance(rows[0]["payload"]["players"][1]["deck"]["main"], list)


def test_unknown_viewer_is_refused(shared_store: EventStore) -> None:
    pos = state_at(shared_store, "g1", 1)
    assert pos.created is not None
    with pytest.raises(RecorderError, match="unknown viewer"):
        parse_viewer("p9", pos.created)
