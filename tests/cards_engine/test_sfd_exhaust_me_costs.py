"""Triggered abilities of Spiritforged (SFD) whose effect starts with "you may [pay a cost] to
[do something]", audited against their cards (issue 24): the cost is the ability's base cost,
paid as the ability is finalized (RUP4 383.3.b, 383.3.b.1; v1.3 742.1.b), not a "may" asked
as it triggers and a payment made as it resolves.  So the source is exhausted (or the Energy
spent) while the ability waits on the chain, and an ability whose cost cannot be paid (its
source already exhausted) is not put on the chain and asks nothing.

Chem-Baroness (SFD-201), Battle Mistress (SFD-203), Altar of Memories (SFD-169), Chemtech
Cask (SFD-063), Void Burrower (SFD-187), Hall of Legends (SFD-210), Treasure Hoard (SFD-220).
"""

from __future__ import annotations

import pytest

from riftlog.events.abilities import ChoiceMade
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from riftlog.rules.playing import abilities
from tests.cards_engine.helpers import (
    BODY_RUNE,
    ORDER_RUNE,
    SKULKER,
    TOKEN_BATTLEFIELD,
    cast,
    choose,
    conquer,
    game,
    pass_all,
    pass_all_logged,
    put,
    runes,
    violations,
)
from tests.cards_engine.test_sfd_gear_other import _a_friendly_unit_dies
from tests.cards_engine.test_sfd_gold_legend import _p1_holds_bf1
from tests.cards_engine.test_sfd_gold_triggers import _p1_answers_on_p2s_turn

BARONESS, MISTRESS, ALTAR, CASK = "SFD-201", "SFD-203", "SFD-169", "SFD-063"
BURROWER, HALL, HOARD = "SFD-187", "SFD-210", "SFD-220"
PUNCH_FIRST = "SFD-097"     # 1 Energy + two Body power, paid here by recycling two runes
BLIND_MONK = "OGN-257"      # a legend
PAID = {"exhaust": [], "recycle": []}  # "exhaust me": nothing else to pay


def _legend(s: GameState, card: str) -> str:
    oid = put(s, card, "p1", "legend")
    abilities.start_passives(s, oid)
    return oid


def _asks_the_cost(s: GameState) -> None:
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.options.get("validator") == "pay_to_finalize"
    assert req.rule == "742.1.b"  # v1.3 (the helpers' edition); RUP4 cites 740.4.a.2


def test_chem_baroness_is_exhausted_as_its_ability_goes_on_the_chain() -> None:
    s = game()
    baroness = _legend(s, BARONESS)
    s = _p1_holds_bf1(s)
    _asks_the_cost(s)
    s = choose(s, "p1", pay=PAID)
    assert s.chain and s.objects[baroness].exhausted        # paid before it resolves
    assert not any(s.objects[o].card == "SFD-T03" for o in s.players["p1"].base)


def test_battle_mistress_asks_once_for_two_runes_recycled_at_once() -> None:
    # two triggers; paying the first exhausts her, so the second cannot be paid (383.3.b.1)
    s = game()
    _legend(s, MISTRESS)
    runes(s, "p1", 3, BODY_RUNE)
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    s = cast(s, PUNCH_FIRST, targets={"t": (mine,)})
    _asks_the_cost(s)
    s, log = engine.apply(s, ChoiceMade(player="p1", choice={"pay": PAID}))
    assert [a.rule for a in log if a.kind == "trigger_removed"] == ["742.1.b"]
    assert all(r.kind != "choice" for r in engine.pending(s))


def test_altar_of_memories_is_exhausted_before_it_draws() -> None:
    s = game()
    altar = put(s, ALTAR, "p1", "base")
    unit = put(s, SKULKER, "p1", "base")
    put(s, SKULKER, "p1", "hand")
    hand = len(s.players["p1"].hand)
    s = pass_all(_a_friendly_unit_dies(s, unit))
    _asks_the_cost(s)
    s = choose(s, "p1", pay=PAID)
    assert s.objects[altar].exhausted and len(s.players["p1"].hand) == hand  # not drawn yet


def test_an_exhausted_altar_of_memories_asks_nothing() -> None:
    s = game()
    put(s, ALTAR, "p1", "base", exhausted=True)
    unit = put(s, SKULKER, "p1", "base")
    s, log = pass_all_logged(_a_friendly_unit_dies(s, unit))
    assert all(r.kind != "choice" for r in engine.pending(s))
    assert any(a.kind == "trigger_removed" and a.rule == "742.1.b" for a in log)


def test_an_exhausted_chemtech_cask_asks_nothing() -> None:
    s = game()
    put(s, CASK, "p1", "base", exhausted=True)
    s = _p1_answers_on_p2s_turn(s)
    assert all(r.kind != "choice" or r.player != "p1" for r in engine.pending(s))


def test_chemtech_cask_refuses_a_may_answer_to_its_cost() -> None:
    s = game()
    put(s, CASK, "p1", "base")
    s = _p1_answers_on_p2s_turn(s)
    _asks_the_cost(s)
    assert "742.1.b" in violations(s, ChoiceMade(player="p1", choice={"use": True}))


def test_void_burrower_is_exhausted_before_it_reveals() -> None:
    s = game()
    legend = _legend(s, BURROWER)
    deck = list(s.players["p1"].main_deck)
    attacker = put(s, SKULKER, "p1", "base", exhausted=False)
    s = conquer(s, (attacker,))
    _asks_the_cost(s)
    s = choose(s, "p1", pay=PAID)
    assert s.objects[legend].exhausted and s.players["p1"].main_deck == deck


@pytest.mark.parametrize("card", [HALL, HOARD])
def test_the_energy_of_a_conquer_battlefield_is_spent_as_it_is_finalized(card: str) -> None:
    s = game(battlefields=(card, TOKEN_BATTLEFIELD))
    legend = put(s, BLIND_MONK, "p1", "legend", exhausted=True)
    (rune,) = runes(s, "p1", 1, ORDER_RUNE)
    unit = put(s, SKULKER, "p1", "base", exhausted=False)
    s = pass_all(conquer(s, (unit,)))
    _asks_the_cost(s)
    s = choose(s, "p1", pay={"exhaust": [rune], "recycle": []})
    assert s.chain and s.objects[rune].exhausted           # spent; the ability waits
    assert s.objects[legend].exhausted                      # Hall: not readied yet
    s = pass_all(s)
    if card == HALL:
        assert not s.objects[legend].exhausted
    else:
        assert any(o.card == "SFD-T03" and o.exhausted for o in s.objects.values())

