"""Issue #5: cards that play a card as an effect (v1.3 419.3), through the engine: Blind
Fury, Reinforce, Ava Achiever, Kai'Sa Evolutionary, Promising Future, Baited Hook; the
rules on ignoring costs (356.1.b.1-3) and a discount (356.4); a triggered ability's power
cost paid as it is finalized (742.1.b).  Each card: what it does, and a refused use."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riftlog.errors import UnsupportedRule
from riftlog.events.abilities import AbilityActivated, ChoiceMade
from riftlog.events.decisions import DeckOrderRecorded, PriorityPassed
from riftlog.events.play import CardPlayed, StandardMove
from riftlog.rules import bot, engine, privacy
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import (
    CALM_RUNE,
    FURY_RUNE,
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
    request,
    runes,
    violations,
)

BLIND_FURY, REINFORCE, AVA, KAISA, PROMISING, HOOK = (
    "OGN-025", "OGN-062", "OGN-107", "OGN-112", "OGN-115", "OGN-242")
PHANTOM, MEGA_MECH, DRAKE, REARGUARD, SERGEANT = "OGN-049", "OGN-088", "OGN-142", "OGN-010", "OGN-219"
PAKAA, STAND_UNITED, VOID_SEEKER, HEXTECH_RAY = "OGN-135", "OGN-053", "OGN-024", "OGN-009"
MIND_RUNE = "OGN-089"


def top(s: GameState, pid: str, *cards: str) -> list[str]:
    """Put *cards* on top of *pid*'s Main Deck, the first one topmost."""
    oids = [put(s, c, pid, "main_deck") for c in cards]
    deck = s.players[pid].main_deck
    s.players[pid].main_deck = oids + [o for o in deck if o not in oids]
    return oids


def order(s: GameState) -> GameState:
    """Answer the awaited recorded random order (416.5) with the cards as listed."""
    r = request(s)
    assert r.kind == "deck_order" and r.rule == "416.5"
    s, _ = engine.apply(s, DeckOrderRecorded(player=r.options["player"], deck="main",
                                             order=(*r.options["keep"], *r.options["randomize"])))
    return s


# --- Reinforce (OGN-062): look at five, a unit 5 Energy cheaper (356.4) ------------------------


def _reinforce(s: GameState) -> GameState:
    runes(s, "p1", 5, CALM_RUNE)
    spell = put(s, REINFORCE, "p1", "hand")
    return pass_all(play(s, spell, destination=None))


def test_reinforce_plays_a_looked_at_unit_five_energy_cheaper() -> None:
    s = game()
    mech, skulker, *_ = top(s, "p1", MEGA_MECH, SKULKER, HEXTECH_RAY, HEXTECH_RAY, HEXTECH_RAY)
    runes(s, "p1", 2, ORDER_RUNE)  # Mega-Mech costs 7: 2 left to pay after the discount
    s = _reinforce(s)
    r = request(s)
    assert r.kind == "choice" and r.options["kind"] == "cards" and r.options["up_to"]
    assert set(r.options["from"]) == {mech, skulker}  # units only, of the five looked at
    s = choose(s, "p1", cards=[mech])
    assert s.objects[mech].zone == "banishment"
    s = order(s)  # the four others go to the bottom in a recorded random order
    r = request(s)
    assert r.options["validator"] == "effect_play" and r.rule == "419.3"
    answer = next(a for a in r.options["choices"] if a["destination"] == "base")
    assert len(answer["payment"]["exhaust"]) == 2  # 7 - 5 (356.4)
    s = choose(s, "p1", **answer)
    assert s.objects[mech].zone == "base" and s.objects[mech].exhausted
    assert s.players["p1"].main_deck[-4:].count(skulker) == 1
    assert mech in s.players["p1"].turn_marks["played"]  # played (419.1): Legion counts it


def test_reinforce_refuses_a_non_unit_pick_and_an_underpaid_play() -> None:
    s = game()
    mech, ray, *_ = top(s, "p1", MEGA_MECH, HEXTECH_RAY, HEXTECH_RAY, HEXTECH_RAY, HEXTECH_RAY)
    runes(s, "p1", 2, ORDER_RUNE)
    s = _reinforce(s)
    assert request(s).options["from"] == [mech]
    assert "419.3" in violations(s, ChoiceMade(player="p1", choice={"cards": [ray]}))  # no unit
    s = order(choose(s, "p1", cards=[mech]))
    # the discount leaves 2 Energy to pay (356.4): one rune is not enough (357.1)
    rune = s.players["p1"].base[-1]
    bad = ChoiceMade(player="p1", choice={"destination": "base",
                                          "payment": {"exhaust": [rune], "recycle": []}})
    assert violations(s, bad) == ["419.3"]
    assert engine.check(s, bad)[0].message.startswith("v1.3 165.2:")
    far = ChoiceMade(player="p1", choice={"destination": "bf1",
                                          "payment": {"exhaust": list(s.players["p1"].base[-2:])}})
    assert engine.check(s, far)[0].message.startswith("v1.3 355.2.a:")  # p1 does not control bf1


def test_reinforce_discount_never_makes_a_cost_negative_356_5() -> None:
    s = game()
    (skulker, *_) = top(s, "p1", SKULKER, HEXTECH_RAY, HEXTECH_RAY, HEXTECH_RAY, HEXTECH_RAY)
    s = _reinforce(s)  # every rune spent on Reinforce: the 3-Energy unit costs 0, not -2
    s = order(choose(s, "p1", cards=[skulker]))
    assert s.objects[skulker].zone == "base"  # nothing to pay or choose: not asked
    assert s.players["p1"].pool.energy == 0


def test_reinforce_cancels_a_play_that_cannot_be_paid_358_4() -> None:
    s = game()
    (mech,) = top(s, "p1", MEGA_MECH)
    s = _reinforce(s)  # no rune left for the 2 Energy still due
    s = choose(s, "p1", cards=[mech])
    r = request(s)
    s, acts = engine.apply(s, DeckOrderRecorded(player="p1", deck="main",
                                                order=(*r.options["keep"], *r.options["randomize"])))
    assert s.objects[mech].zone == "banishment"
    assert any(a.kind == "play_cancelled" and a.rule == "358.4" for a in acts)


def test_reinforce_may_play_nothing() -> None:
    s = game()
    (mech,) = top(s, "p1", MEGA_MECH)
    s = _reinforce(s)
    s = choose(s, "p1", cards=[])
    s = order(s)
    assert s.objects[mech].zone == "main_deck" and not s.chain
    assert request(s).kind == "main" and s.players["p1"].main_deck[-5:].count(mech) == 1




# --- Blind Fury (OGN-025): reveal, banish and play an opponent's top card free (356.1.b.1) --------


def _blind_fury(s: GameState, runes_n: int = 4) -> GameState:
    runes(s, "p1", runes_n, FURY_RUNE)
    spell = put(s, BLIND_FURY, "p1", "hand")
    return pass_all(play(s, spell, destination=None))


def test_blind_fury_plays_the_opponents_revealed_unit_ignoring_its_cost() -> None:
    s = game()
    (phantom,) = top(s, "p2", PHANTOM)  # 5 Energy: nothing is paid
    s = _blind_fury(s)
    obj = s.objects[phantom]
    assert obj.zone == "base" and obj.location == "base:p1" and obj.controller == "p1"
    assert obj.owner == "p2" and obj.exhausted  # a unit enters exhausted (359.2.c)
    assert phantom in s.players["p1"].turn_marks["played"]
    assert s.objects[phantom].zone != "main_deck" and phantom not in s.players["p2"].main_deck


def _three_players() -> GameState:
    from riftlog.rules.board.state import GameObject
    from tests.rules.board import table
    from tests.rules.showdown_board import main_phase

    engine.load_extensions()
    s = main_phase(table(3, mode="ffa3"))
    for bf in s.battlefields:
        s.objects[bf.oid] = GameObject(oid=bf.oid, card=bf.card, owner=bf.owner,
                                       controller=bf.owner, zone="battlefield_card", location=bf.oid)
    for pid in s.players:
        for _ in range(5):
            put(s, SKULKER, pid, "main_deck")
    return s


def test_blind_fury_chooses_among_every_opponents_revealed_card() -> None:
    s = _three_players()
    (phantom,) = top(s, "p2", PHANTOM)
    (pakaa,) = top(s, "p3", PAKAA)
    s = _blind_fury(s)
    r = request(s)
    assert r.options["kind"] == "cards" and sorted(r.options["from"]) == sorted([phantom, pakaa])
    own = s.players["p1"].main_deck[0]
    assert violations(s, ChoiceMade(player="p1", choice={"cards": [own]})) == ["419.3"]
    s = choose(s, "p1", cards=[pakaa])
    assert s.objects[pakaa].zone == "base" and s.objects[pakaa].controller == "p1"
    assert s.players["p2"].main_deck[-1] == phantom  # the other revealed card is recycled


def test_a_unit_played_as_an_effect_gets_its_when_played_trigger_419_4_a() -> None:
    s = game()
    (mother,) = top(s, "p2", "OGN-106")  # Sprite Mother: when played, a Sprite joins her
    s = pass_all(_blind_fury(s))
    assert s.objects[mother].zone == "base" and s.objects[mother].controller == "p1"
    sprites = [o for o in s.players["p1"].base if s.objects[o].card == "OGN-274"]
    assert len(sprites) == 1 and s.objects[sprites[0]].controller == "p1"


def test_blind_fury_lets_the_played_spell_choose_only_legal_targets() -> None:
    s = game()
    (seeker,) = top(s, "p2", VOID_SEEKER)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    at_base = put(s, SKULKER, "p2", "base")
    s = _blind_fury(s, runes_n=5)
    r = request(s)
    assert r.options["validator"] == "effect_play" and r.player == "p1"
    assert "419.3" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [at_base]}}))
    (v,) = engine.check(s, ChoiceMade(player="p1", choice={"targets": {"t": [at_base]}}))
    assert v.message.startswith("v1.3 355.5:")  # a unit at a battlefield only
    s = choose(s, "p1", targets={"t": [foe]})  # ignoring its cost: nothing to pay (356.1.b.1)
    assert s.chain and s.chain[-1].source == seeker and s.chain[-1].controller == "p1"
    s = pass_all(s)
    assert s.objects[foe].zone == "trash" and s.objects[seeker].zone == "trash"
    assert s.objects[seeker].owner == "p2" and seeker in s.players["p2"].trash


def test_ignoring_the_cost_still_pays_a_chosen_accelerate_356_1_b_3() -> None:
    """v1.3 356.1.b.3 Example: Legion Rearguard played ignoring its cost; choosing to pay
    Accelerate adds 1 Energy and 1 Fury power that must be paid."""
    s = game()
    (rearguard,) = top(s, "p2", REARGUARD)
    s = _blind_fury(s, runes_n=6)  # 4 runes pay Blind Fury, 2 stay ready
    r = request(s)
    fast = [a for a in r.options["choices"] if a["accelerate"]]
    slow = [a for a in r.options["choices"] if not a["accelerate"]]
    assert slow and slow[0]["payment"] == {"exhaust": [], "recycle": []}  # base cost 0
    assert fast and fast[0]["payment"]["exhaust"] and fast[0]["payment"]["recycle"]
    unpaid = ChoiceMade(player="p1", choice={"destination": "base", "accelerate": True})
    assert violations(s, unpaid) == ["419.3"]
    s = choose(s, "p1", **fast[0])
    assert s.objects[rearguard].zone == "base" and not s.objects[rearguard].exhausted  # 805.6


def test_ignoring_the_cost_sets_both_base_costs_to_zero_356_1_b_1() -> None:
    s = game()
    (ray,) = top(s, "p2", HEXTECH_RAY)  # 1 Energy and 1 Fury power, both ignored
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = _blind_fury(s, runes_n=4)  # every rune spent on Blind Fury
    r = request(s)
    assert all(a["payment"] == {"exhaust": [], "recycle": []} for a in r.options["choices"])
    s = pass_all(choose(s, "p1", targets={"t": [foe]}))
    assert s.objects[ray].zone == "trash"


def test_a_card_needing_additional_cost_choices_is_not_judged() -> None:
    """Cruel Patron (OGN-208) must kill a friendly unit as it is played (356.2.a.1): the
    engine does not search those choices for a play as an effect, and says so."""
    s = game()
    top(s, "p2", "OGN-208")
    with pytest.raises(UnsupportedRule, match=r"v1\.3 356\.2: Cruel Patron"):
        _blind_fury(s)


# --- Kai'Sa, Evolutionary (OGN-112): a spell from the trash, Energy ignored (356.1.b.2) -------------


def _kaisa_conquers(s: GameState) -> GameState:
    kaisa = put(s, KAISA, "p1", "base")
    s, _ = engine.apply(s, StandardMove(player="p1", units=(kaisa,), destination="bf1"))
    for _ in range(6):  # the showdown at the empty battlefield: pass until it is conquered
        (r,) = engine.pending(s)
        if r.kind == "choice" or (s.battlefield("bf1").controller == "p1" and not s.chain):
            break
        s, _ = engine.apply(s, PriorityPassed(player=r.player or ""))
    return s


def test_kaisa_plays_a_cheap_spell_from_the_trash_paying_its_power_then_recycles_it() -> None:
    s = game()
    s.players["p1"].points = 2  # 3 after the conquer
    ray = put(s, HEXTECH_RAY, "p1", "trash")     # Energy 1 < 3: eligible
    seeker = put(s, VOID_SEEKER, "p1", "trash")  # Energy 3: not below 3
    fury = runes(s, "p1", 1, FURY_RUNE)[0]
    foe = put(s, SKULKER, "p2", "battlefield", "bf2")
    s = _kaisa_conquers(s)
    r = request(s)
    assert r.options["kind"] == "cards" and r.options["from"] == [ray] and r.options["up_to"]
    assert "419.3" in violations(s, ChoiceMade(player="p1", choice={"cards": [seeker]}))
    s = choose(s, "p1", cards=[ray])
    r = request(s)
    answer = next(a for a in r.options["choices"] if a["targets"] == {"t": [foe]})
    assert answer["payment"] == {"exhaust": [], "recycle": [fury]}  # only the power (356.1.b.2)
    free = {**answer, "payment": {"exhaust": [], "recycle": []}}
    assert violations(s, ChoiceMade(player="p1", choice=free)) == ["419.3"]
    s = pass_all(choose(s, "p1", **answer))
    assert s.objects[foe].zone == "trash"
    assert s.objects[ray].zone == "main_deck" and s.players["p1"].main_deck[-1] == ray


def test_kaisa_without_an_eligible_spell_asks_nothing() -> None:
    s = game()
    seeker = put(s, VOID_SEEKER, "p1", "trash")  # Energy 3, points 1 after the conquer
    s = pass_all(_kaisa_conquers(s))
    assert s.players["p1"].points == 1 and request(s).kind != "choice"
    assert s.objects[seeker].zone == "trash"


# --- Ava Achiever (OGN-107): power paid as the trigger is finalized (742.1.b) ----------------------


def _ava_attacks(s: GameState) -> tuple[GameState, str, str]:
    ava = put(s, AVA, "p1", "base")
    mind = runes(s, "p1", 1, MIND_RUNE)[0]
    put(s, SKULKER, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s, _ = engine.apply(s, StandardMove(player="p1", units=(ava,), destination="bf1"))
    for _ in range(6):
        (r,) = engine.pending(s)
        if r.kind == "choice":
            break
        s, _ = engine.apply(s, PriorityPassed(player=r.player or ""))
    return s, ava, mind


def test_ava_pays_mind_power_as_the_trigger_goes_on_the_chain_and_plays_a_hidden_unit_here() -> None:
    s = game()
    pakaa = put(s, PAKAA, "p1", "hand")
    s, ava, mind = _ava_attacks(s)
    r = request(s)
    assert r.rule == "742.1.b" and {"pay": None} in r.options["choices"]
    assert {"pay": {"exhaust": [], "recycle": [mind]}} in r.options["choices"]
    s = choose(s, "p1", pay={"exhaust": [], "recycle": [mind]})
    assert s.objects[mind].zone == "rune_deck"  # paid before it is on the chain
    (item,) = [i for i in s.chain if i.source == ava]
    assert item.targets == {}  # 355.10.a Example: a card in hand is not a target
    s = pass_all(s)
    assert s.objects[pakaa].zone == "battlefield" and s.objects[pakaa].location == "bf1"


def test_ava_refuses_another_domain_and_a_declined_cost_puts_nothing_on_the_chain() -> None:
    s = game()
    pakaa = put(s, PAKAA, "p1", "hand")
    calm = runes(s, "p1", 1, CALM_RUNE)[0]
    s, ava, _ = _ava_attacks(s)
    wrong = ChoiceMade(player="p1", choice={"pay": {"exhaust": [], "recycle": [calm]}})
    assert violations(s, wrong) == ["742.1.b"]
    s, acts = engine.apply(s, ChoiceMade(player="p1", choice={"pay": None}))
    assert any(a.kind == "trigger_removed" and a.rule == "742.1.b" for a in acts)
    assert not any(i.source == ava for i in s.chain)
    assert s.objects[pakaa].zone == "hand"


def test_ava_with_no_hidden_card_in_hand_plays_nothing_419_3_c() -> None:
    s = game()
    plain = put(s, SKULKER, "p1", "hand")
    s, ava, mind = _ava_attacks(s)
    s, acts = engine.apply(s, ChoiceMade(player="p1", choice={"pay": {"exhaust": [], "recycle": [mind]}}))
    assert any(a.kind == "trigger" for a in acts) and s.objects[mind].zone == "rune_deck"
    s = pass_all(s)  # it resolves: no card with Hidden to play, nothing happens
    assert s.objects[plain].zone == "hand" and not any(i.source == ava for i in s.chain)
    assert s.objects[ava].zone == "battlefield"


def test_ava_may_only_pick_a_card_with_hidden() -> None:
    s = game()
    pakaa = put(s, PAKAA, "p1", "hand")
    stand = put(s, STAND_UNITED, "p1", "hand")
    plain = put(s, SKULKER, "p1", "hand")
    s, _, mind = _ava_attacks(s)
    s = pass_all(choose(s, "p1", pay={"exhaust": [], "recycle": [mind]}))
    r = request(s)
    assert sorted(r.options["from"]) == sorted([pakaa, stand])
    assert "419.3" in violations(s, ChoiceMade(player="p1", choice={"cards": [plain]}))


# --- Promising Future (OGN-115): everyone banishes one, the next player plays first ----------------


def test_promising_future_each_player_plays_their_banished_card_next_player_first() -> None:
    s = game()
    mine = top(s, "p1", SKULKER, HEXTECH_RAY, HEXTECH_RAY, HEXTECH_RAY, HEXTECH_RAY)
    theirs = top(s, "p2", PHANTOM, HEXTECH_RAY, HEXTECH_RAY, HEXTECH_RAY, HEXTECH_RAY)
    runes(s, "p1", 5, MIND_RUNE)
    s = pass_all(play(s, put(s, PROMISING, "p1", "hand"), destination=None))
    r = request(s)
    assert r.player == "p1" and r.options["from"] == mine
    s = choose(s, "p1", cards=[mine[0]])
    r = request(s)
    assert r.player == "p2" and r.options["from"] == theirs
    assert violations(s, ChoiceMade(player="p2", choice={"cards": [mine[1]]})) == ["419.3"]
    s = choose(s, "p2", cards=[theirs[0]])
    s = order(s)
    s, acts = engine.apply(s, DeckOrderRecorded(
        player="p2", deck="main", order=(*request(s).options["keep"], *request(s).options["randomize"])))
    plays = [a.objects[0] for a in acts if a.kind == "play"]
    assert plays == [theirs[0], mine[0]]  # starting with the next player (p2)
    assert s.objects[theirs[0]].controller == "p2" and s.objects[theirs[0]].zone == "base"
    assert s.objects[mine[0]].controller == "p1" and s.objects[mine[0]].zone == "base"


def test_promising_future_still_charges_the_power_cost_356_1_b_2() -> None:
    s = game()
    (ray, *_) = top(s, "p1", HEXTECH_RAY, HEXTECH_RAY, HEXTECH_RAY, HEXTECH_RAY, HEXTECH_RAY)
    top(s, "p2", PHANTOM)
    put(s, SKULKER, "p2", "battlefield", "bf1")
    runes(s, "p1", 5, MIND_RUNE)  # all spent: no Fury power for the ray
    s = pass_all(play(s, put(s, PROMISING, "p1", "hand"), destination=None))
    s = choose(s, "p1", cards=[ray])
    s = order(choose(s, "p2", cards=[s.players["p2"].main_deck[0]]))
    r = request(s)
    s, acts = engine.apply(s, DeckOrderRecorded(player="p2", deck="main",
                                                order=(*r.options["keep"], *r.options["randomize"])))
    assert s.objects[ray].zone == "banishment"  # its Fury power cannot be paid: not played
    assert any(a.kind == "play_cancelled" and a.rule == "358.4" and a.objects == (ray,) for a in acts)


# --- Baited Hook (OGN-242): kill, look at five, a unit at most one Might bigger -----------------------


def _hook(s: GameState) -> tuple[GameState, str, str]:
    hook = put(s, HOOK, "p1", "base")
    victim = put(s, SKULKER, "p1", "base")  # Might 3
    runes(s, "p1", 2, ORDER_RUNE)
    return s, hook, victim


def test_baited_hook_kills_then_plays_a_unit_up_to_one_might_bigger() -> None:
    s = game()
    s, hook, victim = _hook(s)
    phantom, sergeant, *_ = top(s, "p1", PHANTOM, SERGEANT, HEXTECH_RAY, HEXTECH_RAY, HEXTECH_RAY)
    s = pass_all(activate(s, hook, energy=0, targets={"t": (victim,)},
                          payment=pay_for(s, "p1", cost=Cost(1, {"Order": 1}))))
    assert s.objects[victim].zone == "trash"
    r = request(s)
    assert r.options["from"] == [sergeant]  # Might 4 <= 3 + 1; the Phantom (5) is not
    assert "419.3" in violations(s, ChoiceMade(player="p1", choice={"cards": [phantom]}))
    s = order(choose(s, "p1", cards=[sergeant]))
    assert s.objects[sergeant].zone == "base" and s.objects[sergeant].exhausted


def test_baited_hook_example_359_3_e_12_a_target_gone_means_no_unit_can_be_chosen() -> None:
    """v1.3 359.3.e.12 Example: the friendly unit left the board before the ability
    resolved: it is not killed, its Might is null, no unit among the five can be chosen."""
    from riftlog.rules.board.zones import change_zone

    s = game()
    s, hook, victim = _hook(s)
    (small, *_) = top(s, "p1", SKULKER, HEXTECH_RAY, HEXTECH_RAY, HEXTECH_RAY, HEXTECH_RAY)
    s = activate(s, hook, targets={"t": (victim,)},
                 payment=pay_for(s, "p1", cost=Cost(1, {"Order": 1})))
    change_zone(s, s.objects[victim], "hand")  # as if an opponent's reaction returned it
    s = pass_all(s)
    assert s.objects[victim].zone == "hand"
    assert request(s).kind == "deck_order"  # no card choice was asked: straight to recycling
    s = order(s)
    assert s.objects[small].zone == "main_deck" and s.players["p1"].main_deck[-5:].count(small) == 1


def test_baited_hook_needs_a_friendly_unit_target() -> None:
    s = game()
    s, hook, _ = _hook(s)
    foe = put(s, SKULKER, "p2", "base")
    d = AbilityActivated(player="p1", source=hook, ability=0, targets={"t": (foe,)},
                         payment=pay_for(s, "p1", cost=Cost(1, {"Order": 1})))
    assert violations(s, d) == ["355.5"]


# --- hidden information: what is looked at stays private (128.4) -----------------------------------


def test_the_looked_at_cards_are_private_to_the_player() -> None:
    s = game()
    top(s, "p1", MEGA_MECH)
    runes(s, "p1", 5, CALM_RUNE)
    s, acts = engine.apply(s, CardPlayed(player="p1", card=put(s, REINFORCE, "p1", "hand"),
                                         payment=pay_for(s, "p1", cost=Cost(5))))
    for pid in ("p1", "p2"):
        s, more = engine.apply(s, PriorityPassed(player=pid))
        acts += more
    look = next(a for a in acts if a.kind == "look")
    assert look.visibility == "private:p1" and len(look.objects) == 5
    seen = privacy.visible_action(look, "p2")
    assert seen is not None and seen.objects == () and "cards" not in seen.details
    assert privacy.visible_action(look, "p1") == look


# --- random bot games with these cards never crash ------------------------------------------------


def _random_game(seed: int) -> set[str]:
    """A bot game (up to 300 decisions) with decks of the six cards and plain cards; the
    kinds of game actions it produced."""
    from riftlog.events.payloads import DeckSpec, GameCreated, PlayerSpec
    from tests.rules import engine_fixtures as F

    cards = [BLIND_FURY, REINFORCE, AVA, PROMISING, HOOK, PHANTOM, SKULKER, PAKAA,
             HEXTECH_RAY, REARGUARD, SERGEANT]
    main = tuple(cards[(i + seed) % len(cards)] for i in range(24))
    rune_cards = [MIND_RUNE, FURY_RUNE, CALM_RUNE, ORDER_RUNE]
    players = []
    for i, (legend, bf) in enumerate((("OGN-257", "OGN-280"), ("OGN-251", "OGN-279"))):
        deck = DeckSpec(legend=legend, champion=F.CHAMPION, main=main,
                        runes=tuple(rune_cards[j % 4] for j in range(12)), battlefields=(bf,))
        players.append(PlayerSpec(id=f"p{i + 1}", name=f"P{i + 1}", deck=deck))
    s = engine.new_game(GameCreated(mode="duel", players=tuple(players), catalog_version="test",
                                    engine_version="test"))
    rng = random.Random(seed)
    kinds: set[str] = set()
    for _ in range(300):
        if s.is_over() or not engine.pending(s):
            break
        s, acts = engine.apply(s, bot.choose(s, rng))
        kinds.update(a.kind for a in acts)
        waiting = _resolving_spells(s)
        assert [z for z in engine.zone_problems(s) if z not in waiting] == []
    assert GameState.from_json(s.to_json()) == s
    return kinds


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_random_games_with_play_effect_cards(seed: int) -> None:
    kinds = _random_game(seed)
    assert {"play", "play_begins"} <= kinds  # cards were played as an effect (419.3)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10_000))
def test_random_games_with_play_effect_cards_never_crash(seed: int) -> None:
    assert "play" in _random_game(seed)


def _resolving_spells(s: GameState) -> list[str]:
    """A spell whose resolution awaits a choice has left the chain list but is still in
    zone "chain" until it is done (abilities.resolve_item): zone_problems reports it."""
    out = []
    for entry in s.queue:
        ctx = (entry.get("then") or {}).get("ctx") or {}
        if ctx.get("finish") in ("spell", "repeat") and ctx.get("source"):
            out.append(f"{ctx['source']} (chain) is in no zone list")
    return out
