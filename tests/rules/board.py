"""Small hand-built game states for rules tests (no setup flow involved).

``table()`` makes a two-player (or more) game in p1's Main Phase, Neutral Open, with two
battlefields ``bf1``/``bf2`` and empty zones; ``put()`` creates a game object from a real
catalog card id in a zone.  Card ids used by the tests (real catalog cards):
"""

from __future__ import annotations

from collections.abc import Iterable

from riftlog.rules.board.core import Violation
from riftlog.rules.board.state import BattlefieldState, GameObject, GameState, PlayerState

# Vanilla units (no rules text)
SKULKER = "OGN-175"      # Shipyard Skulker: Unit, Chaos, 3 energy, Might 3
SERGEANT = "OGN-219"     # Vanguard Sergeant: Unit, Order, 4 energy, Might 4
PHANTOM = "OGN-049"      # Playful Phantom: Unit, Calm, 5 energy, Might 5
BLADEKEEPER = "SFD-096"  # Laurent Bladekeeper: Unit, Body, 3 energy, Might 3
# Keyword-only units
SCORCHER = "OGN-001"     # Blazing Scorcher: Unit, Fury, 5 energy, Might 5, Accelerate
REARGUARD = "OGN-010"    # Legion Rearguard: Unit, Fury, 2 energy, Might 2, Accelerate
RENGAR = "UNL-024"       # Rengar, Unseen: Champion unit with Ganking (among others)
PAKAA = "OGN-135"        # Pakaa Cub: Unit with Hidden
# Runes and tokens
FURY_RUNE = "OGN-007"
CHAOS_RUNE = "OGN-166"
ORDER_RUNE = "OGN-214"
BALLISTA = "OGN-017"     # Iron Ballista: Gear, 3 energy (has text: unsupported to play)
RECRUIT = "OGN-271"      # Recruit token unit, Might 1


def table(players: int = 2, *, battlefields: int = 2, mode: str = "duel") -> GameState:
    """A game in p1's Main Phase (turn 1), Neutral Open, nothing anywhere."""
    pids = [f"p{i}" for i in range(1, players + 1)]
    state = GameState(
        edition="v1.3",
        mode=mode,
        seating=list(pids),
        players={pid: PlayerState(id=pid, name=pid.upper()) for pid in pids},
        turn_order=list(pids),
        turn=1,
        turn_player="p1",
        phase="main",
        priority="p1",
    )
    for i in range(1, battlefields + 1):
        owner = pids[(i - 1) % players]
        state.battlefields.append(BattlefieldState(oid=f"bf{i}", card="OGN-280", owner=owner))
    return state


def put(
    state: GameState,
    card: str,
    owner: str,
    zone: str,
    location: str | None = None,
    *,
    controller: str | None = None,
    exhausted: bool = False,
    oid: str | None = None,
    token: bool = False,
) -> str:
    """Create a game object of *card* in *zone* and list it there; returns its oid.

    Board zones: ``zone="base"`` (location defaults to the controller's base) or
    ``zone="battlefield", location="bf1"``.  Decks: appended at the bottom.
    """
    ctrl = controller or owner
    oid = oid or state.next_id(f"{owner}.c")
    if zone == "base":
        location = location or f"base:{ctrl}"
    obj = GameObject(oid=oid, card=card, owner=owner, controller=ctrl, zone=zone,
                     location=location, exhausted=exhausted, token=token)
    state.objects[oid] = obj
    if zone == "base":
        state.players[location[5:] if location else ctrl].base.append(oid)
    elif zone == "battlefield":
        bf = state.battlefield(location or "")
        from riftlog.rules.board.zones import card_type

        (bf.units if card_type(card) == "Unit" else bf.gear).append(oid)
    elif zone == "facedown":
        state.battlefield(location or "").facedown.append(oid)
    else:
        getattr(state.players[owner], zone).append(oid)
    return oid


def control(state: GameState, battlefield: str, pid: str | None) -> None:
    """Give control of a battlefield to *pid* (or nobody)."""
    state.battlefield(battlefield).controller = pid


def rules(violations: Iterable[Violation]) -> list[str]:
    """The rule ids *violations* cite, in order."""
    return [v.rule for v in violations]
