"""Issue #5 (K1): kill credit, excess combat damage and counted buffs, through the engine.

Cards: Immortal Phoenix (OGN-037), Solari Shrine (OGN-072), Tryndamere, Barbarian
(OGN-034), Lee Sin, Ascetic (OGN-078), Wildclaw Shaman (OGN-147).  Mechanics: the kill
credit of riftlog.rules.interpreter.kills (v1.3 428.5, 417.6), excess damage (460.2.c.2/460.2.c.4),
counted buffs of riftlog.rules.board.buffs (426.1.b.1, 702, 703), finalize-cost choices (742.1.b).
"""

from __future__ import annotations

from riftlog.errors import ImpossibleDecision
from riftlog.events.abilities import AbilityActivated, ChoiceMade
from riftlog.events.combat import CombatDamageAssigned
from riftlog.events.decisions import Payment, PriorityPassed
from riftlog.events.play import StandardMove
from riftlog.events.registry import Payload
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions
from riftlog.rules.game_actions.scoring import points_of
from tests.cards_engine.helpers import (
    BODY_RUNE,
    FURY_RUNE,
    ORDER_RUNE,
    SKULKER,
    activate,
    choose,
    control,
    game,
    pass_all,
    pass_all_logged,
    play,
    put,
    request,
    runes,
    violations,
)

PHOENIX = "OGN-037"
FALLING_STAR = "OGN-029"   # two Deal 3 steps, each to a chosen unit (errata 2026-01-14)
SHRINE = "OGN-072"
TRYNDAMERE = "OGN-034"
LEE_SIN = "OGN-078"
WILDCLAW = "OGN-147"
SERGEANT = "OGN-219"       # vanilla, Might 4
PHANTOM = "OGN-049"        # vanilla, Might 5
VENGEANCE = "OGN-229"      # a spell that kills a unit
CHALLENGE = "OGN-128"      # a spell whose chosen units deal damage to each other


def step(s: GameState, d: Payload) -> tuple[GameState, list[GameAction]]:
    return engine.apply(s, d)


def kills_of(log: list[GameAction], oid: str) -> list[GameAction]:
    return [a for a in log if a.kind == "kill" and oid in a.objects]


def star(s: GameState, first: str, second: str, player: str = "p1") -> GameState:
    card = put(s, FALLING_STAR, player, "hand")
    return play(s, card, player, destination=None, targets={"first": (first,), "second": (second,)})


# --- kill credit (428.5) ----------------------------------------------------------------------


def test_v1_3_428_5_c_lethal_spell_damage_credits_the_spell_and_its_controller() -> None:
    s = game()
    runes(s, "p1", 4, FURY_RUNE)
    foe = put(s, SERGEANT, "p2", "battlefield", "bf1")  # Might 4: the first 3 are not lethal
    s, log = pass_all_logged(star(s, foe, foe))
    (kill,) = kills_of(log, foe)
    assert kill.details["killer"] == ["p1"] and kill.details["by"] == ["spell"]
    assert kill.details["attribution"] and s.objects[kill.details["attribution"][0]].card == FALLING_STAR
    assert kill.responsible is None  # the cleanup kills it (428.4); the credit is 428.5.c's


def test_v1_3_428_5_c_a_kill_by_later_might_loss_has_no_killer() -> None:
    s = game()
    foe = put(s, SERGEANT, "p2", "battlefield", "bf1")
    log: list[GameAction] = []
    actions.deal(s, foe, 2, log, source=None, player="p1")
    s, _ = step(s, PriorityPassed(player="p1")) if s.chain else (s, [])
    from riftlog.rules.flow import turn

    turn.cleanup(s, log)  # the damage was dealt before this cleanup: it is spent
    assert s.objects[foe].zone == "battlefield" and "damage_marks" not in s.extra
    s.objects[foe].mods["might"] = -2  # now 2 damage is lethal, but nothing dealt it just now
    turn.cleanup(s, log)
    (kill,) = kills_of(log, foe)
    assert "killer" not in kill.details  # a passive kill (428.1.a.2) credited to nobody


def test_v1_3_428_5_d_an_ability_of_a_spell_credits_the_spell_too() -> None:
    from riftlog.rules.interpreter import kills

    s = game()
    spell = put(s, FALLING_STAR, "p1", "trash")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    actions.deal(s, foe, 1, [], source=spell, player="p1", kind="ability")
    (c,) = kills.credit(s, [foe], (), None, passive=True).values()
    assert c.spell_by == ("p1",) and c.by == ("spell",)
    unit = put(s, SKULKER, "p1", "battlefield", "bf1")
    other = put(s, SKULKER, "p2", "battlefield", "bf2")
    actions.deal(s, other, 1, [], source=unit, player="p1", kind="ability")
    (c,) = kills.credit(s, [other], (), None, passive=True).values()
    assert c.spell_by == () and c.by == ("ability",)


# --- Immortal Phoenix (OGN-037) -----------------------------------------------------------


def test_phoenix_falling_star_example_v1_3_428_5_d_triggers_from_the_trash_and_plays_it() -> None:
    """v1.3 428.5.d (v1.2 415.5.d names Falling Star): the unit Falling Star kills is
    credited to it, so its controller killed a unit with a spell and Phoenix triggers."""
    s = game()
    runes(s, "p1", 6, FURY_RUNE)
    phoenix = put(s, PHOENIX, "p1", "trash")
    foe = put(s, SERGEANT, "p2", "battlefield", "bf1")
    s, _ = pass_all_logged(star(s, foe, foe))
    assert s.objects[foe].zone == "trash"
    req = request(s)
    assert (req.kind, req.player, req.rule) == ("choice", "p1", "742.1.b")
    way = next(c for c in req.options["choices"] if c["pay"] is not None)
    s = choose(s, "p1", **way)  # pays 1 Energy + 1 Fury as the ability is finalized
    assert s.chain and s.chain[-1].source == phoenix
    s = pass_all(s)
    obj = s.objects[phoenix]
    assert (obj.zone, obj.location, obj.exhausted) == ("base", "base:p1", True)


def test_phoenix_asks_where_to_play_it_with_a_controlled_battlefield_v1_3_355_2_a() -> None:
    s = game()
    runes(s, "p1", 6, FURY_RUNE)
    control(s, "bf2", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf2")
    phoenix = put(s, PHOENIX, "p1", "trash")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s, _ = pass_all_logged(star(s, foe, foe))
    way = next(c for c in request(s).options["choices"] if c["pay"] is not None)
    s = pass_all(choose(s, "p1", **way))
    req = request(s)
    assert req.rule == "355.2.a" and {"to": "bf2"} in req.options["choices"]
    assert "355.2.a" in violations(s, ChoiceMade(player="p1", choice={"to": "bf1"}))
    s = choose(s, "p1", to="bf2")
    assert (s.objects[phoenix].zone, s.objects[phoenix].location) == ("battlefield", "bf2")


def test_phoenix_v1_3_383_2_c_1_triggers_when_it_was_the_unit_killed() -> None:
    s = game()
    runes(s, "p1", 6, FURY_RUNE)
    phoenix = put(s, PHOENIX, "p1", "base")  # Might 3: the first Deal kills it
    other = put(s, SKULKER, "p2", "battlefield", "bf1")
    s, _ = pass_all_logged(star(s, phoenix, other))
    assert s.objects[phoenix].zone == "trash"
    req = request(s)
    assert req.rule == "742.1.b" and req.options["source"] == phoenix


def test_phoenix_does_not_trigger_on_a_kill_without_a_spell_or_by_another_player() -> None:
    s = game()
    runes(s, "p1", 6, FURY_RUNE)
    mine = put(s, PHOENIX, "p1", "trash")
    theirs = put(s, PHOENIX, "p2", "trash")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s, _ = pass_all_logged(star(s, foe, foe))
    # only p1 killed with a spell: p2's Phoenix (428.5.e: "you") stays silent
    assert request(s).options["source"] == mine
    s = choose(s, "p1", pay=None)  # declined: the ability is not put on the chain (742.1.b)
    assert not s.chain and s.objects[mine].zone == "trash" and s.objects[theirs].zone == "trash"
    # a kill by an ability (Iron Ballista-like damage with a unit as source) is not a spell's
    unit = put(s, SKULKER, "p1", "battlefield", "bf2")
    foe2 = put(s, SKULKER, "p2", "battlefield", "bf2")
    log: list[GameAction] = []
    actions.deal(s, foe2, 3, log, source=unit, player="p1")
    from riftlog.rules.flow import turn

    turn.cleanup(s, log)
    (kill,) = kills_of(log, foe2)
    assert kill.details["by"] == ["ability"]
    assert not s.extra.get("triggers") and s.objects[mine].zone == "trash"


def test_phoenix_ignores_challenge_v1_3_417_6_b_3_the_units_deal_the_damage() -> None:
    """417.6.b.3 Example (Challenge): the chosen units are the sources, not the spell, so the
    kill is not one with a spell (428.5.e); the player is still the killer (428.5.c)."""
    s = game()
    runes(s, "p1", 4, BODY_RUNE)
    phoenix = put(s, PHOENIX, "p1", "trash")
    mine = put(s, PHANTOM, "p1", "battlefield", "bf1")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    challenge = put(s, CHALLENGE, "p1", "hand")
    s, log = pass_all_logged(play(s, challenge, destination=None, targets={"mine": (mine,), "foe": (foe,)}))
    (kill,) = kills_of(log, foe)
    assert kill.details["killer"] == ["p1"] and kill.details["by"] == ["unit"]
    assert engine.pending(s)[0].kind != "choice" and s.objects[phoenix].zone == "trash"


def test_phoenix_refuses_a_payment_that_does_not_pay() -> None:
    s = game()
    runes(s, "p1", 6, FURY_RUNE)
    put(s, PHOENIX, "p1", "trash")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s, _ = pass_all_logged(star(s, foe, foe))
    bad = ChoiceMade(player="p1", choice={"pay": {"exhaust": [], "recycle": []}})
    assert "742.1.b" in violations(s, bad)


def test_phoenix_cannot_trigger_without_the_means_to_pay() -> None:
    s = game()
    runes(s, "p1", 4, FURY_RUNE)
    phoenix = put(s, PHOENIX, "p1", "trash")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = star(s, foe, foe)
    for oid in s.players["p1"].base:
        s.objects[oid].exhausted = True  # no ready rune left for Phoenix's Energy
    s, log = pass_all_logged(s)
    assert [a.rule for a in log if a.kind == "trigger_removed"] == ["742.1.b"]
    assert s.objects[phoenix].zone == "trash" and not s.chain


# --- Solari Shrine (OGN-072) --------------------------------------------------------------


def _shrine_board(stunned: bool = True) -> tuple[GameState, str, str]:
    s = game()
    runes(s, "p1", 4, FURY_RUNE)
    shrine = put(s, SHRINE, "p1", "base")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s.objects[foe].stunned = stunned
    return s, shrine, foe


def test_solari_shrine_draws_when_you_kill_a_stunned_enemy_unit() -> None:
    s, shrine, foe = _shrine_board()
    hand = len(s.players["p1"].hand)
    s, _ = pass_all_logged(star(s, foe, foe))
    req = request(s)
    assert req.rule == "742.1.b" and {"exhaust": True} in req.options["choices"]
    s = pass_all(choose(s, "p1", exhaust=True))
    assert s.objects[shrine].exhausted
    assert len(s.players["p1"].hand) == hand + 1  # one drawn


def test_solari_shrine_counts_a_kill_by_lethal_combat_damage_v1_3_428_1_a_2() -> None:
    s, shrine, foe = _shrine_board()
    control(s, "bf1", "p2")
    attacker = put(s, PHANTOM, "p1", "base")
    s, _ = step(s, StandardMove(player="p1", units=(attacker,), destination="bf1"))
    s, _ = step(s, PriorityPassed(player="p1"))
    s, _ = step(s, PriorityPassed(player="p2"))
    s, log = step(s, CombatDamageAssigned(player="p1", battlefield="bf1", assignment={foe: 5}))
    (kill,) = kills_of(log, foe)
    assert kill.details["killer"] == ["p1"] and kill.details["by"] == ["combat"]
    assert kill.details["attribution"] == [attacker]  # 417.6.c: the unit dealt it
    req = request(s)
    assert req.rule == "742.1.b" and req.options["source"] == shrine


def test_solari_shrine_counts_a_kill_instruction_v1_3_428_5_b() -> None:
    s = game()
    runes(s, "p1", 6, ORDER_RUNE)
    shrine = put(s, SHRINE, "p1", "base")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s.objects[foe].stunned = True
    vengeance = put(s, VENGEANCE, "p1", "hand")  # kills a unit (no damage)
    s, log = pass_all_logged(play(s, vengeance, targets=(foe,)))
    (kill,) = kills_of(log, foe)
    assert kill.details["killer"] == ["p1"] and kill.details["by"] == ["spell"]
    assert request(s).options["source"] == shrine


def test_solari_shrine_ignores_an_unstunned_unit_and_can_be_declined() -> None:
    s, shrine, foe = _shrine_board(stunned=False)
    s, _ = pass_all_logged(star(s, foe, foe))
    assert engine.pending(s)[0].kind != "choice" and not s.objects[shrine].exhausted
    s, shrine, foe = _shrine_board()
    hand = len(s.players["p1"].hand)
    s, log = pass_all_logged(star(s, foe, foe))
    s, log = step(s, ChoiceMade(player="p1", choice={"exhaust": False}))
    assert [a.rule for a in log if a.kind == "trigger_removed"] == ["742.1.b"]
    assert not s.objects[shrine].exhausted and len(s.players["p1"].hand) == hand


def test_solari_shrine_already_exhausted_cannot_pay() -> None:
    s, shrine, foe = _shrine_board()
    s.objects[shrine].exhausted = True
    s, log = pass_all_logged(star(s, foe, foe))
    assert [a.rule for a in log if a.kind == "trigger_removed"] == ["742.1.b"]


# --- Tryndamere, Barbarian (OGN-034) ------------------------------------------------------


def _tryndamere_attacks(defender: str, back: int) -> tuple[GameState, str, str, list[GameAction]]:
    s = game()
    control(s, "bf1", "p2")
    foe = put(s, defender, "p2", "battlefield", "bf1")
    tryn = put(s, TRYNDAMERE, "p1", "base")
    s, _ = step(s, StandardMove(player="p1", units=(tryn,), destination="bf1"))
    s, _ = step(s, PriorityPassed(player="p1"))
    s, _ = step(s, PriorityPassed(player="p2"))
    s, log = step(s, CombatDamageAssigned(player="p1", battlefield="bf1", assignment={foe: 8}))
    s, more = step(s, CombatDamageAssigned(player="p2", battlefield="bf1", assignment={tryn: back}))
    return s, tryn, foe, log + more


def test_tryndamere_gains_a_point_after_5_excess_damage_v1_3_460_2_c_4() -> None:
    s, _, _, _ = _tryndamere_attacks(SKULKER, 3)  # Might 3: 8 assigned = 5 beyond lethal
    assert s.extra["combat_excess"]["excess"]["p1"] == 5
    s = pass_all(s)
    assert s.battlefield("bf1").controller == "p1"
    assert points_of(s, "p1") == 2  # the conquer, then Tryndamere's point (466.1.a.1)


def test_tryndamere_gains_nothing_with_4_excess_damage() -> None:
    s, _, _, log = _tryndamere_attacks(SERGEANT, 4)  # Might 4: 8 assigned = 4 beyond lethal
    assert s.extra["combat_excess"]["excess"]["p1"] == 4
    s = pass_all(s)
    assert s.battlefield("bf1").controller == "p1" and points_of(s, "p1") == 1
    assert not any(a.kind == "trigger" for a in log)


# --- Lee Sin, Ascetic (OGN-078) and counted buffs (702, 703) ------------------------------


def test_lee_sin_holds_any_number_of_buffs_each_plus_one_might() -> None:
    s = game()
    lee = put(s, LEE_SIN, "p1", "base")
    for n in (1, 2, 3):
        s = pass_all(activate(s, lee))
        s.objects[lee].exhausted = False  # ready it again for the next activation
        assert layers.might_of(s, lee) == 5 + n  # 703: +1 per buff
    from riftlog.rules.board import buffs

    assert buffs.count(s, s.objects[lee]) == 3


def test_other_units_keep_one_buff_v1_3_426_1_b_1_and_lee_sin_needs_to_be_ready() -> None:
    s = game()
    unit = put(s, SKULKER, "p1", "base")
    log: list[GameAction] = []
    assert actions.buff(s, unit, log) and not actions.buff(s, unit, log)
    assert layers.might_of(s, unit) == 4
    lee = put(s, LEE_SIN, "p1", "base", exhausted=True)
    d = AbilityActivated(player="p1", source=lee, ability=0, payment=Payment())
    assert violations(s, d)  # its cost exhausts it: refused while exhausted


def test_lee_sin_buffs_are_spent_one_at_a_time_v1_3_702_2_b() -> None:
    s = game()
    lee = put(s, LEE_SIN, "p1", "base")
    log: list[GameAction] = []
    for _ in range(3):
        actions.buff(s, lee, log)
    from riftlog.rules.board import buffs

    assert buffs.spend(s, s.objects[lee]) == 2 and layers.might_of(s, lee) == 7
    buffs.spend(s, s.objects[lee])
    assert buffs.spend(s, s.objects[lee]) == 0 and not s.objects[lee].buffed
    try:
        buffs.spend(s, s.objects[lee])
    except ImpossibleDecision as exc:
        assert "702.2.b.1" in str(exc)
    else:
        raise AssertionError("spending a buff it does not have must be refused")


# --- Wildclaw Shaman (OGN-147) ------------------------------------------------------------


def test_wildclaw_spends_the_chosen_friendly_buff_to_buff_and_ready_itself() -> None:
    s = game()
    runes(s, "p1", 4, BODY_RUNE)
    lee = put(s, LEE_SIN, "p1", "base")
    other = put(s, SKULKER, "p1", "base")
    log: list[GameAction] = []
    actions.buff(s, lee, log)
    actions.buff(s, lee, log)
    actions.buff(s, other, log)
    shaman = put(s, WILDCLAW, "p1", "hand")
    s = play(s, shaman)
    req = request(s)
    assert req.rule == "742.1.b" and {"spend": lee} in req.options["choices"]
    assert {"spend": None} in req.options["choices"]
    s = pass_all(choose(s, "p1", spend=lee))  # the recorded choice: which buff
    from riftlog.rules.board import buffs

    assert buffs.count(s, s.objects[lee]) == 1 and s.objects[other].buffed
    assert s.objects[shaman].buffed and not s.objects[shaman].exhausted


def test_wildclaw_refuses_a_unit_that_is_not_a_choice_and_needs_a_buff() -> None:
    s = game()
    runes(s, "p1", 4, BODY_RUNE)
    foe = put(s, SKULKER, "p2", "base")
    s.objects[foe].buffed = True  # an enemy's buff cannot be spent (702.2.b.2)
    mine = put(s, SKULKER, "p1", "base")
    s.objects[mine].buffed = True
    s = play(s, put(s, WILDCLAW, "p1", "hand"))
    assert "742.1.b" in violations(s, ChoiceMade(player="p1", choice={"spend": foe}))
    # without any friendly buff there is nothing to pay with: no question, no effect
    s = game()
    runes(s, "p1", 4, BODY_RUNE)
    shaman = put(s, WILDCLAW, "p1", "hand")
    s, log = step(s, _play_decision(s, shaman))
    assert [a.rule for a in log if a.kind == "trigger_removed"] == ["742.1.b"]
    assert s.objects[shaman].exhausted and not s.objects[shaman].buffed


def test_wildclaw_declined_spends_nothing() -> None:
    s = game()
    runes(s, "p1", 4, BODY_RUNE)
    mine = put(s, SKULKER, "p1", "base")
    s.objects[mine].buffed = True
    shaman = put(s, WILDCLAW, "p1", "hand")
    s, log = step(play(s, shaman), ChoiceMade(player="p1", choice={"spend": None}))
    assert [a.rule for a in log if a.kind == "trigger_removed"] == ["742.1.b"]
    assert s.objects[mine].buffed and not s.objects[shaman].buffed and s.objects[shaman].exhausted


def _play_decision(s: GameState, card: str) -> Payload:
    from riftlog.events.play import CardPlayed
    from tests.cards_engine.helpers import pay_for

    return CardPlayed(player="p1", card=card, destination="base", payment=pay_for(s, "p1", card))
