"""Spiritforged (SFD) legends (Glorious Executioner, Battle Mistress): each through the
engine, and what must not set them off or must be refused."""

from __future__ import annotations

from riftlog.events.abilities import ChoiceMade
from riftlog.events.combat import CombatDamageAssigned
from riftlog.events.decisions import PriorityPassed
from riftlog.events.play import StandardMove
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from riftlog.rules.legal_moves import legal_decisions
from riftlog.rules.playing import abilities
from tests.cards_engine.helpers import (
    BODY_RUNE,
    SKULKER,
    cast,
    choose,
    control,
    game,
    pass_all,
    play,
    put,
    runes,
    violations,
)

EXECUTIONER, MISTRESS = "SFD-185", "SFD-203"
BIG = "OGN-219"  # a unit of Might 4
GOLD = "SFD-T03"
VENGEANCE = "OGN-229"  # a spell: kill a unit
PUNCH_FIRST = "SFD-097"  # 1 Energy + 2 Body power


def _legend(s: GameState, card: str, pid: str = "p1", exhausted: bool = False) -> str:
    oid = put(s, card, pid, "legend", exhausted=exhausted)
    abilities.start_passives(s, oid)
    return oid


def _fight(s: GameState, attacker: str, where: str = "bf1") -> GameState:
    """p1 attacks *where* with *attacker*; every player passes and assigns damage as the
    engine first offers, until the combat is over."""
    s, _ = engine.apply(s, StandardMove(player="p1", units=(attacker,), destination=where))
    for _ in range(30):
        if s.showdown is None and not s.chain:
            break
        (req,) = engine.pending(s)
        if req.kind == "combat_damage":
            d = next(x for x in legal_decisions(s, req.player) if isinstance(x, CombatDamageAssigned))
            s, _ = engine.apply(s, d)
        elif req.kind == "choice":
            s, _ = engine.apply(s, legal_decisions(s, req.player)[0])
        else:
            s, _ = engine.apply(s, PriorityPassed(player=req.player or ""))
    return pass_all(s)


# --- Glorious Executioner: draw one on a won combat ------------------------------------------


def test_glorious_executioner_draws_when_its_controller_wins_a_combat() -> None:
    s = game()
    _legend(s, EXECUTIONER)
    control(s, "bf1", "p2")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    big = put(s, BIG, "p1", "base", exhausted=False)
    hand = len(s.players["p1"].hand)
    s = _fight(s, big)
    assert s.objects[foe].zone == "trash" and s.battlefield("bf1").controller == "p1"
    assert len(s.players["p1"].hand) == hand + 1


def test_glorious_executioner_draws_nothing_for_a_lost_combat() -> None:
    s = game()
    _legend(s, EXECUTIONER)
    control(s, "bf1", "p2")
    put(s, BIG, "p2", "battlefield", "bf1")
    small = put(s, SKULKER, "p1", "base", exhausted=False)
    hand = len(s.players["p1"].hand)
    s = _fight(s, small)
    assert s.objects[small].zone == "trash"
    assert len(s.players["p1"].hand) == hand


def test_glorious_executioner_draws_nothing_for_a_conquest_without_combat() -> None:
    s = game()
    _legend(s, EXECUTIONER)
    unit = put(s, SKULKER, "p1", "base", exhausted=False)
    hand = len(s.players["p1"].hand)
    s = _fight(s, unit)  # bf1 is empty: a conquest, not a combat
    assert s.battlefield("bf1").controller == "p1"
    assert len(s.players["p1"].hand) == hand


# --- Battle Mistress: a Gold for a recycled rune (exhausting her); readied when enemies die --


def test_battle_mistress_exhausts_for_a_gold_when_a_rune_is_recycled() -> None:
    s = game()
    mistress = _legend(s, MISTRESS)
    runes(s, "p1", 3, BODY_RUNE)
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    s = cast(s, PUNCH_FIRST, targets={"t": (mine,)})  # pays two Body power by recycling runes
    s = choose(s, "p1", pay={"exhaust": [], "recycle": []})  # the first rune: yes
    # the second: she is exhausted, so its cost cannot be paid and nothing is asked (383.3.b.1)
    s = pass_all(s)
    assert s.objects[mistress].exhausted
    golds = [o for o in s.players["p1"].base if s.objects[o].card == GOLD]
    assert len(golds) == 1 and s.objects[golds[0]].exhausted


def test_battle_mistress_declined_stays_ready() -> None:
    s = game()
    mistress = _legend(s, MISTRESS)
    runes(s, "p1", 3, BODY_RUNE)
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    s = cast(s, PUNCH_FIRST, targets={"t": (mine,)})
    s = pass_all(choose(choose(s, "p1", pay=None), "p1", pay=None))
    assert not s.objects[mistress].exhausted
    assert not any(s.objects[o].card == GOLD for o in s.players["p1"].base)


def test_battle_mistress_readies_when_an_enemy_unit_dies() -> None:
    s = game()
    mistress = _legend(s, MISTRESS, exhausted=True)
    runes(s, "p1", 6)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, VENGEANCE, targets={"t": (foe,)}))
    assert s.objects[foe].zone == "trash" and not s.objects[mistress].exhausted


def test_battle_mistress_stays_exhausted_when_a_friendly_unit_dies() -> None:
    s = game()
    mistress = _legend(s, MISTRESS, exhausted=True)
    runes(s, "p1", 6)
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    s = pass_all(cast(s, VENGEANCE, targets={"t": (mine,)}))
    assert s.objects[mine].zone == "trash" and s.objects[mistress].exhausted


def test_battle_mistress_refuses_an_answer_that_is_not_yes_or_no() -> None:
    s = game()
    _legend(s, MISTRESS)
    runes(s, "p1", 3, BODY_RUNE)
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    s = cast(s, PUNCH_FIRST, targets={"t": (mine,)})
    assert violations(s, ChoiceMade(player="p1", choice={"use": "maybe"}))


# --- Grand Duelist: a unit becoming Mighty lets her channel a rune exhausted -----------------

DUELIST = "SFD-205"
MEGA_MECH = "OGN-088"  # printed Might 8


def test_grand_duelist_channels_when_a_friendly_unit_becomes_mighty() -> None:
    s = game()
    duelist = _legend(s, DUELIST)
    put(s, BODY_RUNE, "p1", "rune_deck")
    runes(s, "p1", 3, BODY_RUNE)
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")  # Might below 5
    s = cast(s, PUNCH_FIRST, targets={"t": (mine,)})
    s = pass_all(s)  # Punch First resolves: +5, it becomes Mighty (709)
    before = len(s.players["p1"].base)
    s = pass_all(choose(s, "p1", pay={"exhaust": [], "recycle": []}))  # 742.1.b
    assert s.objects[duelist].exhausted
    assert len(s.players["p1"].base) == before + 1
    new = s.players["p1"].base[-1]
    assert s.objects[new].exhausted


def test_grand_duelist_ignores_a_unit_played_already_mighty() -> None:
    s = game()
    duelist = _legend(s, DUELIST)
    put(s, BODY_RUNE, "p1", "rune_deck")
    runes(s, "p1", 7, BODY_RUNE)
    mech = put(s, MEGA_MECH, "p1", "hand")
    s = pass_all(play(s, mech))
    assert s.objects[mech].zone == "base"
    assert all(r.kind != "choice" for r in engine.pending(s))  # printed Might 8: 711
    assert not s.objects[duelist].exhausted


def test_grand_duelist_ignores_an_enemy_unit_becoming_mighty() -> None:
    s = game()
    _legend(s, DUELIST)
    runes(s, "p1", 3, BODY_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, PUNCH_FIRST, targets={"t": (foe,)}))
    assert all(r.kind != "choice" for r in engine.pending(s))
