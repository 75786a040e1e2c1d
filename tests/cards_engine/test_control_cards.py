"""Issue #5 (helper K2): restrictions, control of spells, gained abilities and keep-choices.

Mageseeker Warden (OGN-070), Mystic Reversal (OGN-080), Heimerdinger, Inventor (OGN-111)
and Divine Judgment (OGN-244) through the engine: for each, what it does and a use the
checker refuses (rules cited by v1.3 id).
"""

from __future__ import annotations

import random

from riftlog.events.abilities import AbilityActivated, CardHidden, ChoiceMade
from riftlog.events.decisions import DeckOrderRecorded, Payment, PriorityPassed
from riftlog.events.play import CardPlayed
from riftlog.rules import bot, engine
from riftlog.rules.board import layers
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions
from riftlog.rules.playing import borrowed, restrictions
from riftlog.rules.playing.abilities import HIDE_COST
from tests.cards_engine.helpers import (
    BODY_RUNE,
    CALM_RUNE,
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
    violations,
)

WARDEN, REVERSAL, HEIMER, JUDGMENT = "OGN-070", "OGN-080", "OGN-111", "OGN-244"
VENGEANCE = "OGN-229"   # kill a unit
WALLOP = "OGN-146"      # ready a unit
ORB = "OGN-090"         # gear: exhaust, a unit gets -1 Might (not below 1)
BALLISTA = "OGN-017"    # gear: exhaust, 2 damage to a unit at a battlefield
MIND_RUNE = "OGN-089"
PAKAA = "OGN-135"       # a unit with Hidden
CHAOS_RUNE = "OGN-166"
CAITLYN = "OGN-068"     # exhaust: deal its Might to a unit at a battlefield, while at one
SCORCHER = "OGN-001"    # Might 5
VI = "OGN-036"          # recycle one from the trash: +1 Might


# --- Mageseeker Warden: "can't" restrictions (054.1, 364.3.a) -----------------------------


def _warden_board() -> GameState:
    """p2's Warden at bf2 (p2 controls it); p1 controls bf1 and has a unit to play."""
    s = game()
    control(s, "bf1", "p1")
    control(s, "bf2", "p2")
    put(s, WARDEN, "p2", "battlefield", "bf2")
    runes(s, "p1", 4, BODY_RUNE)
    return s


def test_warden_refuses_an_opponents_unit_played_to_their_battlefield() -> None:
    s = _warden_board()
    unit = put(s, SKULKER, "p1", "hand")
    d = CardPlayed(player="p1", card=unit, destination="bf1", payment=pay_for(s, "p1", unit))
    found = engine.check(s, d)
    assert [v.rule for v in found] == ["054.1"]
    assert "Mageseeker Warden" in found[0].message and "355.2.a" in found[0].message


def test_warden_refuses_an_opponents_hidden_unit_at_its_battlefield() -> None:
    s = _warden_board()
    runes(s, "p1", 1, CHAOS_RUNE)
    put(s, SKULKER, "p1", "battlefield", "bf1")
    cub = put(s, PAKAA, "p1", "hand")  # a unit with Hidden (811)
    s = apply(s, CardHidden(player="p1", card=cub, battlefield="bf1",
                             payment=pay_for(s, "p1", cost=HIDE_COST)))
    s.turn += 1  # a hidden card is played from a later turn on (811.1.b)
    assert violations(s, CardPlayed(player="p1", card=cub, destination="bf1")) == ["054.1"]


def test_warden_still_lets_the_opponent_play_units_to_their_base() -> None:
    s = _warden_board()
    unit = put(s, SKULKER, "p1", "hand")
    s = play(s, unit, destination="base")
    assert s.objects[unit].zone == "base"


def test_warden_restricts_nothing_while_in_its_base() -> None:
    s = game()
    control(s, "bf1", "p1")
    put(s, WARDEN, "p2", "base")
    runes(s, "p1", 4, BODY_RUNE)
    unit = put(s, SKULKER, "p1", "hand")
    s = play(s, unit, destination="bf1")
    assert s.objects[unit].location == "bf1"


def test_warden_does_not_restrict_its_own_controller() -> None:
    s = _warden_board()
    assert restrictions.unit_places(s, "p2") == ["base:p2", "bf2"]
    assert restrictions.unit_places(s, "p1") == ["base:p1"]


def test_warden_keeps_a_spell_from_readying_an_enemy_unit() -> None:
    s = _warden_board()
    mine = put(s, SKULKER, "p1", "base", exhausted=True)
    wallop = put(s, WALLOP, "p1", "hand")
    s = play(s, wallop, destination=None, targets={"t": (mine,)})
    s = pass_all(s)
    assert s.objects[mine].exhausted
    assert s.objects[wallop].zone == "trash"


def test_warden_lets_a_spell_ready_its_controllers_own_unit() -> None:
    s = _warden_board()
    theirs = put(s, SKULKER, "p2", "base", exhausted=True)
    wallop = put(s, WALLOP, "p1", "hand")
    s = pass_all(play(s, wallop, destination=None, targets={"t": (theirs,)}))
    assert not s.objects[theirs].exhausted


def test_warden_does_not_stop_the_ready_step() -> None:
    s = _warden_board()
    mine = put(s, SKULKER, "p1", "base", exhausted=True)
    log: list[actions.GameAction] = []
    assert actions.ready(s, mine, log, responsible="p1")  # 415.3.a: not a spell or ability
    assert not s.objects[mine].exhausted


def test_warden_refused_ready_is_logged_with_the_rule() -> None:
    s = _warden_board()
    mine = put(s, SKULKER, "p1", "base", exhausted=True)
    log: list[actions.GameAction] = []
    assert not actions.ready(s, mine, log)
    assert [(a.kind, a.rule) for a in log] == [("ready_prevented", "054.1")]


def test_warden_keeps_an_opponents_unit_token_off_battlefields() -> None:
    s = _warden_board()
    log: list[actions.GameAction] = []
    assert actions.create(s, SKULKER, "p1", log, location="bf1") == ""
    assert not s.battlefield("bf1").units
    assert log[0].kind == "create_prevented"
    token = actions.create(s, SKULKER, "p1", log)
    assert s.objects[token].location == "base:p1"


# --- Mystic Reversal: gaining control of a spell, new choices (188.2, 355.5) -------------------


def _vengeance_then_reversal() -> tuple[GameState, str, str, str]:
    """p1 plays Vengeance on p2's unit; p2 answers with Mystic Reversal on it; everyone
    passes until Reversal's new-choice request."""
    s = game()
    runes(s, "p1", 6, ORDER_RUNE)
    runes(s, "p2", 7, CALM_RUNE)
    mine = put(s, SKULKER, "p1", "base")
    theirs = put(s, SKULKER, "p2", "base")
    spell = put(s, VENGEANCE, "p1", "hand")
    s = play(s, spell, destination=None, targets={"t": (theirs,)})
    item = s.chain[-1].id
    s = apply(s, PriorityPassed(player="p1"))
    reversal = put(s, REVERSAL, "p2", "hand")
    s = play(s, reversal, "p2", destination=None, targets={"t": (item,)})
    s = pass_all(s)
    return s, item, mine, theirs


def test_mystic_reversal_takes_the_spell_and_retargets_it() -> None:
    s, item, mine, theirs = _vengeance_then_reversal()
    assert s.chain[-1].id == item and s.chain[-1].controller == "p2"
    req = engine.pending(s)[0]
    assert req.player == "p2" and req.options["validator"] == "ctl_new_choices"
    s = choose(s, "p2", targets={"t": [mine]})
    s = pass_all(s)
    assert s.objects[mine].zone == "trash"
    assert s.objects[theirs].zone == "base"


def test_mystic_reversal_may_keep_the_old_choices() -> None:
    s, _, mine, theirs = _vengeance_then_reversal()
    s = pass_all(choose(s, "p2", keep=True))
    assert s.objects[theirs].zone == "trash"
    assert s.objects[mine].zone == "base"


def test_mystic_reversal_refuses_an_illegal_new_target() -> None:
    s, _, _, _ = _vengeance_then_reversal()
    gear = put(s, ORB, "p1", "base")
    found = engine.check(s, ChoiceMade(player="p2", choice={"targets": {"t": [gear]}}))
    assert [v.rule for v in found] == ["355.5"]
    assert "not a legal target" in found[0].message


def test_mystic_reversal_new_choices_are_only_the_new_controllers() -> None:
    s, _, mine, _ = _vengeance_then_reversal()
    found = engine.check(s, ChoiceMade(player="p1", choice={"targets": {"t": [mine]}}))
    assert [v.rule for v in found] == ["355.5"] and "p2 has the choice" in found[0].message


def test_mystic_reversal_needs_a_spell_to_target() -> None:
    s = game()
    runes(s, "p1", 7, CALM_RUNE)
    reversal = put(s, REVERSAL, "p1", "hand")
    d = CardPlayed(player="p1", card=reversal, payment=pay_for(s, "p1", reversal),
                   targets={"t": ("c99",)})
    assert "355.5.b" in violations(s, d)


# --- Heimerdinger, Inventor: exhaust abilities of friendly objects (471, 377) ------------------


def _heimer_board() -> tuple[GameState, str, str, str]:
    s = game()
    heimer = put(s, HEIMER, "p1", "base")
    orb = put(s, ORB, "p1", "base")
    foe = put(s, SKULKER, "p2", "base")
    layers.clear_cache()
    return s, heimer, orb, foe


def test_heimerdinger_uses_a_friendly_gears_exhaust_ability_as_its_own() -> None:
    s, heimer, orb, foe = _heimer_board()
    before = layers.might_of(s, foe)
    s = apply(s, AbilityActivated(player="p1", source=heimer, ability=0, targets={"t": (foe,)},
                                   choices={"ability_of": orb}))
    assert s.objects[heimer].exhausted and not s.objects[orb].exhausted
    assert s.chain[-1].source == heimer and s.chain[-1].effect["card"] == ORB
    s = pass_all(s)
    assert layers.might_of(s, foe) == before - 1


def test_heimerdinger_ability_acts_with_heimerdinger_as_its_source() -> None:
    s = game()
    heimer = put(s, HEIMER, "p1", "battlefield", "bf1")
    s.objects[heimer].buffed = True  # Might 4; Caitlyn's own is 3
    caitlyn = put(s, CAITLYN, "p1", "base")  # its ability needs its source at a battlefield
    foe = put(s, SCORCHER, "p2", "battlefield", "bf2")  # Might 5
    layers.clear_cache()
    own = AbilityActivated(player="p1", source=caitlyn, ability=0, targets={"t": (foe,)})
    assert "377.2.b" in violations(s, own)
    d = AbilityActivated(player="p1", source=heimer, ability=0, targets={"t": (foe,)},
                         choices={"ability_of": caitlyn})
    s = pass_all(apply(s, d))
    assert s.objects[foe].damage == 4  # Heimerdinger's Might, read as it resolves (359.3.f.2)
    assert s.objects[heimer].exhausted and not s.objects[caitlyn].exhausted
    assert "377.1" in violations(s, d)  # Heimerdinger is exhausted: the cost cannot be paid


def test_heimerdinger_in_base_fails_the_lent_abilitys_condition() -> None:
    s = game()
    heimer = put(s, HEIMER, "p1", "base")
    caitlyn = put(s, CAITLYN, "p1", "battlefield", "bf1")
    foe = put(s, SCORCHER, "p2", "battlefield", "bf2")
    d = AbilityActivated(player="p1", source=heimer, ability=0, targets={"t": (foe,)},
                         choices={"ability_of": caitlyn})
    assert violations(s, d) == ["377.2.b"]


def test_heimerdinger_refuses_an_ability_no_friendly_object_has() -> None:
    s, heimer, _, foe = _heimer_board()
    enemy_orb = put(s, ORB, "p2", "base")
    d = AbilityActivated(player="p1", source=heimer, ability=0, targets={"t": (foe,)},
                         choices={"ability_of": enemy_orb})
    assert violations(s, d) == ["471"]


def test_heimerdinger_refuses_an_ability_without_the_exhaust_symbol() -> None:
    s, heimer, _, _ = _heimer_board()
    vi = put(s, VI, "p1", "base")  # its ability costs a card recycled from the trash, no exhaust
    put(s, SKULKER, "p1", "trash")
    d = AbilityActivated(player="p1", source=heimer, ability=0, choices={"ability_of": vi,
                                                                        "recycle": []})
    assert violations(s, d) == ["471"]


def test_heimerdinger_refuses_an_ability_index_the_object_lacks() -> None:
    s, heimer, orb, _ = _heimer_board()
    assert violations(s, AbilityActivated(player="p1", source=heimer, ability=3,
                                          choices={"ability_of": orb})) == ["377.1"]


def test_heimerdinger_refuses_targets_the_lent_ability_cannot_take() -> None:
    s, heimer, orb, _ = _heimer_board()
    d = AbilityActivated(player="p1", source=heimer, ability=0, targets={"t": ("bf1",)},
                         choices={"ability_of": orb})
    assert "355.5" in violations(s, d)


def test_only_heimerdinger_has_the_abilities_of_others() -> None:
    s, _, orb, foe = _heimer_board()
    other = put(s, "OGN-124", "p1", "base")  # Arena Bar: a gear with its own exhaust ability
    d = AbilityActivated(player="p1", source=other, ability=0, targets={"t": (foe,)},
                         choices={"ability_of": orb})
    assert violations(s, d) == ["377.1"]


# --- Divine Judgment: every player keeps two of each kind (355.10.e, 416) ----------------------


def _judgment_board() -> tuple[GameState, str]:
    s = game()
    runes(s, "p1", 9, ORDER_RUNE)
    for _ in range(3):
        put(s, SKULKER, "p1", "base")
        put(s, SKULKER, "p1", "hand")
    put(s, SKULKER, "p2", "base")
    put(s, SKULKER, "p2", "hand")
    spell = put(s, JUDGMENT, "p1", "hand")
    return s, spell


def _units(s: GameState, pid: str) -> list[str]:
    return [o for o in s.players[pid].base if layers.printed_type(s.objects[o].card) == "Unit"]


def test_divine_judgment_each_player_keeps_two_and_the_rest_is_recycled() -> None:
    s, spell = _judgment_board()
    p2_rune = runes(s, "p2", 3, ORDER_RUNE)
    s = pass_all(play(s, spell, destination=None))
    req = engine.pending(s)[0]
    assert req.player == "p1" and req.options["validator"] == "ctl_keep"
    units, hand = _units(s, "p1"), list(s.players["p1"].hand)
    p1_runes = [o for o in s.players["p1"].base if o not in units]
    keep = {"units": units[:2], "gear": [], "runes": p1_runes[:2], "hand": hand[:2]}
    s = choose(s, "p1", **keep)
    assert s.objects[units[2]].zone == "base"  # nothing happens before everyone chose
    s = choose(s, "p2", units=_units(s, "p2"), gear=[], runes=list(p2_rune[1:]),
               hand=list(s.players["p2"].hand))
    req = engine.pending(s)[0]
    assert req.decisions == ("DeckOrderRecorded",) and req.options["player"] == "p1"
    order = (*req.options["keep"], *reversed(req.options["randomize"]))
    s = apply(s, DeckOrderRecorded(player="p1", deck="main", order=order))
    assert _units(s, "p1") == units[:2] and s.players["p1"].hand == hand[:2]
    assert s.objects[units[2]].zone == "main_deck" and s.objects[hand[2]].zone == "main_deck"
    assert s.players["p1"].main_deck[-2:] == list(reversed(req.options["randomize"]))
    assert s.objects[p2_rune[0]].zone == "rune_deck" and s.objects[spell].zone == "trash"
    assert len([o for o in s.players["p1"].base if o not in units]) == 2


def test_divine_judgment_refuses_keeping_more_than_two() -> None:
    s, spell = _judgment_board()
    s = pass_all(play(s, spell, destination=None))
    units = _units(s, "p1")
    p1_runes = [o for o in s.players["p1"].base if o not in units]
    d = ChoiceMade(player="p1", choice={"units": units, "gear": [], "runes": p1_runes[:2],
                                        "hand": list(s.players["p1"].hand)[:2]})
    found = engine.check(s, d)
    assert [v.rule for v in found] == ["416"] and "keep exactly 2 different units" in found[0].message


def test_divine_judgment_refuses_keeping_another_players_card() -> None:
    s, spell = _judgment_board()
    s = pass_all(play(s, spell, destination=None))
    units = _units(s, "p1")
    p1_runes = [o for o in s.players["p1"].base if o not in units]
    d = ChoiceMade(player="p1", choice={"units": [units[0], _units(s, "p2")[0]], "gear": [],
                                        "runes": p1_runes[:2], "hand": list(s.players["p1"].hand)[:2]})
    assert violations(s, d) == ["416"]


def test_divine_judgment_choice_belongs_to_the_asked_player() -> None:
    s, spell = _judgment_board()
    s = pass_all(play(s, spell, destination=None))
    found = engine.check(s, ChoiceMade(player="p2", choice={"units": []}))
    assert [v.rule for v in found] == ["416"] and "p1 has the choice" in found[0].message


# --- Nocturne, Horrifying: an ability as its owner sees it on top of their deck (366.1, 427) ------

NOCTURNE = "OGN-194"
PORO = "OGN-171"          # Mystic Poro [Vision]: look at the top card when played (817.1.b)
LOOK_KEEP = "OGN-183"     # look at the top 3, keep one, recycle the rest


def _poro_sees_nocturne() -> tuple[GameState, str]:
    """p1 plays Mystic Poro with Nocturne on top of their deck: the Vision look offers it."""
    s = game()
    runes(s, "p1", 4, CHAOS_RUNE)
    noc = put(s, NOCTURNE, "p1", "main_deck")
    deck = s.players["p1"].main_deck
    deck.insert(0, deck.pop())  # Nocturne on top
    s = pass_all(play(s, put(s, PORO, "p1", "hand")))
    return s, noc


def test_nocturne_seen_on_top_may_be_banished_and_played_for_one_power() -> None:
    s, noc = _poro_sees_nocturne()
    req = engine.pending(s)[0]
    assert req.player == "p1" and req.options["kind"] == "may" and req.rule == "427"
    s = choose(s, "p1", use=True)
    assert s.objects[noc].zone == "banishment"
    req = engine.pending(s)[0]
    assert req.options["validator"] == "k2_seen_play"
    way = pay_for(s, "p1", cost=Cost(0, {"Any": 1}))
    s = choose(s, "p1", play={"to": "base:p1", "payment": {"exhaust": list(way.exhaust),
                                                           "recycle": list(way.recycle)}})
    s = pass_all(s)
    assert s.objects[noc].zone == "base" and s.objects[noc].exhausted
    assert noc in s.players["p1"].turn_marks["played"]


def test_nocturne_declined_stays_on_top_and_vision_goes_on() -> None:
    s, noc = _poro_sees_nocturne()
    s = choose(s, "p1", use=False)
    req = engine.pending(s)[0]
    assert req.options["kind"] == "may" and req.rule == "817.1.b"  # Vision's own recycle choice
    s = pass_all(choose(s, "p1", use=False))
    assert s.players["p1"].main_deck[0] == noc


def test_nocturne_banished_need_not_be_played() -> None:
    s, noc = _poro_sees_nocturne()
    s = pass_all(choose(choose(s, "p1", use=True), "p1", play=None))
    assert s.objects[noc].zone == "banishment"
    assert not s.chain and engine.pending(s)[0].kind == "main"


def test_nocturne_play_refuses_a_battlefield_its_owner_does_not_control() -> None:
    s, _ = _poro_sees_nocturne()
    s = choose(s, "p1", use=True)
    way = pay_for(s, "p1", cost=Cost(0, {"Any": 1}))
    d = ChoiceMade(player="p1", choice={"play": {"to": "bf1", "payment": {
        "exhaust": list(way.exhaust), "recycle": list(way.recycle)}}})
    found = engine.check(s, d)
    assert [v.rule for v in found] == ["419.1"] and "355.2.a" in found[0].message


def test_nocturne_play_refuses_an_unpaid_power() -> None:
    s, _ = _poro_sees_nocturne()
    s = choose(s, "p1", use=True)
    d = ChoiceMade(player="p1", choice={"play": {"to": "base:p1",
                                                 "payment": {"exhaust": [], "recycle": []}}})
    assert violations(s, d) == ["419.1"]


def test_nocturne_seen_by_a_custom_look_leaves_the_looked_cards() -> None:
    s = game()
    runes(s, "p1", 6, CALM_RUNE)
    noc = put(s, NOCTURNE, "p1", "main_deck")
    deck = s.players["p1"].main_deck
    deck.insert(1, deck.pop())  # second from the top
    s = pass_all(play(s, put(s, LOOK_KEEP, "p1", "hand"), destination=None))
    s = choose(s, "p1", use=True)
    s = choose(s, "p1", play=None)
    req = engine.pending(s)[0]
    assert req.options["kind"] == "cards" and noc not in req.options["from"]
    assert len(req.options["from"]) == 2 and s.objects[noc].zone == "banishment"


def test_nocturne_of_another_player_is_not_offered() -> None:
    s = game()
    runes(s, "p1", 4, CHAOS_RUNE)
    theirs = put(s, NOCTURNE, "p2", "main_deck")
    s.players["p2"].main_deck.insert(0, s.players["p2"].main_deck.pop())
    s = pass_all(play(s, put(s, PORO, "p1", "hand")))
    assert engine.pending(s)[0].rule == "817.1.b" and s.objects[theirs].zone == "main_deck"


def test_every_top_of_deck_look_or_reveal_offers_the_ability() -> None:
    """No silent gap: every engine function that looks at or reveals Main Deck cards calls
    deck_seen.offer (reveals of a hand or of the rune deck are not from a Main Deck)."""
    import ast
    import pathlib

    import riftlog.cards.sets as sets
    import riftlog.rules as rules

    not_main_deck = {"_hand_pick", "_twisted_fate"}  # a hand; the rune deck
    missing = []
    paths = [*pathlib.Path(rules.__file__).parent.rglob("*.py"),
             *pathlib.Path(sets.__file__).parent.rglob("*.py")]
    assert len(paths) > 40  # the engine and the card sets, every layer
    for path in sorted(paths):
        tree = ast.parse(path.read_text())
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef) or fn.name in not_main_deck:
                continue
            body = ast.unparse(fn)
            looks = "GameAction('look'" in body or "actions.reveal(" in body or \
                "api.reveal(" in body or "_look(state" in body
            offers = ("deck_seen.offer(" in body or "offer_seen_card(" in body
                      or "_seen(state" in body)  # play_as_effect._seen
            if looks and not offers and fn.name not in ("_look", "reveal"):
                missing.append(f"{path.name}:{fn.name}")
    assert missing == []


# --- bots answer every request these cards add ------------------------------------------------


def _bot_until_main(s: GameState, seed: int) -> GameState:
    """Random legal bot decisions until the Main Phase is back (each one checked legal)."""
    rng = random.Random(seed)
    for _ in range(40):
        if engine.pending(s)[0].kind == "main" and not s.chain:
            return s
        d = bot.choose(s, rng)
        assert engine.check(s, d) == [], d
        s, _ = engine.apply(s, d)
    raise AssertionError("the bot did not get back to the Main Phase")


def test_bots_answer_the_new_choices_of_a_reversed_spell() -> None:
    for seed in range(4):
        _bot_until_main(_vengeance_then_reversal()[0], seed)


def test_bots_answer_keep_choices() -> None:
    for seed in range(4):
        s, spell = _judgment_board()
        runes(s, "p2", 3, ORDER_RUNE)
        s = _bot_until_main(pass_all(play(s, spell, destination=None)), seed)
        assert len(_units(s, "p1")) == 2


def test_bots_answer_nocturnes_offers() -> None:
    outcomes = set()
    for seed in range(8):
        s, noc = _poro_sees_nocturne()
        outcomes.add(_bot_until_main(s, seed).objects[noc].zone)
    assert outcomes <= {"main_deck", "banishment", "base", "battlefield"} and len(outcomes) >= 2


def test_bots_activate_abilities_heimerdinger_has_from_friends() -> None:
    s, heimer, orb, _ = _heimer_board()
    cands = [c for c in borrowed.candidates(s, "p1") if c.source == heimer]
    assert cands and all(c.choices["ability_of"] == orb for c in cands)
    assert all(engine.check(s, c) == [] for c in cands)


_ = (Payment, MIND_RUNE)
