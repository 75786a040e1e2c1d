"""Batch ogn_251_298, part B: legends, signature spells and tokens of OGN-252..274.

The signature spells have two domains and a Power cost printed as the universal [A]
(v1.3 135.2.e.5.a): Power of any domain pays it (tested below).
"""

from __future__ import annotations

from typing import Any

from riftlog.events.abilities import AbilityActivated, ChoiceMade, TriggersOrdered
from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed, StandardMove
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import (
    BODY_RUNE,
    SKULKER,
    activate,
    apply,
    choose,
    conquer,
    control,
    game,
    give_ping,
    pass_all,
    pay_for,
    ping,
    put,
    runes,
    spell_played,
    to_p2_turn,
    violations,
)


def _play(s: GameState, card: str, player: str = "p1", **kw: Any) -> GameState:
    oid = put(s, card, player, "hand")
    runes(s, player, 6, BODY_RUNE)
    return apply(s, CardPlayed(player=player, card=oid, payment=pay_for(s, player, oid), **kw))


def _req(s: GameState) -> Any:
    return engine.pending(s)[0]


def _legion(s: GameState, pid: str = "p1") -> None:
    marks = s.players[pid].turn_marks
    marks["played_turn"] = s.turn
    marks["played"] = [put(s, SKULKER, pid, "base")]


# --- the multi-domain price ---------------------------------------------------------------


def test_signature_spell_power_is_universal_any_domain_pays_it() -> None:
    """Siphon Power (Mind/Order) costs 2 Energy + one [A] (v1.3 135.2.e.5.a): Body pays it."""
    s = game()
    runes(s, "p1", 3, BODY_RUNE)
    spell = put(s, "OGN-266", "p1", "hand")
    payment = pay_for(s, "p1", spell)
    assert len(payment.exhaust) == 2 and len(payment.recycle) == 1
    assert not violations(s, CardPlayed(player="p1", card=spell, payment=payment,
                                        targets={"bf": ("bf1",)}))


def test_signature_spell_refused_without_its_power() -> None:
    s = game()
    runes(s, "p1", 3, BODY_RUNE)
    spell = put(s, "OGN-266", "p1", "hand")
    energy_only = Payment(exhaust=tuple(s.players["p1"].base[:2]))
    assert "165.2" in violations(s, CardPlayed(player="p1", card=spell, payment=energy_only,
                                               targets={"bf": ("bf1",)}))


# --- OGN-253 Hand of Noxus ----------------------------------------------------------------


def test_hand_of_noxus_adds_energy_with_legion() -> None:
    s = game()
    hand = put(s, "OGN-253", "p1", "legend")
    _legion(s)
    s = activate(s, hand)
    assert s.players["p1"].pool.energy == 1 and s.objects[hand].exhausted and not s.chain


def test_hand_of_noxus_needs_legion_and_readiness() -> None:
    s = game()
    hand = put(s, "OGN-253", "p1", "legend")
    assert "377.2.b" in violations(s, AbilityActivated(player="p1", source=hand, ability=0))
    _legion(s)
    s.objects[hand].exhausted = True
    assert "377.1" in violations(s, AbilityActivated(player="p1", source=hand, ability=0))


# --- OGN-255 Nine-Tailed Fox --------------------------------------------------------------


def _attack(s: GameState, *attackers: str) -> GameState:
    return apply(s, StandardMove(player="p1", units=attackers, destination="bf1"))


def test_nine_tailed_fox_shrinks_attackers_of_its_battlefields() -> None:
    s = game()
    put(s, "OGN-255", "p2", "legend")
    big = put(s, SKULKER, "p1", "base")
    small = put(s, "OGN-271", "p1", "base", token=True)  # a 1 Might Recruit
    put(s, SKULKER, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s = _attack(s, big, small)
    req = _req(s)
    if req.kind == "trigger_order":
        s = apply(s, TriggersOrdered(player="p2", order=tuple(req.options["ids"])))
    s = pass_all(s)
    assert layers.might_of(s, big) == 2
    assert layers.might_of(s, small) == 1  # not below 1


def test_nine_tailed_fox_ignores_attacks_on_battlefields_it_does_not_control() -> None:
    s = game()
    put(s, "OGN-255", "p2", "legend")
    big = put(s, SKULKER, "p1", "base")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    control(s, "bf1", None)  # p2's unit is there, but p2 does not control it
    s = _attack(s, big)
    assert not s.chain and layers.might_of(s, big) == 3


# --- OGN-259 Unforgiven -------------------------------------------------------------------


def test_unforgiven_moves_a_unit_home_or_out() -> None:
    s = game()
    runes(s, "p1", 4, BODY_RUNE)
    yasuo = put(s, "OGN-259", "p1", "legend")
    out = put(s, SKULKER, "p1", "battlefield", "bf1")
    home = put(s, SKULKER, "p1", "base")
    control(s, "bf1", "p1")
    s = pass_all(activate(s, yasuo, energy=2, targets={"t": (out,)}))
    assert s.objects[out].zone == "base"
    s.objects[yasuo].exhausted = False
    s = pass_all(activate(s, yasuo, energy=2, targets={"t": (home,)}))
    req = _req(s)
    assert req.kind == "choice" and {"to": "bf2"} in req.options["choices"]
    assert violations(s, ChoiceMade(player="p1", choice={"to": "base:p1"}))
    s = choose(s, "p1", to="bf1")
    assert s.objects[home].location == "bf1"


def test_unforgiven_refuses_enemy_units_and_an_unpaid_cost() -> None:
    s = game()
    runes(s, "p1", 2, BODY_RUNE)
    yasuo = put(s, "OGN-259", "p1", "legend")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    mine = put(s, SKULKER, "p1", "base")
    pay = pay_for(s, "p1", cost=Cost(2))
    assert "355.5" in violations(s, AbilityActivated(player="p1", source=yasuo, ability=0,
                                                     targets={"t": (foe,)}, payment=pay))
    assert "165.2" in violations(s, AbilityActivated(player="p1", source=yasuo, ability=0,
                                                     targets={"t": (mine,)}, payment=Payment()))


# --- OGN-265 Herald of the Arcane / Recruit tokens ------------------------------------------


def test_herald_of_the_arcane_makes_a_recruit() -> None:
    s = game()
    runes(s, "p1", 1, BODY_RUNE)
    herald = put(s, "OGN-265", "p1", "legend")
    s = pass_all(activate(s, herald, energy=1))
    (token,) = [o for o in s.players["p1"].base if s.objects[o].token]
    assert s.objects[token].card == "OGN-271" and layers.might_of(s, token) == 1
    assert layers.characteristics(s, token).tags >= {"Recruit"}


def test_herald_of_the_arcane_refuses_when_exhausted_or_unpaid() -> None:
    s = game()
    herald = put(s, "OGN-265", "p1", "legend")
    assert "165.2" in violations(s, AbilityActivated(player="p1", source=herald, ability=0))
    s.objects[herald].exhausted = True
    assert "377.1" in violations(s, AbilityActivated(player="p1", source=herald, ability=0))


def test_recruit_tokens_are_plain_one_might_units() -> None:
    from riftlog.cards.catalog import load_catalog

    # OGN-272/273 are printings of the same card as OGN-271 (132.1)
    assert {load_catalog().resolve(c).id for c in ("OGN-272", "OGN-273")} == {"OGN-271"}
    s = game()
    unit = put(s, "OGN-271", "p1", "base", token=True)
    assert layers.might_of(s, unit) == 1 and not layers.characteristics(s, unit).keywords


def test_sprite_token_dies_at_its_controllers_next_beginning_phase() -> None:
    s = game()
    sprite = put(s, "OGN-274", "p2", "base", token=True)
    ch = layers.characteristics(s, sprite)  # 184.2: 3 Might, Fae, Temporary
    assert ch.might == 3 and "Fae" in ch.tags and ch.has("Temporary")
    s = pass_all(to_p2_turn(s))
    assert s.objects[sprite].zone != "base"


# --- OGN-267 Bounty Hunter ------------------------------------------------------------------


def test_bounty_hunter_gives_ganking_this_turn() -> None:
    s = game()
    mf = put(s, "OGN-267", "p1", "legend")
    unit = put(s, SKULKER, "p1", "battlefield", "bf1")
    control(s, "bf1", "p1")
    s = pass_all(activate(s, mf, targets={"t": (unit,)}))
    assert layers.characteristics(s, unit).has("Ganking")
    s = apply(s, StandardMove(player="p1", units=(unit,), destination="bf2"))
    assert s.objects[unit].location == "bf2"


def test_bounty_hunter_exhausted_cannot_be_used() -> None:
    s = game()
    mf = put(s, "OGN-267", "p1", "legend", exhausted=True)
    unit = put(s, SKULKER, "p1", "base")
    assert "377.1" in violations(s, AbilityActivated(player="p1", source=mf, ability=0,
                                                     targets={"t": (unit,)}))


# --- OGN-258 Dragon's Rage ---------------------------------------------------------------------


def test_dragons_rage_moves_an_enemy_then_two_enemies_trade_blows() -> None:
    s = game()
    a = put(s, SKULKER, "p2", "battlefield", "bf1")  # Might 3
    b = put(s, "OGN-219", "p2", "battlefield", "bf2")  # Might 4
    s = pass_all(_play(s, "OGN-258", targets={"t": (a,)}))
    req = _req(s)
    assert req.kind == "choice" and {"to": "bf2"} in req.options["choices"]
    s = choose(s, "p1", to="bf2")
    assert s.objects[a].location == "bf2"
    req = _req(s)
    assert req.options["choices"] == [{"unit": b}]
    s = choose(s, "p1", unit=b)
    assert s.objects[a].zone == "trash"  # took 4
    assert s.objects[b].damage == 3


def test_dragons_rage_refuses_a_friendly_target() -> None:
    s = game()
    runes(s, "p1", 6, BODY_RUNE)
    mine = put(s, SKULKER, "p1", "base")
    put(s, SKULKER, "p2", "base")
    d = spell_played(s, "OGN-258", targets=(mine,))
    assert "355.5" in violations(s, d)


# --- OGN-260 Last Breath -------------------------------------------------------------------------


def test_last_breath_readies_and_strikes_with_its_might() -> None:
    s = game()
    mine = put(s, "OGN-219", "p1", "base", exhausted=True)  # Might 4
    foe = put(s, "OGN-219", "p2", "battlefield", "bf1")
    s = pass_all(_play(s, "OGN-260", targets={"t": (mine,), "e": (foe,)}))
    assert not s.objects[mine].exhausted and s.objects[foe].zone == "trash"


def test_last_breath_needs_an_enemy_at_a_battlefield() -> None:
    s = game()
    runes(s, "p1", 6, BODY_RUNE)
    mine = put(s, SKULKER, "p1", "base")
    foe_home = put(s, SKULKER, "p2", "base")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    d = spell_played(s, "OGN-260", targets={"t": (mine,), "e": (foe_home,)})
    assert "355.5" in violations(s, d)


# --- OGN-262 Zenith Blade ---------------------------------------------------------------------------


def test_zenith_blade_stuns_and_may_bring_a_unit() -> None:
    s = game()
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    mine = put(s, SKULKER, "p1", "base")
    s = pass_all(_play(s, "OGN-262", targets={"t": (foe,)}))
    assert s.objects[foe].stunned
    req = _req(s)
    assert req.kind == "choice" and {"unit": None} in req.options["choices"]
    s = choose(s, "p1", unit=mine)
    assert s.objects[mine].location == "bf1"


def test_zenith_blade_refuses_an_enemy_in_base_and_a_declined_move_stays() -> None:
    s = game()
    runes(s, "p1", 6, BODY_RUNE)
    home = put(s, SKULKER, "p2", "base")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    spell = put(s, "OGN-262", "p1", "hand")
    d = CardPlayed(player="p1", card=spell, payment=pay_for(s, "p1", spell), targets=(home,))
    assert "355.5" in violations(s, d)
    mine = put(s, SKULKER, "p1", "base")
    s = pass_all(apply(s, CardPlayed(player="p1", card=spell, payment=pay_for(s, "p1", spell),
                                     targets=(foe,))))
    s = choose(s, "p1", unit=None)
    assert s.objects[mine].zone == "base"
    assert violations(s, ChoiceMade(player="p1", choice={"unit": mine}))


# --- OGN-266 Siphon Power ---------------------------------------------------------------------------


def test_siphon_power_pumps_friends_and_drains_foes_there() -> None:
    s = game()
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    tiny = put(s, "OGN-271", "p2", "battlefield", "bf1", token=True)
    away = put(s, SKULKER, "p2", "battlefield", "bf2")
    s = pass_all(_play(s, "OGN-266", targets={"bf": ("bf1",)}))
    assert layers.might_of(s, mine) == 4 and layers.might_of(s, foe) == 2
    assert layers.might_of(s, tiny) == 1 and layers.might_of(s, away) == 3


def test_siphon_power_needs_a_battlefield_target() -> None:
    s = game()
    runes(s, "p1", 6, BODY_RUNE)
    unit = put(s, SKULKER, "p1", "base")
    d = spell_played(s, "OGN-266", targets={"bf": (unit,)})
    assert "355.5" in violations(s, d)


# --- OGN-270 Showstopper -------------------------------------------------------------------------------


def test_showstopper_buffs_a_home_unit_and_sends_it_out() -> None:
    s = game(battlefields=("OGN-280", "OGN-280"))
    mine = put(s, SKULKER, "p1", "base")
    s = pass_all(_play(s, "OGN-270", targets={"t": (mine,), "bf": ("bf2",)}))
    assert s.objects[mine].buffed and s.objects[mine].location == "bf2"


def test_showstopper_refuses_a_unit_already_out() -> None:
    s = game(battlefields=("OGN-280", "OGN-280"))
    runes(s, "p1", 6, BODY_RUNE)
    out = put(s, SKULKER, "p1", "battlefield", "bf1")
    put(s, SKULKER, "p1", "base")
    d = spell_played(s, "OGN-270", targets={"t": (out,), "bf": ("bf2",)})
    assert "355.5" in violations(s, d)


# --- OGN-261 Radiant Dawn -----------------------------------------------------------------------------


def test_radiant_dawn_buffs_a_friend_when_you_stun_enemies() -> None:
    s = game()
    put(s, "OGN-261", "p1", "legend")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    foe2 = put(s, SKULKER, "p2", "battlefield", "bf1")
    mine = put(s, SKULKER, "p1", "base")
    s = pass_all(_play(s, "OGN-262", targets={"t": (foe,)}))
    assert s.objects[foe].stunned and not s.objects[foe2].stunned
    for _ in range(4):
        req = _req(s)
        if req.kind != "choice":
            break
        s = pass_all(choose(s, "p1", unit=None) if "choices" in req.options else s)
    s = pass_all(s)
    assert s.objects[mine].buffed
    assert s.objects[mine].location != "bf1"  # the optional move was declined


def test_radiant_dawn_ignores_stuns_of_friendly_units(encode: Any) -> None:
    from riftlog.cards.vocab import SpellEffect, Stun, Target

    encode("OGN-229", SpellEffect((Stun(Target("unit")),)))  # a test-only "stun a unit"
    s = game()
    put(s, "OGN-261", "p1", "legend")
    mine = put(s, SKULKER, "p1", "base")
    runes(s, "p1", 6, "OGN-214")  # Order runes
    spell = put(s, "OGN-229", "p1", "hand")
    s = pass_all(apply(s, CardPlayed(player="p1", card=spell, payment=pay_for(s, "p1", spell),
                                     targets=(mine,))))
    assert s.objects[mine].stunned and not s.objects[mine].buffed and not s.chain


# --- OGN-256 Fox-Fire -------------------------------------------------------------------------------


def _recruits(s: GameState, n: int, where: str = "bf1", owner: str = "p2") -> list[str]:
    return [put(s, "OGN-271", owner, "battlefield", where, token=True) for _ in range(n)]


def test_fox_fire_kills_chosen_units_with_total_might_four() -> None:
    s = game()
    four = _recruits(s, 4)
    big = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = pass_all(_play(s, "OGN-256", targets={"t": tuple(four)}))
    assert all(s.objects[o].zone != "battlefield" for o in four)
    assert s.objects[big].zone == "battlefield"


def test_fox_fire_rule_355_11_b_a_legal_subset_after_a_reaction() -> None:
    """355.11.b: four 1 Might Recruits chosen; two get +1 before it resolves (1, 1, 2, 2):
    its controller picks a subset that still fits, e.g. the two 2 Might ones."""
    s = game()
    r = _recruits(s, 4)
    s = _play(s, "OGN-256", targets={"t": tuple(r)})
    for o in r[2:]:
        s.objects[o].mods["might"] = 1  # the opponent's reaction (+1 this turn)
    s = pass_all(s)
    req = _req(s)
    assert req.kind == "choice"
    options = req.options["choices"]
    assert {"units": r[2:]} in options and {"units": r} not in options
    assert {"units": [r[0], r[1], r[2]]} in options
    assert violations(s, ChoiceMade(player="p1", choice={"units": r}))
    s = choose(s, "p1", units=r[2:])
    assert [s.objects[o].zone == "battlefield" for o in r] == [True, True, False, False]


def test_fox_fire_refuses_too_much_might_or_two_battlefields() -> None:
    s = game()
    runes(s, "p1", 6, BODY_RUNE)
    spell = put(s, "OGN-256", "p1", "hand")
    big = put(s, SKULKER, "p2", "battlefield", "bf1")
    two = _recruits(s, 2)
    other = _recruits(s, 1, "bf2")
    pay = pay_for(s, "p1", spell)
    assert "355.11" in violations(s, CardPlayed(player="p1", card=spell, payment=pay,
                                                targets={"t": (big, two[0], two[1])}))
    assert "355.11" in violations(s, CardPlayed(player="p1", card=spell, payment=pay,
                                                targets={"t": (two[0], other[0])}))
    assert not violations(s, CardPlayed(player="p1", card=spell, payment=pay,
                                        targets={"t": (big, two[0])}))


# --- OGN-268 Bullet Time -----------------------------------------------------------------------------


def test_bullet_time_deals_the_power_paid_to_enemies_there() -> None:
    s = game(battlefields=("OGN-280", "OGN-280"))
    runes(s, "p1", 4, BODY_RUNE)
    foe = put(s, "OGN-219", "p2", "battlefield", "bf1")  # Might 4
    tiny = put(s, "OGN-271", "p2", "battlefield", "bf1", token=True)
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    elsewhere = put(s, "OGN-271", "p2", "battlefield", "bf2", token=True)
    spell = put(s, "OGN-268", "p1", "hand")
    pay = pay_for(s, "p1", spell, choices={"x": 3})
    assert len(pay.recycle) == 3  # 1 Energy + 3 [A]
    s = pass_all(apply(s, CardPlayed(player="p1", card=spell, payment=pay,
                                     targets={"bf": ("bf1",)}, choices={"x": 3})))
    assert s.objects[foe].damage == 3 and s.objects[tiny].zone != "battlefield"
    assert s.objects[mine].damage == 0 and s.objects[elsewhere].zone == "battlefield"


def test_bullet_time_refuses_an_unpaid_or_negative_amount() -> None:
    s = game(battlefields=("OGN-280", "OGN-280"))
    runes(s, "p1", 2, BODY_RUNE)
    spell = put(s, "OGN-268", "p1", "hand")
    cheap = pay_for(s, "p1", spell)  # pays the 1 Energy only
    assert "356.2" in violations(s, CardPlayed(player="p1", card=spell, payment=cheap,
                                               targets={"bf": ("bf1",)}, choices={"x": 2}))
    assert "356.2" in violations(s, CardPlayed(player="p1", card=spell, payment=cheap,
                                               targets={"bf": ("bf1",)}, choices={"x": -1}))


# --- OGN-263 Swift Scout / OGN-264 Guerilla Warfare ----------------------------------------------------


def _hide(s: GameState, card: str, payment: Payment) -> Any:
    from riftlog.events.abilities import CardHidden

    return CardHidden(player="p1", card=card, battlefield="bf1", payment=payment)


def _hide_ready(s: GameState) -> str:
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    return put(s, "OGN-135", "p1", "hand")  # Pakaa Cub has Hidden


def test_swift_scout_lets_an_energy_pay_for_hiding() -> None:
    s = game()
    put(s, "OGN-263", "p1", "legend")
    (rune,) = runes(s, "p1", 1, BODY_RUNE)
    cub = _hide_ready(s)
    s = apply(s, _hide(s, cub, Payment(exhaust=(rune,))))
    assert s.objects[cub].zone == "facedown" and s.objects[rune].zone == "base"


def test_without_swift_scout_an_energy_does_not_pay_for_hiding() -> None:
    s = game()
    (rune,) = runes(s, "p1", 1, BODY_RUNE)
    cub = _hide_ready(s)
    assert any(v.startswith("16") for v in violations(s, _hide(s, cub, Payment(exhaust=(rune,)))))


def test_swift_scout_returns_a_teemo_from_the_champion_zone() -> None:
    s = game()
    scout = put(s, "OGN-263", "p1", "legend")
    runes(s, "p1", 1, BODY_RUNE)
    teemo = put(s, "OGN-197", "p1", "champion")
    s = pass_all(activate(s, scout, ability=1, energy=1))
    assert s.objects[teemo].zone == "hand"


def test_swift_scout_takes_only_its_owners_teemo_and_refuses_when_exhausted() -> None:
    s = game()
    scout = put(s, "OGN-263", "p1", "legend")
    runes(s, "p1", 1, BODY_RUNE)
    theirs = put(s, "OGN-197", "p2", "base")
    mine = put(s, "OGN-121", "p1", "battlefield", "bf1")
    s = pass_all(activate(s, scout, ability=1, energy=1))
    assert s.objects[mine].zone == "hand" and s.objects[theirs].zone == "base"
    assert "377.1" in violations(s, AbilityActivated(player="p1", source=scout, ability=1))


def test_guerilla_warfare_returns_hidden_cards_and_hiding_is_free() -> None:
    s = game()
    a, b = (put(s, "OGN-135", "p1", "trash") for _ in range(2))
    plain = put(s, SKULKER, "p1", "trash")
    s = pass_all(_play(s, "OGN-264"))
    req = _req(s)
    assert {"cards": [a, b]} in req.options["choices"]
    assert violations(s, ChoiceMade(player="p1", choice={"cards": [plain]}))
    s = pass_all(choose(s, "p1", cards=[a, b]))
    assert s.objects[a].zone == "hand" and s.objects[b].zone == "hand"
    assert s.objects[plain].zone == "trash"
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    for o in list(s.players["p1"].base):
        if s.objects[o].card == BODY_RUNE:
            s.objects[o].exhausted = True
    s = apply(s, _hide(s, a, Payment()))  # no cost this turn
    assert s.objects[a].zone == "facedown"


def test_guerilla_warfare_free_hiding_ends_with_the_turn() -> None:
    s = game()
    cub = _hide_ready(s)
    s.extra["hide_free"] = {"p1": s.turn - 1}
    assert any(v.startswith("16") for v in violations(s, _hide(s, cub, Payment())))
    s.extra["hide_free"] = {"p1": s.turn}
    assert not violations(s, _hide(s, cub, Payment()))


# --- OGN-254 Noxian Guillotine (391: a delayed triggered ability) -------------------------------------


def test_noxian_guillotine_rule_391_kills_at_the_next_damage(encode: Any) -> None:
    give_ping(encode)
    s = game()
    foe = put(s, "OGN-219", "p2", "battlefield", "bf1")  # Might 4: 1 damage is not lethal
    s = pass_all(_play(s, "OGN-254", targets=(foe,)))
    assert s.objects[foe].zone == "battlefield" and s.extra.get("delayed")
    s = ping(s, foe)
    assert s.objects[foe].zone == "trash" and "delayed" not in s.extra


def test_noxian_guillotine_with_legion_kills_at_once() -> None:
    s = game()
    foe = put(s, "OGN-219", "p2", "battlefield", "bf1")
    _legion(s)
    s = pass_all(_play(s, "OGN-254", targets=(foe,)))
    assert s.objects[foe].zone == "trash" and "delayed" not in s.extra


def test_noxian_guillotine_ignores_other_units_and_later_turns(encode: Any) -> None:
    give_ping(encode)
    s = game()
    foe = put(s, "OGN-219", "p2", "battlefield", "bf1")
    other = put(s, "OGN-219", "p2", "battlefield", "bf1")
    s = pass_all(_play(s, "OGN-254", targets=(foe,)))
    s = ping(s, other)
    assert s.objects[other].zone == "battlefield" and s.objects[foe].zone == "battlefield"
    s.turn += 1  # "this turn" is over
    s = ping(s, foe)
    assert s.objects[foe].zone == "battlefield"


# --- OGN-252 Super Mega Death Rocket! ----------------------------------------------------------------


def test_super_mega_death_rocket_deals_five() -> None:
    s = game()
    foe = put(s, "OGN-219", "p2", "battlefield", "bf1")
    s = pass_all(_play(s, "OGN-252", targets=(foe,)))
    assert s.objects[foe].zone == "trash"


def test_super_mega_death_rocket_comes_back_on_a_conquer_for_a_discard() -> None:
    s = game()
    rocket = put(s, "OGN-252", "p1", "trash")
    junk = put(s, SKULKER, "p1", "hand")
    s = conquer(s, (put(s, SKULKER, "p1", "base"),))
    s = pass_all(s)
    req = _req(s)
    assert req.kind == "choice" and {"card": None} in req.options["choices"]
    s = choose(s, "p1", card=junk)
    assert s.objects[rocket].zone == "hand" and s.objects[junk].zone == "trash"


def test_super_mega_death_rocket_stays_without_a_card_to_discard_or_when_declined() -> None:
    s = game()
    rocket = put(s, "OGN-252", "p1", "trash")
    s = conquer(s, (put(s, SKULKER, "p1", "base"),))
    s = pass_all(s)
    assert s.objects[rocket].zone == "trash" and _req(s).kind == "main"
    s = game()
    rocket = put(s, "OGN-252", "p1", "trash")
    put(s, SKULKER, "p1", "hand")
    s = conquer(s, (put(s, SKULKER, "p1", "base"),))
    s = choose(pass_all(s), "p1", card=None)
    assert s.objects[rocket].zone == "trash"
    theirs = put(s, "OGN-252", "p2", "trash")  # an opponent's copy does not trigger on my conquer
    from riftlog.rules.interpreter import triggers

    assert triggers.fire(s, "conquers", player="p1", battlefield="bf2") == 1  # only mine
    assert s.objects[theirs].zone == "trash"
