"""Small seeded game fixtures for the engine tests, built from REAL catalog cards.

Units without rules text (Vanguard Sergeant, Shipyard Skulker, Playful Phantom,
Mega-Mech), basic runes, and the Garen legend/champion.  Deck orders are recorded as the
identity permutation unless a test says otherwise, so ``p1.m01`` is the top card.
"""

from __future__ import annotations

from collections.abc import Iterable

from riftlog.cards import load_catalog
from riftlog.events.decisions import (
    BattlefieldSelected,
    DeckOrderRecorded,
    FirstPlayerChosen,
    MulliganChosen,
)
from riftlog.events.payloads import DeckSpec, GameCreated, PlayerSpec
from riftlog.events.registry import Payload
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from tests.rules.board import rules as rules  # re-exported for the engine tests

_cat = load_catalog()


def cid(name: str) -> str:
    return _cat.by_name(name).id


SERGEANT = cid("Vanguard Sergeant")      # Order, 4 energy, 4 might, no text
SKULKER = cid("Shipyard Skulker")        # Chaos, 3 energy, 3 might, no text
PHANTOM = cid("Playful Phantom")         # Calm, 5 energy
MECH = cid("Mega-Mech")                  # Mind, 7 energy, 8 might
BODY_RUNE = cid("Body Rune")
ORDER_RUNE = cid("Order Rune")
CHAOS_RUNE = cid("Chaos Rune")
LEGEND = cid("Might of Demacia")
CHAMPION = cid("Garen, Rugged")
BATTLEFIELDS = [cid("Fortified Position"), cid("Altar to Unity"), cid("Hallowed Tomb"),
                cid("Grove of the God-Willow"), cid("Trifarian War Camp"), cid("Void Gate"),
                cid("Zaun Warrens"), cid("Bandle Tree"), cid("Back-Alley Bar"),
                cid("Reaver's Row"), cid("Targon's Peak"), cid("Minefield")]
UNITS = [SERGEANT, SKULKER, PHANTOM, MECH]


def deck(n_main: int = 12, n_runes: int = 12, battlefields: Iterable[str] = (BATTLEFIELDS[0],),
         main: Iterable[str] | None = None) -> DeckSpec:
    cards = list(main) if main is not None else [UNITS[i % len(UNITS)] for i in range(n_main)]
    runes = [BODY_RUNE if i % 2 == 0 else ORDER_RUNE for i in range(n_runes)]
    return DeckSpec(legend=LEGEND, champion=CHAMPION, main=tuple(cards), runes=tuple(runes),
                    battlefields=tuple(battlefields))


def created(mode: str = "duel", n_players: int | None = None, n_main: int = 12,
            n_battlefields: int = 1, teams: list[str] | None = None, n_runes: int = 12,
            **kw: object) -> GameCreated:
    n = n_players or {"duel": 2, "match": 2, "ffa3": 3}.get(mode, 4)
    players = []
    for i in range(n):
        bfs = BATTLEFIELDS[i * 3: i * 3 + n_battlefields]
        players.append(PlayerSpec(id=f"p{i + 1}", name=f"Player {i + 1}",
                                  team=teams[i] if teams else None,
                                  deck=deck(n_main, n_runes, bfs)))
    return GameCreated(mode=mode, players=tuple(players), catalog_version="test",  # type: ignore[arg-type]
                       engine_version="test", **kw)  # type: ignore[arg-type]


def identity_outcome(state: GameState) -> Payload:
    """The next random outcome, taking the first option / identity order."""
    req = engine.pending(state)[0]
    o = req.options
    if req.decisions == ("DeckOrderRecorded",):
        return DeckOrderRecorded(player=o["player"], deck=o["deck"],
                                 order=(*o["keep"], *o["randomize"]))
    if req.decisions == ("BattlefieldSelected",):
        return BattlefieldSelected(player=o["player"], battlefield=o["battlefields"][0])
    raise AssertionError(f"not a random outcome: {req}")


def play(state: GameState, *decisions: Payload) -> GameState:
    """Apply each decision strictly."""
    for d in decisions:
        state, _ = engine.apply(state, d)
    return state


def settle(state: GameState) -> GameState:
    """Answer random outcomes (identity order / first option) until a player must decide."""
    while engine.pending(state) and engine.pending(state)[0].player is None:
        req = engine.pending(state)[0]
        if req.decisions == ("FirstPlayerChosen",):
            return state
        state = play(state, identity_outcome(state))
    return state


def setup_to_mulligan(gc: GameCreated, first: str = "p1") -> GameState:
    state = settle(engine.new_game(gc))
    state = play(state, FirstPlayerChosen(player=first))
    return settle(state)


def start(gc: GameCreated | None = None, first: str = "p1",
          mulligans: dict[str, tuple[str, ...]] | None = None) -> GameState:
    """A game set up and in the first player's main phase (everyone keeps their hand)."""
    state = setup_to_mulligan(gc or created(), first)
    mulligans = mulligans or {}
    while engine.pending(state) and engine.pending(state)[0].kind == "mulligan":
        pid = engine.pending(state)[0].player
        assert pid is not None
        state = settle(play(state, MulliganChosen(player=pid, set_aside=mulligans.get(pid, ()))))
    return state


