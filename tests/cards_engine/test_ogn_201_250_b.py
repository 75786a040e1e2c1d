"""Batch ogn_201_250, permanents and legends: Seal of Discord, Faithful Manufactor, Forge
of the Future, Soaring Scout, Vanguard Captain, Peak Guardian, Solari Chief, Albus
Ferros, Fiora (the 471.3 example), Harnessed Dragon, Leona, Machine Evangel, Darius,
Seal of Unity, Viktor (the 383.2.c.2 example), Relentless Storm; and the cards of the
batch that stay unsupported."""

from __future__ import annotations

from typing import Any

import pytest

from riftlog.cards.catalog import load_catalog
from riftlog.events.abilities import AbilityActivated, ChoiceMade
from riftlog.events.decisions import DeckOrderRecorded, Payment
from riftlog.events.play import CardPlayed, StandardMove
from riftlog.rules import engine
from riftlog.rules.board import layers, seats
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import effects
from riftlog.rules.playing.play import total_cost
from tests.cards_engine.helpers import (
    CALM_RUNE,
    CHAOS_RUNE,
    ORDER_RUNE,
    SKULKER,
    activate,
    choose,
    control,
    game,
    hold_both,
    pass_all,
    pay_for,
    play,
    put,
    runes,
    violations,
)

DISCORD, MANUFACTOR, FORGE, SCOUT, CAPTAIN = "OGN-204", "OGN-211", "OGN-212", "OGN-216", "OGN-218"
GUARDIAN, CHIEF, ALBUS, FIORA, DRAGON = "OGN-223", "OGN-225", "OGN-230", "OGN-232", "OGN-234"
LEONA, EVANGEL, DARIUS, UNITY, VIKTOR = "OGN-238", "OGN-239", "OGN-243", "OGN-245", "OGN-246"
STORM, HELM, PATRON, LEDROS = "OGN-249", "OGN-228", "OGN-208", "OGN-231"
RECRUIT, VENGEANCE, PHANTOM = "OGN-271", "OGN-229", "OGN-049"


def deploy(s: GameState, card: str, rune: str = ORDER_RUNE, n: int = 8, **kw: Any) -> tuple[GameState, str]:
    runes(s, "p1", n, rune)
    oid = put(s, card, "p1", "hand")
    return play(s, oid, **kw), oid


def recruits(s: GameState, where: str) -> list[str]:
    return [o for o, obj in s.objects.items() if obj.card == RECRUIT and obj.location == where]


def vengeance(s: GameState, target: str, player: str = "p1") -> GameState:
    runes(s, player, 6)
    if player != s.turn_player:
        s.turn_player = s.priority = player
        s.queue[0]["player"] = player
    return pass_all(play(s, put(s, VENGEANCE, player, "hand"), player=player, destination=None,
                         targets=(target,)))


# --- Seals ------------------------------------------------------------------------------


@pytest.mark.parametrize(("seal", "domain"), [(DISCORD, "Chaos"), (UNITY, "Order")])
def test_seals_add_one_power_at_once(seal: str, domain: str) -> None:
    s = game()
    oid = put(s, seal, "p1", "base")
    s = activate(s, oid)
    assert s.players["p1"].pool.power == {domain: 1} and s.objects[oid].exhausted and not s.chain


@pytest.mark.parametrize("seal", [DISCORD, UNITY])
def test_seals_cannot_be_used_exhausted(seal: str) -> None:
    s = game()
    oid = put(s, seal, "p1", "base", exhausted=True)
    assert "377.1" in violations(s, AbilityActivated(player="p1", source=oid, ability=0))


# --- Recruit makers -----------------------------------------------------------------------


def test_faithful_manufactor_makes_a_recruit_where_it_was_played() -> None:
    s = game()
    control(s, "bf1", "p1")
    s, _ = deploy(s, MANUFACTOR, destination="bf1")
    s = pass_all(s)
    assert len(recruits(s, "bf1")) == 1 and not recruits(s, "base:p1")


def test_faithful_manufactor_needs_its_cost() -> None:
    s = game()
    unit = put(s, MANUFACTOR, "p1", "hand")
    d = CardPlayed(player="p1", card=unit, destination="base", payment=Payment())
    assert "165.2" in violations(s, d)


def test_forge_of_the_future_makes_a_recruit_then_recycles_from_trashes() -> None:
    s = game()
    s, forge = deploy(s, FORGE)
    s = pass_all(s)
    assert len(recruits(s, "base:p1")) == 1
    mine = [put(s, SKULKER, "p1", "trash") for _ in range(3)]
    theirs = [put(s, SKULKER, "p2", "trash") for _ in range(2)]
    s = activate(s, forge, ability=1)
    assert s.objects[forge].zone == "trash"  # killed as the cost
    s = pass_all(s)
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.options["count"] == 4
    s = choose(s, "p1", cards=[mine[0], mine[1], theirs[0]])
    (req,) = engine.pending(s)  # two cards to p1's Main Deck: a recorded random order (416.5)
    assert req.kind == "deck_order" and sorted(req.options["randomize"]) == sorted(mine[:2])
    keep = list(req.options["keep"])
    s, _ = engine.apply(s, DeckOrderRecorded(player="p1", deck="main",
                                             order=(*keep, mine[1], mine[0])))
    s = pass_all(s)
    assert s.players["p1"].main_deck[-2:] == [mine[1], mine[0]]
    assert s.players["p2"].main_deck[-1] == theirs[0] and s.objects[mine[2]].zone == "trash"


def test_forge_of_the_future_recycles_at_most_four() -> None:
    s = game()
    forge = put(s, FORGE, "p1", "base")
    junk = [put(s, SKULKER, "p2", "trash") for _ in range(5)]
    s = pass_all(activate(s, forge, ability=1))
    assert "416.1" in violations(s, ChoiceMade(player="p1", choice={"cards": junk}))
    assert "312.1" in violations(game(), ChoiceMade(player="p1", choice={"cards": []}))


def test_vanguard_captain_with_legion_makes_two_recruits_here() -> None:
    s = game()
    runes(s, "p1", 10)
    s = play(s, put(s, "OGN-219", "p1", "hand"))  # another card first (Legion)
    s, _ = deploy(s, CAPTAIN)
    s = pass_all(s)
    assert len(recruits(s, "base:p1")) == 2


def test_vanguard_captain_without_legion_makes_none() -> None:
    s, _ = deploy(game(), CAPTAIN)
    assert not s.chain and not recruits(s, "base:p1")


def test_machine_evangel_dying_makes_three_recruits_in_base() -> None:
    s = game()
    unit = put(s, EVANGEL, "p1", "battlefield", "bf1")
    s = vengeance(s, unit)
    assert s.objects[unit].zone == "trash" and len(recruits(s, "base:p1")) == 3


def test_soaring_scout_dying_channels_a_rune_exhausted() -> None:
    s = game()
    unit = put(s, SCOUT, "p1", "base")
    rune = put(s, ORDER_RUNE, "p1", "rune_deck")
    s = vengeance(s, unit)
    assert s.objects[rune].zone == "base" and s.objects[rune].exhausted


# --- play effects ---------------------------------------------------------------------------


def test_peak_guardian_at_a_battlefield_buffs_itself_and_friends_there() -> None:
    s = game()
    control(s, "bf1", "p1")
    friend = put(s, SKULKER, "p1", "battlefield", "bf1")
    home = put(s, SKULKER, "p1", "base")
    foe = put(s, SKULKER, "p2", "battlefield", "bf2")
    s, unit = deploy(s, GUARDIAN, destination="bf1")
    s = pass_all(s)
    assert s.objects[unit].buffed and s.objects[friend].buffed
    assert not s.objects[home].buffed and not s.objects[foe].buffed


def test_peak_guardian_in_base_buffs_only_itself() -> None:
    s = game()
    home = put(s, SKULKER, "p1", "base")
    s, unit = deploy(s, GUARDIAN)
    s = pass_all(s)
    assert s.objects[unit].buffed and not s.objects[home].buffed


def test_solari_chief_stuns_an_unstunned_enemy_and_kills_a_stunned_one() -> None:
    s = game()
    foe = put(s, SKULKER, "p2", "base")
    s, _ = deploy(s, CHIEF)
    s = pass_all(s)  # one enemy: no choice to record
    assert s.objects[foe].stunned and s.objects[foe].zone == "base"
    s, _ = deploy(s, CHIEF)
    s = pass_all(s)
    assert s.objects[foe].zone == "trash"


def test_solari_chief_cannot_choose_a_friendly_unit() -> None:
    s = game()
    mine = put(s, SKULKER, "p1", "base")
    foes = [put(s, SKULKER, "p2", "base"), put(s, SKULKER, "p2", "base")]
    s, _ = deploy(s, CHIEF)
    (req,) = engine.pending(s)
    assert sorted(req.options["targets"]["t"]["from"]) == sorted(foes)
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [mine]}}))


def test_harnessed_dragon_kills_an_enemy_unit() -> None:
    s = game()
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s, _ = deploy(s, DRAGON, n=10)
    s = pass_all(s)
    assert s.objects[foe].zone == "trash"


def test_harnessed_dragon_without_an_enemy_has_no_trigger() -> None:
    s = game()
    mine = put(s, SKULKER, "p1", "base")
    s, _ = deploy(s, DRAGON, n=10)
    assert not s.chain and s.objects[mine].zone == "base"


def test_albus_ferros_spends_chosen_buffs_to_channel_runes() -> None:
    s = game()
    a, b, _c = (put(s, SKULKER, "p1", "base") for _ in range(3))
    s.objects[a].buffed = s.objects[b].buffed = True
    for _ in range(2):
        put(s, ORDER_RUNE, "p1", "rune_deck")
    s, _ = deploy(s, ALBUS)
    s = pass_all(s)
    (req,) = engine.pending(s)
    assert sorted(req.options["from"]) == sorted([a, b])
    before = len(s.players["p1"].base)
    s = pass_all(choose(s, "p1", cards=[a, b]))
    assert not s.objects[a].buffed and not s.objects[b].buffed
    assert len(s.players["p1"].base) == before + 2
    assert all(s.objects[o].exhausted for o in s.players["p1"].base[-2:])


def test_albus_ferros_cannot_spend_a_buff_a_unit_does_not_have() -> None:
    s = game()
    a = put(s, SKULKER, "p1", "base")
    plain = put(s, SKULKER, "p1", "base")
    s.objects[a].buffed = True
    s, _ = deploy(s, ALBUS)
    s = pass_all(s)
    assert "703" in violations(s, ChoiceMade(player="p1", choice={"cards": [plain]}))


# --- additional costs: kill friendly units ---------------------------------------------------


def test_cruel_patron_kills_a_friendly_unit_as_it_is_played() -> None:
    s = game()
    victim = put(s, SKULKER, "p1", "battlefield", "bf1")
    s, patron = deploy(s, PATRON, choices={"kill": [victim]})
    assert s.objects[victim].zone == "trash" and s.objects[patron].zone == "base"


def test_cruel_patron_refuses_to_be_played_without_the_kill_or_with_an_enemy() -> None:
    s = game()
    runes(s, "p1", 4)
    foe = put(s, SKULKER, "p2", "base")
    patron = put(s, PATRON, "p1", "hand")
    pay = pay_for(s, "p1", patron)
    assert "356.2.a.1" in violations(s, CardPlayed(player="p1", card=patron, destination="base",
                                                   payment=pay))
    assert "356.2" in violations(s, CardPlayed(player="p1", card=patron, destination="base",
                                               payment=pay, choices={"kill": [foe]}))


def test_commander_ledros_each_friendly_unit_killed_takes_one_order_power_off() -> None:
    s = game()
    victims = [put(s, SKULKER, "p1", "base"), put(s, SKULKER, "p1", "battlefield", "bf2")]
    runes(s, "p1", 6)
    ledros = put(s, LEDROS, "p1", "hand")
    assert total_cost(s, "p1", ledros).power == {"Order": 4}
    assert total_cost(s, "p1", ledros, choices={"kill": victims}).power == {"Order": 2}
    s = play(s, ledros, choices={"kill": victims})
    assert all(s.objects[v].zone == "trash" for v in victims) and s.objects[ledros].zone == "base"


def test_commander_ledros_cannot_kill_a_unit_it_does_not_control() -> None:
    s = game()
    foe = put(s, SKULKER, "p2", "base")
    runes(s, "p1", 6)
    ledros = put(s, LEDROS, "p1", "hand")
    pay = pay_for(s, "p1", ledros, choices={"kill": [foe]})
    assert "356.2" in violations(s, CardPlayed(player="p1", card=ledros, destination="base",
                                               payment=pay, choices={"kill": [foe]}))


# --- passives -------------------------------------------------------------------------------


def test_fiora_victorious_gets_her_keywords_only_while_mighty() -> None:
    s = game()
    s, fiora = deploy(s, FIORA)
    ch = layers.characteristics(s, fiora)
    assert ch.might == 4 and not (ch.has("Deflect") or ch.has("Ganking") or ch.has("Shield"))
    s.objects[fiora].buffed = True  # 471.3: the buff makes her Mighty, then she has all three
    layers.clear_cache()
    ch = layers.characteristics(s, fiora)
    assert ch.might == 5 and ch.has("Deflect") and ch.has("Ganking") and ch.has("Shield")
    s.objects[fiora].designation = "defender"
    assert layers.might_of(s, fiora) == 6  # + Shield as a defender
    s.objects[fiora].buffed = False  # buff removed: back to 4, no keywords, no Shield
    ch = layers.characteristics(s, fiora)
    assert ch.might == 4 and not ch.has("Shield") and not ch.has("Deflect")


def test_fiora_not_mighty_has_no_deflect_cost() -> None:
    s = game()
    fiora = put(s, FIORA, "p2", "battlefield", "bf1")
    assert effects.deflect_power(s, "p1", {"t": [fiora]}) == 0


def test_darius_executioner_other_friendly_units_at_his_location_get_one() -> None:
    s = game()
    friend = put(s, SKULKER, "p1", "base")
    away = put(s, SKULKER, "p1", "battlefield", "bf1")
    foe = put(s, SKULKER, "p2", "base")
    s, darius = deploy(s, DARIUS)
    assert layers.might_of(s, friend) == 4 and layers.might_of(s, away) == 3
    assert layers.might_of(s, foe) == 3 and layers.might_of(s, darius) == 6
    assert s.objects[darius].exhausted and not s.chain  # no Legion: no ready


def test_darius_executioner_readies_with_legion() -> None:
    s = game()
    runes(s, "p1", 10)
    s = play(s, put(s, "OGN-219", "p1", "hand"))
    s, darius = deploy(s, DARIUS)
    s = pass_all(s)
    assert not s.objects[darius].exhausted


# --- triggers -------------------------------------------------------------------------------


def test_leona_stuns_an_enemy_unit_here_when_she_attacks() -> None:
    s = game()
    leona = put(s, LEONA, "p1", "base")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    elsewhere = put(s, SKULKER, "p2", "battlefield", "bf2")
    control(s, "bf1", "p2")
    s, _ = engine.apply(s, StandardMove(player="p1", units=(leona,), destination="bf1"))
    s = pass_all(s)
    assert s.objects[foe].stunned and not s.objects[elsewhere].stunned


def test_leona_does_not_trigger_when_she_defends() -> None:
    from riftlog.rules.interpreter import triggers

    s = game()
    leona = put(s, LEONA, "p1", "battlefield", "bf1")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    assert triggers.fire(s, "defends", obj=leona, player="p1", battlefield="bf1") == 0
    assert triggers.fire(s, "attacks", obj=leona, player="p1", battlefield="bf1") == 1


def test_viktor_makes_a_recruit_when_another_non_recruit_unit_dies() -> None:
    s = game()
    put(s, VIKTOR, "p1", "base")
    friend = put(s, SKULKER, "p1", "battlefield", "bf1")
    s = vengeance(s, friend)
    assert len(recruits(s, "base:p1")) == 1


def test_viktor_ignores_recruits_and_enemies() -> None:
    s = game()
    put(s, VIKTOR, "p1", "base")
    token = put(s, RECRUIT, "p1", "battlefield", "bf1", token=True)
    foe = put(s, SKULKER, "p2", "base")
    s = vengeance(s, token)
    s = vengeance(s, foe)
    assert recruits(s, "base:p1") == []


def test_viktor_dying_with_the_unit_does_not_trigger() -> None:
    """383.2.c.2: Viktor and another unit die in the same action: no token."""
    from riftlog.rules.interpreter import effects as fx

    s = game()
    viktor = put(s, VIKTOR, "p1", "base")
    friend = put(s, SKULKER, "p1", "base")
    log: list[Any] = []
    fx.kill(s, [viktor, friend], log)
    assert not s.extra.get("triggers")


def test_vanguard_helm_a_buffed_friendly_unit_dying_buffs_another() -> None:
    s = game()
    put(s, HELM, "p1", "base")
    dying = put(s, SKULKER, "p1", "battlefield", "bf1")
    other = put(s, SKULKER, "p1", "base")
    s.objects[dying].buffed = True
    s = vengeance(s, dying)
    assert s.objects[dying].zone == "trash" and s.objects[other].buffed


def test_vanguard_helm_ignores_unbuffed_and_enemy_units() -> None:
    s = game()
    put(s, HELM, "p1", "base")
    plain = put(s, SKULKER, "p1", "battlefield", "bf1")
    foe = put(s, SKULKER, "p2", "base")
    other = put(s, SKULKER, "p1", "base")
    s.objects[foe].buffed = True
    s = vengeance(s, plain)
    s = vengeance(s, foe)
    assert not s.objects[other].buffed


def test_relentless_storm_may_exhaust_to_channel_when_a_mighty_unit_is_played() -> None:
    s = game()
    storm = put(s, STORM, "p1", "legend")
    rune = put(s, CALM_RUNE, "p1", "rune_deck")
    s, _ = deploy(s, PHANTOM, CALM_RUNE)
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.options["kind"] == "may"
    s = pass_all(choose(s, "p1", use=True))
    assert s.objects[storm].exhausted and s.objects[rune].zone == "base" and s.objects[rune].exhausted


def test_relentless_storm_ignores_units_that_are_not_mighty_and_needs_to_be_ready() -> None:
    s = game()
    storm = put(s, STORM, "p1", "legend")
    rune = put(s, CALM_RUNE, "p1", "rune_deck")
    s, _ = deploy(s, SKULKER, CHAOS_RUNE)
    assert not s.chain and engine.pending(s)[0].kind != "choice"
    s.objects[storm].exhausted = True
    s, _ = deploy(s, PHANTOM, CALM_RUNE)
    s = pass_all(choose(s, "p1", use=True))
    assert s.objects[rune].zone == "rune_deck"  # the exhaust cost could not be paid


DRUMMER, SETT, YASUO, KARTHUS = "OGN-222", "OGN-240", "OGN-205", "OGN-236"
MATRON = "OGN-226"


def test_spectral_matron_may_play_a_cheap_unit_from_the_trash_for_free() -> None:
    s = game()
    cheap = put(s, SCOUT, "p1", "trash")
    put(s, PHANTOM, "p1", "trash")  # 5 Energy: too expensive
    s, _ = deploy(s, MATRON)
    s = pass_all(s)
    (req,) = engine.pending(s)
    assert {c["card"] for c in req.options["choices"]} == {None, cheap}
    pool = dict(s.players["p1"].pool.power)
    s = pass_all(choose(s, "p1", card=cheap, to="base:p1"))
    assert s.objects[cheap].zone == "base" and s.objects[cheap].exhausted
    assert s.players["p1"].pool.power == pool  # nothing paid


def test_spectral_matron_refuses_an_expensive_unit_and_may_decline() -> None:
    s = game()
    cheap = put(s, SCOUT, "p1", "trash")
    dear = put(s, PHANTOM, "p1", "trash")
    s, _ = deploy(s, MATRON)
    s = pass_all(s)
    assert "355.2" in violations(s, ChoiceMade(player="p1", choice={"card": dear, "to": "base:p1"}))
    s = pass_all(choose(s, "p1", card=None))
    assert s.objects[cheap].zone == "trash"


def test_karthus_makes_a_friendly_deathknell_trigger_twice() -> None:
    s = game()
    put(s, KARTHUS, "p1", "base")
    scout = put(s, SCOUT, "p1", "battlefield", "bf1")
    extra = [put(s, ORDER_RUNE, "p1", "rune_deck") for _ in range(3)]
    s = vengeance(s, scout)
    assert [s.objects[r].zone for r in extra] == ["base", "base", "rune_deck"]


def test_karthus_does_not_double_an_enemy_deathknell_or_his_own_absence() -> None:
    s = game()
    put(s, KARTHUS, "p2", "base")
    scout = put(s, SCOUT, "p1", "battlefield", "bf1")
    extra = [put(s, ORDER_RUNE, "p1", "rune_deck") for _ in range(2)]
    s = vengeance(s, scout)
    assert [s.objects[r].zone for r in extra] == ["base", "rune_deck"]
    assert not layers.characteristics(s, s.players["p2"].base[0]).has("Deathknell")


def _move(s: GameState, unit: str, to: str) -> GameState:
    s.objects[unit].exhausted = False
    s, _ = engine.apply(s, StandardMove(player="p1", units=(unit,), destination=to))
    return pass_all(s)


def test_yasuo_windrider_third_move_in_a_turn_gains_a_point() -> None:
    s = game()
    hold_both(s)  # held battlefields: no showdown stops the moves
    yasuo = put(s, YASUO, "p1", "base")
    s = _move(s, yasuo, "bf1")
    s = _move(s, yasuo, "bf2")  # Ganking: battlefield to battlefield
    assert s.players["p1"].points == 0 and not s.chain
    s = _move(s, yasuo, "base:p1")
    assert s.players["p1"].points == 1


def test_yasuo_windrider_two_moves_or_moves_on_another_turn_gain_nothing() -> None:

    s = game()
    hold_both(s)  # held battlefields: no showdown stops the moves
    yasuo = put(s, YASUO, "p1", "base")
    s = _move(s, yasuo, "bf1")
    s = _move(s, yasuo, "base:p1")
    s.turn += 1  # a new turn: the count starts again
    assert seats.moves_this_turn(s, yasuo) == 0
    s = _move(s, yasuo, "bf1")
    assert s.players["p1"].points == 0


def test_sett_gets_one_might_per_buffed_friendly_unit_at_his_battlefield() -> None:
    s = game()
    control(s, "bf1", "p1")
    a, b = put(s, SKULKER, "p1", "battlefield", "bf1"), put(s, SKULKER, "p1", "battlefield", "bf1")
    home = put(s, SKULKER, "p1", "base")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    for o in (a, b, home, foe):
        s.objects[o].buffed = True
    s, sett = deploy(s, SETT, destination="bf1")
    assert layers.might_of(s, sett) == 7  # 5 + the two buffed friendly units there
    s.objects[sett].buffed = True
    assert layers.might_of(s, sett) == 9  # his own buff counts too, and adds +1 itself
    assert layers.might_of(s, a) == 4  # only Sett gets the bonus


def test_sett_in_base_gets_nothing() -> None:
    s = game()
    home = put(s, SKULKER, "p1", "base")
    s.objects[home].buffed = True
    s, sett = deploy(s, SETT)
    assert layers.might_of(s, sett) == 5


def test_noxian_drummer_moving_to_a_battlefield_makes_a_recruit_there() -> None:
    s = game()
    drummer = put(s, DRUMMER, "p1", "base")
    s, _ = engine.apply(s, StandardMove(player="p1", units=(drummer,), destination="bf1"))
    s = pass_all(s)
    assert len(recruits(s, "bf1")) == 1


def test_noxian_drummer_moving_to_base_makes_nothing() -> None:
    s = game()
    control(s, "bf1", "p1")
    drummer = put(s, DRUMMER, "p1", "battlefield", "bf1")
    s, _ = engine.apply(s, StandardMove(player="p1", units=(drummer,), destination="base:p1"))
    assert not s.chain and not recruits(s, "base:p1")


# --- unsupported cards of the batch ---------------------------------------------------------

# OGN-221, OGN-235, OGN-247: test_mechanics_201_250; OGN-242: test_play_effect_cards;
# OGN-244: test_control_cards.py.  Every card of the batch is supported now.
UNSUPPORTED: tuple[str, ...] = ()


def test_every_other_card_of_the_batch_is_supported() -> None:
    cat = load_catalog()
    for n in range(201, 251):
        card = f"OGN-{n:03d}"
        assert cat.get(card).supported == (card not in UNSUPPORTED), card
