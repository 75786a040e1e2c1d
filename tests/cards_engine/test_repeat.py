"""Repeat (v1.3 820): an optional additional cost per instance; the spell's instructions run
once more per paid instance, each run with its own targets (820.2.a); played once (820.3.a)."""

from __future__ import annotations

from riftlog.cards import load_catalog
from riftlog.cards.abilities import encoding_problems
from riftlog.cards.vocab import Deal, RepeatCost, SpellEffect, Target
from riftlog.events.play import CardPlayed
from riftlog.rules.board import layers
from riftlog.rules.board.resources import Cost
from tests.cards_engine.helpers import (
    FURY_RUNE,
    Encode,
    apply,
    game,
    pass_all,
    pay_for,
    put,
    runes,
    violations,
)

PIERCING = "SFD-023"   # spell with Repeat (test-only encoding below)
BIG = "OGN-219"        # a unit with Might 4


def _encode(encode: Encode) -> None:
    # test-only: 1 damage to a unit; Repeat costs 1 Energy
    encode(PIERCING, SpellEffect((Deal(1, Target("unit")),)), RepeatCost(energy=1))


def _played(s, targets, choices) -> CardPlayed:  # type: ignore[no-untyped-def]
    spell = put(s, PIERCING, "p1", "hand")
    return CardPlayed(player="p1", card=spell, targets=targets, choices=choices,
                      payment=pay_for(s, "p1", spell, choices=choices))


def test_repeat_runs_the_spell_again_with_its_own_target(encode: Encode) -> None:
    _encode(encode)
    s = game()
    runes(s, "p1", 6, FURY_RUNE)
    a = put(s, BIG, "p2", "battlefield", "bf1")
    b = put(s, BIG, "p2", "battlefield", "bf1")
    d = _played(s, {"t": (a,), "t@2": (b,)}, {"repeat": [0]})
    assert violations(s, d) == []
    s = pass_all(apply(s, d))
    assert s.objects[a].damage == 1 and s.objects[b].damage == 1  # 820.2.a: another target
    assert s.objects[d.card].zone == "trash"
    assert layers.might_of(s, a) == 4


def test_repeat_may_choose_the_same_target_again(encode: Encode) -> None:
    _encode(encode)
    s = game()
    runes(s, "p1", 6, FURY_RUNE)
    a = put(s, BIG, "p2", "battlefield", "bf1")
    s = pass_all(apply(s, _played(s, {"t": (a,), "t@2": (a,)}, {"repeat": [0]})))
    assert s.objects[a].damage == 2


def test_repeat_costs_more_and_needs_its_targets(encode: Encode) -> None:
    _encode(encode)
    s = game()
    runes(s, "p1", 6, FURY_RUNE)
    a = put(s, BIG, "p2", "battlefield", "bf1")
    spell = put(s, PIERCING, "p1", "hand")
    plain = pay_for(s, "p1", spell)  # enough for the spell alone, not for the Repeat
    d = CardPlayed(player="p1", card=spell, targets={"t": (a,), "t@2": (a,)},
                   choices={"repeat": [0]}, payment=plain)
    assert "356.2" in violations(s, d)  # 820.1.c.1: an additional cost
    twice = CardPlayed(player="p1", card=spell, targets={"t": (a,), "t@2": (a,)},
                       choices={"repeat": [0, 0]}, payment=pay_for(s, "p1", cost=Cost(5)))
    assert "820.1.c.3" in violations(s, twice)  # each Repeat cost once
    unpaid = CardPlayed(player="p1", card=spell, targets={"t": (a,), "t@2": (a,)}, payment=plain)
    assert "820.2" in violations(s, unpaid)  # targets for a run that was not paid
    missing = CardPlayed(player="p1", card=spell, targets={"t": (a,)}, choices={"repeat": [0]},
                         payment=pay_for(s, "p1", spell, choices={"repeat": [0]}))
    assert any(r.startswith("355") for r in violations(s, missing))  # the extra run's target


def test_a_repeat_spell_without_its_repeat_cost_is_unsupported(encode: Encode) -> None:
    thwonk = "UNL-009"  # Upstage Comedy: a Repeat spell not encoded yet
    assert not load_catalog().get(thwonk).supported
    enc = encode(thwonk, SpellEffect((Deal(1, Target("unit")),)))
    assert any("Repeat" in p for p in encoding_problems(enc))
