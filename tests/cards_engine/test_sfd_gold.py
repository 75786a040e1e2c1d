"""Gold gear tokens (v1.3 184.5) and the Spiritforged (SFD) cards that play them exhausted:
each played through the engine, and a use of each that must be refused."""

from __future__ import annotations

from riftlog.events.abilities import AbilityActivated
from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed, StandardMove
from riftlog.rules.board.state import GameState
from riftlog.rules.flow import turn
from riftlog.rules.interpreter import effects, triggers
from tests.cards_engine.helpers import (
    CHAOS_RUNE,
    MIND_RUNE,
    ORDER_RUNE,
    SKULKER,
    activate,
    cast,
    conquer,
    control,
    game,
    hold_both,
    move,
    pass_all,
    play,
    put,
    runes,
    spell_played,
    violations,
)

GOLD, PORO, WAGES, HUNTER, BENEFACTOR, BROKER, GOLEM = (
    "SFD-T03", "SFD-069", "SFD-070", "SFD-130", "SFD-152", "SFD-155", "SFD-174")


def _golds(s: GameState, pid: str = "p1") -> list[str]:
    return [o for o, obj in s.objects.items() if obj.card == GOLD and obj.controller == pid
            and obj.zone == "base"]


def _unpaid(s: GameState, card: str) -> CardPlayed:
    return CardPlayed(player="p1", card=put(s, card, "p1", "hand"), payment=Payment(),
                      destination="base")


# --- the Gold token -------------------------------------------------------------------------


def test_gold_is_killed_and_exhausted_to_add_one_power_of_any_domain_at_once() -> None:
    s = game()
    gold = put(s, GOLD, "p1", "base")
    s = activate(s, gold)
    assert s.players["p1"].pool.power == {"Any": 1} and not s.chain   # 429.2: no chain
    assert gold not in s.objects or s.objects[gold].zone != "base"     # killed (a token: gone)


def test_an_exhausted_gold_cannot_be_used() -> None:
    s = game()
    gold = put(s, GOLD, "p1", "base", exhausted=True)
    assert "377.1" in violations(s, AbilityActivated(player="p1", source=gold, ability=0))


def test_trove_golem_plays_four_golds_exhausted() -> None:
    s = game()
    runes(s, "p1", 10, ORDER_RUNE)
    s = pass_all(play(s, put(s, GOLEM, "p1", "hand")))
    golds = _golds(s)
    assert len(golds) == 4 and all(s.objects[g].exhausted for g in golds)


def test_trove_golem_unpaid_is_refused() -> None:
    s = game()
    assert "165.2" in violations(s, _unpaid(s, GOLEM))


# --- conquer, move, hold, death ---------------------------------------------------------------


def test_plundering_poro_plays_a_gold_when_it_conquers() -> None:
    s = game()
    poro = put(s, PORO, "p1", "base", exhausted=False)
    s = pass_all(conquer(s, (poro,)))
    (gold,) = _golds(s)
    assert s.objects[gold].exhausted


def test_plundering_poro_unpaid_is_refused() -> None:
    s = game()
    assert "165.2" in violations(s, _unpaid(s, PORO))


def test_treasure_hunter_plays_a_gold_when_it_moves() -> None:
    s = game()
    hold_both(s)
    hunter = put(s, HUNTER, "p1", "base", exhausted=False)
    s = pass_all(move(s, (hunter,), "bf1"))
    (gold,) = _golds(s)
    assert s.objects[gold].exhausted


def test_an_exhausted_treasure_hunter_cannot_move() -> None:
    s = game()
    hold_both(s)
    hunter = put(s, HUNTER, "p1", "base", exhausted=True)
    assert "144.2" in violations(s, StandardMove(player="p1", units=(hunter,), destination="bf1"))


def test_eminent_benefactor_plays_two_golds_when_it_holds() -> None:
    s = game()
    put(s, BENEFACTOR, "p1", "battlefield", "bf1")
    put(s, BENEFACTOR, "p2", "battlefield", "bf2")      # not at the held battlefield
    control(s, "bf1", "p1")
    assert triggers.fire(s, "holds", player="p1", battlefield="bf1") == 1
    turn.advance(s, [])
    s = pass_all(s)
    assert len(_golds(s)) == 2 and not _golds(s, "p2")


def test_eminent_benefactor_unpaid_is_refused() -> None:
    s = game()
    assert "165.2" in violations(s, _unpaid(s, BENEFACTOR))


def test_honest_broker_plays_a_gold_when_it_dies() -> None:
    s = game()
    broker = put(s, BROKER, "p1", "battlefield", "bf1")
    effects.kill(s, [broker], [])
    turn.advance(s, [])
    s = pass_all(s)
    (gold,) = _golds(s)
    assert s.objects[gold].exhausted and s.objects[broker].zone == "trash"


def test_honest_broker_unpaid_is_refused() -> None:
    s = game()
    assert "165.2" in violations(s, _unpaid(s, BROKER))


# --- Wages of Pain ----------------------------------------------------------------------------


def test_wages_of_pain_deals_three_and_plays_a_gold() -> None:
    s = game()
    runes(s, "p1", 3, MIND_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, WAGES, targets={"t": (foe,)}))
    assert s.objects[foe].zone == "trash"
    (gold,) = _golds(s)
    assert s.objects[gold].exhausted


def test_wages_of_pain_refuses_a_unit_in_a_base() -> None:
    s = game()
    runes(s, "p1", 3, CHAOS_RUNE)
    put(s, SKULKER, "p2", "battlefield", "bf1")
    home = put(s, SKULKER, "p2", "base")
    assert "355.5" in violations(s, spell_played(s, WAGES, targets={"t": (home,)}))
