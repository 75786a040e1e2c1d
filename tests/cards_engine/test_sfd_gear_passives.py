"""Spiritforged Equipment with a passive in their Effect Text (136.2.c, 718.3: active only
while attached, as the wearer's own), and Edge of Night (Hidden; attaches itself when played
from face down, as its errata says)."""

from __future__ import annotations

from riftlog.cards.vocab import Deal, SpellEffect, Target
from riftlog.events.abilities import AbilityActivated, CardHidden, ChoiceMade
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions
from tests.cards_engine.helpers import (
    CALM_RUNE,
    CHAOS_RUNE,
    MIND_RUNE,
    PING_SPELL,
    SKULKER,
    Encode,
    activate,
    control,
    game,
    give_ping,
    pass_all,
    pay_for,
    ping,
    play,
    put,
    runes,
    violations,
)
from tests.rules.rup4_examples import example

HEXPLATE = "SFD-073"
EDGE_OF_NIGHT = "SFD-139"
SHURELYAS_REQUIEM = "SFD-192"
HIDE_COST = Cost(0, {"Any": 1})


# --- Experimental Hexplate ------------------------------------------------------------------


def test_hexplate_makes_its_wearer_a_mech_while_attached() -> None:
    s = game()
    runes(s, "p1", 1, MIND_RUNE)
    unit = put(s, SKULKER, "p1", "base")
    plate = put(s, HEXPLATE, "p1", "base")
    assert "Mech" not in layers.characteristics(s, unit).tags
    s = pass_all(activate(s, plate, targets={"t": (unit,)},
                          payment=pay_for(s, "p1", cost=Cost(0, {"Mind": 1}))))
    assert "Mech" in layers.characteristics(s, unit).tags        # 718.3: "I" is the wearer
    assert "Mech" not in layers.characteristics(s, plate).tags   # the gear itself is not
    actions.detach(s, plate, [])
    assert "Mech" not in layers.characteristics(s, unit).tags    # 435.1.d: no longer appended


def test_hexplate_unattached_makes_nothing_a_mech() -> None:
    s = game()
    runes(s, "p1", 1, MIND_RUNE)
    unit = put(s, SKULKER, "p1", "base")
    plate = put(s, HEXPLATE, "p1", "hand")
    s = pass_all(play(s, plate))  # played: in base, not attached (136.2.b)
    assert s.objects[plate].attached_to is None
    assert "Mech" not in layers.characteristics(s, unit).tags
    assert "Mech" not in layers.characteristics(s, plate).tags


def test_hexplate_equip_refused_unpaid_and_on_an_enemy() -> None:
    s = game()
    plate = put(s, HEXPLATE, "p1", "base")
    foe = put(s, SKULKER, "p2", "base")
    mine = put(s, SKULKER, "p1", "base")
    unpaid = AbilityActivated(player="p1", source=plate, ability=0, targets={"t": (mine,)})
    assert "165.2" in violations(s, unpaid)
    runes(s, "p1", 1, MIND_RUNE)
    enemy = AbilityActivated(player="p1", source=plate, ability=0, targets={"t": (foe,)},
                             payment=pay_for(s, "p1", cost=Cost(0, {"Mind": 1})))
    assert "355.5" in " ".join(violations(s, enemy))


# --- Shurelya's Requiem ---------------------------------------------------------------------


def _requiem_board() -> tuple[GameState, str, str, str]:
    s = game()
    runes(s, "p1", 7, CALM_RUNE)
    wearer = put(s, SKULKER, "p1", "battlefield", "bf1")
    friend = put(s, SKULKER, "p1", "battlefield", "bf1")
    elsewhere = put(s, SKULKER, "p1", "base")
    control(s, "bf1", "p1")
    return s, wearer, friend, elsewhere


def test_shurelyas_requiem_readies_its_controllers_units_as_it_is_played() -> None:
    s, wearer, friend, elsewhere = _requiem_board()
    foe = put(s, SKULKER, "p2", "base")
    for oid in (wearer, friend, elsewhere, foe):
        s.objects[oid].exhausted = True
    requiem = put(s, SHURELYAS_REQUIEM, "p1", "hand")
    s = pass_all(play(s, requiem))
    assert not any(s.objects[o].exhausted for o in (wearer, friend, elsewhere))
    assert s.objects[foe].exhausted


def test_shurelyas_requiem_worn_gives_ganking_to_its_controllers_units_there() -> None:
    s, wearer, friend, elsewhere = _requiem_board()
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    requiem = put(s, SHURELYAS_REQUIEM, "p1", "base")
    assert "Ganking" not in layers.characteristics(s, friend).keywords  # loose: nothing
    s = pass_all(activate(s, requiem, targets={"t": (wearer,)},
                          payment=pay_for(s, "p1", cost=Cost(0, {"Any": 1}))))
    assert "Ganking" in layers.characteristics(s, wearer).keywords
    assert "Ganking" in layers.characteristics(s, friend).keywords
    assert "Ganking" not in layers.characteristics(s, elsewhere).keywords  # not there
    assert "Ganking" not in layers.characteristics(s, foe).keywords        # not theirs


def test_shurelyas_requiem_equip_refused_at_the_wrong_time() -> None:
    s, wearer, _friend, _elsewhere = _requiem_board()
    requiem = put(s, SHURELYAS_REQUIEM, "p1", "base")
    from riftlog.rules.board.state import ChainItem

    s.chain.append(ChainItem(id="c99", kind="ability", controller="p2", source=None, legal=True))
    s.priority = "p1"
    d = AbilityActivated(player="p1", source=requiem, ability=0, targets={"t": (wearer,)},
                         payment=pay_for(s, "p1", cost=Cost(0, {"Any": 1})))
    assert "309.1.a" in violations(s, d)


# --- Edge of Night --------------------------------------------------------------------------


def _hidden_edge() -> tuple[GameState, str, str, str]:
    s = game()
    control(s, "bf1", "p1")
    at_bf = put(s, SKULKER, "p1", "battlefield", "bf1")
    in_base = put(s, SKULKER, "p1", "base")
    runes(s, "p1", 1, CHAOS_RUNE)
    edge = put(s, EDGE_OF_NIGHT, "p1", "hand")
    s, _ = engine.apply(s, CardHidden(player="p1", card=edge, battlefield="bf1",
                                      payment=pay_for(s, "p1", cost=HIDE_COST)))
    s.turn += 1  # a later turn (811.1.b)
    return s, edge, at_bf, in_base


def test_edge_of_night_played_from_face_down_attaches_to_a_unit_anywhere() -> None:
    s, edge, _at_bf, in_base = _hidden_edge()
    s, _ = engine.apply(s, CardPlayed(player="p1", card=edge, destination="bf1"))
    (req,) = engine.pending(s)  # two units of p1's: the target is chosen (errata: any of them)
    assert req.options["kind"] == "targets"
    s = engine.apply(s, ChoiceMade(player="p1", choice={"targets": {"t": [in_base]}}))[0]
    s = pass_all(s)
    g = s.objects[edge]
    assert g.attached_to == in_base and g.location == "base:p1"  # 434.4
    assert layers.might_of(s, in_base) == 3 + 2


def test_edge_of_night_played_from_hand_attaches_to_nothing() -> None:
    s = game()
    runes(s, "p1", 3, CHAOS_RUNE)
    put(s, SKULKER, "p1", "base")
    edge = put(s, EDGE_OF_NIGHT, "p1", "hand")
    s = pass_all(play(s, edge))
    assert s.objects[edge].attached_to is None and s.objects[edge].zone == "base"


def test_edge_of_night_refuses_an_enemy_unit_as_its_target() -> None:
    s, edge, _at_bf, _in_base = _hidden_edge()
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s, _ = engine.apply(s, CardPlayed(player="p1", card=edge, destination="bf1"))
    bad = ChoiceMade(player="p1", choice={"targets": {"t": [foe]}})
    assert "355.5" in violations(s, bad)  # only a unit its controller controls


# --- Brutalizer -----------------------------------------------------------------------------

BRUTALIZER = "SFD-042"
RABADONS_DEATHCROWN = "SFD-191"


@example("136.2.d")
def test_brutalizer_gives_two_more_might_the_turn_it_is_attached() -> None:
    # RUP4 136.2.d Example: "this" in its Effect Text is the attached Brutalizer
    s = game()
    runes(s, "p1", 1, CALM_RUNE)
    unit = put(s, SKULKER, "p1", "base")
    brute = put(s, BRUTALIZER, "p1", "base")
    s = pass_all(activate(s, brute, targets={"t": (unit,)},
                          payment=pay_for(s, "p1", cost=Cost(0, {"Calm": 1}))))
    assert layers.might_of(s, unit) == 3 + 1 + 2   # bonus +1, and +2 this turn
    assert layers.characteristics(s, brute).might is None  # the gear has no Might
    s.turn += 1                                      # a later turn: only its Might bonus
    assert layers.might_of(s, unit) == 3 + 1


def test_brutalizer_equip_refused_without_a_calm_power() -> None:
    s = game()
    runes(s, "p1", 1, MIND_RUNE)  # a rune of another domain
    unit = put(s, SKULKER, "p1", "base")
    brute = put(s, BRUTALIZER, "p1", "base")
    d = AbilityActivated(player="p1", source=brute, ability=0, targets={"t": (unit,)})
    assert "165.2" in violations(s, d)


# --- Rabadon's Deathcrown -------------------------------------------------------------------


def test_rabadons_deathcrown_worn_adds_3_bonus_damage_to_its_wearers_spells(
        encode: Encode) -> None:
    give_ping(encode)
    s = game()
    _wearer, crown = _worn_by(s, RABADONS_DEATHCROWN)
    foe = put(s, SKULKER, "p2", "base")
    s = ping(s, foe)
    assert s.objects[foe].zone == "trash"  # 1 + 3 Bonus Damage (714): lethal for Might 3
    assert s.objects[crown].attached_to is not None


def test_rabadons_deathcrown_loose_adds_nothing(encode: Encode) -> None:
    give_ping(encode)
    s = game()
    put(s, RABADONS_DEATHCROWN, "p1", "base")
    foe = put(s, SKULKER, "p2", "base")
    s = ping(s, foe)
    assert s.objects[foe].damage == 1  # 136.2.b: its Effect Text is inactive


@example("715.4")
def test_rabadons_deathcrown_adds_nothing_when_no_damage_is_dealt(encode: Encode) -> None:
    # RUP4 715.4 Example: an ability of the wearer's controller dealing no damage gets no
    # Bonus Damage
    encode(PING_SPELL, SpellEffect((Deal(0, Target("unit")),)))
    s = game()
    _worn_by(s, RABADONS_DEATHCROWN)
    foe = put(s, SKULKER, "p2", "base")
    s = ping(s, foe)
    assert s.objects[foe].damage == 0


def test_rabadons_deathcrown_counts_for_the_wearers_controller_only(encode: Encode) -> None:
    give_ping(encode)
    s = game()
    wearer, _crown = _worn_by(s, RABADONS_DEATHCROWN)
    s.objects[wearer].controller = "p2"  # the wearer changed hands (718.5.f)
    foe = put(s, SKULKER, "p2", "base")
    s = ping(s, foe)
    assert s.objects[foe].damage == 1  # "your" is the wearer's controller: not p1 now


def _worn_by(s: GameState, card: str) -> tuple[str, str]:
    unit = put(s, SKULKER, "p1", "base")
    gear = put(s, card, "p1", "base")
    actions.attach(s, gear, unit, [])
    return unit, gear


# --- Guardian Angel -------------------------------------------------------------------------

GUARDIAN_ANGEL = "SFD-051"
VENGEANCE = "OGN-229"  # a spell: kill a chosen unit


@example("136.2.d")
def test_guardian_angel_dies_in_place_of_its_wearer() -> None:
    # RUP4 136.2.d Example: "Guardian Angel" in its Effect Text is the attached one, not
    # another copy
    s = game()
    wearer = put(s, SKULKER, "p1", "battlefield", "bf1")
    control(s, "bf1", "p1")
    angel = put(s, GUARDIAN_ANGEL, "p1", "base")
    other_angel = put(s, GUARDIAN_ANGEL, "p1", "base")
    actions.attach(s, angel, wearer, [])
    s.objects[wearer].damage = 1
    runes(s, "p1", 6)
    s = pass_all(play(s, put(s, VENGEANCE, "p1", "hand"), targets={"t": (wearer,)},
                      destination=None))
    w = s.objects[wearer]
    assert w.zone == "base" and w.exhausted and w.damage == 0   # healed, exhausted, recalled
    assert s.objects[angel].zone == "trash"                     # this one died instead
    assert s.objects[other_angel].zone == "base"


def test_guardian_angel_loose_saves_nobody() -> None:
    s = game()
    unit = put(s, SKULKER, "p1", "base")
    angel = put(s, GUARDIAN_ANGEL, "p1", "base")  # not attached: Effect Text inactive
    runes(s, "p1", 6)
    s = pass_all(play(s, put(s, VENGEANCE, "p1", "hand"), targets={"t": (unit,)},
                      destination=None))
    assert s.objects[unit].zone == "trash" and s.objects[angel].zone == "base"


def test_guardian_angel_equip_refused_on_an_enemy_unit() -> None:
    s = game()
    runes(s, "p1", 1, CALM_RUNE)
    put(s, SKULKER, "p1", "base")
    foe = put(s, SKULKER, "p2", "base")
    angel = put(s, GUARDIAN_ANGEL, "p1", "base")
    d = AbilityActivated(player="p1", source=angel, ability=0, targets={"t": (foe,)},
                         payment=pay_for(s, "p1", cost=Cost(0, {"Calm": 1})))
    assert "355.5" in " ".join(violations(s, d))
