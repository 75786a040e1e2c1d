"""Batch ogn_101_150, spells: every card played through the engine, and refused uses."""

from __future__ import annotations

from riftlog.cards.catalog import load_catalog
from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed, StandardMove
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import (
    BODY_RUNE,
    MIND_RUNE,
    SKULKER,
    cast,
    control,
    game,
    pass_all,
    play,
    put,
    runes,
    spell_played,
    violations,
)
from tests.rules.board import PHANTOM

PORTAL, RETREAT, SINGULARITY, MUTATION = "OGN-102", "OGN-104", "OGN-105", "OGN-108"
PROGRESS, UNCHECKED, BARRAGE, CHALLENGE = "OGN-114", "OGN-123", "OGN-127", "OGN-128"
FLURRY, MOBILIZE, CATALYST = "OGN-133", "OGN-134", "OGN-138"
CONFRONT, SPOILS, WRAITH = "OGN-129", "OGN-144", "OGN-118"


def test_portal_rescue_banishes_and_replays_a_friendly_unit_to_base() -> None:
    s = game()
    runes(s, "p1", 3, MIND_RUNE)
    unit = put(s, SKULKER, "p1", "battlefield", "bf1")
    s.objects[unit].damage = 2
    s = pass_all(cast(s, PORTAL, targets={"t": (unit,)}))
    obj = s.objects[unit]
    assert obj.zone == "base" and obj.location == "base:p1" and obj.damage == 0
    assert obj.exhausted  # played: a unit enters exhausted
    assert unit in s.players["p1"].turn_marks["played"]


def test_portal_rescue_refuses_an_enemy_unit() -> None:
    s = game()
    runes(s, "p1", 3, MIND_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    put(s, SKULKER, "p1", "base")
    assert "355.5" in violations(s, spell_played(s, PORTAL, targets={"t": (foe,)}))


def test_retreat_returns_a_unit_and_its_owner_channels_exhausted() -> None:
    s = game()
    runes(s, "p1", 1, MIND_RUNE)
    rune = put(s, BODY_RUNE, "p1", "rune_deck")
    unit = put(s, SKULKER, "p1", "battlefield", "bf1")
    s = pass_all(cast(s, RETREAT, targets={"t": (unit,)}))
    assert s.objects[unit].zone == "hand" and unit in s.players["p1"].hand
    assert s.objects[rune].zone == "base" and s.objects[rune].exhausted


def test_retreat_refuses_an_enemy_unit() -> None:
    s = game()
    runes(s, "p1", 1, MIND_RUNE)
    foe = put(s, SKULKER, "p2", "base")
    put(s, SKULKER, "p1", "base")
    assert "355.5" in violations(s, spell_played(s, RETREAT, targets={"t": (foe,)}))


def test_singularity_deals_six_to_up_to_two_units() -> None:
    s = game()
    runes(s, "p1", 8, MIND_RUNE)
    a = put(s, PHANTOM, "p2", "battlefield", "bf1")
    b = put(s, SKULKER, "p2", "base")
    s = pass_all(cast(s, SINGULARITY, targets={"t": (a, b)}))
    assert s.objects[a].zone == "trash" and s.objects[b].zone == "trash"


def test_singularity_refuses_three_targets() -> None:
    s = game()
    runes(s, "p1", 8, MIND_RUNE)
    units = tuple(put(s, SKULKER, "p2", "base") for _ in range(3))
    assert "355.5" in violations(s, spell_played(s, SINGULARITY, targets={"t": units}))


def test_convergent_mutation_raises_a_unit_to_another_ones_might_this_turn() -> None:
    s = game()
    runes(s, "p1", 3, MIND_RUNE)
    small = put(s, SKULKER, "p1", "base")
    big = put(s, PHANTOM, "p1", "base")
    s = pass_all(cast(s, MUTATION, targets={"t": (small, big)}))
    assert layers.might_of(s, small) == 5 and layers.might_of(s, big) == 5
    assert any(e.get("until") == "end_of_turn" for e in s.effects)


def test_convergent_mutation_never_lowers_might() -> None:
    s = game()
    runes(s, "p1", 3, MIND_RUNE)
    small = put(s, SKULKER, "p1", "base")
    big = put(s, PHANTOM, "p1", "base")
    s = pass_all(cast(s, MUTATION, targets={"t": (big, small)}))
    assert layers.might_of(s, big) == 5 and layers.might_of(s, small) == 3


def test_convergent_mutation_refuses_an_enemy_unit_or_the_same_unit_twice() -> None:
    s = game()
    runes(s, "p1", 3, MIND_RUNE)
    mine = put(s, SKULKER, "p1", "base")
    foe = put(s, PHANTOM, "p2", "base")
    assert "355.5" in violations(s, spell_played(s, MUTATION, targets={"t": (mine, foe)}))
    assert "355.5.c" in violations(s, spell_played(s, MUTATION, targets={"t": (mine, mine)}))


def test_progress_day_draws_four() -> None:
    s = game()
    runes(s, "p1", 7, MIND_RUNE)
    s = pass_all(cast(s, PROGRESS))
    assert len(s.players["p1"].hand) == 4


def test_progress_day_cannot_be_played_without_its_cost() -> None:
    s = game()
    runes(s, "p1", 7, BODY_RUNE)  # no Mind power
    oid = put(s, PROGRESS, "p1", "hand")
    d = CardPlayed(player="p1", card=oid, payment=Payment(exhaust=tuple(s.players["p1"].base[:6])))
    assert violations(s, d)
    assert "165.2" in violations(s, CardPlayed(player="p1", card=oid, payment=Payment()))


def test_unchecked_power_exhausts_friendly_units_and_hits_every_unit_at_battlefields() -> None:
    s = game()
    runes(s, "p1", 9, MIND_RUNE)
    home = put(s, SKULKER, "p1", "base")
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    foe = put(s, PHANTOM, "p2", "battlefield", "bf2")
    foe_home = put(s, SKULKER, "p2", "base")
    s = pass_all(cast(s, UNCHECKED))
    assert s.objects[home].exhausted and s.objects[home].zone == "base"
    assert s.objects[mine].zone == "trash" and s.objects[foe].zone == "trash"
    assert s.objects[foe_home].zone == "base" and not s.objects[foe_home].exhausted


def test_unchecked_power_is_not_an_action() -> None:
    s = game()
    runes(s, "p1", 9, MIND_RUNE)
    attacker = put(s, SKULKER, "p1", "base")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s, _ = engine.apply(s, StandardMove(player="p1", units=(attacker,), destination="bf1"))
    assert s.showdown is not None
    assert "308.1.a" in violations(s, spell_played(s, UNCHECKED))


def _combat(s: GameState) -> tuple[GameState, str, str, str]:
    attacker = put(s, SKULKER, "p1", "base")
    defender = put(s, SKULKER, "p2", "battlefield", "bf1")
    elsewhere = put(s, SKULKER, "p2", "battlefield", "bf2")
    control(s, "bf1", "p2")
    s, _ = engine.apply(s, StandardMove(player="p1", units=(attacker,), destination="bf1"))
    assert s.showdown is not None and s.showdown.combat
    return s, attacker, defender, elsewhere


def test_cannon_barrage_hits_enemy_units_in_the_combat() -> None:
    s = game()
    runes(s, "p1", 3, BODY_RUNE)
    s, attacker, defender, elsewhere = _combat(s)
    s = pass_all(cast(s, BARRAGE))
    assert s.objects[defender].damage == 2 and s.objects[attacker].damage == 0
    assert s.objects[elsewhere].damage == 0


def test_cannon_barrage_outside_a_combat_does_nothing() -> None:
    s = game()
    runes(s, "p1", 3, BODY_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, BARRAGE))
    assert s.objects[foe].damage == 0


def test_challenge_units_deal_their_might_to_each_other() -> None:
    s = game()
    runes(s, "p1", 3, BODY_RUNE)
    mine = put(s, SKULKER, "p1", "base")
    foe = put(s, PHANTOM, "p2", "battlefield", "bf1")
    s, _ = engine.apply(cast(s, CHALLENGE, targets={"mine": (mine,), "foe": (foe,)}),
                        _pass("p1"))
    s, log = engine.apply(s, _pass("p2"))
    assert not s.chain
    assert s.objects[mine].zone == "trash"  # took 5
    assert s.objects[foe].damage == 3
    # 417.6.b.3: the units are the sources of the damage, not the spell
    deals = [a for a in log if a.kind == "deal"]
    assert {a.details["source"] for a in deals} == {mine, foe}


def _pass(pid: str):  # type: ignore[no-untyped-def]
    from riftlog.events.decisions import PriorityPassed

    return PriorityPassed(player=pid)


def test_challenge_refuses_two_friendly_units() -> None:
    s = game()
    runes(s, "p1", 3, BODY_RUNE)
    a = put(s, SKULKER, "p1", "base")
    b = put(s, SKULKER, "p1", "base")
    put(s, SKULKER, "p2", "base")
    assert "355.5" in violations(s, spell_played(s, CHALLENGE, targets={"mine": (a,), "foe": (b,)}))


def test_flurry_of_blades_hits_all_units_at_battlefields_only() -> None:
    s = game()
    runes(s, "p1", 1, BODY_RUNE)
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    foe = put(s, SKULKER, "p2", "battlefield", "bf2")
    home = put(s, SKULKER, "p2", "base")
    s = pass_all(cast(s, FLURRY))
    assert s.objects[mine].damage == 1 and s.objects[foe].damage == 1
    assert s.objects[home].damage == 0


def test_flurry_of_blades_is_a_reaction_played_on_the_chain() -> None:
    s = game()
    runes(s, "p1", 3, BODY_RUNE)
    runes(s, "p1", 1, BODY_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = cast(s, FLURRY)
    s = cast(s, FLURRY)  # a Reaction may be played while the chain is not empty
    s = pass_all(s)
    assert s.objects[foe].damage == 2


def test_mobilize_channels_one_exhausted_and_draws_only_if_it_cannot() -> None:
    s = game()
    runes(s, "p1", 2, BODY_RUNE)
    rune = put(s, BODY_RUNE, "p1", "rune_deck")
    s = pass_all(cast(s, MOBILIZE))
    assert s.objects[rune].zone == "base" and s.objects[rune].exhausted
    assert not s.players["p1"].hand
    s = game()
    runes(s, "p1", 2, BODY_RUNE)
    s = pass_all(cast(s, MOBILIZE))
    assert len(s.players["p1"].hand) == 1


def test_catalyst_of_aeons_draws_when_fewer_than_two_runes_come() -> None:
    s = game()
    runes(s, "p1", 4, BODY_RUNE)
    r1 = put(s, BODY_RUNE, "p1", "rune_deck")
    s = pass_all(cast(s, CATALYST))
    assert s.objects[r1].zone == "base" and s.objects[r1].exhausted
    assert len(s.players["p1"].hand) == 1
    s = game()
    runes(s, "p1", 4, BODY_RUNE)
    for _ in range(2):
        put(s, BODY_RUNE, "p1", "rune_deck")
    s = pass_all(cast(s, CATALYST))
    assert not s.players["p1"].hand and len(s.players["p1"].base) == 6


def test_catalyst_of_aeons_is_not_a_reaction() -> None:
    s = game()
    runes(s, "p1", 5, BODY_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = cast(s, FLURRY)
    assert s.chain and foe
    assert "309.1.a" in violations(s, spell_played(s, CATALYST))


# OGN-107, OGN-112, OGN-115: test_play_effect_cards.py; OGN-143: tests/cards_engine/test_readied.py;
# OGN-147: test_kill_buff_cards.py (issue #5, K1); OGN-111: test_control_cards.py (issue #5, K2).


def test_every_card_of_the_batch_is_supported() -> None:
    cat = load_catalog()
    assert [c for c in (f"OGN-{n:03d}" for n in range(101, 151)) if not cat.get(c).supported] == []


def test_confront_makes_units_played_this_turn_enter_ready_and_draws() -> None:
    s = game()
    runes(s, "p1", 8, BODY_RUNE)
    before = put(s, SKULKER, "p2", "hand")
    s = pass_all(cast(s, CONFRONT))
    assert len(s.players["p1"].hand) == 1
    a = put(s, SKULKER, "p1", "hand")
    s = play(s, a)
    b = put(s, SKULKER, "p1", "hand")
    s = pass_all(play(s, b))
    assert not s.objects[a].exhausted and not s.objects[b].exhausted
    assert before


def test_confront_does_not_last_into_the_next_turn_and_needs_action_timing() -> None:
    s = game()
    runes(s, "p1", 2, BODY_RUNE)
    s = pass_all(cast(s, CONFRONT))
    from riftlog.rules.playing import abilities

    assert abilities._turn_effects(s, "p1", "units_ready")
    s.turn += 1
    assert not abilities._turn_effects(s, "p1", "units_ready")
    s2 = game()
    runes(s2, "p1", 4, BODY_RUNE)
    put(s2, SKULKER, "p2", "battlefield", "bf1")
    s2 = cast(s2, FLURRY)
    assert "309.1.a" in violations(s2, spell_played(s2, CONFRONT))  # an Action is no Reaction


def test_spoils_of_war_costs_two_less_after_an_enemy_unit_died_this_turn() -> None:
    from riftlog.rules.playing.play import total_cost

    s = game()
    runes(s, "p1", 5, BODY_RUNE)
    spoils = put(s, SPOILS, "p1", "hand")
    assert total_cost(s, "p1", spoils).energy == 4
    mine = put(s, SKULKER, "p1", "battlefield", "bf2")
    s.objects[mine].damage = 2
    s = pass_all(cast(s, FLURRY))  # only a friendly unit died: no reduction
    assert s.objects[mine].zone == "trash" and total_cost(s, "p1", spoils).energy == 4
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s.objects[foe].damage = 2
    s = pass_all(cast(s, FLURRY))
    assert s.objects[foe].zone == "trash"
    assert total_cost(s, "p1", spoils).energy == 2
    s = pass_all(play(s, spoils, destination=None))
    assert len(s.players["p1"].hand) == 2


def test_spoils_of_war_without_a_death_needs_its_full_cost() -> None:
    s = game()
    runes(s, "p1", 3, BODY_RUNE)  # 3 runes: enough only with the reduction
    spoils = put(s, SPOILS, "p1", "hand")
    base = tuple(s.players["p1"].base)
    d = CardPlayed(player="p1", card=spoils, payment=Payment(exhaust=base[:2], recycle=base[2:]))
    assert violations(s, d)


def test_wraith_of_echoes_draws_once_when_two_friendly_units_die_at_once() -> None:
    # 383.1.b: two friendly units die simultaneously: the ability triggers only once
    s = game()
    runes(s, "p1", 2, BODY_RUNE)
    put(s, WRAITH, "p1", "base")
    units = [put(s, SKULKER, "p1", "battlefield", "bf1") for _ in range(3)]
    for u in units[:2]:
        s.objects[u].damage = 2
    s = cast(s, FLURRY)
    s = pass_all(s)
    assert [s.objects[u].zone for u in units[:2]] == ["trash", "trash"]
    assert len(s.players["p1"].hand) == 1 and not s.chain
    s.objects[units[2]].damage = 2  # a later death this turn: not the first time any more
    s = pass_all(cast(s, FLURRY))
    assert s.objects[units[2]].zone == "trash" and len(s.players["p1"].hand) == 1


def test_wraith_of_echoes_ignores_enemy_deaths() -> None:
    s = game()
    runes(s, "p1", 1, BODY_RUNE)
    put(s, WRAITH, "p1", "base")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s.objects[foe].damage = 2
    s = pass_all(cast(s, FLURRY))
    assert s.objects[foe].zone == "trash" and not s.players["p1"].hand


TIME_WARP = "OGN-122"


def _end_turn(s: GameState, pid: str) -> GameState:
    from riftlog.events.decisions import TurnEnded

    for p in s.players:
        put(s, BODY_RUNE, p, "rune_deck")
    s, _ = engine.apply(s, TurnEnded(player=pid))
    return s


def test_time_warp_gives_its_controller_the_next_turn_and_is_banished() -> None:
    s = game()
    runes(s, "p1", 10, MIND_RUNE)
    warp = put(s, TIME_WARP, "p1", "hand")
    s = pass_all(play(s, warp, destination=None))
    assert s.objects[warp].zone == "banishment" and warp not in s.players["p1"].trash
    turn = s.turn
    s = _end_turn(s, "p1")
    assert s.turn_player == "p1" and s.turn == turn + 1  # the additional turn (735)
    s = _end_turn(s, "p1")
    assert s.turn_player == "p2"  # then the turn order goes on (737)
    s = _end_turn(s, "p2")
    assert s.turn_player == "p1"


def test_two_time_warps_give_two_additional_turns_then_the_order_resumes() -> None:
    # 738: [A > A* > A* > B]
    s = game()
    runes(s, "p1", 20, MIND_RUNE)
    for _ in range(2):
        s = pass_all(play(s, put(s, TIME_WARP, "p1", "hand"), destination=None))
    order = []
    for _ in range(4):
        s = _end_turn(s, s.turn_player or "")
        order.append(s.turn_player)
    assert order == ["p1", "p1", "p2", "p1"]


def test_time_warp_needs_its_power_and_is_no_reaction() -> None:
    s = game()
    runes(s, "p1", 10, BODY_RUNE)  # no Mind power
    warp = put(s, TIME_WARP, "p1", "hand")
    base = tuple(s.players["p1"].base)
    d = CardPlayed(player="p1", card=warp, payment=Payment(exhaust=base, recycle=base[:4]))
    assert violations(s, d)
    s2 = game()
    runes(s2, "p1", 11, MIND_RUNE)
    put(s2, SKULKER, "p2", "battlefield", "bf1")
    s2 = cast(s2, FLURRY)
    assert "309.1.a" in violations(s2, spell_played(s2, TIME_WARP))
