"""The turn (v1.3 301-324): phases, first-turn processes, burn out, cleanups."""

from __future__ import annotations

import pytest

from riftlog.errors import IllegalDecision, UnsupportedCard
from riftlog.events.decisions import BurnOutPointGiven, PriorityPassed, TurnEnded
from riftlog.rules import engine
from riftlog.rules.board.state import ChainItem
from riftlog.rules.flow.turn import TOKEN_BATTLEFIELD, cleanup
from tests.rules.engine_fixtures import created, identity_outcome, play, rules, settle, start


def runes_in_base(state, pid):  # type: ignore[no-untyped-def]
    return [o for o in state.players[pid].base if state.objects[o].card.endswith(("126", "214"))]


def unit_at_battlefield(state, pid, bf_index=0):  # type: ignore[no-untyped-def]
    """Put one of *pid*'s hand units at a battlefield they then control."""
    bf = state.battlefields[bf_index]
    oid = state.players[pid].hand.pop(0)
    unit = state.objects[oid]
    unit.zone, unit.location, unit.controller = "battlefield", bf.oid, pid
    bf.units.append(oid)
    bf.controller = pid
    return oid


def end_turn(state):  # type: ignore[no-untyped-def]
    return settle(play(state, TurnEnded(player=state.turn_player)))


def test_v1_3_315_3_first_player_channels_two_ready_runes() -> None:
    state = start()
    assert len(runes_in_base(state, "p1")) == 2
    assert not any(state.objects[o].exhausted for o in state.players["p1"].base)


def test_v1_3_480_7_duel_second_player_channels_an_extra_rune_once() -> None:
    state = end_turn(start())
    assert state.turn_player == "p2" and len(runes_in_base(state, "p2")) == 3
    state = end_turn(end_turn(state))
    assert len(runes_in_base(state, "p2")) == 5


def test_v1_3_315_4_turn_player_draws_one() -> None:
    state = start()
    assert len(state.players["p1"].hand) == 5 and len(state.players["p2"].hand) == 4


def test_v1_3_482_7_ffa3_first_player_skips_first_draw_last_channels_extra() -> None:
    state = start(created("ffa3"))
    assert len(state.players["p1"].hand) == 4
    state = end_turn(end_turn(state))
    assert state.turn_player == "p3"
    assert len(runes_in_base(state, "p3")) == 3 and len(state.players["p3"].hand) == 5
    state = end_turn(state)
    assert state.turn_player == "p1" and len(state.players["p1"].hand) == 5


def test_v1_3_315_1_awaken_readies_what_the_turn_player_controls() -> None:
    state = start()
    rune = state.players["p1"].base[0]
    state.objects[rune].exhausted = True
    state.objects["p1.legend"].exhausted = True
    state = end_turn(end_turn(state))
    assert not state.objects[rune].exhausted and not state.objects["p1.legend"].exhausted


def test_v1_3_166_pools_empty_at_end_of_turn() -> None:
    state = start()
    state.players["p1"].pool.energy = 3
    state = end_turn(state)
    assert state.players["p1"].pool.is_empty()


def test_v1_3_317_2_ending_heals_units_and_ends_this_turn_effects() -> None:
    state = start()
    oid = state.players["p1"].hand[0]
    unit = state.objects[oid]
    state.players["p1"].hand.remove(oid)
    state.players["p1"].base.append(oid)
    unit.zone, unit.location = "base", "base:p1"
    unit.damage, unit.mods = 1, {"might": 2}
    state = end_turn(state)
    assert state.objects[oid].damage == 0 and state.objects[oid].mods == {}


def test_v1_3_316_6_only_the_turn_player_ends_the_turn() -> None:
    state = start()
    assert rules(engine.check(state, TurnEnded(player="p2"))) == ["316.2"]
    with pytest.raises(IllegalDecision, match="p1 has priority"):
        engine.apply(state, TurnEnded(player="p2"), seq=30)


def test_v1_3_305_ending_the_turn_with_a_non_empty_chain_is_refused() -> None:
    state = start()
    state.chain.append(ChainItem(id="c1", kind="ability", controller="p1", source=None))
    assert rules(engine.check(state, TurnEnded(player="p1"))) == ["305"]


def test_v1_3_312_passing_priority_with_no_chain_is_refused() -> None:
    state = start()
    assert rules(engine.check(state, PriorityPassed(player="p1"))) == ["312.1"]


def test_v1_3_312_2_passing_priority_out_of_turn_is_refused() -> None:
    state = start()
    state.chain.append(ChainItem(id="c1", kind="ability", controller="p1", source=None))
    state.priority = "p1"
    assert rules(engine.check(state, PriorityPassed(player="p2"))) == ["312.2.c"]
    state = play(state, PriorityPassed(player="p1"))
    assert state.priority == "p2"


def test_v1_3_431_drawing_from_an_empty_deck_burns_out_duel() -> None:
    state = start(created(n_main=6))  # p1 drew 4 + 1, p2 drew 4
    state = end_turn(end_turn(state))  # p1 draws the 6th card on turn 3
    assert state.players["p1"].main_deck == []
    state = end_turn(end_turn(state))  # turn 5: p1 burns out (empty trash: again and again)
    assert state.is_over() and state.winner == ["p2"] and state.end_reason == "burn_out"
    assert state.players["p2"].points == 8


def test_v1_3_431_2_b_burn_out_recycles_the_trash_in_a_recorded_order() -> None:
    state = start(created(n_main=5))
    p1 = state.players["p1"]
    assert p1.main_deck == []
    for oid in p1.hand[:3]:
        state.objects[oid].zone = "trash"
        p1.hand.remove(oid)
        p1.trash.append(oid)
    trash = list(p1.trash)
    state = play(end_turn(state), TurnEnded(player="p2"))
    req = engine.pending(state)[0]
    assert req.decisions == ("DeckOrderRecorded",) and req.rule == "431.2.b"
    state = settle(play(state, identity_outcome(state)))
    assert state.players["p2"].points == 1 and state.players["p1"].burn_outs == 1
    assert state.players["p1"].trash == [] and len(state.players["p1"].main_deck) == len(trash) - 1
    assert engine.zone_problems(state) == []


def test_v1_3_431_2_c_ffa_burning_player_chooses_the_opponent() -> None:
    state = start(created("ffa3", n_main=5))
    state = end_turn(end_turn(end_turn(state)))
    p2 = state.players["p2"]
    oid = p2.hand.pop()
    p2.trash.append(oid)
    state.objects[oid].zone = "trash"
    state = end_turn(state)  # p2's second turn: empty deck, one card in the trash
    req = engine.pending(state)[0]
    assert req.kind == "burn_out_point" and req.player == "p2"
    assert rules(engine.check(state, BurnOutPointGiven(player="p2", opponent="p2"))) == ["431.2.c"]
    assert rules(engine.check(state, BurnOutPointGiven(player="p1", opponent="p3"))) == ["431.2.c"]
    assert rules(engine.check(state, TurnEnded(player="p2"))) == ["316.6"]
    state = play(state, BurnOutPointGiven(player="p2", opponent="p3"))
    assert state.players["p3"].points == 1 and state.players["p1"].points == 0
    assert state.phase == "main" and oid in state.players["p2"].hand


def test_v1_3_323_5_cleanup_kills_units_with_lethal_damage() -> None:
    state = start()
    oid = next(o for o in state.players["p1"].hand if state.objects[o].card.endswith("219"))
    unit = state.objects[oid]
    state.players["p1"].hand.remove(oid)
    state.players["p1"].base.append(oid)
    unit.zone, unit.location, unit.damage = "base", "base:p1", 4
    cleanup(state, [])
    assert unit.zone == "trash" and oid in state.players["p1"].trash


def test_v1_3_323_8_contested_battlefield_stages_and_begins_a_showdown() -> None:
    state = start()
    unit_at_battlefield(state, "p1")
    state.battlefields[0].controller = None
    state.battlefields[0].contested_by = "p1"
    cleanup(state, [])  # 323.8 staged, 323.11 the only one begins (showdown/combat helper)
    assert state.showdown is not None and state.showdown.focus == "p1"


def test_v1_3_466_hold_scores_a_point_in_the_beginning_phase() -> None:
    state = start()
    bf = state.battlefields[0]
    bf.card = TOKEN_BATTLEFIELD  # a battlefield with no abilities (652.2.a)
    unit_at_battlefield(state, "p2")
    state = end_turn(state)
    assert state.players["p2"].points == 1


def test_v1_3_466_2_hold_on_a_battlefield_with_unimplemented_abilities_is_unsupported() -> None:
    state = start()
    state.battlefields[0].card = "UNL-205"  # Abandoned Hall: rules text, not encoded
    unit_at_battlefield(state, "p2")
    with pytest.raises(UnsupportedCard, match="Abandoned Hall"):
        end_turn(state)


def test_v1_3_466_1_b_1_hold_gives_the_winning_point_and_cleanup_ends_the_game() -> None:
    state = start()
    bf = state.battlefields[0]
    bf.card = TOKEN_BATTLEFIELD
    unit_at_battlefield(state, "p2")
    state.players["p2"].points = 7
    state = end_turn(state)
    assert state.is_over() and state.winner == ["p2"] and state.end_reason == "victory_score"


def test_v1_3_431_3_repeated_burn_out_with_empty_trash_asks_again() -> None:
    state = start(created("ffa3", n_main=5))
    state = end_turn(end_turn(end_turn(end_turn(state))))
    state = play(state, BurnOutPointGiven(player="p2", opponent="p3"))
    req = engine.pending(state)[0]
    assert req.kind == "burn_out_point" and req.player == "p2"
    assert state.players["p2"].burn_outs == 1
