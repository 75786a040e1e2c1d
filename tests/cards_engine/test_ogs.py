"""Batch ogs: the Proving Grounds cards (OGS) played, activated or triggered through the
engine, each with a refused use where the card has a target, a condition or a cost."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riftlog.cards.vocab import CostReduction, Deal, SpellEffect, Target
from riftlog.events.abilities import ChoiceMade
from riftlog.events.decisions import Payment, PriorityPassed, TurnEnded
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.state import GameState
from riftlog.rules.playing import abilities
from tests.cards_engine.helpers import (
    CALM_RUNE,
    CHAOS_RUNE,
    FURY_RUNE,
    ORDER_RUNE,
    SKULKER,
    apply,
    choose,
    control,
    game,
    pass_all,
    pay_for,
    play,
    put,
    runes,
    spell_played,
    violations,
)
from tests.cards_engine.helpers import cast as cast_from_hand
from tests.cards_engine.helpers import move as attack

ANNIE_FIERY, FIRESTORM, INCINERATE, YI_MEDITATIVE = "OGS-001", "OGS-002", "OGS-003", "OGS-004"
LUX_ILLUMINATED, DUEL, YI_HONED, ANNIE_STUBBORN = "OGS-006", "OGS-008", "OGS-009", "OGS-010"
FLASH, BLAST, GAREN_COMMANDER, LUX_CROWNGUARD = "OGS-011", "OGS-012", "OGS-013", "OGS-014"
RECRUIT_VANGUARD, ATTENDANT, DARK_CHILD, TIBBERS = "OGS-015", "OGS-016", "OGS-017", "OGS-018"
WUJU, HIGHLANDER, LADY, FINAL_SPARK = "OGS-019", "OGS-020", "OGS-021", "OGS-022"
MIGHT_OF_DEMACIA, DECISIVE_STRIKE = "OGS-023", "OGS-024"
SINGULARITY, VOLIBEAR = "OGN-105", "OGN-041"


def cast(s: GameState, card: str, rune: str = ORDER_RUNE, n: int = 10, **kw: Any) -> GameState:
    """p1 plays spell *card* from hand with *n* fresh runes of *rune*."""
    runes(s, "p1", n, rune)
    return cast_from_hand(s, card, **kw)


def unit_in(s: GameState, card: str, rune: str, n: int = 10, where: str = "base") -> tuple[GameState, str]:
    runes(s, "p1", n, rune)
    oid = put(s, card, "p1", "hand")
    return play(s, oid, destination=where), oid


def until_settled(s: GameState, bf: str = "bf1", limit: int = 12) -> GameState:
    """Pass priority/focus until nothing is contested at *bf* and the chain is empty."""
    for _ in range(limit):
        reqs = engine.pending(s)
        if not reqs or "PriorityPassed" not in reqs[0].decisions or \
                (s.battlefield(bf).contested_by is None and not s.chain and s.showdown is None):
            break
        s, _ = engine.apply(s, PriorityPassed(player=reqs[0].player or ""))
    return pass_all(s)


# --- legends ---------------------------------------------------------------------------------


def test_dark_child_readies_up_to_two_runes_as_the_turn_ends() -> None:
    s = game()
    put(s, DARK_CHILD, "p1", "legend")
    tired = [put(s, FURY_RUNE, "p1", "base", exhausted=True) for _ in range(3)]
    s, _ = engine.apply(s, TurnEnded(player="p1"))
    s = pass_all(s)
    s = choose(s, "p1", runes=tired[:2])
    s = pass_all(s)
    ready = [o for o in tired if not s.objects[o].exhausted]
    assert ready == tired[:2]


def test_dark_child_refuses_three_runes_and_ignores_the_opponents_turn() -> None:
    s = game()
    put(s, DARK_CHILD, "p1", "legend")
    tired = [put(s, FURY_RUNE, "p1", "base", exhausted=True) for _ in range(3)]
    s, _ = engine.apply(s, TurnEnded(player="p1"))
    s = pass_all(s)
    assert "415" in violations(s, ChoiceMade(player="p1", choice={"runes": tired}))
    s2 = game()
    put(s2, DARK_CHILD, "p2", "legend")
    put(s2, FURY_RUNE, "p2", "base", exhausted=True)
    s2, _ = engine.apply(s2, TurnEnded(player="p1"))
    assert not s2.extra.get("triggers") and all(
        r.kind != "choice" for r in engine.pending(s2))


def _wuju_defense(defenders: int) -> tuple[GameState, list[str]]:
    s = game()
    legend = put(s, WUJU, "p2", "legend")
    abilities.start_passives(s, legend)  # setup does this for a game's legends (363)
    a = put(s, SKULKER, "p1", "base")
    ds = [put(s, SKULKER, "p2", "battlefield", "bf1") for _ in range(defenders)]
    control(s, "bf1", "p2")
    s = attack(s, (a,))
    return s, [a, *ds]


def test_wuju_bladesman_lone_defender_gets_two_might() -> None:
    s, (a, d) = _wuju_defense(1)
    assert s.objects[d].designation == "defender"
    assert layers.might_of(s, d) == 5 and layers.might_of(s, a) == 3


def test_wuju_bladesman_nothing_for_two_defenders() -> None:
    s, (_a, d1, d2) = _wuju_defense(2)
    assert layers.might_of(s, d1) == 3 and layers.might_of(s, d2) == 3


def test_a_games_legend_passive_starts_at_setup() -> None:
    from tests.rules.engine_fixtures import created

    gc = created()
    players = tuple(p.model_copy(update={"deck": p.deck.model_copy(update={"legend": WUJU})})
                    for p in gc.players)
    s = engine.new_game(gc.model_copy(update={"players": players}))
    assert {e["source"] for e in s.effects} == {"p1.legend", "p2.legend"}


def test_lady_of_luminosity_draws_for_a_five_plus_spell() -> None:
    s = game()
    put(s, LADY, "p1", "legend")
    foe = put(s, SKULKER, "p2", "base")
    s = pass_all(cast(s, FINAL_SPARK, targets=(foe,)))
    assert s.objects[foe].zone == "trash" and len(s.players["p1"].hand) == 1


def test_lady_of_luminosity_not_for_a_cheap_spell() -> None:
    s = game()
    put(s, LADY, "p1", "legend")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, INCINERATE, FURY_RUNE, targets=(foe,)))
    assert len(s.players["p1"].hand) == 0


def _march(n: int) -> GameState:
    s = game()
    put(s, MIGHT_OF_DEMACIA, "p1", "legend")
    units = tuple(put(s, SKULKER, "p1", "base") for _ in range(n))
    return until_settled(attack(s, units))


def test_might_of_demacia_draws_two_conquering_with_four_units() -> None:
    s = _march(4)
    assert s.battlefield("bf1").controller == "p1" and s.players["p1"].points == 1
    assert len(s.players["p1"].hand) == 2


def test_might_of_demacia_not_with_three_units() -> None:
    s = _march(3)
    assert s.battlefield("bf1").controller == "p1" and len(s.players["p1"].hand) == 0


# --- champions -------------------------------------------------------------------------------


def test_annie_fiery_adds_one_to_each_deal_of_her_controllers_spells() -> None:
    s = game()
    put(s, ANNIE_FIERY, "p1", "base")
    big = [put(s, ATTENDANT, "p2", "battlefield", "bf1") for _ in range(2)]  # 5 Might each
    s = pass_all(cast(s, FIRESTORM, FURY_RUNE, targets={"bf": ("bf1",)}))
    assert [s.objects[o].damage for o in big] == [4, 4]


def test_v1_3_715_2_example_singularity_with_annie(encode: Callable[..., Any]) -> None:
    # 715.2: each of the two targets takes 6 + 1.
    encode(SINGULARITY, SpellEffect((Deal(6, Target("unit", count=2, up_to=True)),)))
    s = game()
    put(s, ANNIE_FIERY, "p1", "base")
    mechs = [put(s, ATTENDANT, "p2", "base") for _ in range(2)]  # 5 Might each
    runes(s, "p1", 6)
    spell = put(s, SINGULARITY, "p1", "hand")
    s.players["p1"].pool.power["Any"] = 2
    s = pass_all(play(s, spell, destination=None, targets=tuple(mechs)))
    assert all(s.objects[m].zone == "trash" for m in mechs)  # 7 damage kills a 5 Might unit


def test_v1_3_715_3_example_volibear_splits_six_with_annie() -> None:
    # 715.3: the Bonus Damage is added to the amount split (5 + 1), so six targets could share it.
    s = game()
    put(s, ANNIE_FIERY, "p1", "base")
    voli = put(s, VOLIBEAR, "p1", "base")
    foes = [put(s, "OGN-142", "p2", "battlefield", "bf1") for _ in range(2)]  # Might 10 each
    control(s, "bf1", "p2")
    s = pass_all(attack(s, (voli,)))
    req = engine.pending(s)[0]
    assert req.kind == "choice" and req.options["total"] == 6
    s = choose(s, "p1", split={foes[0]: 4, foes[1]: 2})
    assert [s.objects[f].damage for f in foes] == [4, 2]


def test_annie_fiery_adds_to_a_custom_spell_deal() -> None:
    # Get Excited! (OGN-008) deals the discarded card's Energy cost through a custom effect.
    s = game()
    put(s, ANNIE_FIERY, "p1", "base")
    foe = put(s, ATTENDANT, "p2", "battlefield", "bf1")  # Might 5
    put(s, SKULKER, "p1", "hand")  # the only card left to discard: costs 3
    s = pass_all(cast(s, "OGN-008", FURY_RUNE, n=3, targets={"t": (foe,)}))
    assert s.objects[foe].damage == 4


def test_annie_fiery_of_an_opponent_adds_nothing() -> None:
    s = game()
    put(s, ANNIE_FIERY, "p2", "base")
    foe = put(s, ATTENDANT, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, INCINERATE, FURY_RUNE, targets=(foe,)))
    assert s.objects[foe].damage == 2


def test_yi_meditative_has_plus_four_with_eight_runes() -> None:
    s, yi = unit_in(game(), YI_MEDITATIVE, CALM_RUNE, n=9)  # one is recycled for its power
    assert len(s.players["p1"].base) == 9 and layers.might_of(s, yi) == 8


def test_yi_meditative_without_eight_runes() -> None:
    s, yi = unit_in(game(), YI_MEDITATIVE, CALM_RUNE, n=8)  # 7 runes once one is recycled
    assert layers.might_of(s, yi) == 4


def test_lux_illuminated_grows_when_a_five_plus_spell_is_played() -> None:
    s = game()
    lux = put(s, LUX_ILLUMINATED, "p1", "base")
    foe = put(s, SKULKER, "p2", "base")
    s = pass_all(cast(s, FINAL_SPARK, targets=(foe,)))
    assert layers.might_of(s, lux) == 8


def test_lux_illuminated_not_for_a_cheap_spell() -> None:
    s = game()
    lux = put(s, LUX_ILLUMINATED, "p1", "base")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, INCINERATE, FURY_RUNE, targets=(foe,)))
    assert layers.might_of(s, lux) == 5


def test_v1_3_131_4_example_lux_reads_the_printed_cost(encode: Callable[..., Any]) -> None:
    # 131.4: a spell printed at 5+ that was paid less still triggers Lux.
    encode(FINAL_SPARK, CostReduction(6), SpellEffect((Deal(8, Target("unit")),)))
    s = game()
    lux = put(s, LUX_ILLUMINATED, "p1", "base")
    foe = put(s, SKULKER, "p2", "base")
    s = pass_all(cast(s, FINAL_SPARK, n=2, targets=(foe,)))
    assert s.players["p1"].base.count(lux) == 1 and layers.might_of(s, lux) == 8


def test_yi_honed_enters_ready() -> None:
    s, yi = unit_in(game(), YI_HONED, "OGN-126")
    assert not s.objects[yi].exhausted


def test_yi_honed_refused_without_enough_runes() -> None:
    s = game()
    runes(s, "p1", 3, "OGN-126")
    yi = put(s, YI_HONED, "p1", "hand")
    d = CardPlayed(player="p1", card=yi, destination="base", payment=Payment(
        exhaust=tuple(s.players["p1"].base)))
    assert "165.2" in violations(s, d)


def test_annie_stubborn_returns_the_only_spell_from_trash() -> None:
    s = game()
    spell = put(s, INCINERATE, "p1", "trash")
    unit = put(s, SKULKER, "p1", "trash")
    s, _ = unit_in(s, ANNIE_STUBBORN, CHAOS_RUNE)
    s = pass_all(s)
    assert s.objects[spell].zone == "hand" and s.objects[unit].zone == "trash"


def test_annie_stubborn_asks_which_spell_and_refuses_a_unit() -> None:
    s = game()
    spells = [put(s, INCINERATE, "p1", "trash"), put(s, FLASH, "p1", "trash")]
    unit = put(s, SKULKER, "p1", "trash")
    s, _ = unit_in(s, ANNIE_STUBBORN, CHAOS_RUNE)
    for _ in range(4):
        reqs = engine.pending(s)
        if reqs and reqs[0].kind == "choice":
            break
        s, _ = engine.apply(s, PriorityPassed(player=reqs[0].player or ""))
    assert "378" in violations(s, ChoiceMade(player="p1", choice={"cards": [unit]}))
    s = pass_all(choose(s, "p1", cards=[spells[1]]))
    assert s.objects[spells[1]].zone == "hand" and s.objects[spells[0]].zone == "trash"


def test_garen_commander_gives_other_friendly_units_here_one_might() -> None:
    s = game()
    control(s, "bf1", "p1")
    mate = put(s, SKULKER, "p1", "battlefield", "bf1")
    away = put(s, SKULKER, "p1", "base")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s, garen = unit_in(s, GAREN_COMMANDER, ORDER_RUNE, where="bf1")
    assert layers.might_of(s, mate) == 4
    assert layers.might_of(s, away) == 3 and layers.might_of(s, foe) == 3
    assert layers.might_of(s, garen) == 5


def test_lux_crownguard_is_supported_now() -> None:  # its tests: test_spell_pool.py
    from riftlog.cards import load_catalog

    assert load_catalog().get(LUX_CROWNGUARD).supported  # spell-only Energy (v1.3 165, 429)


# --- signature cards ---------------------------------------------------------------------


def test_tibbers_deals_three_to_every_unit_at_battlefields() -> None:
    s = game()
    control(s, "bf1", "p1")
    mine = put(s, ATTENDANT, "p1", "battlefield", "bf1")
    foe = put(s, ATTENDANT, "p2", "battlefield", "bf2")
    home = put(s, ATTENDANT, "p1", "base")
    runes(s, "p1", 5, FURY_RUNE)
    s, tibbers = unit_in(s, TIBBERS, CHAOS_RUNE, n=5)
    s = pass_all(s)
    assert s.objects[mine].damage == 3 and s.objects[foe].damage == 3
    assert s.objects[home].damage == 0 and s.objects[tibbers].damage == 0


def test_tibbers_with_annie_deals_four() -> None:
    s = game()
    put(s, ANNIE_FIERY, "p1", "base")
    foe = put(s, ATTENDANT, "p2", "battlefield", "bf2")
    runes(s, "p1", 5, FURY_RUNE)
    s, _ = unit_in(s, TIBBERS, CHAOS_RUNE, n=5)
    assert pass_all(s).objects[foe].damage == 4


def test_tibbers_power_is_universal_any_domain_pays_it() -> None:
    """A two-domain card's power symbols are [A] (v1.3 135.2.e.5.a): Calm runes pay a
    Fury/Chaos unit's two Power."""
    s = game()
    runes(s, "p1", 10, CALM_RUNE)
    unit = put(s, TIBBERS, "p1", "hand")
    payment = pay_for(s, "p1", unit)
    assert len(payment.exhaust) == 8 and len(payment.recycle) == 2
    s = apply(s, CardPlayed(player="p1", card=unit, destination="base", payment=payment))
    assert s.objects[unit].zone == "base"


def test_tibbers_refused_without_its_two_power() -> None:
    s = game()
    runes(s, "p1", 10, CALM_RUNE)
    unit = put(s, TIBBERS, "p1", "hand")
    energy_only = Payment(exhaust=tuple(s.players["p1"].base[:8]))
    assert "165.2" in violations(s, CardPlayed(player="p1", card=unit, destination="base",
                                               payment=energy_only))


def test_highlander_saves_a_friendly_unit_from_its_next_death_this_turn() -> None:
    s = game()
    control(s, "bf1", "p1")
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    s.objects[mine].damage = 1
    s = pass_all(cast(s, HIGHLANDER, CALM_RUNE, n=4, targets=(mine,)))
    s = pass_all(cast(s, BLAST, targets=(mine,)))
    unit = s.objects[mine]
    assert (unit.zone, unit.location, unit.exhausted, unit.damage) == ("base", "base:p1", True, 0)
    s = pass_all(cast(s, FINAL_SPARK, targets=(mine,)))  # lethal damage: dies at cleanup
    assert s.objects[mine].zone == "trash"  # the second death this turn is not replaced


def test_highlander_refuses_an_enemy_unit() -> None:
    s = game()
    put(s, SKULKER, "p1", "base")
    foe = put(s, SKULKER, "p2", "base")
    runes(s, "p1", 4, CALM_RUNE)
    d = spell_played(s, HIGHLANDER, targets=(foe,))
    assert "355.5" in violations(s, d)


def test_final_spark_deals_eight_anywhere() -> None:
    s = game()
    foe = put(s, ATTENDANT, "p2", "base")
    s = pass_all(cast(s, FINAL_SPARK, targets=(foe,)))
    assert s.objects[foe].zone == "trash"


def test_final_spark_refuses_a_battlefield_target() -> None:
    s = game()
    runes(s, "p1", 8)
    spell = put(s, FINAL_SPARK, "p1", "hand")
    put(s, SKULKER, "p2", "base")
    d = CardPlayed(player="p1", card=spell, payment=pay_for(s, "p1", spell), targets=("bf1",))
    assert "355.5" in violations(s, d)


def test_decisive_strike_gives_friendly_units_two_might() -> None:
    s = game()
    mine = [put(s, SKULKER, "p1", "base"), put(s, SKULKER, "p1", "battlefield", "bf1")]
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, DECISIVE_STRIKE))
    assert [layers.might_of(s, o) for o in mine] == [5, 5] and layers.might_of(s, foe) == 3


def test_decisive_strike_refused_in_answer_to_a_spell() -> None:
    # an Action is not a Reaction: p2 cannot play it while p1's spell is on the chain
    s = game()
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = cast(s, INCINERATE, FURY_RUNE, n=2, targets=(foe,))
    s, _ = engine.apply(s, PriorityPassed(player="p1"))
    runes(s, "p2", 6)
    spell = put(s, DECISIVE_STRIKE, "p2", "hand")
    d = CardPlayed(player="p2", card=spell, payment=pay_for(s, "p2", spell))
    assert "309.1.a" in violations(s, d)


# --- the rest ------------------------------------------------------------------------------


def test_incinerate_deals_two_at_a_battlefield() -> None:
    s = game()
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, INCINERATE, FURY_RUNE, targets=(foe,)))
    assert s.objects[foe].damage == 2


def test_incinerate_refuses_a_unit_in_base() -> None:
    s = game()
    runes(s, "p1", 2, FURY_RUNE)
    spell = put(s, INCINERATE, "p1", "hand")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    foe = put(s, SKULKER, "p2", "base")
    d = CardPlayed(player="p1", card=spell, payment=pay_for(s, "p1", spell), targets=(foe,))
    assert "355.5" in violations(s, d)


def test_gentlemens_duel_buffs_then_both_units_trade_damage() -> None:
    s = game()
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, DUEL, "OGN-126", targets={"mine": (mine,), "foe": (foe,)}))
    assert s.objects[foe].zone == "trash"  # took 6
    assert s.objects[mine].zone == "battlefield" and s.objects[mine].damage == 3


def test_gentlemens_duel_refuses_an_enemy_as_my_unit() -> None:
    s = game()
    runes(s, "p1", 7, "OGN-126")
    spell = put(s, DUEL, "p1", "hand")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    other = put(s, SKULKER, "p2", "base")
    put(s, SKULKER, "p1", "base")
    d = CardPlayed(player="p1", card=spell, payment=pay_for(s, "p1", spell),
                   targets={"mine": (foe,), "foe": (other,)})
    assert "355.5" in violations(s, d)


def test_flash_moves_up_to_two_friendly_units_to_base() -> None:
    s = game()
    units = (put(s, SKULKER, "p1", "battlefield", "bf1"), put(s, SKULKER, "p1", "battlefield", "bf2"))
    s = pass_all(cast(s, FLASH, CHAOS_RUNE, targets=units))
    assert all(s.objects[u].zone == "base" for u in units)


def test_flash_refuses_an_enemy_unit() -> None:
    s = game()
    runes(s, "p1", 2, CHAOS_RUNE)
    spell = put(s, FLASH, "p1", "hand")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    d = CardPlayed(player="p1", card=spell, payment=pay_for(s, "p1", spell), targets=(foe,))
    assert "355.5" in violations(s, d)


def test_blast_of_power_kills_a_unit_at_a_battlefield() -> None:
    s = game()
    foe = put(s, ATTENDANT, "p2", "battlefield", "bf2")
    s = pass_all(cast(s, BLAST, targets=(foe,)))
    assert s.objects[foe].zone == "trash"


def test_blast_of_power_refuses_a_unit_in_base() -> None:
    s = game()
    runes(s, "p1", 7)
    spell = put(s, BLAST, "p1", "hand")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    foe = put(s, SKULKER, "p2", "base")
    d = CardPlayed(player="p1", card=spell, payment=pay_for(s, "p1", spell), targets=(foe,))
    assert "355.5" in violations(s, d)


def test_recruit_the_vanguard_tokens_where_the_player_picks() -> None:
    s = game()
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")  # holds bf1
    s = cast(s, RECRUIT_VANGUARD)
    s = pass_all(s)
    assert "184.1" in violations(s, ChoiceMade(player="p1", choice={
        "where": ["base:p1", "base:p1", "bf2", "bf2"]}))
    s = pass_all(choose(s, "p1", where=["base:p1", "base:p1", "bf1", "bf1"]))
    tokens = [o for o in s.objects.values() if o.token and o.controller == "p1"]
    assert sorted(t.location or "" for t in tokens) == ["base:p1", "base:p1", "bf1", "bf1"]


def test_recruit_the_vanguard_all_to_base_without_a_battlefield() -> None:
    s = pass_all(cast(game(), RECRUIT_VANGUARD))
    tokens = [o for o in s.objects.values() if o.token and o.controller == "p1"]
    assert len(tokens) == 4 and all(t.zone == "base" for t in tokens)
    assert all(layers.might_of(s, t.oid) == 1 for t in tokens)


def test_vanguard_attendant_enters_ready() -> None:
    s, unit = unit_in(game(), ATTENDANT, ORDER_RUNE)
    assert not s.objects[unit].exhausted


def test_vanguard_attendant_refused_to_an_uncontrolled_battlefield() -> None:
    s = game()
    runes(s, "p1", 7)
    unit = put(s, ATTENDANT, "p1", "hand")
    d = CardPlayed(player="p1", card=unit, destination="bf1", payment=pay_for(s, "p1", unit))
    assert "355.2.a" in violations(s, d)

