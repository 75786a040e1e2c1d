"""Svellsongur (SFD-059) on a unit whose static ability is a rule a second copy cannot
change (riftlog.rules.board.copied_text, REDUNDANT): attaching it now works, the wearer's
rule holds as before - once - and the refusals it decides still cite their own rule; and
on Soraka, Wanderer, whose death replacement is copied as a replacement effect of its own
(OWN, RUP4 370.2, 373.2)."""

from __future__ import annotations

from typing import Any

import pytest

from riftlog.events.abilities import AbilityActivated, ChoiceMade
from riftlog.events.decisions import PriorityPassed
from riftlog.events.play import CardPlayed, StandardMove
from riftlog.rules import engine
from riftlog.rules.board.resources import find_payment
from riftlog.rules.board.seats import points_of
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions
from riftlog.rules.legal_moves import legal_decisions
from riftlog.rules.playing import abilities, borrowed
from riftlog.rules.playing.play import total_cost
from tests.cards_engine.helpers import (
    BODY_RUNE,
    CALM_RUNE,
    SKULKER,
    awaited_choice,
    cast,
    choose,
    cleanup_with_lethal,
    hide_pakaa,
    move,
    pass_all,
    pay_for,
    put,
    runes,
    violations,
)
from tests.cards_engine.svellsongur import game, wear
from tests.rules.board import control

EDITIONS = pytest.mark.parametrize("edition", ["RUP4", "v1.3"])

WARDEN = "OGN-070"  # Mageseeker Warden: at a battlefield, opponents play units to base only
MINOTAUR = "SFD-014"  # Minotaur Reckoner: units can't move to base
TIANNA = "SFD-060"  # Tianna Crownguard: at a battlefield, opponents can't gain points
REKSAI, JAX = "SFD-029", "SFD-054"  # Accelerate / Quick-Draw given as cards are played
HEIMER = "OGN-111"  # Heimerdinger, Inventor: has friendly objects' exhaust abilities
ORB = "OGN-090"  # gear: exhaust, a unit gets -1 Might (not below 1)
DORANS_SHIELD = "SFD-033"  # an Equipment without Quick-Draw
DISCIPLINE = "OGN-058"  # a Reaction spell: a unit +2 Might this turn, draw one
SORAKA = "SFD-173"  # Soraka, Wanderer: saves weaker units of hers where she is
GUARDIAN_ANGEL = "SFD-051"  # Equipment: the wearer's death is replaced
RECRUIT = "OGN-271"  # a 1-Might Recruit token
VENGEANCE = "OGN-229"  # kill a unit


# --- restrictions: the same "can't" twice (364) ---------------------------------------------


@EDITIONS
def test_mageseeker_warden_worn_refuses_a_unit_played_to_a_battlefield_once(edition: str) -> None:
    s = game(edition)
    control(s, "bf1", "p1")
    control(s, "bf2", "p2")
    wear(s, WARDEN, "p2", "battlefield", "bf2")
    runes(s, "p1", 4, BODY_RUNE)
    unit = put(s, SKULKER, "p1", "hand")
    d = CardPlayed(player="p1", card=unit, destination="bf1", payment=pay_for(s, "p1", unit))
    found = engine.check(s, d)
    assert [v.rule for v in found] == ["054.1"]  # one refusal, its own rule
    to_base = CardPlayed(player="p1", card=unit, destination="base",
                         payment=pay_for(s, "p1", unit))
    assert violations(s, to_base) == []


@EDITIONS
def test_minotaur_reckoner_worn_refuses_a_move_to_base_as_before(edition: str) -> None:
    s = game(edition)
    control(s, "bf1", "p1")
    _, gear = wear(s, MINOTAUR, "p1", "battlefield", "bf1")
    unit = put(s, SKULKER, "p1", "battlefield", "bf1")
    d = StandardMove(player="p1", units=(unit,), destination="base:p1")
    assert violations(s, d) == ["054"]
    actions.detach(s, gear, [])
    assert violations(s, d) == ["054"]  # the wearer's own rule: the copy changed nothing


def test_tianna_worn_stops_an_opponents_conquer_point_once() -> None:
    s = game()
    wear(s, TIANNA, "p2", "battlefield", "bf2")
    control(s, "bf2", "p2")
    unit = put(s, SKULKER, "p1", "base")
    s = move(s, (unit,))
    log: list[Any] = []
    for _ in range(2):
        s, more = engine.apply(s, PriorityPassed(player=engine.pending(s)[0].player or ""))
        log += more
    assert s.battlefield("bf1").controller == "p1"
    assert [a.rule for a in log if a.kind == "gain_prevented"] == ["054"]
    assert points_of(s, "p1") == 0


# --- keywords given as cards are played: redundant (805.4, 819.2) ---------------------------


@EDITIONS
def test_reksai_worn_gives_accelerate_once(edition: str) -> None:
    s, cub = hide_pakaa(game(edition))
    wear(s, REKSAI)
    s.turn += 1  # a hidden card is played on a later turn (811.1.b)
    runes(s, "p1", 2, BODY_RUNE)
    cost = total_cost(s, "p1", cub, accelerate=True)
    assert cost.energy == total_cost(s, "p1", cub).energy + 1  # one Accelerate (805.4)
    payment = find_payment(s, "p1", cost)
    assert payment is not None
    d = CardPlayed(player="p1", card=cub, destination="bf1", accelerate=True, payment=payment)
    assert violations(s, d) == []
    s, _ = engine.apply(s, d)
    assert s.objects[cub].zone == "battlefield" and not s.objects[cub].exhausted


@EDITIONS
def test_jax_worn_gives_quick_draw_once_and_refuses_it_unworn_without_him(edition: str) -> None:
    s = game(edition)
    runes(s, "p1", 4, CALM_RUNE)
    jax, _gear = wear(s, JAX)
    abilities.start_passives(s, jax)
    friend = put(s, SKULKER, "p1", "battlefield", "bf1")
    shield = put(s, DORANS_SHIELD, "p1", "hand")
    s = cast(s, DISCIPLINE, targets={"t": (friend,)})
    d = CardPlayed(player="p1", card=shield, destination="base", payment=pay_for(s, "p1", shield))
    assert violations(s, d) == []  # Quick-Draw gives Reaction (819.1)
    assert any(isinstance(x, CardPlayed) and x.card == shield for x in legal_decisions(s, "p1"))
    s, _ = engine.apply(s, d)
    (req,) = engine.pending(s)  # one attach, not one per instance (819.2)
    assert req.kind == "choice"
    s = pass_all(choose(s, "p1", targets={"t": [friend]}))
    assert s.objects[shield].attached_to == friend
    assert sum(1 for o in s.objects.values() if o.attached_to == friend) == 1


# --- Heimerdinger: the same exhaust abilities (477.2) ---------------------------------------


def test_heimerdinger_worn_offers_each_lent_ability_once_and_uses_it() -> None:
    s = game()
    heimer, _ = wear(s, HEIMER)
    orb = put(s, ORB, "p1", "base")
    foe = put(s, SKULKER, "p2", "base")
    lent = [d for d in borrowed.candidates(s, "p1") if isinstance(d, AbilityActivated)
            and d.choices.get("ability_of") == orb]
    assert len(lent) == 1  # the worn Svellsongur is attached: its own Equip is not lent (721.2)
    s = pass_all(engine.apply(s, lent[0])[0])
    assert s.objects[heimer].exhausted and not s.objects[orb].exhausted
    again = AbilityActivated(player="p1", source=heimer, ability=0, targets={"t": (foe,)},
                             choices={"ability_of": orb})
    assert "377.1" in violations(s, again)  # exhausted: the copy gives no second use


# --- Soraka, Wanderer: her replacement copied as its own (370.2, 373.2) ---------------------


def _recalled(s: GameState, oid: str) -> bool:
    o = s.objects[oid]
    return o.zone == "base" and o.exhausted and o.damage == 0


@EDITIONS
def test_soraka_worn_saves_a_weaker_unit_once(edition: str) -> None:
    s = game(edition)
    wear(s, SORAKA, "p1", "battlefield", "bf1")
    friend = put(s, SKULKER, "p1", "battlefield", "bf1")  # Might 3 < 4
    runes(s, "p2", 6)
    s.turn_player = s.priority = "p2"
    s = pass_all(cast(s, VENGEANCE, "p2", targets=(friend,)))
    if engine.pending(s)[0].kind == "choice":  # which of the two replaces the death (372)
        first = awaited_choice(s)["options"]["options"][0]
        s = pass_all(choose(s, "p1", apply={"replacement": first["replacement"],
                                            "events": first["events"]}))
    assert _recalled(s, friend)  # saved once: the other has no death left to replace (370.2)


def test_soraka_wearing_the_angel_and_svellsongur_saves_those_here_and_in_base() -> None:
    # the Example of RUP4 373.2, with Svellsongur too: her own replacement saves the
    # Recruits at her battlefield, the Angel's saves her (recalled), and the copy - a
    # replacement effect not yet applied - saves the Recruits in base where she now is
    s = game()
    soraka, _ = wear(s, SORAKA, "p1", "battlefield", "bf1")
    angel = put(s, GUARDIAN_ANGEL, "p1", "battlefield", "bf1")
    actions.attach(s, angel, soraka, [])
    here = [put(s, RECRUIT, "p1", "battlefield", "bf1") for _ in range(2)]
    base = [put(s, RECRUIT, "p1", "base") for _ in range(2)]
    cleanup_with_lethal(s, soraka, *here, *base)
    options = awaited_choice(s)["options"]["options"]
    assert len(options) == 3  # hers, the Angel's, the copy's: the player orders them (372)
    mine = next(o for o in options if o["replacement"] == f"{soraka}#0")
    s = choose(s, "p1", apply={"replacement": mine["replacement"], "events": here})
    # the Angel's and then the copy's are each the only one left: applied in turn
    s = pass_all(s)
    assert _recalled(s, soraka)
    assert all(_recalled(s, r) for r in here + base)


def test_soraka_copy_refuses_units_it_cannot_save() -> None:
    s = game()
    _soraka, _ = wear(s, SORAKA, "p1", "battlefield", "bf1")
    here = [put(s, RECRUIT, "p1", "battlefield", "bf1") for _ in range(2)]
    base = [put(s, RECRUIT, "p1", "base") for _ in range(2)]
    cleanup_with_lethal(s, *here, *base)
    options = awaited_choice(s)["options"]["options"]
    for o in options:
        bad = ChoiceMade(player="p1", choice={"apply": {"replacement": o["replacement"],
                                                        "events": base}})
        assert [v.rule for v in engine.check(s, bad)] == ["373"]  # not where she is
