"""An optional additional cost in Energy (v1.3 356.2; issue 24), alone (Sea Monkey, SFD-098)
or with power (Blast Corps Cadet, SFD-013): chosen with ``choices["additional"] = True``,
added to the cost, and read back by ``PaidAdditional``."""

from __future__ import annotations

from riftlog.events.abilities import ChoiceMade
from riftlog.events.play import CardPlayed
from riftlog.rules.board.state import GameState
from riftlog.rules.playing.play import total_cost
from tests.cards_engine.helpers import (
    BODY_RUNE,
    FURY_RUNE,
    ORDER_RUNE,
    SKULKER,
    choose,
    game,
    pass_all,
    pay_for,
    play,
    put,
    runes,
    violations,
)

CADET, SEA_MONKEY = "SFD-013", "SFD-098"
BIG = "OGN-219"  # a unit of Might 4


def _played(s: GameState, card: str, paid_with: dict[str, object] | None) -> CardPlayed:
    oid = put(s, card, "p1", "hand")
    return CardPlayed(player="p1", card=oid, destination="base",
                      choices={"additional": True},
                      payment=pay_for(s, "p1", oid, choices=paid_with))


def test_the_additional_energy_is_added_to_the_cost() -> None:
    s = game()
    oid = put(s, SEA_MONKEY, "p1", "hand")
    plain = total_cost(s, "p1", oid)
    more = total_cost(s, "p1", oid, choices={"additional": True})
    assert more.energy == plain.energy + 1 and more.power == plain.power


def test_sea_monkey_paid_buffs_itself() -> None:
    s = game()
    runes(s, "p1", 3, BODY_RUNE)
    monkey = put(s, SEA_MONKEY, "p1", "hand")
    s = pass_all(play(s, monkey, choices={"additional": True}))
    assert s.objects[monkey].buffed


def test_sea_monkey_not_paid_is_not_buffed() -> None:
    s = game()
    runes(s, "p1", 3, BODY_RUNE)
    monkey = put(s, SEA_MONKEY, "p1", "hand")
    s = pass_all(play(s, monkey))
    assert not s.objects[monkey].buffed


def test_sea_monkey_with_the_additional_cost_unpaid_is_refused() -> None:
    s = game()
    runes(s, "p1", 3, BODY_RUNE)
    d = _played(s, SEA_MONKEY, None)  # paid only the printed cost
    assert "356.2" in violations(s, d)  # the additional cost's rule (issue 19)


def test_blast_corps_cadet_paid_deals_two_at_a_battlefield() -> None:
    s = game()
    runes(s, "p1", 4, FURY_RUNE)
    foe = put(s, BIG, "p2", "battlefield", "bf1")
    put(s, SKULKER, "p2", "battlefield", "bf2")
    s = play(s, put(s, CADET, "p1", "hand"), choices={"additional": True})
    s = pass_all(choose(s, "p1", targets={"t": [foe]}))
    assert s.objects[foe].damage == 2


def test_blast_corps_cadet_needs_fury_power_for_the_additional_cost() -> None:
    s = game()
    runes(s, "p1", 4, ORDER_RUNE)
    cadet = put(s, CADET, "p1", "hand")
    d = CardPlayed(player="p1", card=cadet, destination="base", choices={"additional": True},
                   payment=pay_for(s, "p1", cadet))
    assert "356.2" in violations(s, d)  # the additional cost's rule (issue 19)


def test_blast_corps_cadet_refuses_a_unit_in_a_base() -> None:
    s = game()
    runes(s, "p1", 4, FURY_RUNE)
    put(s, SKULKER, "p2", "battlefield", "bf1")
    put(s, SKULKER, "p2", "battlefield", "bf2")
    home = put(s, SKULKER, "p2", "base")
    s = play(s, put(s, CADET, "p1", "hand"), choices={"additional": True})
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [home]}}))

