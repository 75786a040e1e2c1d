"""Store fixtures for the export tests: real SQLite files with simple games.

The games here are store-level histories (GameCreated, notes, rulings): enough to test
bundles and JSON Lines, which never need the rules engine.
"""

from __future__ import annotations

from pathlib import Path

from riftlog.events import Actor, NewEvent, utc_now_iso
from riftlog.events.payloads import DeckSpec, GameCreated, NoteAdded, PlayerSpec, RulingGiven
from riftlog.store import EventStore

DECK = DeckSpec(legend="OGS-017", champion="OGS-001", main=("OGS-002",) * 3,
                runes=("OGN-007",) * 2, battlefields=("OGN-275",))


def new_store(path: Path) -> EventStore:
    """A fresh, migrated SQLite store at *path*."""
    store = EventStore.open(str(path), check=False, create=True)
    store.upgrade()
    return store


def created(game_id: str, players: tuple[str, str] = ("alice", "bob"),
            legend: str = "OGS-017", match_id: str | None = None,
            game_number: int = 1) -> GameCreated:
    deck = DECK.model_copy(update={"legend": legend})
    return GameCreated(
        mode="duel", catalog_version="test", engine_version="test", match_id=match_id,
        game_number=game_number,
        players=tuple(PlayerSpec(id=p, name=p.title(), deck=deck) for p in players),
    )


def record_game(store: EventStore, game_id: str, n_notes: int = 3, *, sealed: bool = True,
                players: tuple[str, str] = ("alice", "bob"), legend: str = "OGS-017",
                match_id: str | None = None, game_number: int = 1,
                recorded_at: str | None = None) -> None:
    """Create *game_id* with GameCreated, *n_notes* notes and a ruling; seal it."""
    store.create_game(game_id, mode="duel", rules_edition="v1.3", catalog_version="test",
                      engine_version="test", match_id=match_id, game_number=game_number)
    if recorded_at is not None:
        store.clock = lambda: recorded_at  # the store stamps recorded_at, with its clock
    judge = Actor.judge("jo")
    store.append_judged(game_id, [NewEvent.of(created(game_id, players, legend, match_id,
                                                      game_number))], 0, actor=judge)
    for i in range(n_notes):
        author = players[i % 2]
        store.append(game_id, [NewEvent.of(NoteAdded(author=author, text=f"note {i} ✓"),
                                           client_event_id=f"{game_id}-n{i}")],
                     i + 1, actor=Actor.player(author))
    store.append_judged(game_id, [NewEvent.of(RulingGiven(judge="jo", text="play on",
                                                          rule_ids=("v1.3 100",)))],
                        n_notes + 1, actor=judge)
    store.clock = utc_now_iso
    if sealed:
        store.seal(game_id)
