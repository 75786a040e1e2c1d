"""Batch ogn_051_100, part A: spells and simple play / activated abilities through the
engine (each card: what it does, and a refused use)."""

from __future__ import annotations

import pytest

from riftlog.events.abilities import AbilityActivated
from riftlog.events.decisions import Payment, PriorityPassed, TurnEnded
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.resources import Cost
from tests.cards_engine.helpers import (
    CALM_RUNE,
    MIND_RUNE,
    ORDER_RUNE,
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
    spell_played,
    to_p2_turn,
    violations,
)

(SHIELDBEARER, STAND_UNITED, BLOCK, DISCIPLINE, WIND_WALL, LAST_STAND, PARTY_FAVORS,
 SEAL_OF_FOCUS, WHITEFLAME, CONSULT, FALLING_COMET, YORDLE, ORB, RIPTIDE, SMOKE, SPRITE_CALL,
 STUPEFY, BLASTCONE, CONDUIT, FAEFOLK, POROHERDER) = (
    "OGN-051", "OGN-053", "OGN-057", "OGN-058", "OGN-064", "OGN-069", "OGN-071", "OGN-081",
    "OGN-082", "OGN-083", "OGN-085", "OGN-087", "OGN-090", "OGN-092", "OGN-093", "OGN-094",
    "OGN-095", "OGN-097", "OGN-098", "OGN-075", "OGN-061")
VENGEANCE = "OGN-229"
PORO = "OGN-052"  # Stalwart Poro (tag Poro)


def cast(s, card: str, player: str = "p1", **kw):  # type: ignore[no-untyped-def]
    """Play spell oid *card* (no destination) and let every player pass."""
    s = play(s, card, player, destination=None, **kw)
    return pass_all(s)


def rich(s, pid: str = "p1", n: int = 8, rune: str = CALM_RUNE) -> None:  # type: ignore[no-untyped-def]
    runes(s, pid, n, rune)


# --- OGN-051 Solari Shieldbearer ---------------------------------------------------------

def test_solari_shieldbearer_stuns_a_unit_on_play() -> None:
    s = game()
    rich(s)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    unit = put(s, SHIELDBEARER, "p1", "hand")
    s = play(s, unit)
    (req,) = engine.pending(s)
    if req.kind == "choice":  # two units could be stunned: p1 chooses
        s = choose(s, "p1", targets={"t": [foe]})
    s = pass_all(s)
    assert s.objects[foe].stunned and not s.objects[unit].stunned


def test_solari_shieldbearer_needs_its_cost() -> None:
    s = game()
    runes(s, "p1", 2, CALM_RUNE)
    unit = put(s, SHIELDBEARER, "p1", "hand")
    d = CardPlayed(player="p1", card=unit, destination="base", payment=pay_for(s, "p1", cost=Cost(2)))
    assert "165.2" in violations(s, d)


# --- OGN-053 Stand United -------------------------------------------------------------------

def test_stand_united_buffs_and_buffed_friendly_units_get_one_more() -> None:
    s = game()
    rich(s)
    a = put(s, SKULKER, "p1", "base")
    b = put(s, SKULKER, "p1", "battlefield", "bf1")
    s.objects[b].buffed = True
    foe = put(s, SKULKER, "p2", "battlefield", "bf2")
    s.objects[foe].buffed = True
    s = cast(s, put(s, STAND_UNITED, "p1", "hand"), targets={"t": (a,)})
    assert s.objects[a].buffed
    # 811.2 example: every friendly buffed unit, wherever it is (3 + buff 1 + 1)
    assert layers.might_of(s, a) == 5 and layers.might_of(s, b) == 5
    assert layers.might_of(s, foe) == 4
    from riftlog.rules.board.layers import expire_effects

    expire_effects(s, "end_of_turn")
    assert layers.might_of(s, a) == 4


def test_stand_united_refuses_an_enemy_unit() -> None:
    s = game()
    rich(s)
    foe = put(s, SKULKER, "p2", "base")
    d = spell_played(s, STAND_UNITED, targets=(foe,))
    assert "355.5.b" in violations(s, d)


# --- OGN-057 Block ------------------------------------------------------------------------------

def test_block_gives_shield_3_and_tank_this_turn() -> None:
    s = game()
    rich(s)
    unit = put(s, SKULKER, "p1", "base")
    s = cast(s, put(s, BLOCK, "p1", "hand"), targets={"t": (unit,)})
    ch = layers.characteristics(s, unit)
    assert ch.value("Shield") == 3 and ch.has("Tank")
    assert not layers.characteristics(s, unit).has("Hidden")


def test_block_is_an_action_not_a_reaction() -> None:
    s = game()
    rich(s)
    unit = put(s, SKULKER, "p1", "base")
    first = put(s, DISCIPLINE, "p1", "hand")
    s = play(s, first, destination=None, targets={"t": (unit,)})
    block = put(s, BLOCK, "p1", "hand")
    d = CardPlayed(player="p1", card=block, payment=pay_for(s, "p1", block), targets={"t": (unit,)})
    assert "309.1.a" in violations(s, d)  # a chain is open: Reaction only


# --- OGN-058 Discipline -----------------------------------------------------------------------

def test_discipline_gives_two_might_and_draws() -> None:
    s = game()
    rich(s)
    unit = put(s, SKULKER, "p2", "base")
    hand = len(s.players["p1"].hand)
    s = cast(s, put(s, DISCIPLINE, "p1", "hand"), targets={"t": (unit,)})
    assert layers.might_of(s, unit) == 5 and len(s.players["p1"].hand) == hand + 1


def test_discipline_can_answer_a_spell_as_a_reaction() -> None:
    s = game()
    rich(s)
    rich(s, "p2")
    runes(s, "p1", 2, ORDER_RUNE)
    victim = put(s, SKULKER, "p1", "base")
    s = play(s, put(s, VENGEANCE, "p1", "hand"), destination=None, targets={"t": (victim,)})
    (req,) = engine.pending(s)
    assert req.player == "p1"
    s, _ = engine.apply(s, PriorityPassed(player="p1"))
    spell = put(s, DISCIPLINE, "p2", "hand")
    s = play(s, spell, "p2", destination=None, targets={"t": (victim,)})
    s = pass_all(s)
    assert s.objects[victim].zone == "trash"  # Might does not save it from Vengeance


def test_discipline_needs_a_target() -> None:
    s = game()
    rich(s)
    d = spell_played(s, DISCIPLINE)
    assert "355.5.b" in violations(s, d)


# --- OGN-064 Wind Wall -------------------------------------------------------------------------

def test_wind_wall_counters_a_spell() -> None:
    s = game()
    rich(s)
    rich(s, "p2")
    runes(s, "p1", 2, ORDER_RUNE)
    victim = put(s, SKULKER, "p2", "base")
    venge = put(s, VENGEANCE, "p1", "hand")
    s = play(s, venge, destination=None, targets={"t": (victim,)})
    item = s.chain[-1].id
    s, _ = engine.apply(s, PriorityPassed(player="p1"))
    wall = put(s, WIND_WALL, "p2", "hand")
    s = play(s, wall, "p2", destination=None, targets={"t": (item,)})
    s = pass_all(s)
    assert s.objects[victim].zone == "base" and s.objects[venge].zone == "trash"
    assert s.objects[wall].zone == "trash" and not s.chain


def test_wind_wall_needs_a_spell_on_the_chain() -> None:
    s = game()
    rich(s)
    unit = put(s, SKULKER, "p2", "base")
    wall = put(s, WIND_WALL, "p1", "hand")
    d = CardPlayed(player="p1", card=wall, payment=pay_for(s, "p1", wall), targets=(unit,))
    assert "355.5.b" in violations(s, d)


# --- OGN-069 Last Stand ------------------------------------------------------------------------

def test_last_stand_doubles_might_and_gives_temporary() -> None:
    s = game()
    rich(s)
    unit = put(s, SKULKER, "p2", "base")
    mine = put(s, SKULKER, "p1", "base")
    s.objects[mine].buffed = True  # 4 Might: doubled to 8
    s = cast(s, put(s, LAST_STAND, "p1", "hand"), targets={"t": (mine,)})
    assert layers.might_of(s, mine) == 8
    assert layers.characteristics(s, mine).has("Temporary")
    s = to_p2_turn(s)  # p2's Beginning Phase: not the controller's, it survives
    assert s.objects[mine].zone == "base" and s.objects[unit].zone == "base"
    assert layers.might_of(s, mine) == 4  # the doubling was this turn only


def test_last_stand_temporary_kills_at_its_controllers_beginning_phase() -> None:

    s = game()
    rich(s)
    mine = put(s, SKULKER, "p1", "base")
    s = cast(s, put(s, LAST_STAND, "p1", "hand"), targets={"t": (mine,)})
    s = to_p2_turn(s)
    s, _ = engine.apply(s, TurnEnded(player="p2"))
    s = pass_all(s)
    assert s.objects[mine].zone == "trash"


def test_v1_3_432_1_a_example_last_stand_on_a_shielded_defender() -> None:
    from tests.rules.combat_board import GUARDIAN  # Might 3, Shield (1)

    s = game()
    rich(s)
    unit = put(s, GUARDIAN, "p1", "battlefield", "bf1")
    s.objects[unit].designation = "defender"
    s.effects.append({"id": "e0", "layer": "ability", "affects": {"oid": unit},
                      "grant": ["Shield 1"], "until": "end_of_turn", "timestamp": 0})
    assert layers.might_of(s, unit) == 5
    s = cast(s, put(s, LAST_STAND, "p1", "hand"), targets={"t": (unit,)})
    assert layers.might_of(s, unit) == 10
    s.objects[unit].designation = None  # after combat: 3 + 5
    assert layers.might_of(s, unit) == 8


def test_last_stand_refuses_an_enemy_unit() -> None:
    s = game()
    rich(s)
    foe = put(s, SKULKER, "p2", "base")
    d = spell_played(s, LAST_STAND, targets=(foe,))
    assert "355.5.b" in violations(s, d)


# --- OGN-071 Party Favors ---------------------------------------------------------------------

@pytest.mark.parametrize("pick", ["cards", "runes"])
def test_party_favors_the_opponent_picks(pick: str) -> None:
    s = game()
    rich(s)
    for pid in s.players:
        put(s, CALM_RUNE, pid, "rune_deck")
    hands = {p: len(s.players[p].hand) for p in s.players}
    bases = {p: len(s.players[p].base) for p in s.players}
    s = play(s, put(s, PARTY_FAVORS, "p1", "hand"), destination=None)
    s, _ = engine.apply(s, PriorityPassed(player="p1"))
    s, _ = engine.apply(s, PriorityPassed(player="p2"))
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.player == "p2"
    assert "378" in violations(s, __import__("riftlog.events.abilities", fromlist=["x"]).ChoiceMade(
        player="p2", choice={"pick": "both"}))
    s = choose(s, "p2", pick=pick)
    s = pass_all(s)
    for pid in s.players:
        if pick == "cards":
            assert len(s.players[pid].hand) == hands[pid] + 1
        else:
            new = s.players[pid].base[-1]
            assert len(s.players[pid].base) == bases[pid] + 1 and s.objects[new].exhausted


def test_party_favors_needs_its_cost() -> None:
    s = game()
    runes(s, "p1", 2, CALM_RUNE)
    spell = put(s, PARTY_FAVORS, "p1", "hand")
    d = CardPlayed(player="p1", card=spell, payment=pay_for(s, "p1", cost=Cost(2)))
    assert "165.2" in violations(s, d)


# --- OGN-081 Seal of Focus, OGN-098 Energy Conduit -----------------------------------------

def test_seal_of_focus_adds_calm_power_at_once() -> None:
    s = game()
    seal = put(s, SEAL_OF_FOCUS, "p1", "base")
    s = activate(s, seal)
    assert s.players["p1"].pool.power == {"Calm": 1} and s.objects[seal].exhausted
    assert not s.chain


def test_seal_of_focus_refused_when_exhausted() -> None:
    s = game()
    seal = put(s, SEAL_OF_FOCUS, "p1", "base", exhausted=True)
    assert "377.1" in violations(s, AbilityActivated(player="p1", source=seal, ability=0))


def test_energy_conduit_adds_one_energy() -> None:
    s = game()
    conduit = put(s, CONDUIT, "p1", "base")
    s = activate(s, conduit)
    assert s.players["p1"].pool.energy == 1 and s.objects[conduit].exhausted


def test_energy_conduit_is_not_the_opponents_to_use() -> None:
    s = game()
    conduit = put(s, CONDUIT, "p1", "base")
    assert {"378", "316.2"} & set(violations(s, AbilityActivated(player="p2", source=conduit,
                                                                 ability=0)))


# --- OGN-082 Whiteflame Protector ------------------------------------------------------------

def test_whiteflame_protector_gives_eight_might() -> None:
    s = game()
    rich(s, n=10)
    other = put(s, SKULKER, "p1", "base")
    unit = put(s, WHITEFLAME, "p1", "hand")
    s = play(s, unit)
    s = choose(s, "p1", targets={"t": [other]})
    s = pass_all(s)
    assert layers.might_of(s, other) == 11


def test_whiteflame_protector_refuses_a_target_off_the_list() -> None:
    s = game()
    rich(s, n=10)
    other = put(s, SKULKER, "p1", "base")
    unit = put(s, WHITEFLAME, "p1", "hand")
    s = play(s, unit)
    assert "355.5" in violations(s, __import__("riftlog.events.abilities", fromlist=["x"]).ChoiceMade(
        player="p1", choice={"targets": {"t": ["p1.nothing"]}}))
    assert other


# --- OGN-083 Consult the Past ---------------------------------------------------------------

def test_consult_the_past_draws_two() -> None:
    s = game()
    rich(s, rune=MIND_RUNE)
    hand = len(s.players["p1"].hand)
    s = cast(s, put(s, CONSULT, "p1", "hand"))
    assert len(s.players["p1"].hand) == hand + 2


def test_consult_the_past_takes_no_target() -> None:
    s = game()
    rich(s, rune=MIND_RUNE)
    unit = put(s, SKULKER, "p1", "base")
    d = spell_played(s, CONSULT, targets=(unit,))
    assert "355.5" in violations(s, d)


# --- OGN-085 Falling Comet -------------------------------------------------------------------

def test_falling_comet_deals_six_at_a_battlefield() -> None:
    s = game()
    rich(s, rune=MIND_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = cast(s, put(s, FALLING_COMET, "p1", "hand"), targets={"t": (foe,)})
    assert s.objects[foe].zone == "trash"


def test_falling_comet_refuses_a_unit_in_base() -> None:
    s = game()
    rich(s, rune=MIND_RUNE)
    put(s, SKULKER, "p2", "battlefield", "bf1")
    foe = put(s, SKULKER, "p2", "base")
    d = spell_played(s, FALLING_COMET, targets=(foe,))
    assert "355.5" in violations(s, d)


# --- OGN-087 Lecturing Yordle ---------------------------------------------------------------

def test_lecturing_yordle_draws_on_play_and_has_tank() -> None:
    s = game()
    rich(s, rune=MIND_RUNE)
    hand = len(s.players["p1"].hand)
    unit = put(s, YORDLE, "p1", "hand")
    s = pass_all(play(s, unit))
    assert len(s.players["p1"].hand) == hand + 1
    assert layers.characteristics(s, unit).has("Tank")


def test_lecturing_yordle_refused_on_a_battlefield_p1_does_not_control() -> None:
    s = game()
    rich(s, rune=MIND_RUNE)
    unit = put(s, YORDLE, "p1", "hand")
    d = CardPlayed(player="p1", card=unit, destination="bf1", payment=pay_for(s, "p1", unit))
    assert "355.2.a" in violations(s, d)


# --- OGN-090 Orb of Regret ---------------------------------------------------------------------

def test_orb_of_regret_gives_minus_one_to_a_minimum_of_one() -> None:
    s = game()
    orb = put(s, ORB, "p1", "base")
    foe = put(s, SKULKER, "p2", "base")
    s = pass_all(activate(s, orb, targets={"t": (foe,)}))
    assert layers.might_of(s, foe) == 2
    orb2 = put(s, ORB, "p1", "base")
    small = put(s, "OGN-096", "p2", "base")  # Might 1: stays 1
    s = pass_all(activate(s, orb2, targets={"t": (small,)}))
    assert layers.might_of(s, small) == 1


def test_orb_of_regret_refused_when_exhausted_or_without_target() -> None:
    s = game()
    orb = put(s, ORB, "p1", "base", exhausted=True)
    foe = put(s, SKULKER, "p2", "base")
    assert "377.1" in violations(s, AbilityActivated(player="p1", source=orb, ability=0,
                                                     targets={"t": (foe,)}))
    orb2 = put(s, ORB, "p1", "base")
    assert "355.5" in violations(s, AbilityActivated(player="p1", source=orb2, ability=0))


# --- OGN-092 Riptide Rex ----------------------------------------------------------------------

def test_riptide_rex_deals_six_to_an_enemy_at_a_battlefield() -> None:
    s = game()
    rich(s, n=10, rune=MIND_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    put(s, SKULKER, "p2", "base")  # not a legal target: in a base
    put(s, SKULKER, "p1", "battlefield", "bf2")  # not a legal target: friendly
    s = pass_all(play(s, put(s, RIPTIDE, "p1", "hand")))
    assert s.objects[foe].zone == "trash"


def test_riptide_rex_trigger_has_no_target_without_enemies_at_battlefields() -> None:
    s = game()
    rich(s, n=10, rune=MIND_RUNE)
    foe = put(s, SKULKER, "p2", "base")
    s = play(s, put(s, RIPTIDE, "p1", "hand"))
    assert not s.chain and s.objects[foe].zone == "base"  # 355.5.b: removed


# --- OGN-093 Smoke Screen, OGN-095 Stupefy, OGN-097 Blastcone Fae -------------------------

def test_smoke_screen_minus_four_to_a_minimum_of_one() -> None:
    s = game()
    rich(s, rune=MIND_RUNE)
    foe = put(s, SKULKER, "p2", "base")
    s = cast(s, put(s, SMOKE, "p1", "hand"), targets={"t": (foe,)})
    assert layers.might_of(s, foe) == 1  # 472.3.b: -2 remembered


def test_smoke_screen_needs_a_unit() -> None:
    s = game()
    rich(s, rune=MIND_RUNE)
    d = spell_played(s, SMOKE, targets=("bf1",))
    assert set(violations(s, d)) & {"355.5", "355.5.b"}


def test_stupefy_minus_one_and_draw() -> None:
    s = game()
    rich(s, rune=MIND_RUNE)
    foe = put(s, SKULKER, "p2", "base")
    hand = len(s.players["p1"].hand)
    s = cast(s, put(s, STUPEFY, "p1", "hand"), targets={"t": (foe,)})
    assert layers.might_of(s, foe) == 2 and len(s.players["p1"].hand) == hand + 1


def test_stupefy_refuses_two_targets() -> None:
    s = game()
    rich(s, rune=MIND_RUNE)
    a = put(s, SKULKER, "p2", "base")
    b = put(s, SKULKER, "p2", "base")
    d = spell_played(s, STUPEFY, targets=(a, b))
    assert "355.5" in violations(s, d)


def test_blastcone_fae_minus_two_on_play() -> None:
    s = game()
    rich(s, rune=MIND_RUNE)
    foe = put(s, SKULKER, "p2", "base")
    unit = put(s, BLASTCONE, "p1", "hand")
    s = play(s, unit)
    s = choose(s, "p1", targets={"t": [foe]})
    s = pass_all(s)
    assert layers.might_of(s, foe) == 1 and layers.might_of(s, unit) == 2


def test_blastcone_fae_needs_its_power() -> None:
    s = game()
    runes(s, "p1", 4, CALM_RUNE)  # no Mind power
    unit = put(s, BLASTCONE, "p1", "hand")
    d = CardPlayed(player="p1", card=unit, destination="base",
                   payment=Payment(exhaust=tuple(s.players["p1"].base[:2])))
    assert violations(s, d) == ["165.2"]


# --- OGN-094 Sprite Call --------------------------------------------------------------------

def test_sprite_call_makes_a_ready_temporary_sprite() -> None:
    s = game()
    rich(s, rune=MIND_RUNE)
    s = cast(s, put(s, SPRITE_CALL, "p1", "hand"))
    token = s.players["p1"].base[-1]
    obj = s.objects[token]
    assert obj.token and obj.card == "OGN-274" and not obj.exhausted
    assert layers.might_of(s, token) == 3 and layers.characteristics(s, token).has("Temporary")


def test_sprite_call_takes_no_target() -> None:
    s = game()
    rich(s, rune=MIND_RUNE)
    unit = put(s, SKULKER, "p1", "base")
    d = spell_played(s, SPRITE_CALL, targets=(unit,))
    assert "355.5" in violations(s, d)


# --- OGN-075 Tasty Faefolk ---------------------------------------------------------------------

def test_tasty_faefolk_deathknell_channels_two_exhausted_and_draws() -> None:
    s = game()
    rich(s, n=4)
    fresh = [put(s, CALM_RUNE, "p1", "rune_deck") for _ in range(2)]
    unit = put(s, FAEFOLK, "p1", "battlefield", "bf1")
    hand = len(s.players["p1"].hand)
    runes(s, "p1", 2, ORDER_RUNE)
    base = len(s.players["p1"].base)
    s = cast(s, put(s, VENGEANCE, "p1", "hand"), targets={"t": (unit,)})
    assert s.objects[unit].zone == "trash"
    assert len(s.players["p1"].hand) == hand + 1 and base
    assert all(s.objects[o].zone == "base" and s.objects[o].exhausted for o in fresh)


def test_tasty_faefolk_accelerate_needs_its_extra_cost() -> None:
    s = game()
    runes(s, "p1", 7, CALM_RUNE)
    unit = put(s, FAEFOLK, "p1", "hand")
    d = CardPlayed(player="p1", card=unit, destination="base", accelerate=True,
                   payment=pay_for(s, "p1", cost=Cost(7)))
    assert "805.1.a" in violations(s, d)


# --- OGN-061 Poro Herder --------------------------------------------------------------------------

def test_poro_herder_with_a_poro_buffs_itself_and_draws() -> None:
    s = game()
    rich(s)
    put(s, PORO, "p1", "base")
    hand = len(s.players["p1"].hand)
    unit = put(s, POROHERDER, "p1", "hand")
    s = pass_all(play(s, unit))
    assert s.objects[unit].buffed and len(s.players["p1"].hand) == hand + 1


def test_poro_herder_without_a_poro_does_nothing() -> None:
    s = game()
    rich(s)
    put(s, PORO, "p2", "base")  # an opponent's Poro does not count
    unit = put(s, POROHERDER, "p1", "hand")
    s = play(s, unit)
    assert not s.chain and not s.objects[unit].buffed


# --- unsupported cards of the batch --------------------------------------------------------------

# No card of the batch is unsupported any more: OGN-062 test_play_effect_cards.py, OGN-072/078
# K1's tests, OGN-077 test_replacements, OGN-070/080 test_control_cards.py (issue #5, K2).
def test_every_card_of_the_batch_is_supported() -> None:
    from riftlog.cards.catalog import load_catalog

    cat = load_catalog()
    assert [c for c in (f"OGN-{n:03d}" for n in range(51, 101)) if not cat.get(c).supported] == []


def test_control_helper_is_available() -> None:
    s = game()
    control(s, "bf1", "p1")
    assert s.battlefields[0].controller == "p1"


# --- OGN-099 Garbage Grabber ------------------------------------------------------------------

GRABBER = "OGN-099"


def test_garbage_grabber_recycles_three_from_trash_and_draws() -> None:
    s = game()
    rich(s, n=1, rune=MIND_RUNE)
    grabber = put(s, GRABBER, "p1", "base")
    junk = [put(s, SKULKER, "p1", "trash") for _ in range(4)]
    hand = len(s.players["p1"].hand)
    s = activate(s, grabber, energy=1, choices={"recycle": junk[:3]})
    assert s.objects[grabber].exhausted and s.players["p1"].trash == [junk[3]]
    s = pass_all(s)
    assert len(s.players["p1"].hand) == hand + 1
    assert s.players["p1"].main_deck[-3:] == junk[:3]  # recycled to the bottom, in order


def test_garbage_grabber_needs_three_trash_cards_and_its_energy() -> None:
    s = game()
    rich(s, n=1, rune=MIND_RUNE)
    grabber = put(s, GRABBER, "p1", "base")
    junk = [put(s, SKULKER, "p1", "trash") for _ in range(2)]
    pay = pay_for(s, "p1", cost=Cost(1))
    assert "416.3" in violations(s, AbilityActivated(player="p1", source=grabber, ability=0,
                                                     choices={"recycle": junk}, payment=pay))
    junk.append(put(s, SKULKER, "p1", "trash"))
    assert "165.2" in violations(s, AbilityActivated(player="p1", source=grabber, ability=0,
                                                     choices={"recycle": junk}))
    assert not violations(s, AbilityActivated(player="p1", source=grabber, ability=0,
                                              choices={"recycle": junk}, payment=pay))


def test_v1_3_814_2_example_block_on_stalwart_poro_gives_shield_4() -> None:
    s = game()
    rich(s)
    poro = put(s, PORO, "p1", "base")
    s = cast(s, put(s, BLOCK, "p1", "hand"), targets={"t": (poro,)})
    assert layers.characteristics(s, poro).value("Shield") == 4
