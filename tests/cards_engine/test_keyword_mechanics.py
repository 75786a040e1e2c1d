"""Keyword mechanics (mechanics helper): Equip (818), Quick-Draw (819), Ambush (822),
Hunt / XP (823, 728-733), Level (824), Unique (825), with what each allows and refuses."""

from __future__ import annotations

from typing import Any

import pytest

from riftlog.cards import load_catalog
from riftlog.cards.abilities import ABILITIES, encoding_problems
from riftlog.cards.vocab import Cost, HasXP, Passive, Triggered, When, equip
from riftlog.errors import UnsupportedCard
from riftlog.events.abilities import AbilityActivated, ChoiceMade
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.resources import Cost as ResourceCost
from riftlog.rules.board.state import ChainItem, GameState
from riftlog.rules.board.xp import gain_xp, spend_xp, xp
from riftlog.rules.game_actions import actions
from riftlog.rules.interpreter import effects, triggers
from tests.cards_engine.helpers import (
    FURY_RUNE,
    SKULKER,
    Encode,
    activate,
    apply,
    clear_caches,
    conquer,
    control,
    game,
    pass_all,
    pay_for,
    play,
    put,
    request,
    runes,
    violations,
)

SERRATED_DIRK = "SFD-009"   # Equipment gear: Equip; effect text Assault 2
DORANS_BLADE = "SFD-095"    # Equipment gear: Equip only
LONG_SWORD = "SFD-022"      # Equipment gear: Quick-Draw, Equip
SPINNING_AXE = "SFD-186"    # Equipment gear: Quick-Draw, Equip, Temporary
INFERNA = "UNL-002"         # unit: Ambush, Assault 2 (keywords only)
GROMP = "UNL-100"           # unit: Hunt 3 (keywords only)
SCORCHCLAW = "UNL-016"      # unit: Hunt 2, Level 3


def _dirk(encode: Encode, bonus: int = 1) -> None:
    # test-only encoding: an Equip cost of 1 Energy and a Might bonus
    encode(SERRATED_DIRK, equip(Cost(1)), might_bonus=bonus)


def _closed(s: GameState, by: str = "p2") -> GameState:
    """A chain item of *by* is pending: Closed State, p1 has priority (309.1.a)."""
    s.chain.append(ChainItem(id="c99", kind="ability", controller=by, source=None, legal=True))
    s.priority = "p1"
    return s


# --- Equip (818) ---------------------------------------------------------------------------


def test_equip_attaches_the_gear_and_gives_its_bonus_and_effect_keywords(encode: Encode) -> None:
    _dirk(encode, bonus=2)
    s = game()
    runes(s, "p1", 1, FURY_RUNE)
    unit = put(s, SKULKER, "p1", "battlefield", "bf1")
    control(s, "bf1", "p1")
    gear = put(s, SERRATED_DIRK, "p1", "base")
    before = layers.might_of(s, unit)
    s = activate(s, gear, energy=1, targets={"t": (unit,)})
    assert s.objects[gear].attached_to is None  # on the chain (376), not yet resolved
    s = pass_all(s)
    g = s.objects[gear]
    assert g.attached_to == unit and g.location == "bf1" and g.zone == "battlefield"  # 434.4
    ch = layers.characteristics(s, unit)
    assert layers.might_of(s, unit) == before + 2            # 718.4, 137.3
    assert ch.value("Assault") == 2                            # 718.3: effect-text keyword
    assert not layers.characteristics(s, gear).has("Assault")  # the gear itself: rules text only


def test_equip_refuses_an_enemy_unit_and_an_unpaid_cost(encode: Encode) -> None:
    _dirk(encode)
    s = game()
    foe = put(s, SKULKER, "p2", "base")
    gear = put(s, SERRATED_DIRK, "p1", "base")
    # 818.1.c.2: a unit YOU control; and the cost must be paid (no rune: 1 Energy owed)
    d = AbilityActivated(player="p1", source=gear, ability=0, targets={"t": (foe,)})
    rules = violations(s, d)
    assert "355.5.b" in rules  # no unit of p1's to target (818.1.b.1: a target)
    assert "165.2" in rules    # the Equip cost is not paid
    mine = put(s, SKULKER, "p1", "base")
    runes(s, "p1", 1, FURY_RUNE)
    ok = AbilityActivated(player="p1", source=gear, ability=0, targets={"t": (mine,)},
                          payment=pay_for(s, "p1", cost=ResourceCost(1)))
    assert violations(s, ok) == []
    d = ok.model_copy(update={"targets": {"t": (foe,)}})
    assert "355.5" in " ".join(violations(s, d))


def test_an_attached_gear_cannot_activate_its_equip_again(encode: Encode) -> None:
    _dirk(encode)
    s = game()
    runes(s, "p1", 2, FURY_RUNE)
    a = put(s, SKULKER, "p1", "base")
    b = put(s, SKULKER, "p1", "base")
    gear = put(s, SERRATED_DIRK, "p1", "base")
    actions.attach(s, gear, a, [])
    d = AbilityActivated(player="p1", source=gear, ability=0, targets={"t": (b,)},
                         payment=pay_for(s, "p1", cost=ResourceCost(1)))
    assert "721.2" in violations(s, d)  # 718.2: its rules text is inactive while attached


def test_equip_does_nothing_when_the_unit_left_before_it_resolves(encode: Encode) -> None:
    _dirk(encode)
    s = game()
    runes(s, "p1", 1, FURY_RUNE)
    unit = put(s, SKULKER, "p1", "base")
    gear = put(s, SERRATED_DIRK, "p1", "base")
    s = activate(s, gear, energy=1, targets={"t": (unit,)})
    actions.kill(s, [unit], [])
    s = pass_all(s)
    assert s.objects[gear].attached_to is None and s.objects[gear].zone == "base"


def test_equip_gear_is_unsupported_without_its_cost_or_might_bonus(
        encode: Encode, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(ABILITIES, DORANS_BLADE)  # as if it had no encoding
    blade = load_catalog().get(DORANS_BLADE)
    assert not blade.supported  # keywords only, but its Equip cost is not in the catalog
    enc = encode(DORANS_BLADE)  # no equip() ability, no might_bonus
    assert len(encoding_problems(enc)) == 2
    enc = encode(DORANS_BLADE, equip(Cost(1)), might_bonus=1)
    assert encoding_problems(enc) == []


def test_attached_gear_without_a_might_bonus_is_refused_honestly(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(ABILITIES, DORANS_BLADE)  # as if it had no encoding
    clear_caches()
    s = game()
    unit = put(s, SKULKER, "p1", "base")
    gear = put(s, DORANS_BLADE, "p1", "base")
    assert DORANS_BLADE not in ABILITIES
    actions.attach(s, gear, unit, [])
    with pytest.raises(UnsupportedCard):
        layers.might_of(s, unit)


def test_an_attached_gears_own_triggers_do_not_fire(encode: Encode) -> None:
    encode(SPINNING_AXE, equip(Cost(1)), might_bonus=1)
    s = game()
    unit = put(s, SKULKER, "p1", "base")
    loose = put(s, SPINNING_AXE, "p1", "base")
    worn = put(s, SPINNING_AXE, "p1", "base")
    actions.attach(s, worn, unit, [])
    triggers.fire(s, "beginning_phase", player="p1")
    sources = [t["source"] for t in s.extra.get("triggers", [])]
    assert loose in sources and worn not in sources  # 721.2 (722.2's example)


# --- Quick-Draw (819) -----------------------------------------------------------------------


def test_quick_draw_gear_attaches_itself_when_played(encode: Encode) -> None:
    encode(LONG_SWORD, equip(Cost(2)), might_bonus=2)
    s = game()
    runes(s, "p1", 3, FURY_RUNE)
    unit = put(s, SKULKER, "p1", "base")
    sword = put(s, LONG_SWORD, "p1", "hand")
    s = play(s, sword)
    s = pass_all(s)
    assert s.objects[sword].attached_to == unit
    assert layers.might_of(s, unit) == (load_catalog().get(SKULKER).might or 0) + 2


def test_quick_draw_has_reaction_plain_equip_gear_has_not(encode: Encode) -> None:
    encode(LONG_SWORD, equip(Cost(2)), might_bonus=2)
    _dirk(encode)
    s = _closed(game())
    runes(s, "p1", 4, FURY_RUNE)
    sword = put(s, LONG_SWORD, "p1", "hand")
    dirk = put(s, SERRATED_DIRK, "p1", "hand")
    ok = CardPlayed(player="p1", card=sword, destination="base", payment=pay_for(s, "p1", sword))
    no = CardPlayed(player="p1", card=dirk, destination="base", payment=pay_for(s, "p1", dirk))
    assert "309.1.a" not in violations(s, ok)  # 819.1.b
    assert "309.1.a" in violations(s, no)


# --- Ambush (822) --------------------------------------------------------------------------


def _ambush_board() -> tuple[GameState, str]:
    s = game()
    runes(s, "p1", 2, FURY_RUNE)
    put(s, SKULKER, "p1", "battlefield", "bf1")  # p1 has a unit at bf1 ...
    control(s, "bf1", "p2")                       # ... which p2 controls
    control(s, "bf2", "p2")
    return s, put(s, INFERNA, "p1", "hand")


def test_ambush_plays_to_a_battlefield_where_you_have_units() -> None:
    assert load_catalog().get(INFERNA).supported
    s, inferna = _ambush_board()
    s = play(s, inferna, destination="bf1")
    assert s.objects[inferna].location == "bf1"


def test_ambush_refuses_a_battlefield_without_your_units() -> None:
    s, inferna = _ambush_board()
    d = CardPlayed(player="p1", card=inferna, destination="bf2", payment=pay_for(s, "p1", inferna))
    assert "355.2.a" in violations(s, d)


def test_ambush_gives_reaction_only_when_played_there() -> None:
    s, inferna = _ambush_board()
    s = _closed(s)
    pay = pay_for(s, "p1", inferna)
    there = CardPlayed(player="p1", card=inferna, destination="bf1", payment=pay)
    home = CardPlayed(player="p1", card=inferna, destination="base", payment=pay)
    assert "309.1.a" not in violations(s, there)   # 822.1.b
    assert "309.1.a" in violations(s, home)


# --- Hunt and XP (823, 728-733) ------------------------------------------------------------


def _conquer_with(s: GameState, unit: str) -> GameState:
    return pass_all(conquer(s, (unit,)))


def test_hunt_gains_xp_on_conquer() -> None:
    assert load_catalog().get(GROMP).supported
    s = game()
    gromp = put(s, GROMP, "p1", "base")
    s = _conquer_with(s, gromp)
    assert xp(s, "p1") == 3 and xp(s, "p2") == 0  # 823.1.c.1, 732


def test_a_unit_without_hunt_gains_no_xp_on_conquer() -> None:
    s = game()
    s = _conquer_with(s, put(s, SKULKER, "p1", "base"))
    assert xp(s, "p1") == 0


def test_hunt_gains_xp_on_hold() -> None:
    s = game()
    put(s, GROMP, "p1", "battlefield", "bf1")
    control(s, "bf1", "p1")
    n = triggers.fire(s, "holds", player="p1", battlefield="bf1")
    assert n == 1  # 823.1.b: a hold effect too
    assert triggers.fire(s, "holds", player="p2", battlefield="bf1") == 0  # not p1's hold
    assert [t["ability"] for t in s.extra["triggers"]] == ["kw:Hunt:holds"]


def test_xp_can_be_spent_only_when_you_have_it() -> None:
    s = game()
    log: list[Any] = []
    gain_xp(s, "p1", 2, log)
    spend_xp(s, "p1", 2, log)
    assert xp(s, "p1") == 0 and [a.rule for a in log] == ["730.1", "730.2"]
    with pytest.raises(Exception, match=r"730\.2"):
        spend_xp(s, "p1", 1, log)


# --- Level (824) ---------------------------------------------------------------------------


def test_level_passive_and_trigger_depend_on_the_controllers_xp(encode: Encode) -> None:
    # test-only encoding of a Level 3 dependent ability: +2 Might to itself
    level3: Any = HasXP(3)  # not in vocab's Condition union (like batch conditions)
    encode(SCORCHCLAW, Passive.of(layer="arithmetic",
                                  affects={"is_source": True, "source_controller_xp": 3}, might=2),
           Triggered(When("attacks", "me"), (), condition=level3))
    s = game()
    unit = put(s, SCORCHCLAW, "p1", "base")
    from riftlog.rules.playing import abilities

    abilities.start_passives(s, unit)
    printed = load_catalog().get(SCORCHCLAW).might
    gain_xp(s, "p1", 2, [])
    assert layers.might_of(s, unit) == printed  # 824.1.d: inactive below N
    gain_xp(s, "p1", 1, [])
    assert layers.might_of(s, unit) == printed + 2  # 824.1.c
    assert effects.condition_holds(s, "p1", unit, HasXP(3))
    assert not effects.condition_holds(s, "p2", unit, HasXP(1))
    s.objects[unit].controller = "p2"
    assert layers.might_of(s, unit) == printed  # 824.1.c.1: the new controller's XP


# --- Unique (825) ---------------------------------------------------------------------------


def test_unique_is_a_deck_rule_only() -> None:
    from riftlog.cards import deckcheck
    from riftlog.rules.board.keywords import IMPLEMENTED_KEYWORDS, KEYWORDS

    assert "Unique" in IMPLEMENTED_KEYWORDS and "Unique" in deckcheck.ENFORCED_KEYWORDS
    assert KEYWORDS["Unique"].module == "riftlog.cards.deckcheck"  # 825.3: nothing in play


# --- Weaponmaster (821) --------------------------------------------------------------------

COMBAT_CHEF = "SFD-092"  # unit: Weaponmaster (keywords only)


def _chef_board(encode: Encode) -> tuple[GameState, str, str, str]:
    # test-only Equip costs: the dirk's is one [A] (free with Weaponmaster), the sword's 1 Energy
    encode(SERRATED_DIRK, equip(Cost(power=(("Any", 1),))), might_bonus=1)
    encode(LONG_SWORD, equip(Cost(1)), might_bonus=2)
    s = game()
    runes(s, "p1", 5, FURY_RUNE)
    dirk = put(s, SERRATED_DIRK, "p1", "base")
    sword = put(s, LONG_SWORD, "p1", "base")
    chef = put(s, COMBAT_CHEF, "p1", "hand")
    return s, chef, dirk, sword


def test_weaponmaster_attaches_an_equipment_for_its_cost_less_a(encode: Encode) -> None:
    assert load_catalog().get(COMBAT_CHEF).supported
    s, chef, dirk, sword = _chef_board(encode)
    s = play(s, chef)
    s = pass_all(s)  # the unit resolves; its Weaponmaster trigger asks
    req = request(s)
    assert req.kind == "choice" and sorted(req.options["gear"]) == sorted([dirk, sword])
    assert req.options["costs"][dirk] == {"energy": 0, "power": {}}       # [A] off (821.1.c)
    assert req.options["costs"][sword] == {"energy": 1, "power": {}}      # no [A]: 821.1.c.3
    s = apply(s, ChoiceMade(player="p1", choice={"gear": dirk, "payment": {}}))
    s = pass_all(s)
    assert s.objects[dirk].attached_to == chef  # the gear moved with nothing paid


def test_weaponmaster_refuses_an_unpaid_cost_and_other_cards(encode: Encode) -> None:
    s, chef, dirk, sword = _chef_board(encode)
    foe = put(s, SKULKER, "p2", "base")
    s = pass_all(play(s, chef))
    for r in list(s.players["p1"].base):  # no Energy left for the sword
        if s.objects[r].card == FURY_RUNE:
            s.objects[r].exhausted = True
    unpaid = ChoiceMade(player="p1", choice={"gear": sword, "payment": {}})
    assert "821.1.c" in violations(s, unpaid)  # its Equip cost (less [A]) must be paid
    other = ChoiceMade(player="p1", choice={"gear": foe, "payment": {}})
    assert "821.1.c" in violations(s, other)
    s = apply(s, ChoiceMade(player="p1", choice={"gear": None}))  # "you may": declined
    assert s.objects[sword].attached_to is None and s.objects[dirk].attached_to is None


def test_weaponmaster_without_equipment_asks_nothing() -> None:
    s = game()
    runes(s, "p1", 5, FURY_RUNE)
    s = pass_all(play(s, put(s, COMBAT_CHEF, "p1", "hand")))
    assert not s.chain and engine.pending(s)[0].kind == "main"


MACHETE = "UNL-096"  # Equipment gear: Equip; effect text Hunt


def test_hunt_granted_by_attached_gear_gains_xp_on_conquer(encode: Encode) -> None:
    encode(MACHETE, equip(Cost(1)), might_bonus=1)  # test-only cost and bonus
    s = game()
    unit = put(s, SKULKER, "p1", "base")
    actions.attach(s, put(s, MACHETE, "p1", "base"), unit, [])
    assert layers.characteristics(s, unit).value("Hunt") == 1  # 718.3: appended effect text
    s = _conquer_with(s, unit)
    assert xp(s, "p1") == 1
