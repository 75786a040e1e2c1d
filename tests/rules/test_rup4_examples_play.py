"""Issue 19: examples of new or changed RUP4 rules played through the engine under RUP4
(one example a test; the ids are listed in ``tests/rules/rup4_examples.py``).

Each test describes its example in our own words and asserts the outcome the example
states; refused moves assert the RUP4 id of the refusing rule.
"""

from __future__ import annotations

from riftlog.events.decisions import DeckOrderRecorded, PriorityPassed
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.flow import turn
from riftlog.rules.game_actions import movement
from riftlog.rules.interpreter import effects
from tests.cards_engine.helpers import (
    BODY_RUNE,
    CALM_RUNE,
    CHAOS_RUNE,
    FURY_RUNE,
    MIND_RUNE,
    ORDER_RUNE,
    SKULKER,
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
HIDDEN_BLADE = "OGN-213"   # kill a unit at a battlefield, its controller draws 2
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
