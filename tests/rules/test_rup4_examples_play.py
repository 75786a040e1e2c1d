"""Issue 19: examples of new or changed RUP4 rules played through the engine under RUP4
(one example a test; the ids are listed in ``tests/rules/rup4_examples.py``).

Each test describes its example in our own words and asserts the outcome the example
states; refused moves assert the RUP4 id of the refusing rule.
"""

from __future__ import annotations

import pytest

from riftlog.cards.vocab import Custom, Draw, Legion, Triggered, When, on_play
from riftlog.errors import NotationError
from riftlog.events.abilities import ChoiceMade, TriggersOrdered
from riftlog.events.decisions import DeckOrderRecorded, PriorityPassed, TurnEnded
from riftlog.events.play import CardPlayed, StandardMove
from riftlog.notation import parse_decision
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.flow import turn
from riftlog.rules.game_actions import movement
from riftlog.rules.interpreter import effects
from riftlog.rules.playing import abilities
from riftlog.rules.playing.play import total_cost
from tests.cards_engine.conftest import encode  # noqa: F401  (fixture)
from tests.cards_engine.helpers import (
    BODY_RUNE,
    CALM_RUNE,
    CHAOS_RUNE,
    FURY_RUNE,
    MIND_RUNE,
    ORDER_RUNE,
    SKULKER,
    Encode,
    apply,
    cast,
    choose,
    control,
    game,
    pass_all,
    pay_for,
    play,
    put,
    runes,
)
from tests.rules.rup4_examples import example

RUP4 = "RUP4"
BIG = "OGN-219"            # a plain unit of Might 4
PHANTOM = "OGN-049"        # a plain unit of Might 5
FRIGID_TOUCH = "SFD-066"   # -2 Might this turn
VOID_SEEKER = "OGN-024"    # 4 to a unit at a battlefield, draw 1
HEXTECH_RAY = "OGN-009"    # 3 to a unit at a battlefield
SINGULARITY = "OGN-105"    # 6 to each of up to two units
HIDDEN_BLADE = "OGN-213"   # destroys a unit at a battlefield; that unit's controller draws two
CULL_THE_WEAK = "OGN-209"  # each player kills one of their units
CHALLENGE = "OGN-128"      # a friendly and an enemy unit deal their Might to each other


def rup4_game(deck: int = 5) -> GameState:
    """A board in p1's Main Phase judged under RUP4, with runes of every domain."""
    s = game(deck=deck)
    s.edition = RUP4
    for rune in (FURY_RUNE, BODY_RUNE, ORDER_RUNE, CHAOS_RUNE, CALM_RUNE, MIND_RUNE):
        runes(s, "p1", 2, rune)
    return s


# --- 124.1: leaving the board clears temporary modifications -----------------------------


@example("124.1")
def test_rup4_124_1_a_killed_unit_loses_damage_buff_and_statuses() -> None:
    s = rup4_game()
    unit = put(s, BIG, "p1", "battlefield", "bf1")
    obj = s.objects[unit]
    obj.damage, obj.buffed, obj.stunned = 2, True, True
    effects.kill(s, [unit], [])
    obj = s.objects[unit]
    assert obj.zone == "trash"
    assert (obj.damage, obj.buffed, obj.stunned) == (0, False, False)


# --- 142.4.b: lethal damage is non-zero and at least the Might -----------------------------


@example("142.4.b")
def test_rup4_142_4_b_lowering_might_below_marked_damage_kills() -> None:
    """A Might 5 unit with 3 damage loses 2 Might (Frigid Touch): 3 is now lethal."""
    s = rup4_game()
    foe = put(s, PHANTOM, "p2", "battlefield", "bf1")
    s.objects[foe].damage = 3
    s = pass_all(cast(s, FRIGID_TOUCH, targets={"t": (foe,)}))
    assert s.objects[foe].zone == "trash"


@example("142.4.b")
def test_rup4_142_4_b_a_zero_might_unit_needs_one_damage() -> None:
    s = rup4_game()
    a = put(s, BIG, "p2", "battlefield", "bf1")
    b = put(s, BIG, "p2", "battlefield", "bf1")
    for oid in (a, b):
        s.objects[oid].mods["might"] = -4  # Might 0
    layers.clear_cache()
    assert layers.might_of(s, a) == 0
    s.objects[b].damage = 1
    turn.cleanup(s, [])
    assert s.objects[a].zone == "battlefield" and s.objects[b].zone == "trash"


# --- 359.3.e.4 / 359.3.e.5: a target no longer legal is unaffected --------------------------


@example("359.3.e.4", "359.3.e.5")
def test_rup4_359_3_e_5_void_seeker_target_recalled_to_base_still_draws() -> None:
    """The unit at a battlefield goes to its base before Void Seeker resolves: no longer at
    a battlefield, so no damage; Void Seeker's controller still draws."""
    s = rup4_game()
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    hand = len(s.players["p1"].hand)
    s = cast(s, VOID_SEEKER, targets={"t": (foe,)})
    movement.recall(s, foe, [])
    s = pass_all(s)
    assert s.objects[foe].zone == "base" and s.objects[foe].damage == 0
    assert len(s.players["p1"].hand) == hand + 1


# --- 359.3.e.8: some targets gone, the rest still affected --------------------------------


@example("359.3.e.8")
def test_rup4_359_3_e_8_singularity_deals_six_to_the_target_left() -> None:
    s = rup4_game()
    a = put(s, PHANTOM, "p2", "battlefield", "bf1")
    b = put(s, PHANTOM, "p2", "battlefield", "bf2")
    s = cast(s, SINGULARITY, targets={"t": (a, b)})
    effects.kill(s, [a], [])
    s = pass_all(s)
    assert s.objects[b].zone == "trash" and s.objects[a].zone == "trash"


# --- 359.3.e.14 / 359.3.e.14.a: linked instructions ------------------------------------------


@example("359.3.e.14")
def test_rup4_359_3_e_14_hidden_blade_the_killed_units_controller_draws() -> None:
    s = rup4_game()
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    hand = len(s.players["p2"].hand)
    s = pass_all(cast(s, HIDDEN_BLADE, targets={"t": (foe,)}))
    assert s.objects[foe].zone == "trash" and len(s.players["p2"].hand) == hand + 2


@example("359.3.e.14.a")
def test_rup4_359_3_e_14_a_hidden_blade_mistargets_and_nobody_draws() -> None:
    s = rup4_game()
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    hands = (len(s.players["p1"].hand), len(s.players["p2"].hand))
    s = cast(s, HIDDEN_BLADE, targets={"t": (foe,)})
    movement.recall(s, foe, [])  # moved to base in reaction: no longer a legal target
    s = pass_all(s)
    assert s.objects[foe].zone == "base"
    assert (len(s.players["p1"].hand), len(s.players["p2"].hand)) == hands


# --- 158.2 / 391: Noxian Guillotine - a delayed kill, replaced by Legion's kill now ---------


NOXIAN_GUILLOTINE = "OGN-254"


@example("391")
def test_rup4_391_guillotine_kills_the_unit_the_next_time_it_takes_damage() -> None:
    s = rup4_game()
    foe = put(s, BIG, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, NOXIAN_GUILLOTINE, targets=(foe,)))
    assert s.objects[foe].zone == "battlefield" and s.extra.get("delayed")
    s = pass_all(cast(s, HEXTECH_RAY, targets={"t": (foe,)}))  # 3 damage: not lethal to Might 4
    assert s.objects[foe].zone == "trash" and "delayed" not in s.extra


@example("158.2")
def test_rup4_158_2_guillotine_with_legion_kills_now_and_makes_no_delayed_kill() -> None:
    s = rup4_game()
    foe = put(s, BIG, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, HEXTECH_RAY, targets={"t": (put(s, SKULKER, "p2", "battlefield", "bf2"),)}))
    s = pass_all(cast(s, NOXIAN_GUILLOTINE, targets=(foe,)))  # Legion: another card played
    assert s.objects[foe].zone == "trash" and "delayed" not in s.extra


# --- 411.1: Cull the Weak - each player is responsible for their own kill --------------------


@example("411.1")
def test_rup4_411_1_cull_the_weak_each_player_kills_one_of_their_units() -> None:
    s = rup4_game()
    mine = [put(s, SKULKER, "p1", "base"), put(s, SKULKER, "p1", "battlefield", "bf1")]
    foe = put(s, SKULKER, "p2", "base")
    s = pass_all(cast(s, CULL_THE_WEAK))
    (req,) = engine.pending(s)
    assert req.player == "p1" and sorted(req.options["from"]) == sorted(mine)
    s = pass_all(choose(s, "p1", cards=[mine[1]]))
    assert s.objects[mine[1]].zone == "trash" and s.objects[mine[0]].zone == "base"
    assert s.objects[foe].zone == "trash"


# --- 416.6: recycle X from the trash, as many as there are ---------------------------------


@example("416.6")
def test_rup4_416_6_dr_mundo_recycles_the_two_cards_of_the_trash() -> None:
    from tests.cards_engine.helpers import to_p2_turn

    s = rup4_game()
    put(s, "OGN-109", "p2", "base")  # Dr. Mundo, Expert
    junk = [put(s, SKULKER, "p2", "trash") for _ in range(2)]
    s = pass_all(to_p2_turn(s))
    (req,) = engine.pending(s)  # no choice of 3 asked: both are recycled, in a random order
    assert req.kind == "deck_order" and sorted(req.options["randomize"]) == sorted(junk)
    deck = list(s.players["p2"].main_deck)
    s, _ = engine.apply(s, DeckOrderRecorded(player="p2", deck="main", order=(*deck, *junk)))
    assert not s.players["p2"].trash and s.players["p2"].main_deck[-2:] == junk


# --- 417.6.b.3 / 417.6.b.4: Challenge - the units deal the damage ----------------------------


@example("417.6.b.3", "417.6.b.4")
def test_rup4_417_6_b_3_challenge_damage_is_dealt_by_the_two_units() -> None:
    s = rup4_game()
    mine = put(s, SKULKER, "p1", "base")
    foe = put(s, PHANTOM, "p2", "battlefield", "bf1")
    s = cast(s, CHALLENGE, targets={"mine": (mine,), "foe": (foe,)})
    log: list[GameAction] = []
    while s.chain:
        (req,) = engine.pending(s)
        s, more = engine.apply(s, PriorityPassed(player=req.player or ""))
        log += more
    assert s.objects[mine].zone == "trash" and s.objects[foe].damage == 3
    deals = {a.details["source"]: a for a in log if a.kind == "deal"}
    assert set(deals) == {mine, foe}  # the units, not the spell, deal it (417.6.b.3)
    # 417.6.b.4: each unit's controller is responsible for what their unit deals
    assert {src: s.objects[src].controller for src in deals} == {mine: "p1", foe: "p2"}


# --- 383.2.c.1 / 383.2.c.2: triggers of objects entering or leaving their zone ---------------


@example("383.2.c.1")
def test_rup4_383_2_c_1_phoenix_killed_by_its_controllers_spell_triggers_from_the_trash() -> None:
    s = game()
    s.edition = RUP4
    runes(s, "p1", 6, FURY_RUNE)  # Falling Star leaves Fury Power to pay the Phoenix
    phoenix = put(s, "OGN-037", "p1", "base")  # Immortal Phoenix
    star = put(s, "OGN-029", "p1", "hand")     # Falling Star: 3 and 3
    s = pass_all(apply(s, CardPlayed(player="p1", card=star, payment=pay_for(s, "p1", star),
                                     targets={"first": (phoenix,), "second": (phoenix,)})))
    assert s.objects[phoenix].zone == "trash"
    (req,) = engine.pending(s)  # its trash trigger asks whether to pay and return
    assert (req.kind, req.options["source"]) == ("choice", phoenix), req


@example("383.2.c.2")
def test_rup4_383_2_c_2_viktor_dying_with_another_unit_makes_no_recruit() -> None:
    s = rup4_game()
    viktor = put(s, "OGN-246", "p1", "battlefield", "bf1")  # Viktor, Leader
    friend = put(s, SKULKER, "p1", "battlefield", "bf1")
    effects.kill(s, [viktor, friend], [])  # both die in one kill action
    assert s.objects[viktor].zone == s.objects[friend].zone == "trash"
    assert not s.extra.get("triggers") and not s.chain
    assert not any(o.card == "OGN-271" for o in s.objects.values())


@example("383.2.c.2")
def test_rup4_383_2_c_2_viktor_staying_makes_a_recruit() -> None:
    s = rup4_game()
    put(s, "OGN-246", "p1", "base")
    friend = put(s, SKULKER, "p1", "battlefield", "bf1")
    s = pass_all(cast(s, "OGN-229", targets=(friend,)))  # Vengeance kills it
    assert [o.location for o in s.objects.values() if o.card == "OGN-271"] == ["base:p1"]


# --- 369.1 / 370.1.a / 370.1.a.1: a replaced death is a kill that did not happen -------------


ZHONYA = "OGN-077"
SENTRY = "OGN-096"  # Deathknell: draw 1


@example("369.1", "370.1.a", "370.1.a.1")
def test_rup4_370_1_a_1_zhonyas_hourglass_replaces_the_death_and_nothing_dies() -> None:
    """The unit's death is replaced (heal, exhaust, recall): it never died, so its own
    Deathknell does not happen and the Hourglass goes to the trash instead."""
    s = rup4_game()
    zhonya = put(s, ZHONYA, "p1", "base")
    sentry = put(s, SENTRY, "p1", "battlefield", "bf1")
    s.objects[sentry].damage = 1
    hand = len(s.players["p1"].hand)
    log: list[GameAction] = []
    effects.kill(s, [sentry], log)
    s = pass_all(s)
    obj = s.objects[sentry]
    assert (obj.zone, obj.location, obj.exhausted, obj.damage) == ("base", "base:p1", True, 0)
    assert s.objects[zhonya].zone == "trash"
    assert not s.chain and len(s.players["p1"].hand) == hand
    assert "die" not in [a.kind for a in log if a.objects == (sentry,)]


# --- 355.5.b / 383.3.a: a play trigger's choices are made as it triggers ---------------------


BLASTCONE_FAE = "OGN-097"  # when played: a unit -2 Might this turn, to a minimum of 1
TIDETURNER = "OGN-199"     # when played: you may swap places with a unit elsewhere


@example("355.5.b")
def test_rup4_355_5_b_a_unit_with_a_targeting_play_trigger_is_played_without_a_target() -> None:
    s = rup4_game()
    foe = put(s, SKULKER, "p2", "base")
    fae = put(s, BLASTCONE_FAE, "p1", "hand")
    d = CardPlayed(player="p1", card=fae, destination="base", payment=pay_for(s, "p1", fae))
    assert engine.check(s, d) == []  # no target named as it is played
    s = apply(s, d)
    (req,) = engine.pending(s)
    assert req.kind == "choice" and foe in req.options["targets"]["t"]["from"]
    s = pass_all(choose(s, "p1", targets={"t": [foe]}))
    assert layers.might_of(s, foe) == 1


@example("383.3.a")
def test_rup4_383_3_a_tideturners_you_may_is_decided_as_it_is_finalized() -> None:
    s = rup4_game()
    there = put(s, SKULKER, "p1", "battlefield", "bf1")
    control(s, "bf1", "p1")
    tide = put(s, TIDETURNER, "p1", "hand")
    s = play(s, tide)
    (req,) = engine.pending(s)
    assert req.kind == "choice"  # whether to perform it, before it goes on the chain
    declined = pass_all(choose(s, "p1", use=False))
    assert not declined.chain and declined.objects[there].location == "bf1"
    s = pass_all(choose(s, "p1", use=True))
    assert s.objects[tide].location == "bf1" and s.objects[there].location == "base:p1"


# --- 477.3.b: a limited arithmetic effect is snapshotted --------------------------------------


@example("477.3.b")
def test_rup4_477_3_b_minus_two_to_a_minimum_of_one_is_remembered_as_minus_one() -> None:
    """Blastcone Fae's -2 (minimum 1) on a Might 2 unit gives -1; a later +2 (Feral
    Strength) brings it to 3, not back to 1."""
    s = rup4_game()
    small = put(s, "OGN-010", "p2", "battlefield", "bf1")  # Might 2
    assert layers.might_of(s, small) == 2
    s = play(s, put(s, BLASTCONE_FAE, "p1", "hand"))
    s = pass_all(choose(s, "p1", targets={"t": [small]}))
    assert layers.might_of(s, small) == 1
    s = pass_all(cast(s, "SFD-034", targets={"t": (small,)}))  # Feral Strength: +2 this turn
    assert layers.might_of(s, small) == 3


# --- 417.1.e.1 / 715.4.a: prevention and Bonus Damage ------------------------------------------


VOID_GATE = "OGN-296"  # battlefield: spells deal 1 Bonus Damage to units here


def _dealt(log: list[GameAction], oid: str) -> list[int]:
    return [int(a.details.get("amount", 0)) for a in log if a.kind == "deal" and oid in a.objects]


@example("417.1.e.1")
def test_rup4_417_1_e_1_only_damage_left_after_prevention_is_dealt() -> None:
    """Prevent the next 3: Hextech Ray (3) deals nothing; Void Seeker (4) deals 1."""
    for spell, left in ((HEXTECH_RAY, 0), (VOID_SEEKER, 1)):
        s = rup4_game()
        unit = put(s, BIG, "p2", "battlefield", "bf1")
        s.objects[unit].mods["prevent"] = 3
        s = cast(s, spell, targets={"t": (unit,)})
        log: list[GameAction] = []
        while s.chain:
            (req,) = engine.pending(s)
            s, more = engine.apply(s, PriorityPassed(player=req.player or ""))
            log += more
        assert s.objects[unit].damage == left, spell
        assert sum(_dealt(log, unit)) == left, spell


@example("715.4.a")
def test_rup4_715_4_a_prevention_counts_the_bonus_damage_in_the_total() -> None:
    """A unit at Void Gate with prevent 3 hit by Hextech Ray: 3 + 1 Bonus = 4, 3 prevented,
    1 taken."""
    for edition, taken in ((RUP4, 1), ("v1.3", 0)):  # v1.3 715.4: no Bonus when all prevented
        s = game(battlefields=(VOID_GATE, "token:battlefield"))
        s.edition = edition
        runes(s, "p1", 4, FURY_RUNE)
        unit = put(s, BIG, "p2", "battlefield", "bf1")
        s.objects[unit].mods["prevent"] = 3
        s = pass_all(cast(s, HEXTECH_RAY, targets={"t": (unit,)}))
        assert s.objects[unit].damage == taken and s.objects[unit].zone == "battlefield", edition


# --- 359.3.e.14.b: a replaced kill does not stop a later linked instruction -------------------


@example("359.3.e.14.b")
def test_rup4_359_3_e_14_b_hidden_blade_kill_replaced_its_controller_still_draws() -> None:
    s = rup4_game()
    put(s, ZHONYA, "p2", "base")  # p2's Hourglass replaces the death of p2's unit
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    hand = len(s.players["p2"].hand)
    s = pass_all(cast(s, HIDDEN_BLADE, targets={"t": (foe,)}))
    assert s.objects[foe].zone == "base"  # healed, exhausted and recalled instead
    assert len(s.players["p2"].hand) == hand + 2


# --- 359.3.e.11: an instruction followed as far as it can be ----------------------------------


@example("359.3.e.11")
def test_rup4_359_3_e_11_discard_two_with_one_card_discards_it_and_draws_two() -> None:
    """Scrapyard Champion with Legion: discard 2, then draw 2 - with one card in hand the
    player discards that one and still draws 2."""
    s = rup4_game()
    runes(s, "p1", 6, FURY_RUNE)
    s = pass_all(play(s, put(s, SKULKER, "p1", "hand")))  # Legion: another card this turn
    only = put(s, SKULKER, "p1", "hand")
    s = pass_all(play(s, put(s, "OGN-020", "p1", "hand")))  # Scrapyard Champion
    if engine.pending(s)[0].kind == "choice":
        s = pass_all(choose(s, "p1", cards=[only]))
    assert s.objects[only].zone == "trash"
    assert len(s.players["p1"].hand) == 2


# --- 727.1.a.1 / 812.2: Legion's condition lasts the turn ----------------------------------------


@example("727.1.a.1")
def test_rup4_727_1_a_1_a_card_played_last_turn_does_not_satisfy_legion() -> None:
    s = rup4_game()
    foe = put(s, BIG, "p2", "battlefield", "bf1")
    marks = s.players["p1"].turn_marks
    marks["played_turn"], marks["played"] = s.turn - 1, [put(s, SKULKER, "p1", "base")]
    s = pass_all(cast(s, NOXIAN_GUILLOTINE, targets=(foe,)))
    assert s.objects[foe].zone == "battlefield" and s.extra.get("delayed")  # no Legion


@example("812.2")
def test_rup4_812_2_one_earlier_card_turns_on_every_legion_ability(encode: Encode) -> None:  # noqa: F811
    encode(BIG, on_play(Draw(1), condition=Legion()), on_play(Draw(1), condition=Legion()))
    s = rup4_game()
    s = pass_all(play(s, put(s, SKULKER, "p1", "hand")))
    hand = len(s.players["p1"].hand)
    s = play(s, put(s, BIG, "p1", "hand"))
    (req,) = engine.pending(s)
    assert req.kind == "trigger_order" and len(req.options["ids"]) == 2  # both are active
    s = pass_all(apply(s, TriggersOrdered(player="p1", order=tuple(req.options["ids"]))))
    assert len(s.players["p1"].hand) == hand + 2


# --- 346.1: Focus does not pass after a chain a trigger opened -----------------------------------


@example("346.1")
def test_rup4_346_1_focus_stays_with_the_attacker_after_the_combat_chain(encode: Encode) -> None:  # noqa: F811
    encode(BIG, Triggered(When("attacks", "me"), (Draw(1),)))
    s = rup4_game()
    control(s, "bf1", "p2")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    unit = put(s, BIG, "p1", "base")
    hand = len(s.players["p1"].hand)
    s = apply(s, StandardMove(player="p1", units=(unit,), destination="bf1"))
    for _ in range(10):
        reqs = engine.pending(s)
        if not s.chain or reqs[0].kind != "priority":
            break
        s = apply(s, PriorityPassed(player=reqs[0].player or ""))
    assert not s.chain and len(s.players["p1"].hand) == hand + 1
    assert s.showdown is not None and s.showdown.combat and s.showdown.focus == "p1"
    assert (engine.pending(s)[0].kind, engine.pending(s)[0].player) == ("focus", "p1")


# --- 364.3.a: a conditional passive ability --------------------------------------------------------


@example("364.3.a")
def test_rup4_364_3_a_bonus_only_while_attacking_alone() -> None:
    s = rup4_game()
    wielder = put(s, "OGN-055", "p1", "battlefield", "bf1")  # +2 Might attacking or defending alone
    abilities.start_passives(s, wielder)
    put(s, SKULKER, "p2", "battlefield", "bf1")
    printed = layers.might_of(s, wielder)
    s.objects[wielder].designation = "attacker"
    layers.clear_cache()
    assert layers.might_of(s, wielder) == printed + 2
    s.objects[put(s, SKULKER, "p1", "battlefield", "bf1")].designation = "attacker"
    layers.clear_cache()
    assert layers.might_of(s, wielder) == printed


# --- 206: a card's cost for other effects is its printed cost --------------------------------------


@example("206")
def test_rup4_206_lux_sees_sky_splitters_printed_cost_though_less_was_paid() -> None:
    s = rup4_game()
    lux = put(s, "OGS-006", "p1", "base")  # Lux, Illuminated: +3 Might for a spell of 5+
    before = layers.might_of(s, lux)
    spell = put(s, "OGN-014", "p1", "hand")  # Sky Splitter: cheaper by the highest Might
    assert total_cost(s, "p1", spell).energy < 5
    foe = put(s, PHANTOM, "p2", "battlefield", "bf1")
    s = pass_all(play(s, spell, destination=None, targets=(foe,)))
    assert layers.might_of(s, lux) == before + 3


# --- 383.4.g.1: activating the conquer effects of units here ---------------------------------------


@example("383.4.g.1")
def test_rup4_383_4_g_1_reckoners_arena_activates_conquer_effects_of_units_here(
        encode: Encode) -> None:  # noqa: F811
    from tests.cards_engine.helpers import to_p2_turn

    encode(SKULKER, Triggered(When("conquers", "me"), (Draw(1),)), keywords=())
    s = game(battlefields=("OGN-286", "token:battlefield"))
    s.edition = RUP4
    put(s, SKULKER, "p2", "battlefield", "bf1")
    put(s, BIG, "p2", "base")  # elsewhere: not activated
    control(s, "bf1", "p2")
    s = pass_all(to_p2_turn(s))  # p2 holds bf1: the arena, then the unit's conquer effect
    assert len(s.players["p2"].hand) == 2  # 1 from the conquer effect, 1 from the Draw Phase


# --- 190.6.b: an uncontrolled battlefield's ability is the turn player's -----------------------


@example("190.6.b")
def test_rup4_190_6_b_the_arenas_greatest_uncontrolled_the_turn_player_controls_it() -> None:
    from tests.cards_engine.helpers import to_p2_turn

    s = game(battlefields=("OGN-290", "token:battlefield"))  # The Arena's Greatest
    s.edition = RUP4
    assert s.battlefield("bf1").controller is None
    s = to_p2_turn(s)
    (item,) = s.chain
    assert item.controller == "p2" and s.priority == "p2"
    assert engine.pending(s)[0].player == "p2"
    s = pass_all(s)
    assert s.players["p2"].points == 1 and s.players["p1"].points == 0


# --- 359.3.e.6: an instruction made impossible is ignored ---------------------------------------


@example("359.3.e.6")
def test_rup4_359_3_e_6_ride_the_wind_to_base_from_vilemaws_lair_does_not_move() -> None:
    s = game(battlefields=("OGN-295", "token:battlefield"))  # Vilemaw's Lair: no move to base
    s.edition = RUP4
    runes(s, "p1", 3, CHAOS_RUNE)
    unit = put(s, SKULKER, "p1", "battlefield", "bf1", exhausted=True)
    control(s, "bf1", "p1")
    s = pass_all(cast(s, "OGN-173", targets=(unit,)))  # Ride the Wind
    (req,) = engine.pending(s)
    assert {"to": "base:p1"} in req.options["choices"]  # base is still a destination to name
    s = pass_all(choose(s, "p1", to="base:p1"))
    assert s.objects[unit].location == "bf1"  # the move is ignored on resolution
    assert not s.objects[unit].exhausted  # the next instruction (ready it) still executes


# --- 383.1 / 383.2.a.1: triggered abilities and the conditions after them ----------------------


SONA = "OGN-073"  # Sona, Harmonious: readies runes when her controller's turn ends, if she is at a battlefield


def _sona_turn_ends(where: str) -> tuple[GameState, list[str]]:
    s = rup4_game()
    if where == "base":
        put(s, SONA, "p1", "base")
    else:
        put(s, SONA, "p1", "battlefield", "bf1")
        control(s, "bf1", "p1")
    spent = [r for r in s.players["p1"].base if s.objects[r].card == CALM_RUNE]
    for r in spent:
        s.objects[r].exhausted = True
    for pid in s.players:
        put(s, CALM_RUNE, pid, "rune_deck")
    s, _ = engine.apply(s, TurnEnded(player="p1"))
    return s, spent


@example("383.1", "383.2.a.1")
def test_rup4_383_2_a_1_sona_at_a_battlefield_readies_runes_at_the_end_of_turn() -> None:
    s, spent = _sona_turn_ends("bf1")
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.player == "p1"
    s = pass_all(choose(s, "p1", targets={"t": spent}))
    assert not any(s.objects[r].exhausted for r in spent)


@example("383.2.a.1")
def test_rup4_383_2_a_1_sona_in_base_does_not_trigger() -> None:
    s, spent = _sona_turn_ends("base")
    assert s.turn_player == "p2" and all(s.objects[r].exhausted for r in spent)


# --- 811.1.d.2: a hidden card's play effect chooses at its battlefield --------------------------


@example("811.1.d.2")
def test_rup4_811_1_d_2_blastcone_fae_from_hidden_targets_only_at_its_battlefield() -> None:
    from riftlog.events.abilities import CardHidden
    from riftlog.rules.playing.abilities import HIDE_COST

    s = rup4_game()
    control(s, "bf1", "p1")
    there = put(s, SKULKER, "p2", "battlefield", "bf1")
    home = put(s, SKULKER, "p2", "base")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    fae = put(s, BLASTCONE_FAE, "p1", "hand")
    s, _ = engine.apply(s, CardHidden(player="p1", card=fae, battlefield="bf1",
                                      payment=pay_for(s, "p1", cost=HIDE_COST)))
    s.turn += 1
    s, _ = engine.apply(s, CardPlayed(player="p1", card=fae, destination="bf1"))
    (req,) = engine.pending(s)
    assert there in req.options["targets"]["t"]["from"]
    assert home not in req.options["targets"]["t"]["from"]
    assert engine.check(s, ChoiceMade(player="p1", choice={"targets": {"t": [home]}}))
    s = pass_all(choose(s, "p1", targets={"t": [there]}))
    assert layers.might_of(s, there) == 1


# --- 359.3.e.12: information about a target gone from the board is null ------------------------


@example("359.3.e.12")
def test_rup4_359_3_e_12_baited_hooks_killed_unit_gone_no_unit_can_be_chosen() -> None:
    """Baited Hook's friendly unit goes back to its owner's hand before the ability
    resolves: it is not killed, its Might is null, so none of the five looked at can be
    chosen and they are recycled."""
    from riftlog.rules.board.resources import Cost
    from riftlog.rules.board.zones import change_zone
    from tests.cards_engine.helpers import activate
    from tests.cards_engine.test_play_effect_cards import _hook, order, top

    s = game()
    s.edition = RUP4
    s, hook, victim = _hook(s)
    (small, *_) = top(s, "p1", SKULKER, HEXTECH_RAY, HEXTECH_RAY, HEXTECH_RAY, HEXTECH_RAY)
    s = activate(s, hook, targets={"t": (victim,)},
                 payment=pay_for(s, "p1", cost=Cost(1, {"Order": 1})))
    change_zone(s, s.objects[victim], "hand")  # as an opponent's reaction would
    s = pass_all(s)
    assert s.objects[victim].zone == "hand"
    assert engine.pending(s)[0].kind == "deck_order"  # no card choice: straight to recycling
    s = order(s)
    assert s.objects[small].zone == "main_deck"


# --- 761.2: a part of a name identifies a card when it is the only one ---------------------

@example("761.2")
def test_rup4_761_2_a_part_of_the_name_names_the_only_card_it_fits() -> None:
    # the notation names cards the way 761.2 allows: "Kato" is enough for Kato the Arm when
    # no other card in reach has Kato in its name; a part two cards share is refused
    s = game()
    kato = put(s, "SFD-112", "p1", "hand")
    played = parse_decision(s, "p1: play Kato @ base")
    assert isinstance(played, CardPlayed) and played.card == kato
    put(s, "OGS-007", "p1", "hand")  # Garen, Rugged
    put(s, "OGS-013", "p1", "hand")  # Garen, Commander
    with pytest.raises(NotationError, match="ambiguous"):
        parse_decision(s, "p1: play Garen @ base")


# --- 205: paying in an ability's instructions is a game action, not a cost --------------------


RUNE_CARDS = {FURY_RUNE, BODY_RUNE, ORDER_RUNE, CHAOS_RUNE, CALM_RUNE, MIND_RUNE}


def _exhausted_runes(s: GameState) -> int:
    return sum(1 for o in s.players["p1"].base
               if s.objects[o].card in RUNE_CARDS and s.objects[o].exhausted)


def _attack_with_pay_trigger(pay: bool) -> tuple[GameState, int]:
    s = rup4_game()
    control(s, "bf1", "p2")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    unit = put(s, BIG, "p1", "base")
    hand = len(s.players["p1"].hand)
    s = apply(s, StandardMove(player="p1", units=(unit,), destination="bf1"))
    assert s.chain  # the attack trigger is on the chain with nothing paid: no cost of it
    assert _exhausted_runes(s) == 0
    for _ in range(10):
        (req,) = engine.pending(s)
        if req.kind == "choice":
            break
        s = apply(s, PriorityPassed(player=req.player or ""))
    offer = next(c for c in req.options["choices"] if (c["pay"] is not None) == pay)
    return apply(s, ChoiceMade(player="p1", choice=offer)), hand


@example("205")
def test_rup4_205_an_attack_trigger_pays_as_it_resolves_and_only_then_rewards(
        encode: Encode) -> None:  # noqa: F811
    """A test-only attack trigger "you may pay 4 Energy; if you do, draw 1" (the example's
    card is not in the catalog; it kills instead of drawing): the payment is made as the
    ability resolves, and the linked draw happens only if it was made."""
    encode(BIG, Triggered(When("attacks", "me"), (Custom("may_pay_energy_to", (4, "draw")),)))
    s, hand = _attack_with_pay_trigger(pay=True)
    assert len(s.players["p1"].hand) == hand + 1
    assert _exhausted_runes(s) == 4
    s, hand = _attack_with_pay_trigger(pay=False)
    assert len(s.players["p1"].hand) == hand
    assert _exhausted_runes(s) == 0
