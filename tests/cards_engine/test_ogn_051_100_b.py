"""Batch ogn_051_100, part B: triggers, passives and combat cards through the engine
(each card: what it does, and a refused use or an unmet condition)."""

from __future__ import annotations

from riftlog.events.abilities import AbilityActivated, ChoiceMade
from riftlog.events.decisions import PriorityPassed, TurnEnded
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import triggers
from tests.cards_engine.helpers import (
    CALM_RUNE,
    MIND_RUNE,
    SKULKER,
    activate,
    choose,
    control,
    game,
    pass_all,
    pay_for,
    play,
    put,
    runes,
    to_p2_turn,
    violations,
)
from tests.cards_engine.helpers import move as attack

(WIELDER, ADAPTATRON, HERALD, MASK, REFUGE, ELDER, AHRI, BLITZ, CAITLYN, SONA, TARIC, YASUO,
 LEONA, PIT_CREW, SEER, SHIELDBEARER, STUPEFY, SEAL_OF_FOCUS) = (
    "OGN-055", "OGN-056", "OGN-059", "OGN-060", "OGN-063", "OGN-065", "OGN-066", "OGN-067",
    "OGN-068", "OGN-073", "OGN-074", "OGN-076", "OGN-079", "OGN-091", "OGN-100", "OGN-051",
    "OGN-095", "OGN-081")
GEAR = "OGN-098"  # Energy Conduit, a plain gear to play / kill


def rich(s, pid: str = "p1", n: int = 10, rune: str = CALM_RUNE) -> None:  # type: ignore[no-untyped-def]
    runes(s, pid, n, rune)


def place(s, card: str, pid: str, zone: str, where: str | None = None) -> str:  # type: ignore[no-untyped-def]
    """Put a permanent on the board and start its passives (as if it had been played)."""
    from riftlog.rules.playing import abilities

    oid = put(s, card, pid, zone, where) if where else put(s, card, pid, zone)
    abilities.start_passives(s, oid)
    return oid


def focus_passes(s: GameState) -> GameState:
    """Both players pass Focus in a showdown until something else is awaited."""
    for _ in range(4):
        (req,) = engine.pending(s)
        if req.kind != "focus":
            break
        s, _ = engine.apply(s, PriorityPassed(player=req.player or ""))
    return s


def in_combat(s) -> bool:  # type: ignore[no-untyped-def]
    return s.showdown is not None and bool(s.showdown.combat)


# --- OGN-055 Wielder of Water ----------------------------------------------------------------

def test_wielder_of_water_plus_two_when_attacking_alone() -> None:
    s = game()
    w = place(s, WIELDER, "p1", "base")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    assert layers.might_of(s, w) == 2
    s = pass_all(attack(s, (w,)))
    assert in_combat(s) and s.objects[w].designation == "attacker"
    assert layers.might_of(s, w) == 4


def test_wielder_of_water_no_bonus_with_company() -> None:
    s = game()
    w = place(s, WIELDER, "p1", "base")
    friend = put(s, SKULKER, "p1", "base")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s = pass_all(attack(s, (w, friend)))
    assert in_combat(s) and layers.might_of(s, w) == 2


# --- OGN-056 Adaptatron -----------------------------------------------------------------------

def _conquer_with(card: str, gear_owner: str | None = "p2"):  # type: ignore[no-untyped-def]
    s = game()
    unit = put(s, card, "p1", "base")
    gear = put(s, GEAR, gear_owner, "base") if gear_owner else None
    s = focus_passes(attack(s, (unit,), "bf2"))
    return s, unit, gear


def test_adaptatron_may_kill_a_gear_then_buffs_itself() -> None:
    s, unit, gear = _conquer_with(ADAPTATRON)
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.options["kind"] == "may"
    s = choose(s, "p1", use=True)
    s = pass_all(s)
    assert s.objects[gear].zone == "trash" and s.objects[unit].buffed


def test_adaptatron_declined_does_nothing() -> None:
    s, unit, gear = _conquer_with(ADAPTATRON)
    s = choose(s, "p1", use=False)
    s = pass_all(s)
    assert s.objects[gear].zone == "base" and not s.objects[unit].buffed


def test_adaptatron_no_buff_when_the_gear_is_gone() -> None:
    s, unit, gear = _conquer_with(ADAPTATRON)
    s = choose(s, "p1", use=True)
    assert s.chain
    from riftlog.rules.board.zones import change_zone

    change_zone(s, s.objects[gear], "trash")  # gone before it resolves
    s = pass_all(s)
    assert not s.objects[unit].buffed


def test_adaptatron_wrong_answer_is_refused() -> None:
    s, _unit, _gear = _conquer_with(ADAPTATRON)
    assert "383.3.a" in violations(s, ChoiceMade(player="p1", choice={"use": "yes"}))
    assert violations(s, ChoiceMade(player="p2", choice={"use": True}))  # not p2's choice


# --- OGN-059 Eclipse Herald -----------------------------------------------------------------

def test_eclipse_herald_readies_and_grows_when_you_stun_an_enemy() -> None:
    s = game()
    rich(s)
    herald = put(s, HERALD, "p1", "base", exhausted=True)
    foe = put(s, SKULKER, "p2", "base")
    s = play(s, put(s, SHIELDBEARER, "p1", "hand"))
    s = choose(s, "p1", targets={"t": [foe]})
    s = pass_all(s)
    assert s.objects[foe].stunned
    assert not s.objects[herald].exhausted and layers.might_of(s, herald) == 8


def test_eclipse_herald_ignores_stunning_a_friendly_unit() -> None:
    s = game()
    rich(s)
    herald = put(s, HERALD, "p1", "base", exhausted=True)
    mine = put(s, SKULKER, "p1", "base")
    s = play(s, put(s, SHIELDBEARER, "p1", "hand"))
    s = choose(s, "p1", targets={"t": [mine]})
    s = pass_all(s)
    assert s.objects[mine].stunned and s.objects[herald].exhausted
    assert layers.might_of(s, herald) == 7


# --- OGN-060 Mask of Foresight --------------------------------------------------------------

def test_mask_of_foresight_lone_attacker_gets_one_might() -> None:
    s = game()
    put(s, MASK, "p1", "base")
    unit = put(s, SKULKER, "p1", "base")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s = pass_all(attack(s, (unit,)))
    assert layers.might_of(s, unit) == 4


def test_mask_of_foresight_lone_defender_gets_one_might() -> None:
    s = game()
    put(s, MASK, "p2", "base")
    a = put(s, SKULKER, "p1", "base")
    d = put(s, SKULKER, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s = pass_all(attack(s, (a,)))
    assert layers.might_of(s, d) == 4 and layers.might_of(s, a) == 3


def test_mask_of_foresight_not_when_two_attack() -> None:
    s = game()
    put(s, MASK, "p1", "base")
    a = put(s, SKULKER, "p1", "base")
    b = put(s, SKULKER, "p1", "base")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s = pass_all(attack(s, (a, b)))
    assert layers.might_of(s, a) == 3 and layers.might_of(s, b) == 3


# --- OGN-063 Spirit's Refuge --------------------------------------------------------------------

def test_spirits_refuge_buffs_and_buffed_friendly_units_have_deflect() -> None:
    s = game()
    rich(s)
    mine = put(s, SKULKER, "p1", "base")
    other = put(s, SKULKER, "p1", "base")
    refuge = put(s, REFUGE, "p1", "hand")
    s = play(s, refuge)
    s = choose(s, "p1", targets={"t": [mine]})
    s = pass_all(s)
    assert s.objects[mine].buffed
    assert layers.characteristics(s, mine).has("Deflect")
    assert not layers.characteristics(s, other).has("Deflect")
    assert not layers.characteristics(s, refuge).has("Deflect")


def test_spirits_refuge_makes_opponents_pay_more_to_target() -> None:
    s = game()
    rich(s)
    mine = put(s, SKULKER, "p1", "base")
    s.objects[mine].buffed = True
    put(s, REFUGE, "p1", "base")
    from riftlog.rules.playing import abilities

    abilities.start_passives(s, s.players["p1"].base[-1])
    s.turn_player = "p2"
    s.priority = "p2"
    runes(s, "p2", 6, "OGN-214")
    venge = put(s, "OGN-229", "p2", "hand")
    from riftlog.rules.playing.play import total_cost

    assert total_cost(s, "p2", venge).power.get("Any", 0) == 0
    cost = abilities.adjust_cost(s, "p2", venge, total_cost(s, "p2", venge), {}, {"t": [mine]})
    assert cost.power.get("Any") == 1  # 809.1.c


# --- OGN-065 Wizened Elder ------------------------------------------------------------------------

def test_wizened_elder_one_more_while_buffed() -> None:
    s = game()
    rich(s)
    elder = put(s, ELDER, "p1", "hand")
    s = pass_all(play(s, elder))
    assert layers.might_of(s, elder) == 4
    s.objects[elder].buffed = True
    assert layers.might_of(s, elder) == 6


def test_wizened_elder_bonus_is_its_own() -> None:
    s = game()
    rich(s)
    elder = put(s, ELDER, "p1", "hand")
    other = put(s, SKULKER, "p1", "base")
    s = pass_all(play(s, elder))
    s.objects[other].buffed = True
    assert layers.might_of(s, other) == 4 and layers.might_of(s, elder) == 4


# --- OGN-066 Ahri, Alluring / OGN-067 Blitzcrank, Impassive (hold triggers) --------------------

def _hold_with(card: str):  # type: ignore[no-untyped-def]
    s = game()
    unit = put(s, card, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s = to_p2_turn(s)
    return s, unit


def test_ahri_scores_one_more_point_when_she_holds() -> None:
    s, _ahri = _hold_with(AHRI)
    assert s.players["p2"].points == 1 and [i.kind for i in s.chain] == ["ability"]
    s = pass_all(s)
    assert s.players["p2"].points == 2


def test_ahri_does_not_trigger_on_a_conquer() -> None:
    s = game()
    put(s, AHRI, "p1", "battlefield", "bf1")
    assert triggers.fire(s, "conquers", player="p1", battlefield="bf1") == 0
    assert triggers.fire(s, "holds", player="p1", battlefield="bf2") == 0
    assert triggers.fire(s, "holds", player="p1", battlefield="bf1") == 1


def test_blitzcrank_returns_to_hand_when_he_holds() -> None:
    s, blitz = _hold_with(BLITZ)
    s = pass_all(s)
    assert s.objects[blitz].zone == "hand" and blitz in s.players["p2"].hand


def test_blitzcrank_played_to_a_battlefield_may_pull_an_enemy_unit() -> None:
    s = game()
    rich(s)
    control(s, "bf1", "p1")
    foe = put(s, SKULKER, "p2", "base")
    blitz = put(s, BLITZ, "p1", "hand")
    s = play(s, blitz, destination="bf1")
    s = choose(s, "p1", use=True)
    s = pass_all(s)
    assert s.objects[foe].location == "bf1"
    assert layers.characteristics(s, blitz).has("Tank")


def test_blitzcrank_played_to_base_does_not_trigger() -> None:
    s = game()
    rich(s)
    foe = put(s, SKULKER, "p2", "base")
    s = play(s, put(s, BLITZ, "p1", "hand"), destination="base")
    assert not s.chain and engine.pending(s)[0].kind != "choice"
    assert s.objects[foe].zone == "base"


# --- OGN-068 Caitlyn, Patrolling -------------------------------------------------------------------

def test_caitlyn_deals_her_might_to_a_unit_at_a_battlefield() -> None:
    s = game()
    cait = put(s, CAITLYN, "p1", "battlefield", "bf1")
    control(s, "bf1", "p1")
    foe = put(s, SKULKER, "p2", "battlefield", "bf2")
    s = activate(s, cait, targets={"t": (foe,)})
    assert s.objects[cait].exhausted
    s = pass_all(s)
    assert s.objects[foe].zone == "trash"


def test_caitlyn_refused_in_base_or_at_a_unit_in_base() -> None:
    s = game()
    cait = put(s, CAITLYN, "p1", "base")
    foe = put(s, SKULKER, "p2", "battlefield", "bf2")
    assert "377.2.b" in violations(s, AbilityActivated(player="p1", source=cait, ability=0,
                                                       targets={"t": (foe,)}))
    s2 = game()
    cait2 = put(s2, CAITLYN, "p1", "battlefield", "bf1")
    control(s2, "bf1", "p1")
    put(s2, SKULKER, "p2", "battlefield", "bf2")
    home = put(s2, SKULKER, "p2", "base")
    assert "355.5" in violations(s2, AbilityActivated(player="p1", source=cait2, ability=0,
                                                      targets={"t": (home,)}))


def test_v1_3_460_2_c_5_example_caitlyn_is_assigned_last() -> None:
    from riftlog.rules.flow.combat_damage import check_assignment
    from tests.rules.combat_board import HORNS, combat, table, unit

    state = table()
    tank = unit(state, HORNS, "p2")
    cait = unit(state, CAITLYN, "p2")
    plain = unit(state, SKULKER, "p2")
    d = [tank, cait, plain]
    combat(state)

    def check(total: int, assignment: dict[str, int]) -> list[str]:
        return [v.rule for v in check_assignment(state, "p1", total, assignment, d)]

    assert check(8, {tank: 6, plain: 2}) == []
    assert check(8, {tank: 6, cait: 2}) == ["460.2.c.5"]


# --- OGN-073 Sona, Harmonious -------------------------------------------------------------------

def test_sona_readies_up_to_four_runes_at_the_end_of_turn() -> None:
    s = game()
    put(s, SONA, "p1", "battlefield", "bf1")
    control(s, "bf1", "p1")
    spent = runes(s, "p1", 5, CALM_RUNE)
    for r in spent:
        s.objects[r].exhausted = True
    for pid in s.players:
        put(s, CALM_RUNE, pid, "rune_deck")
    s, _ = engine.apply(s, TurnEnded(player="p1"))
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.player == "p1"
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": list(spent)}}))
    s = choose(s, "p1", targets={"t": list(spent[:4])})
    s = pass_all(s)
    assert [s.objects[r].exhausted for r in spent] == [False] * 4 + [True]


def test_v1_3_383_3_e_example_sona_in_base_does_not_trigger() -> None:
    s = game()
    put(s, SONA, "p1", "base")
    spent = runes(s, "p1", 2, CALM_RUNE)
    for r in spent:
        s.objects[r].exhausted = True
    for pid in s.players:
        put(s, CALM_RUNE, pid, "rune_deck")
    s, _ = engine.apply(s, TurnEnded(player="p1"))
    assert s.turn_player == "p2" and all(s.objects[r].exhausted for r in spent)
    assert not any(e.get("request") == "choice" for e in s.queue)


# --- OGN-074 Taric, Protector -----------------------------------------------------------------

def test_taric_gives_other_friendly_units_here_shield() -> None:
    s = game()
    taric = place(s, TARIC, "p1", "battlefield", "bf1")
    here = put(s, SKULKER, "p1", "battlefield", "bf1")
    there = put(s, SKULKER, "p1", "battlefield", "bf2")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    assert layers.characteristics(s, here).has("Shield")
    assert not layers.characteristics(s, there).has("Shield")
    assert not layers.characteristics(s, foe).has("Shield")
    assert layers.characteristics(s, taric).value("Shield") in (None, 1)


def test_taric_played_starts_his_passive() -> None:
    s = game()
    rich(s)
    mate = put(s, SKULKER, "p1", "base")
    taric = put(s, TARIC, "p1", "hand")
    s = play(s, taric)
    assert layers.characteristics(s, mate).has("Shield")
    s.objects[mate].designation = "defender"
    assert layers.might_of(s, mate) == 4


# --- OGN-076 Yasuo, Remorseful ------------------------------------------------------------------

def test_yasuo_deals_his_might_to_an_enemy_here_when_he_attacks() -> None:
    s = game()
    yasuo = put(s, YASUO, "p1", "base")
    foe = put(s, "OGN-088", "p2", "battlefield", "bf1")  # Mega-Mech, Might 8
    control(s, "bf1", "p2")
    s = attack(s, (yasuo,))
    s = pass_all(s)
    assert s.objects[foe].damage == 6 and s.objects[foe].zone == "battlefield"


def test_v1_3_359_3_f_2_example_yasuo_deals_his_current_might() -> None:
    s = game()
    rich(s, "p2", 2, MIND_RUNE)
    yasuo = put(s, YASUO, "p1", "base")
    foe = put(s, "OGN-088", "p2", "battlefield", "bf1")  # Might 8: survives 5
    control(s, "bf1", "p2")
    s = attack(s, (yasuo,))
    assert [i.kind for i in s.chain] == ["ability"]
    (req,) = engine.pending(s)
    if req.player == "p1":
        s, _ = engine.apply(s, PriorityPassed(player="p1"))
    stupefy = put(s, STUPEFY, "p2", "hand")
    s = play(s, stupefy, "p2", destination=None, targets={"t": (yasuo,)})
    s = pass_all(s)
    assert s.objects[foe].damage == 5


def test_yasuo_trigger_needs_an_enemy_here() -> None:
    s = game()
    yasuo = put(s, YASUO, "p1", "base")
    assert triggers.fire(s, "attacks", obj=yasuo, player="p1", battlefield="bf1") == 1
    s.extra.pop("triggers")
    s.queue.pop(0)
    from riftlog.rules.interpreter.triggers import _targets_then_chain

    log: list[GameAction] = []
    t = {"id": "x", "card": YASUO, "source": yasuo, "ability": 0, "controller": "p1",
         "event": {"obj": yasuo}}
    assert _targets_then_chain(s, t, log) and not s.chain
    assert log[-1].rule == "355.5.b"


# --- OGN-079 Leona, Zealot -----------------------------------------------------------------------

def test_leona_stunned_enemies_here_lose_eight_to_a_minimum_of_one() -> None:
    s = game()
    rich(s)
    control(s, "bf1", "p1")
    foe = put(s, "OGN-088", "p2", "battlefield", "bf1")
    calm = put(s, SKULKER, "p2", "battlefield", "bf1")
    leona = put(s, LEONA, "p1", "hand")
    s = play(s, leona, destination="bf1")
    assert s.objects[leona].exhausted  # nobody near victory
    s.objects[foe].stunned = True
    assert layers.might_of(s, foe) == 1 and layers.might_of(s, calm) == 3


def test_leona_enters_ready_when_an_opponent_is_near_victory() -> None:
    s = game()
    rich(s)
    s.players["p2"].points = s.victory_score - 3
    leona = put(s, LEONA, "p1", "hand")
    s, actions = engine.apply(s, CardPlayed(player="p1", card=leona, destination="base",
                                            payment=pay_for(s, "p1", leona)))
    assert not s.objects[leona].exhausted
    assert any(a.kind == "enter_ready" and a.objects == (leona,) for a in actions)
    s2 = game()
    rich(s2)
    s2.players["p2"].points = s2.victory_score - 4
    leona2 = put(s2, LEONA, "p1", "hand")
    s2 = play(s2, leona2)
    assert s2.objects[leona2].exhausted


# --- OGN-091 Pit Crew -----------------------------------------------------------------------

def test_pit_crew_readies_when_you_play_a_gear() -> None:
    s = game()
    rich(s)
    crew = put(s, PIT_CREW, "p1", "base", exhausted=True)
    s = pass_all(play(s, put(s, GEAR, "p1", "hand")))
    assert not s.objects[crew].exhausted


def test_pit_crew_ignores_units_and_opponents_gear() -> None:
    s = game()
    rich(s)
    crew = put(s, PIT_CREW, "p1", "base", exhausted=True)
    s = pass_all(play(s, put(s, SKULKER, "p1", "hand")))
    assert s.objects[crew].exhausted
    assert triggers.fire(s, "played", obj=put(s, GEAR, "p2", "base"), player="p2") == 0


# --- OGN-100 Gemcraft Seer -------------------------------------------------------------------

def test_gemcraft_seer_gives_other_units_vision() -> None:
    s = game()
    rich(s, rune=MIND_RUNE)
    place(s, SEER, "p1", "base")
    unit = put(s, SKULKER, "p1", "hand")
    s = play(s, unit)
    assert len(s.chain) == 1  # Vision granted by the Seer
    top = s.players["p1"].main_deck[0]
    s = pass_all(s)
    (req,) = engine.pending(s)  # look, may recycle
    assert req.kind == "choice" and req.options["kind"] == "may"
    s = choose(s, "p1", use=True)
    s = pass_all(s)
    assert s.players["p1"].main_deck[-1] == top


def test_gemcraft_seer_does_not_give_opponents_vision() -> None:
    s = game()
    place(s, SEER, "p2", "base")
    rich(s, rune=MIND_RUNE)
    s = play(s, put(s, SKULKER, "p1", "hand"))
    assert not s.chain and engine.pending(s)[0].kind != "choice"


def test_gemcraft_seer_own_vision_triggers_once() -> None:
    s = game()
    rich(s, rune=MIND_RUNE)
    s = play(s, put(s, SEER, "p1", "hand"))
    assert len(s.chain) == 1


def test_seal_of_focus_is_a_reaction_ability() -> None:
    s = game()
    seal = put(s, SEAL_OF_FOCUS, "p1", "base")
    d = AbilityActivated(player="p1", source=seal, ability=0)
    assert not violations(s, d)


# --- OGN-084 Eager Apprentice ------------------------------------------------------------------

APPRENTICE = "OGN-084"


def test_eager_apprentice_at_a_battlefield_makes_spells_cheaper_not_below_one() -> None:
    from riftlog.rules.playing.play import total_cost

    s = game()
    engine.load_extensions()
    place(s, APPRENTICE, "p1", "battlefield", "bf1")
    comet = put(s, "OGN-085", "p1", "hand")  # 5 Energy spell
    stupefy = put(s, STUPEFY, "p1", "hand")  # 1 Energy spell: stays 1
    unit = put(s, SKULKER, "p1", "hand")  # units are not affected
    foe_spell = put(s, "OGN-085", "p2", "hand")  # the opponent's spells are not affected
    assert total_cost(s, "p1", comet).energy == 4
    assert total_cost(s, "p1", stupefy).energy == 1
    assert total_cost(s, "p1", unit).energy == 3
    assert total_cost(s, "p2", foe_spell).energy == 5
    rich(s, n=4, rune=MIND_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = play(s, comet, destination=None, targets={"t": (foe,)})  # pays 4
    s = pass_all(s)
    assert s.objects[foe].zone == "trash"


def test_eager_apprentice_in_base_gives_no_discount() -> None:
    from riftlog.events.play import CardPlayed
    from riftlog.rules.board.resources import Cost

    s = game()
    engine.load_extensions()
    place(s, APPRENTICE, "p1", "base")
    rich(s, n=4, rune=MIND_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    comet = put(s, "OGN-085", "p1", "hand")
    from tests.cards_engine.helpers import pay_for

    d = CardPlayed(player="p1", card=comet, targets=(foe,),
                   payment=pay_for(s, "p1", cost=Cost(4)))
    assert "165.2" in violations(s, d)


def test_v1_3_359_3_f_2_example_yasuo_moved_away_mistargets() -> None:
    from riftlog.rules.game_actions import actions

    s = game()
    yasuo = put(s, YASUO, "p1", "base")
    foe = put(s, "OGN-088", "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s = attack(s, (yasuo,))
    assert [i.kind for i in s.chain] == ["ability"]
    actions.recall(s, yasuo, [], responsible="p2")  # an effect sends him back to base
    s = pass_all(s)
    assert s.objects[foe].damage == 0  # "here" is no longer where the enemy is


def test_v1_3_356_4_e_example_eager_apprentice_first_then_sky_splitter() -> None:
    from riftlog.rules.playing.play import total_cost

    s = game()
    engine.load_extensions()
    place(s, APPRENTICE, "p1", "battlefield", "bf1")
    big = put(s, "OGN-088", "p1", "base")  # Mega-Mech: 8 Might
    s.effects.append({"id": "e0", "layer": "arithmetic", "affects": {"oid": big}, "might": -1,
                      "until": "end_of_turn", "timestamp": 0})  # a 7 Might unit
    assert layers.might_of(s, big) == 7
    splitter = put(s, "OGN-014", "p1", "hand")  # 8 Energy, less the highest Might
    # Apprentice's discount first (8 -> 7), then the card's own (7 -> 0)
    assert total_cost(s, "p1", splitter).energy == 0


def test_eager_apprentice_minimum_only_limits_its_own_discount() -> None:
    from riftlog.rules.playing.play import total_cost

    s = game()
    engine.load_extensions()
    place(s, APPRENTICE, "p1", "battlefield", "bf1")
    splitter = put(s, "OGN-014", "p1", "hand")
    unit = put(s, SKULKER, "p1", "base")  # 3 Might: 8 -> 7 (Apprentice) -> 4
    assert total_cost(s, "p1", splitter).energy == 4 and unit


def test_v1_3_423_1_a_1_example_eclipse_herald_not_for_an_already_stunned_unit() -> None:
    s = game()
    rich(s)
    herald = put(s, HERALD, "p1", "base", exhausted=True)
    foe = put(s, SKULKER, "p2", "base")
    s.objects[foe].stunned = True
    s = play(s, put(s, SHIELDBEARER, "p1", "hand"))
    s = choose(s, "p1", targets={"t": [foe]})  # may be chosen, but stunning it again fails
    s = pass_all(s)
    assert s.objects[herald].exhausted and layers.might_of(s, herald) == 7
