"""Modal spells (v1.3 355.3): one SpellEffect ability per mode in the encoding;
``CardPlayed.mode`` = the chosen mode's number, chosen as the spell is played."""

from __future__ import annotations

from riftlog.cards.vocab import Deal, Kill, SpellEffect, Target
from riftlog.events.play import CardPlayed
from tests.cards_engine.helpers import (
    ORDER_RUNE,
    Encode,
    apply,
    game,
    pass_all,
    pay_for,
    put,
    runes,
    violations,
)

SPELL = "OGN-229"   # given a test-only two-mode encoding below
BIG = "OGN-219"     # a unit with Might 4
GEAR = "OGN-245"    # a gear


def _modal(encode: Encode) -> None:
    # mode "0": 1 damage to a unit; mode "1": kill a gear
    encode(SPELL, SpellEffect((Deal(1, Target("unit")),)), SpellEffect((Kill(Target("gear")),)))


def _play(s, mode, targets) -> CardPlayed:  # type: ignore[no-untyped-def]
    spell = put(s, SPELL, "p1", "hand")
    return CardPlayed(player="p1", card=spell, mode=mode, targets=targets,
                      payment=pay_for(s, "p1", spell))


def test_a_modal_spell_does_the_chosen_mode(encode: Encode) -> None:
    _modal(encode)
    s = game()
    runes(s, "p1", 12, ORDER_RUNE)
    unit = put(s, BIG, "p2", "battlefield", "bf1")
    gear = put(s, GEAR, "p2", "base")
    d = _play(s, "1", (gear,))
    assert violations(s, d) == []
    s = pass_all(apply(s, d))
    assert s.objects[gear].zone == "trash" and s.objects[unit].damage == 0
    s = pass_all(apply(s, _play(s, "0", (unit,))))
    assert s.objects[unit].damage == 1


def test_a_modal_spell_needs_a_mode_and_that_mode_s_targets(encode: Encode) -> None:
    _modal(encode)
    s = game()
    runes(s, "p1", 6, ORDER_RUNE)
    unit = put(s, BIG, "p2", "battlefield", "bf1")
    assert "355.3" in violations(s, _play(s, None, (unit,)))   # no mode chosen
    assert "355.3" in violations(s, _play(s, "2", (unit,)))    # no such mode
    assert any(r.startswith("355.5") for r in violations(s, _play(s, "1", (unit,))))  # not a gear


def test_a_spell_with_one_effect_takes_no_mode() -> None:
    s = game()
    runes(s, "p1", 6, ORDER_RUNE)
    unit = put(s, BIG, "p2", "battlefield", "bf1")
    assert "355.3" in violations(s, _play(s, "0", (unit,)))


def test_bots_offer_each_mode(encode: Encode) -> None:
    from riftlog.rules.playing import play

    _modal(encode)
    s = game()
    runes(s, "p1", 6, ORDER_RUNE)
    put(s, BIG, "p2", "battlefield", "bf1")
    put(s, GEAR, "p2", "base")
    spell = put(s, SPELL, "p1", "hand")
    modes = {d.mode for d in play.candidates(s, "p1")
             if isinstance(d, CardPlayed) and d.card == spell}
    assert modes == {"0", "1"}
