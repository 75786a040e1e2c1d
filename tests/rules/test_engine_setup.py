"""Setup (v1.3 111-119) through the public engine API."""

from __future__ import annotations

import pytest

from riftlog.errors import IllegalDecision, ImpossibleDecision, UnsupportedRule
from riftlog.events.decisions import (
    BattlefieldChosen,
    DeckOrderRecorded,
    FirstPlayerChosen,
    MulliganChosen,
    TurnEnded,
)
from riftlog.rules import engine
from tests.rules.engine_fixtures import (
    BATTLEFIELDS,
    CHAMPION,
    LEGEND,
    created,
    identity_outcome,
    play,
    rules,
    settle,
    setup_to_mulligan,
    start,
)


def test_v1_3_112_113_legend_and_champion_placed_with_stable_oids() -> None:
    state = engine.new_game(created())
    p1 = state.players["p1"]
    assert p1.legend == ["p1.legend"] and state.objects["p1.legend"].card == LEGEND
    assert p1.champion == ["p1.champ"] and state.objects["p1.champ"].card == CHAMPION
    assert p1.main_deck[:3] == ["p1.m01", "p1.m02", "p1.m03"]
    assert p1.rune_deck[0] == "p1.r01"
    assert p1.battlefields_aside == ["p1.bf1"]
    assert engine.zone_problems(state) == []


def test_v1_3_115_each_deck_shuffle_is_a_recorded_outcome() -> None:
    state = engine.new_game(created())
    req = engine.pending(state)[0]
    assert req.player is None and req.decisions == ("DeckOrderRecorded",)
    assert req.options["player"] == "p1" and req.options["deck"] == "main"
    order = tuple(reversed(req.options["randomize"]))
    state = play(state, DeckOrderRecorded(player="p1", deck="main", order=order))
    assert tuple(state.players["p1"].main_deck) == order


def test_v1_3_115_refuses_an_order_that_is_not_a_permutation_of_the_deck() -> None:
    state = engine.new_game(created())
    bad = DeckOrderRecorded(player="p1", deck="main", order=("p1.m01", "p1.m01"))
    assert rules(engine.check(state, bad)) == ["115"]
    with pytest.raises(ImpossibleDecision, match="115"):
        engine.apply(state, bad, seq=2)


def test_v1_3_115_refuses_the_order_of_another_deck_than_awaited() -> None:
    state = engine.new_game(created())
    order = tuple(state.players["p2"].main_deck)
    assert rules(engine.check(state, DeckOrderRecorded(player="p2", deck="main", order=order))) == ["115"]


def test_v1_3_116_first_player_outcome_sets_turn_order() -> None:
    state = settle(engine.new_game(created()))
    assert engine.pending(state)[0].decisions == ("FirstPlayerChosen",)
    state = play(state, FirstPlayerChosen(player="p2"))
    assert state.turn_order == ["p2", "p1"]


def test_v1_3_116_refuses_a_first_player_who_is_not_playing() -> None:
    state = settle(engine.new_game(created()))
    assert rules(engine.check(state, FirstPlayerChosen(player="zz"))) == ["116"]


def test_v1_3_480_5_duel_randomly_selects_one_of_three_battlefields() -> None:
    state = settle(engine.new_game(created(n_battlefields=3)))
    state = play(state, FirstPlayerChosen(player="p1"))
    req = engine.pending(state)[0]
    assert req.decisions == ("BattlefieldSelected",) and req.player is None
    assert req.options == {"player": "p1", "battlefields": ["p1.bf1", "p1.bf2", "p1.bf3"]}
    state = settle(play(state, identity_outcome(state)))
    assert [bf.oid for bf in state.battlefields] == ["p1.bf1", "p2.bf1"]
    assert state.objects["p1.bf2"].zone == "removed"
    assert engine.zone_problems(state) == []


def test_v1_3_481_5_match_players_choose_and_used_battlefields_are_excluded() -> None:
    used = {"p1": (BATTLEFIELDS[0],)}
    state = settle(engine.new_game(created("match", n_battlefields=3, battlefields_used=used)))
    state = play(state, FirstPlayerChosen(player="p1"))
    req = engine.pending(state)[0]
    assert req.player == "p1" and req.decisions == ("BattlefieldChosen",)
    assert req.options["battlefields"] == ["p1.bf2", "p1.bf3"]
    assert rules(engine.check(state, BattlefieldChosen(player="p1", battlefield="p1.bf1"))) == ["481.5"]
    assert rules(engine.check(state, BattlefieldChosen(player="p2", battlefield="p2.bf1"))) == ["481.5"]
    state = play(state, BattlefieldChosen(player="p1", battlefield="p1.bf3"))
    assert engine.pending(state)[0].player == "p2"


@pytest.mark.parametrize("mode", ["ffa4", "2v2"])
def test_v1_3_483_4_b_first_players_battlefields_are_removed(mode: str) -> None:
    teams = ["a", "b", "a", "b"] if mode == "2v2" else None
    state = setup_to_mulligan(created(mode, teams=teams, n_battlefields=3), first="p2")
    assert sorted(bf.owner for bf in state.battlefields) == ["p1", "p3", "p4"]
    assert state.victory_score == (11 if mode == "2v2" else 8)


def test_v1_3_117_118_everyone_draws_four_then_mulligans_in_turn_order() -> None:
    state = setup_to_mulligan(created(), first="p2")
    assert state.phase == "mulligan"
    assert len(state.players["p1"].hand) == 4 and len(state.players["p2"].hand) == 4
    req = engine.pending(state)[0]
    assert req.kind == "mulligan" and req.player == "p2"


def test_v1_3_118_mulligan_out_of_turn_order_is_refused() -> None:
    state = setup_to_mulligan(created(), first="p2")
    d = MulliganChosen(player="p1", set_aside=())
    assert rules(engine.check(state, d)) == ["118"]
    with pytest.raises(IllegalDecision, match=r"seq 9: MulliganChosen .*v1\.3 118"):
        engine.apply(state, d, seq=9)


def test_v1_3_118_1_mulligan_of_three_cards_is_refused() -> None:
    state = setup_to_mulligan(created())
    hand = tuple(state.players["p1"].hand[:3])
    assert rules(engine.check(state, MulliganChosen(player="p1", set_aside=hand))) == ["118.1"]


def test_v1_3_118_1_mulligan_of_a_card_not_in_hand_is_impossible() -> None:
    state = setup_to_mulligan(created())
    d = MulliganChosen(player="p1", set_aside=("p2.m01",))
    assert rules(engine.check(state, d)) == ["118.1"]
    with pytest.raises(ImpossibleDecision):
        engine.apply(state, d)


def test_v1_3_118_1_mulligan_naming_a_card_twice_is_refused() -> None:
    state = setup_to_mulligan(created())
    oid = state.players["p1"].hand[0]
    assert "118.1" in rules(engine.check(state, MulliganChosen(player="p1", set_aside=(oid, oid))))


def test_v1_3_118_keeping_the_hand_changes_nothing() -> None:
    state = setup_to_mulligan(created())
    hand = list(state.players["p1"].hand)
    state = play(state, MulliganChosen(player="p1", set_aside=()))
    assert state.players["p1"].hand == hand


def test_v1_3_118_3_one_card_is_recycled_to_the_bottom() -> None:
    state = setup_to_mulligan(created())
    oid = state.players["p1"].hand[0]
    state = play(state, MulliganChosen(player="p1", set_aside=(oid,)))
    p1 = state.players["p1"]
    assert oid not in p1.hand and len(p1.hand) == 4 and p1.main_deck[-1] == oid
    assert "p1.m05" in p1.hand  # drew the next card first (118.2), then recycled (118.3)


def test_v1_3_416_5_two_recycled_cards_go_to_the_bottom_in_a_recorded_random_order() -> None:
    state = setup_to_mulligan(created())
    a, b = state.players["p1"].hand[:2]
    state = play(state, MulliganChosen(player="p1", set_aside=(a, b)))
    req = engine.pending(state)[0]
    assert req.decisions == ("DeckOrderRecorded",) and req.rule == "416.5"
    keep = tuple(req.options["keep"])
    # the set-aside cards may not go on top
    bad = DeckOrderRecorded(player="p1", deck="main", order=(b, a, *keep))
    assert rules(engine.check(state, bad)) == ["416.5"]
    state = play(state, DeckOrderRecorded(player="p1", deck="main", order=(*keep, b, a)))
    assert state.players["p1"].main_deck[-2:] == [b, a]
    assert engine.zone_problems(state) == []


def test_v1_3_119_first_player_begins_after_mulligans() -> None:
    state = start(first="p2")
    assert state.turn == 1 and state.turn_player == "p2" and state.phase == "main"
    req = engine.pending(state)[0]
    assert req.kind == "main" and req.player == "p2" and "TurnEnded" in req.decisions


def test_v1_3_316_6_turn_end_during_setup_is_refused() -> None:
    state = setup_to_mulligan(created())
    assert rules(engine.check(state, TurnEnded(player="p1"))) == ["316.6"]


def test_v1_3_480_1_wrong_player_count_is_refused() -> None:
    with pytest.raises(IllegalDecision, match=r"480\.1"):
        engine.new_game(created("duel", n_players=3))


def test_v1_3_484_2_two_v_two_needs_two_teams() -> None:
    with pytest.raises(IllegalDecision, match=r"484\.2"):
        engine.new_game(created("2v2", teams=["a", "a", "a", "b"]))


def test_an_edition_the_engine_does_not_know_is_refused_by_name() -> None:
    """Only v1.3 and v1.2 are judged (riftlog.rules.editions); another edition is refused."""
    with pytest.raises(UnsupportedRule, match=r"v1\.1"):
        engine.new_game(created(rules_edition="v1.1"))
    assert engine.new_game(created(rules_edition="v1.2")).edition == "v1.2"
