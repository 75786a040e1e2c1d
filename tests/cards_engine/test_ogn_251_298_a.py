"""Batch ogn_251_298, part A: the battlefields OGN-275..298 (exemplars 279/280/294 elsewhere)."""

from __future__ import annotations

from typing import Any

from riftlog.events.abilities import ChoiceMade
from riftlog.events.play import CardPlayed, StandardMove
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import triggers
from tests.cards_engine.helpers import (
    BODY_RUNE,
    CALM_RUNE,
    FURY_RUNE,
    SKULKER,
    apply,
    choose,
    conquer,
    control,
    game,
    pass_all,
    pay_for,
    put,
    runes,
    to_p2_turn,
    violations,
)

TOKEN = "token:battlefield"


def _conquer(s: GameState, n: int = 1) -> tuple[GameState, list[str]]:
    """p1 moves *n* units from base to the empty, uncontrolled bf1; both pass the showdown:
    p1 conquers bf1 and its conquer triggers are put on the chain (or asked)."""
    units = [put(s, SKULKER, "p1", "base") for _ in range(n)]
    return conquer(s, tuple(units)), units


def _hold_p2(s: GameState) -> GameState:
    """p2 controls bf1 (with a unit there) and holds it at its next Beginning Phase."""
    if not any(s.objects[o].controller == "p2" for o in s.battlefield("bf1").units):
        put(s, SKULKER, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    return to_p2_turn(s)


def _req(s: GameState) -> Any:
    reqs = engine.pending(s)
    assert reqs
    return reqs[0]


# --- OGN-275 Altar to Unity ---------------------------------------------------------------


def test_altar_to_unity_makes_a_recruit_in_the_holders_base() -> None:
    s = game(battlefields=("OGN-275", TOKEN))
    s = pass_all(_hold_p2(s))
    tokens = [o for o in s.players["p2"].base if s.objects[o].token]
    assert [s.objects[o].card for o in tokens] == ["OGN-271"]
    assert layers.might_of(s, tokens[0]) == 1


def test_altar_to_unity_does_nothing_on_a_conquer() -> None:
    s = game(battlefields=("OGN-275", TOKEN))
    assert triggers.fire(s, "conquers", player="p1", battlefield="bf1") == 0


# --- OGN-276 Aspirant's Climb -------------------------------------------------------------


def test_aspirants_climb_raises_the_victory_score_by_one() -> None:
    plain = game()
    s = game(battlefields=("OGN-276", TOKEN))
    assert s.victory_score == plain.victory_score + 1
    from riftlog.rules.playing import abilities

    abilities.start_passives(s, "bf1")  # started again: still once
    assert s.victory_score == plain.victory_score + 1


def test_aspirants_climb_one_point_short_is_no_win() -> None:
    from riftlog.rules.game_actions import scoring

    s = game(battlefields=("OGN-276", TOKEN))
    s.players["p1"].points = s.victory_score - 1
    assert scoring.winners(s) is None
    s.players["p1"].points = s.victory_score
    assert scoring.winners(s) == ["p1"]


# --- OGN-277 Back-Alley Bar ---------------------------------------------------------------


def test_back_alley_bar_gives_a_unit_leaving_it_one_might() -> None:
    s = game(battlefields=("OGN-277", TOKEN))
    unit = put(s, SKULKER, "p1", "battlefield", "bf1")
    control(s, "bf1", "p1")
    s = apply(s, StandardMove(player="p1", units=(unit,), destination="base"))
    assert [i.kind for i in s.chain] == ["ability"]
    s = pass_all(s)
    assert layers.might_of(s, unit) == 4


def test_back_alley_bar_ignores_units_moving_in() -> None:
    s = game(battlefields=("OGN-277", TOKEN))
    unit = put(s, SKULKER, "p1", "base")
    control(s, "bf1", "p1")
    s = apply(s, StandardMove(player="p1", units=(unit,), destination="bf1"))
    assert not s.chain and layers.might_of(s, unit) == 3


# --- OGN-278 Bandle Tree --------------------------------------------------------------------


def test_bandle_tree_holds_two_facedown_cards() -> None:
    from riftlog.events.abilities import CardHidden

    s = game(battlefields=("OGN-278", TOKEN))
    control(s, "bf1", "p1")
    control(s, "bf2", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    put(s, SKULKER, "p1", "battlefield", "bf2")
    runes(s, "p1", 3, FURY_RUNE)
    hidden = "OGN-135"  # Pakaa Cub has Hidden
    a, b, c = (put(s, hidden, "p1", "hand") for _ in range(3))
    for card in (a, b):
        s = apply(s, CardHidden(player="p1", card=card, battlefield="bf1",
                                payment=pay_for(s, "p1", cost=_any(1))))
    assert len(s.battlefield("bf1").facedown) == 2
    third = CardHidden(player="p1", card=c, battlefield="bf1", payment=pay_for(s, "p1", cost=_any(1)))
    assert "107.3.b" in violations(s, third)
    # an ordinary battlefield still takes one
    s = apply(s, CardHidden(player="p1", card=c, battlefield="bf2",
                            payment=pay_for(s, "p1", cost=_any(1))))
    assert len(s.battlefield("bf2").facedown) == 1


def _any(n: int) -> Any:
    from riftlog.rules.board.resources import Cost

    return Cost(0, {"Any": n})


# --- OGN-281 Hallowed Tomb ------------------------------------------------------------------


def test_hallowed_tomb_may_bring_the_champion_back() -> None:
    s = game(battlefields=("OGN-281", TOKEN))
    champ = put(s, SKULKER, "p2", "trash", oid="p2.champ")
    s = _hold_p2(s)
    s = pass_all(s)
    req = _req(s)
    assert req.kind == "choice" and req.player == "p2"
    s = choose(s, "p2", use=True)
    assert s.objects[champ].zone == "champion" and s.players["p2"].champion == [champ]


def test_hallowed_tomb_asks_nothing_when_the_zone_is_taken_or_declined() -> None:
    s = game(battlefields=("OGN-281", TOKEN))
    champ = put(s, SKULKER, "p2", "trash", oid="p2.champ")
    put(s, SKULKER, "p2", "champion")
    s = pass_all(_hold_p2(s))
    assert s.objects[champ].zone == "trash" and _req(s).kind == "main"
    s2 = game(battlefields=("OGN-281", TOKEN))
    champ = put(s2, SKULKER, "p2", "trash", oid="p2.champ")
    s2 = pass_all(_hold_p2(s2))
    s2 = choose(s2, "p2", use=False)
    assert s2.objects[champ].zone == "trash"


# --- OGN-282 Monastery of Hirana -------------------------------------------------------------


def test_monastery_spends_a_buff_to_draw() -> None:
    s = game(battlefields=("OGN-282", TOKEN))
    buffed = put(s, SKULKER, "p1", "base")
    s.objects[buffed].buffed = True
    s, _ = _conquer(s)
    s = pass_all(s)
    req = _req(s)
    assert req.kind == "choice" and {"unit": buffed} in req.options["choices"]
    hand = len(s.players["p1"].hand)
    s = choose(s, "p1", unit=buffed)
    assert not s.objects[buffed].buffed and len(s.players["p1"].hand) == hand + 1


def test_monastery_without_a_buff_does_nothing_and_refuses_other_units() -> None:
    s = game(battlefields=("OGN-282", TOKEN))
    hand = len(s.players["p1"].hand)
    s, _ = _conquer(s)
    s = pass_all(s)
    assert _req(s).kind == "main" and len(s.players["p1"].hand) == hand
    s = game(battlefields=("OGN-282", TOKEN))
    buffed = put(s, SKULKER, "p1", "base")
    s.objects[buffed].buffed = True
    s, (mover,) = _conquer(s)
    s = pass_all(s)
    assert "702.2.b" in violations(s, ChoiceMade(player="p1", choice={"unit": mover}))


# --- OGN-283 Navori Fighting Pit -------------------------------------------------------------


def test_navori_fighting_pit_buffs_a_unit_here() -> None:
    s = game(battlefields=("OGN-283", TOKEN))
    unit = put(s, SKULKER, "p2", "battlefield", "bf1")
    put(s, SKULKER, "p2", "base")
    s = pass_all(_hold_p2(s))  # the only unit here is chosen without asking
    assert s.objects[unit].buffed


def test_navori_fighting_pit_refuses_a_unit_elsewhere() -> None:
    s = game(battlefields=("OGN-283", TOKEN))
    a = put(s, SKULKER, "p2", "battlefield", "bf1")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    home = put(s, SKULKER, "p2", "base")
    s = _hold_p2(s)
    req = _req(s)
    assert req.kind == "choice" and home not in req.options["targets"]["t"]["from"]
    assert violations(s, ChoiceMade(player="p2", choice={"targets": {"t": [home]}}))
    s = pass_all(choose(s, "p2", targets={"t": [a]}))
    assert s.objects[a].buffed


# --- OGN-284 Obelisk of Power / OGN-290 The Arena's Greatest ----------------------------------


def test_obelisk_channels_a_rune_on_a_players_first_beginning_phase() -> None:
    s = game(battlefields=("OGN-284", TOKEN))
    s = to_p2_turn(s)  # p2's first turn
    assert [i.kind for i in s.chain] == ["ability"]
    before = len(s.players["p2"].base)
    s = pass_all(s)
    assert len(s.players["p2"].base) >= before + 1


def test_obelisk_does_not_trigger_on_a_later_turn() -> None:
    s = game(battlefields=("OGN-284", TOKEN))
    s.extra["had_turn"] = ["p1", "p2"]
    assert triggers.fire(s, "beginning_phase", player="p2") == 0
    s.extra["had_turn"] = ["p1"]
    assert triggers.fire(s, "beginning_phase", player="p2") == 1


def test_arenas_greatest_gives_a_point_on_the_first_beginning_phase() -> None:
    s = game(battlefields=("OGN-290", TOKEN))
    s = pass_all(to_p2_turn(s))
    assert s.players["p2"].points == 1 and s.players["p1"].points == 0


def test_arenas_greatest_rule_187_6_b_uncontrolled_turn_player_controls_it() -> None:
    """187.6.b: uncontrolled, its ability is put on the chain by the turn player, who gets
    priority as if they controlled it."""
    s = game(battlefields=("OGN-290", TOKEN))
    assert s.battlefield("bf1").controller is None
    s = to_p2_turn(s)
    (item,) = s.chain
    assert item.controller == "p2" and s.priority == "p2" and _req(s).player == "p2"


def test_arenas_greatest_not_on_a_second_turn() -> None:
    s = game(battlefields=("OGN-290", TOKEN))
    s.extra["had_turn"] = ["p2"]
    assert triggers.fire(s, "beginning_phase", player="p2") == 0


# --- OGN-285 Reaver's Row ------------------------------------------------------------------------


def _attack_row() -> tuple[GameState, str, str]:
    s = game(battlefields=("OGN-285", TOKEN))
    attacker = put(s, SKULKER, "p1", "base")
    d = put(s, SKULKER, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s = apply(s, StandardMove(player="p1", units=(attacker,), destination="bf1"))
    return s, attacker, d


def test_reavers_row_lets_the_defender_pull_a_unit_back_to_base() -> None:
    s, _attacker, d = _attack_row()
    req = _req(s)
    assert req.kind == "choice" and req.player == "p2" and req.options["kind"] == "may"
    s = pass_all(choose(s, "p2", use=True))
    assert s.objects[d].zone == "base"


def test_reavers_row_declined_keeps_the_defender() -> None:
    s, _attacker, d = _attack_row()
    s = choose(s, "p2", use=False)
    assert s.objects[d].location == "bf1" and not s.chain
    assert "312.1" in violations(s, ChoiceMade(player="p2", choice={"use": True}))


# --- OGN-286 Reckoner's Arena --------------------------------------------------------------------


def test_reckoners_arena_triggers_conquer_abilities_of_units_here(encode: Any) -> None:
    from riftlog.cards.vocab import Draw, Triggered, When

    encode(SKULKER, Triggered(When("conquers", "me"), (Draw(1),)), keywords=())
    s = game(battlefields=("OGN-286", TOKEN))
    put(s, SKULKER, "p2", "battlefield", "bf1")
    s = _hold_p2(s)
    s = pass_all(s)  # the arena's trigger, then the unit's conquer trigger
    assert len(s.players["p2"].hand) == 2  # 1 from the unit's ability, 1 from the Draw Phase


def test_reckoners_arena_ignores_units_elsewhere(encode: Any) -> None:
    from riftlog.cards.vocab import Draw, Triggered, When

    encode("OGN-219", Triggered(When("conquers", "me"), (Draw(1),)), keywords=())
    s = game(battlefields=("OGN-286", TOKEN))
    put(s, SKULKER, "p2", "battlefield", "bf1")  # no conquer ability
    put(s, "OGN-219", "p2", "base")
    s = pass_all(_hold_p2(s))
    assert len(s.players["p2"].hand) == 1  # the Draw Phase only


# --- OGN-287 Sigil of the Storm ------------------------------------------------------------------


def test_sigil_of_the_storm_recycles_a_chosen_rune() -> None:
    s = game(battlefields=("OGN-287", TOKEN))
    r1, r2 = runes(s, "p1", 2, BODY_RUNE)
    s, _ = _conquer(s)
    s = pass_all(s)
    req = _req(s)
    assert req.kind == "choice"
    assert "416" in violations(s, ChoiceMade(player="p1", choice={"rune": "p1.nothing"}))
    s = choose(s, "p1", rune=r2)
    assert s.objects[r2].zone == "rune_deck" and s.objects[r1].zone == "base"


def test_sigil_of_the_storm_with_one_rune_recycles_it() -> None:
    s = game(battlefields=("OGN-287", TOKEN))
    (r1,) = runes(s, "p1", 1, BODY_RUNE)
    s, _ = _conquer(s)
    s = pass_all(s)
    assert s.objects[r1].zone == "rune_deck"


# --- OGN-288 Startipped Peak ---------------------------------------------------------------------


def test_startipped_peak_may_channel_an_exhausted_rune() -> None:
    s = game(battlefields=("OGN-288", TOKEN))
    put(s, BODY_RUNE, "p2", "rune_deck")
    s = _hold_p2(s)
    assert _req(s).options["kind"] == "may"
    s = pass_all(choose(s, "p2", use=True))
    tired = [o for o in s.players["p2"].base if s.objects[o].exhausted]
    assert [s.objects[o].card for o in tired] == [BODY_RUNE]  # the Channel Phase's are ready


def test_startipped_peak_declined_channels_nothing() -> None:
    s = game(battlefields=("OGN-288", TOKEN))
    s = _hold_p2(s)
    s = choose(s, "p2", use=False)
    assert not any(s.objects[o].exhausted for o in s.players["p2"].base) and not s.chain


# --- OGN-289 Targon's Peak -----------------------------------------------------------------------


def test_targons_peak_readies_up_to_two_runes_at_end_of_turn() -> None:
    from riftlog.events.decisions import TurnEnded

    s = game(battlefields=("OGN-289", TOKEN))
    r = runes(s, "p1", 3, BODY_RUNE)
    for o in r:
        s.objects[o].exhausted = True
    s, _ = _conquer(s)
    s = pass_all(s)
    assert s.extra.get("delayed") and all(s.objects[o].exhausted for o in r)
    for pid in s.players:
        for _ in range(2):
            put(s, BODY_RUNE, pid, "rune_deck")
    s, _ = engine.apply(s, TurnEnded(player="p1"))
    s = pass_all(s)
    req = _req(s)
    assert req.kind == "choice" and req.player == "p1"
    assert "415" in violations(s, ChoiceMade(player="p1", choice={"runes": list(r)}))
    s = choose(s, "p1", runes=[r[0], r[2]])
    assert not s.objects[r[0]].exhausted and s.objects[r[1]].exhausted
    assert not s.objects[r[2]].exhausted
    assert "delayed" not in s.extra


def test_targons_peak_hold_schedules_nothing() -> None:
    s = game(battlefields=("OGN-289", TOKEN))
    assert triggers.fire(s, "holds", player="p1", battlefield="bf1") == 0
    assert triggers.fire(s, "end_of_turn", player="p1") == 0


# --- OGN-291 The Candlelit Sanctum ---------------------------------------------------------------


def test_candlelit_sanctum_recycles_and_reorders_the_top_two() -> None:
    s = game(battlefields=("OGN-291", TOKEN))
    deck = s.players["p1"].main_deck
    a, b, c = deck[0], deck[1], deck[2]
    s, _ = _conquer(s)
    s = pass_all(s)
    req = _req(s)
    assert req.kind == "choice" and len(req.options["choices"]) == 6
    assert violations(s, ChoiceMade(player="p1", choice={"recycle": [c], "top": []}))
    s = choose(s, "p1", recycle=[a], top=[b])
    deck = s.players["p1"].main_deck
    assert deck[0] == b and deck[1] == c and deck[-1] == a


def test_candlelit_sanctum_keeping_both_in_a_new_order() -> None:
    s = game(battlefields=("OGN-291", TOKEN))
    a, b = s.players["p1"].main_deck[:2]
    s, _ = _conquer(s)
    s = choose(pass_all(s), "p1", recycle=[], top=[b, a])
    assert s.players["p1"].main_deck[:2] == [b, a]


# --- OGN-292 The Dreaming Tree ------------------------------------------------------------


def _tree_game() -> tuple[GameState, str]:
    s = game(battlefields=("OGN-292", "OGN-280"))
    runes(s, "p1", 8, CALM_RUNE)
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    control(s, "bf1", "p1")
    return s, mine


def test_dreaming_tree_draws_on_the_first_spell_choosing_a_friend_here() -> None:
    from tests.cards_engine.helpers import play

    s, mine = _tree_game()
    hand = len(s.players["p1"].hand)
    s = play(s, put(s, "OGN-004", "p1", "hand"), targets=(mine,))  # Cleave on my unit
    assert [i.kind for i in s.chain] == ["spell", "ability"]
    s = pass_all(s)
    assert len(s.players["p1"].hand) == hand + 1
    # a second spell on it this turn draws nothing
    s = pass_all(play(s, put(s, "OGN-004", "p1", "hand"), targets=(mine,)))
    assert len(s.players["p1"].hand) == hand + 1


def test_dreaming_tree_ignores_enemy_units_and_units_elsewhere() -> None:
    from tests.cards_engine.helpers import play

    s, _mine = _tree_game()
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    away = put(s, SKULKER, "p1", "battlefield", "bf2")
    s = play(s, put(s, "OGN-004", "p1", "hand"), targets=(foe,))
    assert [i.kind for i in s.chain] == ["spell"]
    s = pass_all(s)
    s = play(s, put(s, "OGN-004", "p1", "hand"), targets=(away,))
    assert [i.kind for i in s.chain] == ["spell"]


# --- OGN-293 The Grand Plaza -----------------------------------------------------------------------


def test_grand_plaza_wins_with_seven_units_here() -> None:
    s = game(battlefields=("OGN-293", TOKEN))
    for _ in range(7):
        put(s, SKULKER, "p2", "battlefield", "bf1")
    s = pass_all(_hold_p2(s))
    assert s.winner == ["p2"] and s.phase == "over"


def test_grand_plaza_six_units_is_not_enough() -> None:
    s = game(battlefields=("OGN-293", TOKEN))
    for _ in range(6):
        put(s, SKULKER, "p2", "battlefield", "bf1")
    s = pass_all(_hold_p2(s))
    assert s.winner is None and s.players["p2"].points == 1


# --- OGN-295 Vilemaw's Lair ---------------------------------------------------------------------------


def test_vilemaws_lair_forbids_moving_from_here_to_base() -> None:
    s = game(battlefields=("OGN-295", TOKEN))
    unit = put(s, SKULKER, "p1", "battlefield", "bf1")
    control(s, "bf1", "p1")
    assert "054" in violations(s, StandardMove(player="p1", units=(unit,), destination="base"))
    # recalling is not a move (451)
    from riftlog.rules.game_actions import actions

    actions.recall(s, unit, [])
    assert s.objects[unit].zone == "base"


def test_vilemaws_lair_allows_moving_in_and_other_battlefields() -> None:
    s = game(battlefields=("OGN-295", TOKEN))
    unit = put(s, SKULKER, "p1", "base")
    s = apply(s, StandardMove(player="p1", units=(unit,), destination="bf1"))
    assert s.objects[unit].location == "bf1"
    s2 = game(battlefields=(TOKEN, "OGN-295"))
    other = put(s2, SKULKER, "p1", "battlefield", "bf1")
    control(s2, "bf1", "p1")
    s2 = apply(s2, StandardMove(player="p1", units=(other,), destination="base"))
    assert s2.objects[other].zone == "base"


# --- OGN-296 Void Gate ------------------------------------------------------------------------------


def test_void_gate_adds_one_damage_to_spells_here() -> None:
    from tests.cards_engine.helpers import play

    s = game(battlefields=("OGN-296", TOKEN))
    runes(s, "p1", 7, FURY_RUNE)
    here = put(s, "OGN-219", "p2", "battlefield", "bf1")  # Might 4
    s = pass_all(play(s, put(s, "OGS-002", "p1", "hand"), targets={"bf": ("bf1",)}))
    assert s.objects[here].zone == "trash"  # 3 + 1 damage


def test_void_gate_spell_elsewhere_deals_its_printed_damage() -> None:
    from tests.cards_engine.helpers import play

    s = game(battlefields=("OGN-296", "OGN-280"))
    runes(s, "p1", 7, FURY_RUNE)
    there = put(s, "OGN-219", "p2", "battlefield", "bf2")
    s = pass_all(play(s, put(s, "OGS-002", "p1", "hand"), targets={"bf": ("bf2",)}))
    assert s.objects[there].zone == "battlefield" and s.objects[there].damage == 3


def test_void_gate_rule_417_1_e_1_prevented_damage_gets_no_bonus() -> None:
    """417.1.e.1: a unit at Void Gate with all of the damage prevented takes none."""
    from tests.cards_engine.helpers import play

    s = game(battlefields=("OGN-296", TOKEN))
    runes(s, "p1", 7, FURY_RUNE)
    shielded = put(s, "OGN-219", "p2", "battlefield", "bf1")
    partly = put(s, "OGN-219", "p2", "battlefield", "bf1")
    s.objects[shielded].mods["prevent"] = 3
    s.objects[partly].mods["prevent"] = 2
    s = pass_all(play(s, put(s, "OGS-002", "p1", "hand"), targets={"bf": ("bf1",)}))
    assert s.objects[shielded].damage == 0 and s.objects[shielded].zone == "battlefield"
    assert s.objects[partly].damage == 2  # 3 + 1 bonus, 2 prevented


def test_void_gate_bonus_only_at_the_gate() -> None:
    from riftlog.rules.interpreter import effects

    s = game(battlefields=("OGN-296", TOKEN))
    here = put(s, SKULKER, "p2", "battlefield", "bf1")
    there = put(s, SKULKER, "p2", "battlefield", "bf2")
    home = put(s, SKULKER, "p2", "base")
    assert effects.bonus_damage(s, here) == 1
    assert effects.bonus_damage(s, there) == 0 and effects.bonus_damage(s, home) == 0


# --- OGN-297 Windswept Hillock ----------------------------------------------------------------------


def test_windswept_hillock_gives_units_here_ganking() -> None:
    s = game(battlefields=("OGN-297", TOKEN))
    unit = put(s, SKULKER, "p1", "battlefield", "bf1")
    control(s, "bf1", "p1")
    assert layers.characteristics(s, unit).has("Ganking")
    s = apply(s, StandardMove(player="p1", units=(unit,), destination="bf2"))
    assert s.objects[unit].location == "bf2"


def test_windswept_hillock_units_elsewhere_cannot_gank() -> None:
    s = game(battlefields=(TOKEN, "OGN-297"))
    unit = put(s, SKULKER, "p1", "battlefield", "bf1")
    control(s, "bf1", "p1")
    assert "144.4.c.1" in violations(s, StandardMove(player="p1", units=(unit,), destination="bf2"))


# --- OGN-298 Zaun Warrens ---------------------------------------------------------------------------


def test_zaun_warrens_discards_then_draws() -> None:
    s = game(battlefields=("OGN-298", TOKEN))
    a = put(s, SKULKER, "p1", "hand")
    b = put(s, SKULKER, "p1", "hand")
    s, _ = _conquer(s)
    s = pass_all(s)
    req = _req(s)
    assert req.kind == "choice" and req.options["kind"] == "cards"
    assert violations(s, ChoiceMade(player="p1", choice={"cards": [a, b]}))
    s = choose(s, "p1", cards=[a])
    assert s.objects[a].zone == "trash" and b in s.players["p1"].hand
    assert len(s.players["p1"].hand) == 2


def test_zaun_warrens_with_an_empty_hand_still_draws() -> None:
    s = game(battlefields=("OGN-298", TOKEN))
    s, _ = _conquer(s)
    s = pass_all(s)
    assert len(s.players["p1"].hand) == 1


_ = (CardPlayed,)
