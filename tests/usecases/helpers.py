"""Helpers for the use-case tests: a migrated SQLite store and seeded duels."""

from __future__ import annotations

from pathlib import Path

from riftlog.events.payloads import PlayerSpec
from riftlog.recorder import Recorder, create_game, play_bot, player_from_deck
from riftlog.reducer import Folder, state_hash
from riftlog.seeding import SeedKeeper
from riftlog.store import EventStore

DECKS = Path(__file__).resolve().parents[2] / "replays" / "decks"
_SPECS: dict[str, PlayerSpec] = {}


def seat(pid: str, deck: str) -> PlayerSpec:
    """A seat with a sample deck (parsed once per test session)."""
    key = f"{pid}:{deck}"
    if key not in _SPECS:
        _SPECS[key] = player_from_deck(pid, pid.upper(), DECKS / deck)
    return _SPECS[key]


def new_store(folder: Path) -> EventStore:
    """A fresh, migrated SQLite store in *folder*."""
    folder.mkdir(parents=True, exist_ok=True)
    store = EventStore.open(str(folder / "riftlog.db"), check=False, create=True)
    store.upgrade()
    return store


def duel(store: EventStore, game_id: str, seed: str = "seed", randomness: str = "seeded",
         snapshot_every: int = 50, keeper: SeedKeeper | None = None,
         edition: str = "v1.3") -> Recorder:
    """A new duel of the Annie and Garen sample decks (seeds kept beside a SQLite store,
    or by *keeper*), judged under v1.3 unless *edition* says otherwise (the tests that use
    it cite v1.3 ids; new games default to RUP4, issue 19)."""
    if keeper is None and store.target.path:
        keeper = SeedKeeper(store.target.path.parent / "secrets")
    return create_game(
        store, game_id, mode="duel",
        players=[seat("p1", "annie-dark-child.txt"), seat("p2", "garen-might-of-demacia.txt")],
        randomness=randomness,  # type: ignore[arg-type]
        seed=seed if randomness == "seeded" else None, keeper=keeper,
        snapshot_every=snapshot_every, rules_edition=edition,
    )


def bot_game(store: EventStore, game_id: str, bot_seed: int, turns: int = 6,
             finish: bool = True, snapshot_every: int = 50,
             keeper: SeedKeeper | None = None) -> Recorder:
    """A seeded duel played by the bot for *turns* turns (then revealed and sealed)."""
    rec = duel(store, game_id, seed=f"s-{game_id}", snapshot_every=snapshot_every, keeper=keeper)
    play_bot(rec, bot_seed, max_turns=turns)
    if finish:
        rec.finish()
    return rec


def fold_hashes(store: EventStore, game_id: str) -> list[str]:
    """The state hash after each stored event of *game_id*, folding from the start."""
    folder, out = Folder(), []
    for ev in store.read(game_id):
        folder.feed(ev)
        out.append(state_hash(folder.state))
    return out
