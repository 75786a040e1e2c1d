"""Boards for the layers, combat and scoring tests, built directly (no setup flow).

Every card id is a real catalog identity.  Cards whose rules text is more than keywords
get a *test encoding* (what the engine's ability encoding of that card will say) through
the :func:`encoded` fixture helper, because the engine refuses to guess their abilities.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest

from riftlog.cards import abilities
from riftlog.rules.board.state import GameState, Showdown
from tests.rules.board import control, put, table
from tests.rules.showdown_board import stand_ins

__all__ = ["control", "put", "state_fixture", "table"]


@pytest.fixture(name="state")
def state_fixture() -> GameState:
    """The ``state`` fixture: a table where p2 controls bf1 (p1's units there attack it).
    A test module uses it by importing ``state_fixture``."""
    s = table()
    control(s, "bf1", "p2")
    return s

# Vanilla units (no rules text)
SKULKER = "OGN-175"      # Shipyard Skulker, Might 3
SERGEANT = "OGN-219"     # Vanguard Sergeant, Might 4
PHANTOM = "OGN-049"      # Playful Phantom, Might 5
MEGA_MECH = "OGN-088"    # Mega-Mech, Might 8 (tags Mech, Bandle City)
DRAKE = "OGN-142"        # Mountain Drake, Might 10
# Keyword-only units
HORNS = "VEN-118"        # Horns of the Dragon, Might 6, Tank
GUARDIAN = "OGN-054"     # Sunlit Guardian, Might 3, Shield + Tank
MOUSER = "UNL-036"       # Mutated Mouser, Might 1, Shield 2 + Tank
COMBATANT = "UNL-099"    # Towering Combatant, Might 3, Shield 2 + Tank
DARING_PORO = "OGN-210"  # Daring Poro, Might 2, Assault
PETTY_OFFICER = "OGN-215"  # Petty Officer, Might 5, Assault
DUELIST = "SFD-156"      # Laurent Duelist, Might 3, Assault 2
GAREN = "OGS-007"        # Garen, Rugged, Might 5, Assault 2 + Shield 2
STALWART_PORO = "OGN-052"  # Stalwart Poro, Might 2, Shield
ZEPHYR = "OGS-005"       # Zephyr Sage, Might 6, Shield
# Cards with more text (used with test encodings)
CAITLYN = "OGN-068"      # Caitlyn, Patrolling, Might 3: "assigned combat damage last"
PROMOTER = "UNL-043"     # Enthusiastic Promoter, Might 2, Backline (+ a hold ability)
KAYN = "OGN-189"         # Kayn, Unleashed, Might 6, Ganking (+ can't take damage condition)
FIORA = "OGN-232"        # Fiora, Victorious, Might 4 (keywords while Mighty)
BLITZCRANK = "OGN-067"   # Blitzcrank, Impassive, Might 5, Tank (+ a play ability)
# Gear
DORANS_SHIELD = "SFD-033"  # Equipment: Equip; effect text Tank
SERRATED_DIRK = "SFD-009"  # Equipment: Equip; effect text Assault 2
DORANS_BLADE = "SFD-095"   # Equipment: Equip only
# Battlefield card used for the board
BATTLEFIELD = "OGN-280"


@dataclass(frozen=True)
class StandInEncoding:
    """Stands in for the engine's ability encoding of one card."""

    card_id: str
    keywords: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()


#: Test encodings of the cards with more than keywords that these tests use.
ENCODINGS: dict[str, StandInEncoding] = {
    CAITLYN: StandInEncoding(CAITLYN, (), ("assigned_last",)),
    PROMOTER: StandInEncoding(PROMOTER, ("Backline",)),
    KAYN: StandInEncoding(KAYN, ("Ganking",)),
    FIORA: StandInEncoding(FIORA, ()),
}


@contextmanager
def encoded(*card_ids: str) -> Iterator[None]:
    """Register test encodings for *card_ids* while the block runs."""
    with stand_ins({c: ENCODINGS[c] for c in card_ids if c not in abilities.ABILITIES}):
        yield


def unit(state: GameState, card: str, pid: str, where: str = "bf1", *, damage: int = 0,
         designation: str | None = None, stunned: bool = False, buffed: bool = False,
         oid: str | None = None) -> str:
    """Put a unit of *card* controlled by *pid* at battlefield *where* (or ``"base"``)."""
    if where == "base":
        oid = put(state, card, pid, "base", oid=oid)
    else:
        oid = put(state, card, pid, "battlefield", where, oid=oid)
    obj = state.objects[oid]
    obj.damage = damage
    obj.designation = designation
    obj.stunned = stunned
    obj.buffed = buffed
    return oid


def attach(state: GameState, gear_card: str, to: str) -> str:
    """Attach a new gear of *gear_card* to unit *to* (same location and lists, 719.3)."""
    top = state.objects[to]
    if top.zone == "battlefield":
        oid = put(state, gear_card, top.controller, "battlefield", top.location)
        bf = state.battlefield(top.location or "")
        if oid in bf.gear:
            bf.gear.remove(oid)
            bf.units.append(oid)
    else:
        oid = put(state, gear_card, top.controller, "base")
    state.objects[oid].attached_to = to
    return oid


def combat(state: GameState, bf: str = "bf1", attacker: str = "p1",
           defender: str = "p2") -> GameState:
    """Open a combat at *bf*: the showdown, and designations on the units there (459.2.b)."""
    state.showdown = Showdown(battlefield=bf, combat=True, attacker=attacker, defender=defender,
                              focus=attacker, step="damage")
    for oid in state.battlefield(bf).units:
        obj = state.objects[oid]
        if obj.attached_to is None:
            obj.designation = "attacker" if obj.controller == attacker else (
                "defender" if obj.controller == defender else None)
    state.battlefield(bf).contested_by = attacker
    return state


def effect(**kw: Any) -> dict[str, Any]:
    """An effect dict with ``until: end_of_turn`` unless given."""
    kw.setdefault("until", "end_of_turn")
    return kw
