"""Draven, Audacious (SFD-148): a point for the first combat he wins each turn, and a point
for an opponent when he dies in combat - a trigger on his own death, which RUP4 treats as a
Deathknell (808.1.d, 428.1.a.1.b; its Examples are played here), and v1.3 as a plain
trigger on his death."""

from __future__ import annotations

import pytest

from riftlog.events.combat import CombatDamageAssigned
from riftlog.events.decisions import PriorityPassed
from riftlog.events.play import CardPlayed, StandardMove
from riftlog.rules import engine
from riftlog.rules.board.resources import Cost, find_payment
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import triggers
from riftlog.rules.legal_moves import legal_decisions
from tests.cards_engine.helpers import (
    ORDER_RUNE,
    SKULKER,
    control,
    pass_all,
    pay_for,
    put,
    runes,
    violations,
)
from tests.cards_engine.helpers import game as _plain_game
from tests.rules.rup4_examples import example

DRAVEN = "SFD-148"    # Might 6, Deflect
BIG = "OGN-088"       # a unit of Might 8
ZHONYA = "OGN-077"    # a friendly unit's death is replaced: heal, exhaust, recall
VENGEANCE = "OGN-229"  # 4 Energy + 2 Order: kill a unit
EDITIONS = pytest.mark.parametrize("edition", ["RUP4", "v1.3"])


def game(edition: str = "RUP4") -> GameState:
    s = _plain_game()
    s.edition = edition
    return s


def _fight(s: GameState, attacker: str, where: str = "bf1") -> GameState:
    """p1 attacks *where* with *attacker*; players pass and assign damage as the engine
    first offers, until the combat is over."""
    s, _ = engine.apply(s, StandardMove(player="p1", units=(attacker,), destination=where))
    for _ in range(40):
        if s.showdown is None and not s.chain and not s.extra.get("triggers"):
            break
        (req,) = engine.pending(s)
        if req.kind == "combat_damage":
            d = next(x for x in legal_decisions(s, req.player)
                     if isinstance(x, CombatDamageAssigned))
            s, _ = engine.apply(s, d)
        elif req.kind == "choice":
            s, _ = engine.apply(s, legal_decisions(s, req.player)[0])
        else:
            s, _ = engine.apply(s, PriorityPassed(player=req.player or ""))
    return pass_all(s)


@EDITIONS
def test_draven_gains_a_point_for_the_first_combat_he_wins(edition: str) -> None:
    s = game(edition)
    control(s, "bf1", "p2")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    draven = put(s, DRAVEN, "p1", "base", exhausted=False)
    s = _fight(s, draven)
    assert s.objects[foe].zone == "trash" and s.battlefield("bf1").controller == "p1"
    assert s.players["p1"].points == 2  # the conquest's point and Draven's


def test_draven_wins_a_second_combat_the_same_turn_for_no_point() -> None:
    s = game()
    draven = put(s, DRAVEN, "p1", "battlefield", "bf1")
    assert triggers.fire(s, "wins_combat", obj=draven, player="p1", battlefield="bf1") == 1
    s.extra.pop("triggers")
    s.queue.pop(0)
    assert triggers.fire(s, "wins_combat", obj=draven, player="p1", battlefield="bf1") == 0


@EDITIONS
def test_draven_dying_in_combat_gives_the_opponent_a_point(edition: str) -> None:
    s = game(edition)
    control(s, "bf1", "p2")
    put(s, BIG, "p2", "battlefield", "bf1")
    draven = put(s, DRAVEN, "p1", "base", exhausted=False)
    s = _fight(s, draven)
    assert s.objects[draven].zone == "trash"
    assert s.players["p2"].points == 1 and s.players["p1"].points == 0


@EDITIONS
def test_draven_killed_outside_combat_gives_no_point(edition: str) -> None:
    s = game(edition)
    runes(s, "p1", 6, ORDER_RUNE)
    draven = put(s, DRAVEN, "p1", "battlefield", "bf1")
    spell = put(s, VENGEANCE, "p1", "hand")
    s = pass_all(engine.apply(s, CardPlayed(player="p1", card=spell, targets=(draven,),
                                            payment=pay_for(s, "p1", spell)))[0])
    assert s.objects[draven].zone == "trash"
    assert s.players["p2"].points == 0


@example("428.1.a.1.b")
def test_rup4_428_1_a_1_b_draven_killed_in_combat_puts_his_own_death_trigger_first() -> None:
    """RUP4: the combat's kill instruction puts Draven's death ability on the way to the
    chain with his facts noted (died in combat, at bf1) as he goes to the trash."""
    s = game()
    control(s, "bf1", "p2")
    put(s, BIG, "p2", "battlefield", "bf1")
    draven = put(s, DRAVEN, "p1", "base", exhausted=False)
    s, _ = engine.apply(s, StandardMove(player="p1", units=(draven,), destination="bf1"))
    for _ in range(20):
        if s.extra.get("triggers") or s.objects[draven].zone == "trash":
            break
        (req,) = engine.pending(s)
        if req.kind == "combat_damage":
            d = next(x for x in legal_decisions(s, req.player)
                     if isinstance(x, CombatDamageAssigned))
            s, _ = engine.apply(s, d)
        else:
            s, _ = engine.apply(s, PriorityPassed(player=req.player or ""))
    mine = [i for i in s.chain if i.source == draven]
    assert s.objects[draven].zone == "trash" and len(mine) == 1
    event = mine[0].effect.get("event") or {}
    assert event.get("died_in_combat") and event.get("battlefield") == "bf1", mine[0].effect
    s = pass_all(s)
    assert s.players["p2"].points == 1


@example("808.1.d.1")
def test_rup4_808_1_d_1_draven_saved_by_zhonyas_hourglass_triggers_nothing() -> None:
    """RUP4: Zhonya's Hourglass replaces Draven's death in combat (healed, exhausted,
    recalled): his death ability is not on the chain, so no opponent gains a point."""
    s = game()
    control(s, "bf1", "p2")
    put(s, BIG, "p2", "battlefield", "bf1")
    put(s, ZHONYA, "p1", "base")
    draven = put(s, DRAVEN, "p1", "base", exhausted=False)
    s = _fight(s, draven)
    assert s.objects[draven].zone == "base" and s.objects[draven].exhausted
    assert s.players["p2"].points == 0


@EDITIONS
def test_draven_refuses_an_enemy_spell_that_does_not_pay_his_deflect(edition: str) -> None:
    s = game(edition)
    draven = put(s, DRAVEN, "p2", "battlefield", "bf1")
    runes(s, "p1", 7, ORDER_RUNE)
    spell = put(s, VENGEANCE, "p1", "hand")
    unpaid = CardPlayed(player="p1", card=spell, targets=(draven,),
                        payment=find_payment(s, "p1", Cost(4, {"Order": 2})))
    assert "809.1.c" in violations(s, unpaid)  # the Deflect tax is not paid
    paid = CardPlayed(player="p1", card=spell, targets=(draven,),
                      payment=find_payment(s, "p1", Cost(4, {"Order": 3})))
    assert violations(s, paid) == []
