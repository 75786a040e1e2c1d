"""Batch ogn_101_150, units and gear: every card played/triggered/activated through the
engine, and refused uses."""

from __future__ import annotations

from typing import Any

from riftlog.events.abilities import AbilityActivated, ChoiceMade
from riftlog.events.decisions import DeckOrderRecorded, Payment, PriorityPassed
from riftlog.events.play import CardPlayed, StandardMove
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import (
    BODY_RUNE,
    MIND_RUNE,
    SKULKER,
    activate,
    choose,
    control,
    game,
    move,
    pass_all,
    play,
    put,
    runes,
    to_p2_turn,
    violations,
)
from tests.rules.board import PAKAA, PHANTOM

POUCH, STUDENT, SPRITE_MOTHER, WATCHER, VIKTOR = "OGN-101", "OGN-103", "OGN-106", "OGN-116", "OGN-117"
AHRI, SEAL, TEEMO, ARENA_BAR, BULLY = "OGN-119", "OGN-120", "OGN-121", "OGN-124", "OGN-125"
CORSAIR, DRAKE, FIRST_MATE, PIT_ROOKIE = "OGN-130", "OGN-131", "OGN-132", "OGN-136"
CITHRIA, KINKOU, ANIVIA, SNAPVINE = "OGN-139", "OGN-141", "OGN-148", "OGN-149"
MOUNTAIN_DRAKE, PROGRESS, RETREAT = "OGN-142", "OGN-114", "OGN-104"


def unit(s: GameState, card: str, player: str = "p1", **kw: Any) -> tuple[GameState, str]:
    """*player* plays unit *card* from hand to base; returns the state and its oid."""
    oid = put(s, card, player, "hand")
    return play(s, oid, player, **kw), oid


def attack(s: GameState, attacker: str, bf: str = "bf1") -> GameState:
    return move(s, (attacker,), bf)


# --- Mushroom Pouch ------------------------------------------------------------------------


def test_mushroom_pouch_draws_with_a_facedown_card_at_a_battlefield() -> None:
    s = game()
    put(s, POUCH, "p2", "base")
    put(s, PAKAA, "p2", "facedown", "bf2")
    put(s, SKULKER, "p2", "battlefield", "bf2")  # keeps control of bf2 (323.6)
    control(s, "bf2", "p2")
    s = to_p2_turn(s)
    assert [i.kind for i in s.chain] == ["ability"]
    s = pass_all(s)
    assert len(s.players["p2"].hand) == 2  # 1 from the pouch, 1 from the Draw Phase


def test_mushroom_pouch_does_not_trigger_without_a_facedown_card() -> None:
    s = game()
    put(s, POUCH, "p2", "base")
    put(s, PAKAA, "p1", "facedown", "bf2")  # someone else's facedown card does not count
    put(s, SKULKER, "p1", "battlefield", "bf2")
    control(s, "bf2", "p1")
    s = to_p2_turn(s)
    assert not s.chain and len(s.players["p2"].hand) == 1


# --- Ravenbloom Student, Cithria, Viktor (played triggers) -------------------------------------


def test_ravenbloom_student_grows_when_its_controller_plays_a_spell() -> None:
    s = game()
    runes(s, "p1", 7, MIND_RUNE)
    student = put(s, STUDENT, "p1", "base")
    s = play(s, put(s, PROGRESS, "p1", "hand"), destination=None)
    s = pass_all(s)
    assert layers.might_of(s, student) == 3


def test_ravenbloom_student_ignores_units_and_opponents_spells() -> None:
    s = game()
    runes(s, "p1", 3, BODY_RUNE)
    student = put(s, STUDENT, "p1", "base")
    s, _ = unit(s, SKULKER)
    s = pass_all(s)
    assert layers.might_of(s, student) == 2 and not s.chain


def test_cithria_buffs_itself_when_another_unit_is_played() -> None:
    s = game()
    runes(s, "p1", 3, BODY_RUNE)
    cithria = put(s, CITHRIA, "p1", "base")
    s, _ = unit(s, SKULKER)
    s = pass_all(s)
    assert s.objects[cithria].buffed and layers.might_of(s, cithria) == 2


def test_cithria_does_not_buff_for_itself_or_a_spell() -> None:
    s = game()
    runes(s, "p1", 9, MIND_RUNE)
    s, cithria = unit(s, CITHRIA)
    s = pass_all(s)
    assert not s.objects[cithria].buffed
    s = pass_all(play(s, put(s, PROGRESS, "p1", "hand"), destination=None))
    assert not s.objects[cithria].buffed


def test_viktor_makes_a_recruit_when_its_controller_plays_on_an_opponents_turn() -> None:
    s = game()
    viktor = put(s, VIKTOR, "p1", "base")
    s = to_p2_turn(s)
    assert s.turn_player == "p2"
    runes(s, "p2", 7, MIND_RUNE)
    runes(s, "p1", 1, MIND_RUNE)
    mine = put(s, SKULKER, "p1", "base")
    s = play(s, put(s, PROGRESS, "p2", "hand"), "p2", destination=None)
    s, _ = engine.apply(s, PriorityPassed(player="p2"))
    s = play(s, put(s, RETREAT, "p1", "hand"), "p1", destination=None, targets={"t": (mine,)})
    s = pass_all(s)
    recruits = [o for o in s.players["p1"].base if s.objects[o].card == "OGN-271"]
    assert len(recruits) == 1 and viktor in s.players["p1"].base


def test_viktor_does_nothing_for_cards_played_on_its_controllers_turn() -> None:
    s = game()
    runes(s, "p1", 3, BODY_RUNE)
    put(s, VIKTOR, "p1", "base")
    s, _ = unit(s, SKULKER)
    s = pass_all(s)
    assert not any(s.objects[o].card == "OGN-271" for o in s.players["p1"].base)


# --- play effects ------------------------------------------------------------------------------


def test_sprite_mother_makes_a_ready_temporary_sprite_with_it() -> None:
    s = game()
    runes(s, "p1", 5, MIND_RUNE)
    s, mother = unit(s, SPRITE_MOTHER)
    s = pass_all(s)
    sprites = [o for o in s.players["p1"].base if s.objects[o].card == "OGN-274"]
    assert len(sprites) == 1
    sprite = s.objects[sprites[0]]
    assert sprite.token and not sprite.exhausted and layers.might_of(s, sprite.oid) == 3
    assert layers.characteristics(s, sprite.oid).has("Temporary")
    assert s.objects[mother].exhausted


def test_sprite_mother_needs_its_power() -> None:
    s = game()
    runes(s, "p1", 5, BODY_RUNE)
    oid = put(s, SPRITE_MOTHER, "p1", "hand")
    d = CardPlayed(player="p1", card=oid, destination="base",
                   payment=Payment(exhaust=tuple(s.players["p1"].base[:4]),
                                   recycle=(s.players["p1"].base[4],)))
    assert violations(s, d)


def test_thousand_tailed_watcher_shrinks_enemy_units_to_at_least_one() -> None:
    s = game()
    runes(s, "p1", 8, MIND_RUNE)
    small = put(s, SKULKER, "p2", "battlefield", "bf1")
    big = put(s, PHANTOM, "p2", "base")
    mine = put(s, SKULKER, "p1", "base")
    s, _ = unit(s, WATCHER)
    s = pass_all(s)
    assert layers.might_of(s, small) == 1 and layers.might_of(s, big) == 2
    assert layers.might_of(s, mine) == 3


def test_thousand_tailed_watcher_can_enter_ready_with_accelerate() -> None:
    s = game()
    runes(s, "p1", 10, MIND_RUNE)
    oid = put(s, WATCHER, "p1", "hand")
    from riftlog.rules.board.resources import find_payment
    from riftlog.rules.playing.play import total_cost

    payment = find_payment(s, "p1", total_cost(s, "p1", oid, accelerate=True))
    assert payment is not None
    s, _ = engine.apply(s, CardPlayed(player="p1", card=oid, destination="base",
                                      payment=payment, accelerate=True))
    assert not s.objects[oid].exhausted
    bad = put(s, WATCHER, "p1", "hand")
    assert "305" not in violations(s, CardPlayed(player="p1", card=bad, destination="bf1",
                                                 payment=payment))


def test_first_mate_readies_another_unit() -> None:
    s = game()
    runes(s, "p1", 3, BODY_RUNE)
    tired = put(s, SKULKER, "p1", "base", exhausted=True)
    s, mate = unit(s, FIRST_MATE)
    s = pass_all(s)  # the only other unit: chosen without asking
    assert not s.objects[tired].exhausted and s.objects[mate].exhausted


def test_first_mate_cannot_ready_itself() -> None:
    s = game()
    runes(s, "p1", 3, BODY_RUNE)
    a = put(s, SKULKER, "p1", "base", exhausted=True)
    b = put(s, SKULKER, "p2", "base", exhausted=True)
    s, mate = unit(s, FIRST_MATE)
    (req,) = engine.pending(s)
    assert req.kind == "choice" and sorted(req.options["targets"]["t"]["from"]) == sorted([a, b])
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [mate]}}))
    s = pass_all(choose(s, "p1", targets={"t": [b]}))
    assert not s.objects[b].exhausted and s.objects[a].exhausted  # any unit, an enemy too


def test_pit_rookie_buffs_another_friendly_unit() -> None:
    s = game()
    runes(s, "p1", 2, BODY_RUNE)
    friend = put(s, SKULKER, "p1", "base")
    s, rookie = unit(s, PIT_ROOKIE)
    s = pass_all(s)
    assert s.objects[friend].buffed and not s.objects[rookie].buffed


def test_pit_rookie_refuses_an_enemy_unit() -> None:
    s = game()
    runes(s, "p1", 2, BODY_RUNE)
    a = put(s, SKULKER, "p1", "base")
    b = put(s, SKULKER, "p1", "base")
    foe = put(s, SKULKER, "p2", "base")
    s, _ = unit(s, PIT_ROOKIE)
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [foe]}}))
    s = pass_all(choose(s, "p1", targets={"t": [b]}))
    assert s.objects[b].buffed and not s.objects[a].buffed and not s.objects[foe].buffed


def test_kinkou_monk_buffs_up_to_two_other_friendly_units() -> None:
    s = game()
    runes(s, "p1", 5, BODY_RUNE)
    a = put(s, SKULKER, "p1", "base")
    b = put(s, SKULKER, "p1", "base")
    c = put(s, SKULKER, "p1", "base")
    s, monk = unit(s, KINKOU)
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [a, b, c]}}))
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [monk]}}))
    s = pass_all(choose(s, "p1", targets={"t": [a, c]}))
    assert s.objects[a].buffed and s.objects[c].buffed and not s.objects[b].buffed
    assert not s.objects[monk].buffed


def test_kinkou_monk_may_buff_nobody() -> None:
    s = game()
    runes(s, "p1", 5, BODY_RUNE)
    a = put(s, SKULKER, "p1", "base")
    s, _ = unit(s, KINKOU)
    s = pass_all(choose(s, "p1", targets={"t": []}))
    assert not s.objects[a].buffed


def test_carnivorous_snapvine_fights_an_enemy_unit_at_a_battlefield() -> None:
    s = game()
    runes(s, "p1", 7, BODY_RUNE)
    foe = put(s, PHANTOM, "p2", "battlefield", "bf1")
    put(s, SKULKER, "p2", "base")  # in a base: not a legal choice
    s, vine = unit(s, SNAPVINE)  # the only legal choice is taken without asking
    s = pass_all(s)
    assert s.objects[foe].zone == "trash"  # 6 damage to a 5 Might unit
    assert s.objects[vine].damage == 5 and s.objects[vine].zone == "base"


def test_carnivorous_snapvine_refuses_an_enemy_in_a_base() -> None:
    s = game()
    runes(s, "p1", 7, BODY_RUNE)
    put(s, SKULKER, "p2", "battlefield", "bf1")
    put(s, SKULKER, "p2", "battlefield", "bf2")
    home = put(s, SKULKER, "p2", "base")
    s, _ = unit(s, SNAPVINE)
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"foe": [home]}}))


def test_carnivorous_snapvine_without_an_enemy_at_a_battlefield_does_nothing() -> None:
    s = game()
    runes(s, "p1", 7, BODY_RUNE)
    home = put(s, SKULKER, "p2", "base")
    s, vine = unit(s, SNAPVINE)
    assert not s.chain and s.objects[home].damage == 0 and s.objects[vine].damage == 0


# --- attack / defend triggers ---------------------------------------------------------------------


def _defended(s: GameState, *cards: str) -> list[str]:
    control(s, "bf1", "p2")
    return [put(s, c, "p2", "battlefield", "bf1") for c in cards]


def test_crackshot_corsair_deals_one_to_an_enemy_unit_there_when_attacking() -> None:
    s = game()
    corsair = put(s, CORSAIR, "p1", "base")
    (foe,) = _defended(s, PHANTOM)
    s = pass_all(attack(s, corsair))
    assert s.objects[foe].damage == 1


def test_crackshot_corsair_refuses_a_unit_elsewhere() -> None:
    s = game()
    corsair = put(s, CORSAIR, "p1", "base")
    a, b = _defended(s, SKULKER, SKULKER)
    far = put(s, SKULKER, "p2", "battlefield", "bf2")
    s = attack(s, corsair)
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [far]}}))
    s = pass_all(choose(s, "p1", targets={"t": [b]}))
    assert s.objects[b].damage == 1 and s.objects[a].damage == 0


def test_dune_drake_grows_when_a_ready_enemy_is_there() -> None:
    s = game()
    drake = put(s, DRAKE, "p1", "base")
    _defended(s, SKULKER)
    s = pass_all(attack(s, drake))
    assert layers.might_of(s, drake) == 7


def test_dune_drake_does_not_grow_against_exhausted_enemies() -> None:
    s = game()
    drake = put(s, DRAKE, "p1", "base")
    control(s, "bf1", "p2")
    put(s, SKULKER, "p2", "battlefield", "bf1", exhausted=True)
    s = pass_all(attack(s, drake))
    assert layers.might_of(s, drake) == 5


def test_anivia_deals_three_to_each_enemy_unit_there_when_attacking() -> None:
    s = game()
    anivia = put(s, ANIVIA, "p1", "base")
    a, b = _defended(s, SKULKER, PHANTOM)
    far = put(s, SKULKER, "p2", "battlefield", "bf2")
    s = pass_all(attack(s, anivia))
    assert s.objects[a].zone == "trash" and s.objects[b].damage == 3
    assert s.objects[far].damage == 0


def test_anivia_does_not_trigger_when_defending() -> None:
    s = game()
    anivia = put(s, ANIVIA, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    me = put(s, SKULKER, "p1", "base")
    s = attack(s, me)
    assert not s.chain and s.objects[me].damage == 0 and anivia


def test_ahri_shrinks_an_enemy_there_when_attacking() -> None:
    s = game()
    ahri = put(s, AHRI, "p1", "base")
    (foe,) = _defended(s, PHANTOM)
    s = pass_all(attack(s, ahri))
    assert layers.might_of(s, foe) == 3


def test_ahri_shrinks_an_attacker_when_defending_to_at_least_one() -> None:
    s = game()
    ahri = put(s, AHRI, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    me = put(s, SKULKER, "p1", "base")
    s = attack(s, me)
    (req,) = engine.pending(s)
    assert req.player == "p2" and req.kind == "priority"  # the only target: taken
    s = pass_all(s)
    assert layers.might_of(s, me) == 1 and ahri


def test_teemo_reveals_five_and_deals_one_per_hidden_card() -> None:
    s = game(deck=0)
    for card in (PAKAA, SKULKER, PAKAA, SKULKER, SKULKER, PAKAA):
        put(s, card, "p2", "main_deck")
    for _ in range(3):
        put(s, SKULKER, "p1", "main_deck")
    top5 = list(s.players["p2"].main_deck[:5])
    sixth = s.players["p2"].main_deck[5]
    teemo = put(s, TEEMO, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    me = put(s, PHANTOM, "p1", "base")
    s = attack(s, me)
    s = pass_all(s)
    (req,) = engine.pending(s)
    assert req.kind == "deck_order" and req.player is None  # 416.5: a random outcome
    assert s.objects[me].damage == 2  # two Pakaa Cubs among the top five
    order = tuple(reversed(top5))
    bad = DeckOrderRecorded(player="p2", deck="main", order=(*top5[:2], sixth, *top5[2:]))
    assert "416.5" in violations(s, bad)
    s, _ = engine.apply(s, DeckOrderRecorded(player="p2", deck="main", order=(sixth, *order)))
    s = pass_all(s)
    assert s.players["p2"].main_deck == [sixth, *order] and teemo


def test_teemo_does_not_trigger_when_attacking() -> None:
    s = game()
    teemo = put(s, TEEMO, "p1", "base")
    _defended(s, SKULKER)
    s = attack(s, teemo)
    assert not s.chain


# --- gear ----------------------------------------------------------------------------------------


def test_seal_of_insight_adds_mind_power_at_once() -> None:
    s = game()
    seal = put(s, SEAL, "p1", "base")
    s = activate(s, seal)
    assert s.players["p1"].pool.power == {"Mind": 1} and not s.chain


def test_seal_of_insight_cannot_be_used_exhausted_or_by_the_opponent() -> None:
    s = game()
    seal = put(s, SEAL, "p1", "base", exhausted=True)
    assert "377.1" in violations(s, AbilityActivated(player="p1", source=seal, ability=0))
    assert violations(s, AbilityActivated(player="p2", source=seal, ability=0))


def test_arena_bar_buffs_an_exhausted_friendly_unit() -> None:
    s = game()
    bar = put(s, ARENA_BAR, "p1", "base")
    tired = put(s, SKULKER, "p1", "base", exhausted=True)
    s = pass_all(activate(s, bar, targets={"t": (tired,)}))
    assert s.objects[tired].buffed and s.objects[bar].exhausted


def test_arena_bar_refuses_a_ready_or_enemy_unit() -> None:
    s = game()
    bar = put(s, ARENA_BAR, "p1", "base")
    put(s, SKULKER, "p1", "base", exhausted=True)
    ready = put(s, SKULKER, "p1", "base")
    foe = put(s, SKULKER, "p2", "base", exhausted=True)
    for t in (ready, foe):
        assert "355.5" in violations(s, AbilityActivated(player="p1", source=bar, ability=0,
                                                         targets={"t": (t,)}))


# --- passives / vanilla ---------------------------------------------------------------------------


def test_bilgewater_bully_has_ganking_only_while_buffed() -> None:
    s = game()
    runes(s, "p1", 6, BODY_RUNE)
    s, bully = unit(s, BULLY)
    assert not layers.characteristics(s, bully).has("Ganking")
    s.objects[bully].buffed = True
    layers.clear_cache()
    assert layers.characteristics(s, bully).has("Ganking")


def test_bilgewater_bully_cannot_move_between_battlefields_unbuffed() -> None:
    s = game()
    runes(s, "p1", 6, BODY_RUNE)
    s, bully = unit(s, BULLY, destination="base")
    obj = s.objects[bully]
    s.players["p1"].base.remove(bully)
    obj.zone, obj.location, obj.exhausted = "battlefield", "bf1", False
    s.battlefield("bf1").units.append(bully)
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf2")
    control(s, "bf2", "p1")
    move = StandardMove(player="p1", units=(bully,), destination="bf2")
    assert violations(s, move) == ["144.4.c.1"]  # v1.3 144.4.c.1: battlefield to battlefield needs Ganking
    obj.buffed = True
    assert not violations(s, move)


def test_pakaa_cub_and_mountain_drake_are_plain_units() -> None:
    s = game()
    runes(s, "p1", 12, BODY_RUNE)
    s, cub = unit(s, PAKAA)
    s, drake = unit(s, MOUNTAIN_DRAKE)
    assert s.objects[cub].zone == "base" and layers.might_of(s, drake) == 10
    assert not s.chain
    late = put(s, MOUNTAIN_DRAKE, "p1", "hand")
    assert "165.2" in violations(s, CardPlayed(player="p1", card=late, destination="base",
                                               payment=Payment()))



# --- buffs spent as additional costs (Wallop, Kraken Hunter) ----------------------------------

WALLOP, KRAKEN = "OGN-146", "OGN-150"


def test_wallop_is_free_when_a_buff_is_spent_and_readies_a_unit() -> None:
    s = game()
    donor = put(s, SKULKER, "p1", "base")
    s.objects[donor].buffed = True
    tired = put(s, SKULKER, "p2", "battlefield", "bf1", exhausted=True)
    wallop = put(s, WALLOP, "p1", "hand")
    s, _ = engine.apply(s, CardPlayed(player="p1", card=wallop, payment=Payment(),
                                      choices={"spend_buff": [donor]}, targets={"t": (tired,)}))
    s = pass_all(s)
    assert not s.objects[donor].buffed and not s.objects[tired].exhausted


def test_wallop_without_a_buff_costs_its_energy_and_refuses_a_buffless_unit() -> None:
    s = game()
    plain = put(s, SKULKER, "p1", "base")
    foe = put(s, SKULKER, "p2", "base")
    s.objects[foe].buffed = True
    wallop = put(s, WALLOP, "p1", "hand")
    free = CardPlayed(player="p1", card=wallop, payment=Payment(), targets={"t": (plain,)})
    assert "165.2" in violations(s, free)
    for donor in (plain, foe):  # no buff / not a unit p1 controls (702.2.b.2)
        d = free.model_copy(update={"choices": {"spend_buff": [donor]}})
        assert "702.2.b" in violations(s, d)
    runes(s, "p1", 2, BODY_RUNE)
    s = pass_all(play(s, wallop, destination=None, targets={"t": (plain,)}))
    assert s.objects[wallop].zone == "trash" and s.objects[foe].buffed


def test_kraken_hunter_spends_buffs_for_body_power() -> None:
    from riftlog.rules.playing.play import total_cost

    s = game()
    a = put(s, SKULKER, "p1", "base")
    b = put(s, SKULKER, "p1", "base")
    for u in (a, b):
        s.objects[u].buffed = True
    kraken = put(s, KRAKEN, "p1", "hand")
    assert total_cost(s, "p1", kraken).power == {"Body": 2}
    assert total_cost(s, "p1", kraken, choices={"spend_buff": [a]}).power == {"Body": 1}
    assert total_cost(s, "p1", kraken, choices={"spend_buff": [a, b]}).power == {}
    runes(s, "p1", 3)  # Order runes: Energy only
    s = play(s, kraken, choices={"spend_buff": [a, b]})
    assert s.objects[kraken].zone == "base" and not s.objects[a].buffed and not s.objects[b].buffed


def test_kraken_hunter_refuses_buffs_it_cannot_spend() -> None:
    s = game()
    runes(s, "p1", 5, BODY_RUNE)
    plain = put(s, SKULKER, "p1", "base")
    kraken = put(s, KRAKEN, "p1", "hand")
    d = CardPlayed(player="p1", card=kraken, destination="base", payment=Payment(),
                   choices={"spend_buff": [plain]})
    assert "702.2.b" in violations(s, d)
    twice = d.model_copy(update={"choices": {"spend_buff": [plain, plain]}})
    assert "356.2" in violations(s, twice)


# --- Herald of Scales: a permanent's cost reduction (CostsLess) --------------------------------

HERALD, DRAKEHOUND = "OGN-140", "SFD-006"


def test_herald_of_scales_makes_its_controllers_dragons_cheaper() -> None:
    from riftlog.rules.playing.play import total_cost

    s = game()
    runes(s, "p1", 7, BODY_RUNE)
    mountain = put(s, MOUNTAIN_DRAKE, "p1", "hand")
    other = put(s, SKULKER, "p1", "hand")
    theirs = put(s, MOUNTAIN_DRAKE, "p2", "hand")
    assert total_cost(s, "p1", mountain).energy == 9
    assert "165.2" in violations(s, CardPlayed(player="p1", card=mountain, destination="base",
                                               payment=Payment()))
    herald = put(s, HERALD, "p1", "base")
    assert total_cost(s, "p1", mountain).energy == 7
    assert total_cost(s, "p1", other).energy == 3  # not a Dragon
    assert total_cost(s, "p2", theirs).energy == 9  # not the Herald's controller
    s = play(s, mountain)  # 7 runes are enough now
    assert s.objects[mountain].zone == "base" and herald


def test_herald_of_scales_stops_at_one_energy() -> None:
    from riftlog.rules.playing.play import total_cost

    s = game()
    hound = put(s, DRAKEHOUND, "p1", "hand")
    put(s, HERALD, "p1", "base")
    put(s, HERALD, "p1", "battlefield", "bf1")
    assert total_cost(s, "p1", hound).energy == 1  # 3 - 4, but not below 1
    s2 = game()
    runes(s2, "p1", 4, BODY_RUNE)
    s2, _ = unit(s2, HERALD)  # played: works the same
    assert total_cost(s2, "p1", put(s2, DRAKE, "p1", "hand")).energy == 3


# --- Malzahar, Fanatic: killing another friendly permanent as a cost ------------------------------

MALZAHAR, SENTRY = "OGN-113", "OGN-096"


def test_malzahar_kills_a_friendly_unit_to_add_two_power_at_once() -> None:
    s = game()
    malz = put(s, MALZAHAR, "p1", "base")
    sentry = put(s, SENTRY, "p1", "battlefield", "bf1")  # Deathknell: draw 1
    s = activate(s, malz, choices={"kill": [sentry]})
    assert s.objects[sentry].zone == "trash" and s.objects[malz].exhausted
    assert s.players["p1"].pool.power == {"Any": 2}
    s = pass_all(s)  # the Deathknell of the killed unit still triggers
    assert len(s.players["p1"].hand) == 1


def test_malzahar_refuses_bad_kill_choices_and_reaction_timing() -> None:
    s = game()
    malz = put(s, MALZAHAR, "p1", "base")
    mine = put(s, SKULKER, "p1", "base")
    foe = put(s, SKULKER, "p2", "base")

    def act(**choices: Any) -> AbilityActivated:
        return AbilityActivated(player="p1", source=malz, ability=0, choices=choices)

    assert "377.1" in violations(s, act())  # the cost was not named
    assert "377.1" in violations(s, act(kill=[foe]))  # not friendly
    assert "377.1" in violations(s, act(kill=[malz]))  # it also exhausts: another one
    assert "377.1" in violations(s, act(kill=[mine, mine]))
    assert not violations(s, act(kill=[mine]))
    runes(s, "p1", 1, BODY_RUNE)
    put(s, SKULKER, "p2", "battlefield", "bf1")
    s = play(s, put(s, "OGN-133", "p1", "hand"), destination=None)  # a chain: closed state
    assert "309.1.a" in violations(s, act(kill=[mine]))  # an Action ability is no Reaction


# --- Dr. Mundo, Expert -------------------------------------------------------------------------------

MUNDO = "OGN-109"


def test_dr_mundo_counts_its_controllers_trash() -> None:
    s = game()
    runes(s, "p1", 8, MIND_RUNE)
    for _ in range(2):
        put(s, SKULKER, "p1", "trash")
    put(s, SKULKER, "p2", "trash")  # the opponent's trash does not count
    s, mundo = unit(s, MUNDO)
    assert len(s.players["p1"].trash) == 2
    assert layers.might_of(s, mundo) == 8
    put(s, SKULKER, "p1", "trash")
    assert layers.might_of(s, mundo) == 9


def test_dr_mundo_recycles_three_chosen_cards_from_the_trash() -> None:
    s = game()
    put(s, MUNDO, "p2", "base")
    junk = [put(s, SKULKER, "p2", "trash") for _ in range(4)]
    s = to_p2_turn(s)
    s = pass_all(s)
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.player == "p2" and req.rule == "416.6"
    assert "416.6" in violations(s, ChoiceMade(player="p2", choice={"cards": junk[:2]}))
    s = choose(s, "p2", cards=junk[1:])
    (req,) = engine.pending(s)
    assert req.kind == "deck_order" and req.player is None  # 416.5: random order, recorded
    deck = list(s.players["p2"].main_deck)
    order = (junk[3], junk[1], junk[2])
    s, _ = engine.apply(s, DeckOrderRecorded(player="p2", deck="main", order=(*deck, *order)))
    s = pass_all(s)
    assert s.players["p2"].main_deck[-3:] == list(order)
    assert s.players["p2"].trash == [junk[0]]


def test_dr_mundo_with_few_cards_in_the_trash_recycles_them_without_asking() -> None:
    s = game()
    put(s, MUNDO, "p2", "base")
    only = put(s, SKULKER, "p2", "trash")
    s = pass_all(to_p2_turn(s))
    assert s.players["p2"].main_deck[-1] == only and not s.players["p2"].trash


# --- Ekko, Recurrent: a cost within a Deathknell, paid as it goes on the chain (742.1.b) ------------

EKKO = "OGN-110"


def test_ekko_recycles_itself_as_its_deathknell_goes_on_the_chain_then_readies_runes() -> None:
    s = game()
    tired = runes(s, "p1", 2, MIND_RUNE)
    for r in tired:
        s.objects[r].exhausted = True
    theirs = put(s, MIND_RUNE, "p2", "base", exhausted=True)
    ekko = put(s, EKKO, "p1", "battlefield", "bf1")
    s.objects[ekko].damage = 4
    runes(s, "p1", 1, BODY_RUNE)
    s = play(s, put(s, "OGN-133", "p1", "hand"), destination=None)  # Flurry of Blades: 1 to all
    s, _ = engine.apply(s, PriorityPassed(player="p1"))
    s, _ = engine.apply(s, PriorityPassed(player="p2"))
    assert s.objects[ekko].zone == "main_deck" and s.players["p1"].main_deck[-1] == ekko
    assert [i.kind for i in s.chain] == ["ability"]  # paid: the ability is on the chain
    s = pass_all(s)
    assert all(not s.objects[r].exhausted for r in s.players["p1"].base
               if s.objects[r].card in (MIND_RUNE, BODY_RUNE))
    assert s.objects[theirs].exhausted


def test_ekko_deathknell_without_ekko_in_the_trash_is_not_put_on_the_chain() -> None:
    from riftlog.rules.interpreter import triggers

    s = game()
    ekko = put(s, EKKO, "p1", "banishment")
    log: list[Any] = []
    t = {"id": "tr1", "card": EKKO, "source": ekko, "ability": 0, "controller": "p1",
         "event": {"obj": ekko, "player": "p1"}}
    triggers.put_on_chain(s, t, log)
    assert not s.chain and [a.rule for a in log] == ["742.1.b"]
