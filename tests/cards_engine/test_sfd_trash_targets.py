"""Triggered abilities that put a card of their controller's trash into their hand, audited
against their cards (issue 24): the trash is a public zone, so that card is a target (RUP4
355.10.a), chosen as the ability goes on the chain (355.5) and checked as it resolves
(359.3.e); with no such card the ability has no legal target and is not put on the chain.
Aspiring Engineer (SFD-061, a gear) and Guardian of the Passage (SFD-035, a unit or gear)."""

from __future__ import annotations

from riftlog.events.abilities import ChoiceMade
from riftlog.rules import engine
from riftlog.rules.flow import turn
from riftlog.rules.interpreter import triggers
from tests.cards_engine.helpers import (
    MIND_RUNE,
    SKULKER,
    control,
    game,
    pass_all,
    play,
    put,
    runes,
    violations,
)

ENGINEER, GUARDIAN = "SFD-061", "SFD-035"
SUN_DISC = "OGN-021"  # a gear card


def test_the_engineers_card_is_chosen_as_the_ability_goes_on_the_chain() -> None:
    s = game()
    runes(s, "p1", 4, MIND_RUNE)
    first, second = put(s, SUN_DISC, "p1", "trash"), put(s, SUN_DISC, "p1", "trash")
    s = play(s, put(s, ENGINEER, "p1", "hand"))
    s = pass_all(s)                                           # the unit resolves; its trigger:
    (req,) = engine.pending(s)
    assert req.options["kind"] == "targets" and not any(i.kind == "ability" for i in s.chain)
    assert set(req.options["targets"]["t"]["from"]) == {first, second}
    s = engine.apply(s, ChoiceMade(player="p1", choice={"targets": {"t": [second]}}))[0]
    assert s.chain[-1].targets == {"t": [second]}             # on the chain with its target
    s = pass_all(s)
    assert second in s.players["p1"].hand and first in s.players["p1"].trash


def test_the_engineer_refuses_a_unit_card_as_its_target() -> None:
    s = game()
    runes(s, "p1", 4, MIND_RUNE)
    put(s, SUN_DISC, "p1", "trash")
    put(s, SUN_DISC, "p1", "trash")
    unit = put(s, SKULKER, "p1", "trash")
    s = pass_all(play(s, put(s, ENGINEER, "p1", "hand")))
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [unit]}}))


def test_the_engineer_with_no_gear_in_the_trash_puts_nothing_on_the_chain() -> None:
    s = game()
    runes(s, "p1", 4, MIND_RUNE)
    put(s, SKULKER, "p1", "trash")
    engineer = put(s, ENGINEER, "p1", "hand")
    s = pass_all(play(s, engineer))
    assert engineer in s.players["p1"].base                   # played; its trigger had no target
    assert not s.chain and all(r.kind != "choice" for r in engine.pending(s))


def test_the_guardians_card_leaving_the_trash_before_it_resolves_is_not_returned() -> None:
    s = game()
    put(s, GUARDIAN, "p1", "battlefield", "bf1")
    control(s, "bf1", "p1")
    card = put(s, SKULKER, "p1", "trash")
    triggers.fire(s, "holds", player="p1", battlefield="bf1")
    turn.advance(s, [])
    s = engine.apply(s, ChoiceMade(player="p1", choice={"use": True}))[0]
    assert s.chain[-1].targets == {"t": [card]}               # its only card: chosen now
    s.objects[card].zone = "banishment"                       # gone before it resolves
    s.players["p1"].trash.remove(card)
    s.players["p1"].banishment.append(card)
    s = pass_all(s)
    assert card not in s.players["p1"].hand                   # 359.3.e: no longer legal
