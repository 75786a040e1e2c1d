"""Svellsongur (SFD-059) on a unit with activated abilities (issue 24, kind ``Activated``
of riftlog.rules.board.copied_text): the copy of the wearer's text gives the unit each of
its activated abilities once more, an ability of its own (RUP4 136.2.c, 718.3) activated by
naming the Equipment (``choices["ability_of"]``), paying its own cost (as two instances of an
activated keyword are, 818.4 / 827.3).  One test per encoded unit with an activated ability,
played under RUP4 (the default), with the refusals that apply: a cost that cannot be paid
again (one exhaust symbol, one buff, an empty trash), a limit kept per ability, a condition,
and the copy named after Svellsongur was detached or moved to another unit (136.2.b, 719.1).
"""

from __future__ import annotations

from typing import Any

import pytest

from riftlog.cards import abilities as card_abilities
from riftlog.cards import load_catalog
from riftlog.cards import vocab as V
from riftlog.errors import ImpossibleDecision
from riftlog.events.abilities import AbilityActivated
from riftlog.events.decisions import Payment
from riftlog.narration import narrate
from riftlog.rules import engine
from riftlog.rules.board import copied_text
from riftlog.rules.board.layers import characteristics
from riftlog.rules.board.resources import Cost, find_payment
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions
from riftlog.rules.playing import copied_activations
from tests.cards_engine.helpers import (
    CALM_RUNE,
    MIND_RUNE,
    SKULKER,
    apply,
    control,
    move,
    pass_all,
    pass_all_logged,
    put,
    runes,
    violations,
)
from tests.cards_engine.svellsongur import SVELLSONGUR, game, wear

VI = "OGN-036"  # recycle a card of the trash: +1 Might this turn
CAITLYN = "OGN-068"  # exhaust, at a battlefield: her Might as damage to a unit at a battlefield
LEE_SIN = "OGN-078"  # exhaust: buff himself
MALZAHAR = "OGN-113"  # Action, exhaust and kill another friendly unit or gear: two power
UDYR = "OGN-157"  # spend his buff: one of four modes not used yet this turn
SETT = "OGN-164"  # spend his buff: +4 Might this turn (#2)
LUX = "OGS-014"  # exhaust: two Energy for spells
AZIR = "SFD-050"  # once a turn, one Calm power, Action: trades places with a friendly unit
EZREAL = "SFD-082"  # one Mind power, Action: he moves to base (#2)
RENATA = "SFD-088"  # at a battlefield: one Energy + one Mind power, draw one (#0)


def _act(s: GameState, unit: str, ability: int = 0, gear: str | None = None,
         player: str = "p1", **kw: Any) -> AbilityActivated:
    """The activation of *unit*'s ability #*ability*: its own, or the copy *gear* carries."""
    choices = dict(kw.pop("choices", {}))
    if gear is not None:
        choices["ability_of"] = gear
    return AbilityActivated(player=player, source=unit, ability=ability, choices=choices, **kw)


def _paid(s: GameState, energy: int = 0, power: dict[str, int] | None = None) -> Payment:
    payment = find_payment(s, "p1", Cost(energy, power or {}))
    assert payment is not None
    return payment


def _at_battlefield(card: str) -> tuple[GameState, str, str]:
    s = game()
    control(s, "bf1", "p1")
    unit, gear = wear(s, card, "p1", "battlefield", "bf1")
    return s, unit, gear


# --- the list of units whose copy is refused is empty ------------------------------------


def _activated_units() -> list[str]:
    catalog = load_catalog()
    return [cid for cid, enc in sorted(card_abilities.ABILITIES.items())
            if catalog.get(cid).type == "Unit"
            and any(isinstance(a, V.Activated) for a in enc.abilities)]


def test_every_encoded_unit_with_an_activated_ability_wears_svellsongur() -> None:
    units = _activated_units()
    assert {VI, CAITLYN, LEE_SIN, MALZAHAR, UDYR, SETT, LUX, AZIR, EZREAL, RENATA} <= set(units)
    assert copied_text.HOW["Activated"] == (copied_text.OWN, "136.2.c")
    for cid in units:
        s = game()
        unit, gear = wear(s, cid)  # raised UnsupportedCard naming Svellsongur before
        assert copied_activations.copies_on(s, unit) == [gear], cid


# --- exhaust costs: one exhaust symbol, paid once --------------------------------------------


def test_caitlyn_copy_deals_her_might_then_her_own_is_refused_exhausted() -> None:
    s, cait, gear = _at_battlefield(CAITLYN)
    control(s, "bf2", "p2")
    enemy, other = (put(s, SKULKER, "p2", "battlefield", "bf2") for _ in range(2))
    d = _act(s, cait, 0, gear, targets={"t": (enemy,)})
    assert violations(s, d) == []
    s, log = engine.apply(s, d)
    assert [a.details for a in log if a.kind == "activate"] == [
        {"card": CAITLYN, "ability": 0, "equipment": gear}]
    s, log = pass_all_logged(s)
    might = characteristics(s, cait).might
    assert might is not None
    assert [(a.objects, a.details.get("amount")) for a in log if a.kind == "deal"] == [
        ((enemy,), might)]
    assert s.objects[cait].exhausted and s.objects[enemy].zone == "trash"  # 3 Might, 3 damage
    assert violations(s, _act(s, cait, 0, targets={"t": (other,)})) == ["377.1"]  # exhausted


def test_caitlyn_copy_keeps_her_condition_at_base() -> None:
    s = game()
    cait, gear = wear(s, CAITLYN)
    enemy = put(s, SKULKER, "p2", "battlefield", "bf2")
    assert violations(s, _act(s, cait, 0, gear, targets={"t": (enemy,)})) == ["377.2.b"]


def test_lee_sin_own_then_copy_after_a_ready() -> None:
    s = game()
    lee, gear = wear(s, LEE_SIN)
    s = pass_all(apply(s, _act(s, lee, 0)))
    assert s.objects[lee].buffed and s.objects[lee].exhausted
    assert violations(s, _act(s, lee, 0, gear)) == ["377.1"]  # the exhaust symbol is paid
    s.objects[lee].exhausted = False  # readied: the copy can be used now
    s = pass_all(apply(s, _act(s, lee, 0, gear)))
    assert s.objects[lee].exhausted


def test_lux_copy_adds_two_energy_for_spells_at_once() -> None:
    s = game()
    lux, gear = wear(s, LUX)
    s, log = engine.apply(s, _act(s, lux, 0, gear))
    assert not s.chain  # an Add resolves at once (429.2), the copy as the own one
    assert any(a.kind == "activate" and a.details.get("equipment") == gear for a in log)
    assert s.extra["spell_pool"]["p1"]["energy"] == 2 and s.objects[lux].exhausted
    assert "p1 activated Lux, Crownguard (the copy on Svellsongur)" in narrate(s, log)
    assert violations(s, _act(s, lux, 0)) == ["377.1"]


def test_malzahar_copy_kills_the_chosen_friend_and_adds_power() -> None:
    s = game()
    malz, gear = wear(s, MALZAHAR)
    fodder = put(s, SKULKER, "p1", "base")
    assert violations(s, _act(s, malz, 0, gear)) == ["377.1"]  # no permanent named to kill
    s, log = engine.apply(s, _act(s, malz, 0, gear, choices={"kill": [fodder]}))
    assert s.objects[fodder].zone == "trash" and s.objects[malz].exhausted
    assert any(a.kind == "activate" and a.details.get("equipment") == gear for a in log)


# --- buffs: one buff, spent once -------------------------------------------------------------


def test_sett_copy_spends_his_buff_and_his_own_is_refused_without_one() -> None:
    s = game()
    sett, gear = wear(s, SETT)
    s.objects[sett].buffed = True
    before = characteristics(s, sett).might
    assert before is not None
    s = pass_all(apply(s, _act(s, sett, 2, gear)))
    assert characteristics(s, sett).might == before + 4 - 1  # +4, the buff's +1 spent
    assert violations(s, _act(s, sett, 2)) == ["702.2.b.1"]
    assert violations(s, _act(s, sett, 2, gear)) == ["702.2.b.1"]


def test_udyr_each_mode_once_per_ability_the_copy_has_its_own() -> None:
    s = game()
    udyr, gear = wear(s, UDYR)
    s.objects[udyr].buffed = True
    s = pass_all(apply(s, _act(s, udyr, 2)))  # his own "ready me" mode
    s.objects[udyr].buffed = True
    assert violations(s, _act(s, udyr, 2)) == ["377.2.b"]  # used this turn
    assert violations(s, _act(s, udyr, 2, gear)) == []  # the copy's mode is another ability's
    s = pass_all(apply(s, _act(s, udyr, 2, gear)))
    s.objects[udyr].buffed = True
    assert violations(s, _act(s, udyr, 2, gear)) == ["377.2.b"]
    assert violations(s, _act(s, udyr, 3, gear)) == []  # another mode of the copy


# --- other costs, each paid again ----------------------------------------------------------


def test_vi_own_and_copy_each_recycle_a_card_of_the_trash() -> None:
    s = game()
    vi, gear = wear(s, VI)
    first, second = put(s, SKULKER, "p1", "trash"), put(s, SKULKER, "p1", "trash")
    before = characteristics(s, vi).might
    assert before is not None
    s = pass_all(apply(s, _act(s, vi, 0, choices={"recycle": [first]})))
    assert violations(s, _act(s, vi, 0, gear, choices={"recycle": [first]})) == ["416.3"]
    s = pass_all(apply(s, _act(s, vi, 0, gear, choices={"recycle": [second]})))
    assert characteristics(s, vi).might == before + 2
    assert violations(s, _act(s, vi, 0, gear, choices={"recycle": []})) == ["416.3"]  # empty


def test_renata_copy_draws_for_its_own_cost_and_keeps_her_condition() -> None:
    s, renata, gear = _at_battlefield(RENATA)
    runes(s, "p1", 2, MIND_RUNE)
    hand = len(s.players["p1"].hand)
    s = pass_all(apply(s, _act(s, renata, 0, payment=_paid(s, 1, {"Mind": 1}))))
    s = pass_all(apply(s, _act(s, renata, 0, gear, payment=_paid(s, 1, {"Mind": 1}))))
    assert len(s.players["p1"].hand) == hand + 2
    assert violations(s, _act(s, renata, 0, gear, payment=Payment())) == ["166.2"]  # unpaid
    runes(s, "p1", 2, MIND_RUNE)
    s = move(s, (renata,), "base")
    assert violations(s, _act(s, renata, 0, gear, payment=_paid(s, 1, {"Mind": 1}))) == [
        "377.2.b"]  # at base: her condition holds for the copy too


def test_ezreal_copy_moves_him_to_base_for_a_mind_power() -> None:
    s, ez, gear = _at_battlefield(EZREAL)
    assert violations(s, _act(s, ez, 2, gear)) == ["166.2"]  # no Mind power to pay
    runes(s, "p1", 1, MIND_RUNE)
    s = pass_all(apply(s, _act(s, ez, 2, gear, payment=_paid(s, 0, {"Mind": 1}))))
    assert s.objects[ez].zone == "base"
    assert s.objects[gear].attached_to == ez  # the Equipment moves with him (719.3.a)


def test_azir_copy_trades_places_and_his_own_is_still_unused() -> None:
    s = game()
    control(s, "bf1", "p1")
    azir, gear = wear(s, AZIR)
    friend = put(s, SKULKER, "p1", "battlefield", "bf1")
    runes(s, "p1", 2, CALM_RUNE)
    d = _act(s, azir, 0, gear, targets={"t": (friend,)}, payment=_paid(s, 0, {"Calm": 1}))
    assert violations(s, d) == []
    s = pass_all(apply(s, d))
    assert s.objects[azir].location == "bf1" and s.objects[friend].zone == "base"
    again = _act(s, azir, 0, gear, targets={"t": (friend,)}, payment=_paid(s, 0, {"Calm": 1}))
    assert violations(s, again) == ["377.2.b"]  # once a turn, for the copy too
    own = _act(s, azir, 0, targets={"t": (friend,)}, payment=_paid(s, 0, {"Calm": 1}))
    assert violations(s, own) == []  # his own ability is another one


# --- the copy ends with the attachment ------------------------------------------------------


@pytest.mark.parametrize("edition", ["RUP4", "v1.3"])
def test_the_copy_is_refused_after_svellsongur_is_detached(edition: str) -> None:
    s = game(edition)
    lee, gear = wear(s, LEE_SIN)
    assert violations(s, _act(s, lee, 0, gear)) == []
    actions.detach(s, gear, [])
    found = engine.check(s, _act(s, lee, 0, gear))
    assert [v.rule for v in found] == ["136.2.b"]
    assert "Svellsongur" in found[0].message and str(found[0]).startswith(f"{edition} 136.2.b")
    assert violations(s, _act(s, lee, 0)) == []  # his own ability stays
    with pytest.raises(ImpossibleDecision, match=r"136\.2\.b"):
        engine.apply(s, _act(s, lee, 0, gear))


def test_the_copy_is_refused_on_the_unit_it_was_moved_from() -> None:
    s = game()
    lee, gear = wear(s, LEE_SIN)
    other = put(s, LEE_SIN, "p1", "base")
    s.objects[other].exhausted = False
    actions.detach(s, gear, [])
    actions.attach(s, gear, other, [])
    assert violations(s, _act(s, lee, 0, gear)) == ["719.1"]
    assert violations(s, _act(s, other, 0, gear)) == []  # it copies the new wearer's text


def test_the_copy_is_refused_after_the_wearer_left_and_came_back() -> None:
    s = game()
    lee, gear = wear(s, LEE_SIN)
    actions.kill(s, lee, [])
    assert s.objects[gear].attached_to is None  # it detached as he died (719.5)
    put_back = put(s, LEE_SIN, "p1", "base")
    s.objects[put_back].exhausted = False
    assert violations(s, _act(s, lee, 0, gear)) == ["379"]  # he is not on the board
    assert violations(s, _act(s, put_back, 0, gear)) == ["136.2.b"]


def test_the_copy_has_only_the_wearers_activated_abilities() -> None:
    s = game()
    lee, gear = wear(s, LEE_SIN)
    assert violations(s, _act(s, lee, 5, gear)) == ["377.1"]
    other = put(s, SVELLSONGUR, "p1", "base")
    assert violations(s, _act(s, lee, 0, other)) == ["136.2.b"]  # never attached


def test_the_copy_is_refused_once_svellsongur_is_killed() -> None:
    s = game()
    lee, gear = wear(s, LEE_SIN)
    actions.kill(s, gear, [])
    assert s.objects[gear].zone == "trash"
    assert violations(s, _act(s, lee, 0, gear)) == ["136.2.b"]


def test_two_svellsongurs_give_two_copies_each_used_on_its_own() -> None:
    s = game()
    vi, first = wear(s, VI)
    second = put(s, SVELLSONGUR, "p1", "base")
    actions.attach(s, second, vi, [])
    assert copied_activations.copies_on(s, vi) == [first, second]
    trash = [put(s, SKULKER, "p1", "trash") for _ in range(3)]
    before = characteristics(s, vi).might
    assert before is not None
    for gear, card in zip((None, first, second), trash, strict=True):
        s = pass_all(apply(s, _act(s, vi, 0, gear, choices={"recycle": [card]})))
    assert characteristics(s, vi).might == before + 3  # three abilities, three costs paid
