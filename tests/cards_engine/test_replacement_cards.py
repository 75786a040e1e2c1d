"""The replacement-effect cards (replacement helper, issue 4): Unlicensed Armory (OGN-023),
The Boss (OGN-269), Symbol of the Solari (OGN-227), Unyielding Spirit (OGN-145) - each
played through the engine, and each with a use the engine must refuse."""

from __future__ import annotations

from riftlog.cards import load_catalog
from riftlog.events.abilities import AbilityActivated, ChoiceMade
from riftlog.events.combat import CombatDamageAssigned
from riftlog.events.decisions import Payment, PriorityPassed
from riftlog.events.play import StandardMove
from riftlog.rules import engine
from riftlog.rules.board.resources import Cost, find_payment
from riftlog.rules.board.state import GameState
from riftlog.rules.flow import combat
from tests.cards_engine.helpers import (
    BODY_RUNE,
    FURY_RUNE,
    SKULKER,
    apply,
    awaited_choice,
    choose,
    cleanup_with_lethal,
    game,
    pass_all,
    play,
    put,
    runes,
    violations,
)

ARMORY = "OGN-023"
BOSS = "OGN-269"
SOLARI = "OGN-227"
SPIRIT = "OGN-145"
VOID_SEEKER = "OGN-024"   # spell: 4 damage to a unit at a battlefield, draw 1
CHALLENGE = "OGN-128"     # spell: two chosen units deal their Might to each other (417.6.b.3)
SERGEANT = "OGN-219"      # a plain 4-Might unit


def _payment(state: GameState, pid: str, **power: int) -> dict[str, list[str]]:
    p = find_payment(state, pid, Cost(0, power))
    assert p is not None
    return {"exhaust": list(p.exhaust), "recycle": list(p.recycle)}


def test_the_four_cards_are_supported() -> None:
    cat = load_catalog()
    assert all(cat.get(c).supported for c in (ARMORY, BOSS, SOLARI, SPIRIT))


# --- OGN-023 Unlicensed Armory -------------------------------------------------------------


def _armed(pay_runes: int = 1) -> tuple[GameState, str, str]:
    """p1 activates the Armory (discarding a card) on its unit at bf1."""
    s = game()
    armory = put(s, ARMORY, "p1", "base")
    unit = put(s, SKULKER, "p1", "battlefield", "bf1")
    runes(s, "p1", pay_runes, FURY_RUNE)
    junk = put(s, SKULKER, "p1", "hand")
    s = pass_all(apply(s, AbilityActivated(player="p1", source=armory, ability=0,
                                           targets={"t": (unit,)}, choices={"discard": [junk]})))
    assert s.objects[armory].exhausted and s.objects[junk].zone == "trash"
    return s, armory, unit


def test_armory_pay_fury_and_the_unit_is_healed_exhausted_and_recalled_instead() -> None:
    s, _, unit = _armed()
    cleanup_with_lethal(s, unit)
    req = awaited_choice(s)
    assert req["player"] == "p1" and req["options"]["options"][0]["optional"]
    s = choose(s, "p1", apply={"replacement": req["options"]["options"][0]["replacement"],
                               "events": [unit]}, payment=_payment(s, "p1", Fury=1))
    u = s.objects[unit]
    assert u.zone == "base" and u.damage == 0 and u.exhausted
    cleanup_with_lethal(s, unit)   # the next time only: used up
    assert s.objects[unit].zone == "trash"


def test_armory_declined_the_unit_dies_and_the_shield_is_used_up() -> None:
    s, _, unit = _armed()
    cleanup_with_lethal(s, unit)
    s = choose(s, "p1", apply=None)
    assert s.objects[unit].zone == "trash" and not s.extra.get("death_shields")


def test_armory_refuses_an_answer_without_the_fury_payment() -> None:
    s, _, unit = _armed()
    cleanup_with_lethal(s, unit)
    key = awaited_choice(s)["options"]["options"][0]["replacement"]
    assert engine.check(s, ChoiceMade(player="p1", choice={"apply": {"replacement": key,
                                                                      "events": [unit]}}))


def test_armory_without_fury_to_pay_offers_nothing_and_the_unit_dies() -> None:
    s, _, unit = _armed(pay_runes=0)
    cleanup_with_lethal(s, unit)
    assert s.objects[unit].zone == "trash"
    assert not s.extra.get("death_shields")   # its next death came: the shield is used up


def test_armory_activation_needs_a_discard_and_a_ready_armory() -> None:
    s = game()
    armory = put(s, ARMORY, "p1", "base")
    unit = put(s, SKULKER, "p1", "battlefield", "bf1")
    d = AbilityActivated(player="p1", source=armory, ability=0, targets={"t": (unit,)})
    assert "422.1" in violations(s, d)                   # an empty hand: cannot discard
    junk = put(s, SKULKER, "p1", "hand")
    assert "377.1" in violations(s, d)                   # the discarded card must be named
    ok = AbilityActivated(player="p1", source=armory, ability=0, targets={"t": (unit,)},
                          choices={"discard": [junk]})
    assert violations(s, ok) == []
    s.objects[armory].exhausted = True
    assert "377.1" in violations(s, ok)                  # the exhaust cost


# --- OGN-269 The Boss ------------------------------------------------------------------------


def _boss_board(buffed: bool = True) -> tuple[GameState, str, str]:
    s = game()
    boss = put(s, BOSS, "p1", "legend")
    unit = put(s, SKULKER, "p1", "battlefield", "bf1")
    s.objects[unit].buffed = buffed
    runes(s, "p1", 1, BODY_RUNE)
    return s, boss, unit


def test_the_boss_pays_exhausts_and_spends_the_buff_to_save_a_buffed_unit() -> None:
    s, boss, unit = _boss_board()
    cleanup_with_lethal(s, unit)
    req = awaited_choice(s)
    assert req["player"] == "p1" and req["rule"] == "372"
    s = choose(s, "p1", apply={"replacement": f"{boss}#0", "events": [unit]},
               payment=_payment(s, "p1", Any=1))
    u = s.objects[unit]
    assert u.zone == "base" and u.exhausted and u.damage == 0 and not u.buffed
    assert s.objects[boss].exhausted


def test_the_boss_does_nothing_for_an_unbuffed_unit_or_while_exhausted() -> None:
    s, boss, unit = _boss_board(buffed=False)
    cleanup_with_lethal(s, unit)
    assert s.objects[unit].zone == "trash"
    s, boss, unit = _boss_board()
    s.objects[boss].exhausted = True
    cleanup_with_lethal(s, unit)
    assert s.objects[unit].zone == "trash"


def test_the_boss_may_be_declined() -> None:
    s, boss, unit = _boss_board()
    cleanup_with_lethal(s, unit)
    s = choose(s, "p1", apply=None)
    assert s.objects[unit].zone == "trash" and not s.objects[boss].exhausted


def test_the_boss_still_readies_when_its_controller_conquers() -> None:
    s, boss, _ = _boss_board()
    s.objects[boss].exhausted = True
    mover = put(s, SERGEANT, "p1", "base")
    s = apply(s, StandardMove(player="p1", units=(mover,), destination="bf2"))
    for _ in range(8):  # the showdown there: everyone passes (348.2.a: p1 conquers)
        reqs = engine.pending(s)
        if not reqs or "PriorityPassed" not in reqs[0].decisions or \
                (s.showdown is None and not s.chain):
            break
        s = apply(s, PriorityPassed(player=reqs[0].player or ""))
    assert s.battlefield("bf2").controller == "p1"
    assert not s.objects[boss].exhausted


# --- OGN-227 Symbol of the Solari ------------------------------------------------------------


def _tie(solari_owner: str | None) -> tuple[GameState, str, str]:
    """p2 holds bf1 with a unit; p1's unit attacks it; both are stunned, so neither deals
    damage and both remain: a tie (461.1.a.2)."""
    s = game()
    s.battlefield("bf1").controller = "p2"
    if solari_owner:
        put(s, SOLARI, solari_owner, "base")
    defender = put(s, SKULKER, "p2", "battlefield", "bf1")
    attacker = put(s, SKULKER, "p1", "base")
    s = apply(s, StandardMove(player="p1", units=(attacker,), destination="bf1"))
    s.objects[attacker].stunned = s.objects[defender].stunned = True
    for _ in range(6):
        reqs = engine.pending(s)
        if s.showdown is None or not reqs:
            break
        if "CombatDamageAssigned" in reqs[0].decisions:
            s = apply(s, CombatDamageAssigned(player=reqs[0].player or "", battlefield="bf1",
                                              assignment={}))
        else:
            s = apply(s, PriorityPassed(player=reqs[0].player or ""))
    assert s.showdown is None
    return s, attacker, defender


def test_solari_a_tie_where_you_attacked_recalls_all_units() -> None:
    s, attacker, defender = _tie("p1")
    assert s.objects[attacker].location == "base:p1"
    assert s.objects[defender].location == "base:p2"
    assert s.battlefield("bf1").controller is None   # nobody remains (461.5.b)


def test_solari_without_it_only_the_attacker_is_recalled() -> None:
    s, attacker, defender = _tie(None)
    assert s.objects[attacker].location == "base:p1"
    assert s.objects[defender].location == "bf1" and s.battlefield("bf1").controller == "p2"


def test_solari_of_the_defender_does_not_apply() -> None:
    s, attacker, defender = _tie("p2")
    assert s.objects[attacker].location == "base:p1"
    assert s.objects[defender].location == "bf1" and s.battlefield("bf1").controller == "p2"


# --- OGN-145 Unyielding Spirit ---------------------------------------------------------------


def _spirit_played() -> GameState:
    s = game()
    runes(s, "p1", 2, BODY_RUNE)
    runes(s, "p1", 6, FURY_RUNE)
    return pass_all(play(s, put(s, SPIRIT, "p1", "hand"), destination=None))


def test_spirit_prevents_spell_damage_this_turn() -> None:
    s = _spirit_played()
    foe = put(s, SERGEANT, "p2", "battlefield", "bf1")
    hand = len(s.players["p1"].hand)
    s = pass_all(play(s, put(s, VOID_SEEKER, "p1", "hand"), destination=None, targets=(foe,)))
    assert s.objects[foe].damage == 0 and s.objects[foe].zone == "battlefield"
    assert len(s.players["p1"].hand) == hand + 1   # the rest of the spell still resolves


def test_spirit_does_not_prevent_damage_units_deal_for_a_spell() -> None:
    # 417.6.b.3: Challenge's damage is dealt by the chosen units, not by the spell
    s = _spirit_played()
    runes(s, "p1", 3, BODY_RUNE)
    mine = put(s, SERGEANT, "p1", "battlefield", "bf1")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = pass_all(play(s, put(s, CHALLENGE, "p1", "hand"), destination=None,
                      targets={"mine": (mine,), "foe": (foe,)}))
    assert s.objects[mine].damage == 3 and s.objects[foe].zone == "trash"


def test_spirit_ends_with_the_turn_and_spares_nothing_before_it_is_played() -> None:
    s = game()
    s.extra["prevent_kinds"] = [{"turn": s.turn - 1, "kinds": ["spell", "ability"],
                                 "card": SPIRIT, "controller": "p1"}]   # last turn's
    runes(s, "p1", 6, FURY_RUNE)
    foe = put(s, SERGEANT, "p2", "battlefield", "bf1")
    s = pass_all(play(s, put(s, VOID_SEEKER, "p1", "hand"), destination=None, targets=(foe,)))
    assert s.objects[foe].zone == "trash"


def test_spirit_cannot_be_played_without_its_body_power() -> None:
    s = game()
    runes(s, "p1", 3, FURY_RUNE)
    spirit = put(s, SPIRIT, "p1", "hand")
    from riftlog.events.play import CardPlayed

    d = CardPlayed(player="p1", card=spirit, payment=Payment(recycle=tuple(s.players["p1"].base[:1])))
    assert "165.2" in violations(s, d)


def _combat_until_choice(s: GameState) -> GameState:
    for _ in range(8):
        reqs = engine.pending(s)
        if not reqs or reqs[0].kind == "choice" or s.showdown is None:
            return s
        if "CombatDamageAssigned" in reqs[0].decisions:
            s = apply(s, combat.candidates(s, reqs[0].player or "")[0])  # a legal assignment
        else:
            s = apply(s, PriorityPassed(player=reqs[0].player or ""))
    return s


def test_the_boss_saves_an_attacker_dying_in_combat_and_the_combat_then_resolves() -> None:
    s, boss, other = _boss_board()
    s.objects[other].buffed = False  # the board's other unit at bf1 attacks too, unbuffed
    s.battlefield("bf1").controller = "p2"
    mech = put(s, "OGN-088", "p2", "battlefield", "bf1")   # Might 8
    attacker = put(s, SKULKER, "p1", "base")
    s.objects[attacker].buffed = True                       # Might 3 + 1
    s = apply(s, StandardMove(player="p1", units=(attacker,), destination="bf1"))
    s = _combat_until_choice(s)
    assert awaited_choice(s)["player"] == "p1" and s.showdown is not None   # the combat waits
    s = choose(s, "p1", apply={"replacement": f"{boss}#0", "events": [attacker]},
               payment=_payment(s, "p1", Any=1))
    assert s.objects[attacker].location == "base:p1" and s.objects[attacker].exhausted
    assert s.objects[other].zone == "trash"                 # no buff: not saved
    assert s.showdown is None and s.objects[mech].zone == "battlefield"  # took 3 + 4 < 8
    assert s.objects[mech].damage == 0                      # healed (461.1.a.1)
    assert s.battlefield("bf1").controller == "p2"          # the defender won


def test_the_boss_refuses_a_payment_that_does_not_pay_its_power() -> None:
    s, boss, unit = _boss_board()
    cleanup_with_lethal(s, unit)
    spent = s.players["p1"].base[-1]
    s.objects[spent].exhausted = True                     # the only rune: exhaust gives no power
    answer = {"apply": {"replacement": f"{boss}#0", "events": [unit]},
              "payment": {"exhaust": [spent], "recycle": []}}
    assert engine.check(s, ChoiceMade(player="p1", choice=answer))


def test_replacements_the_engine_cannot_interpret_leave_their_card_unsupported() -> None:
    from riftlog.cards.abilities import encoding_problems
    from riftlog.cards.vocab import Encoding, Replacement, ReplacementCost

    def problems(r: Replacement) -> list[str]:
        return list(encoding_problems(Encoding(SOLARI, (r,))))

    assert problems(Replacement("x", event="tie_recall", who="you")) == []
    assert problems(Replacement("x", event="tie_recall", who="you", optional=True))
    assert problems(Replacement("x", event="tie_recall", who="you",
                                cost=ReplacementCost(exhaust_me=True)))
    assert problems(Replacement("x", event="die", who="enemy_unit"))
    assert problems(Replacement("x", event="move"))


# --- bot games with the four cards ------------------------------------------------------------


def _bot_game(seed: int) -> tuple[GameState, set[str]]:
    import random

    from riftlog.events.payloads import DeckSpec, GameCreated, PlayerSpec
    from riftlog.rules import bot
    from tests.rules import engine_fixtures as F

    cards = [ARMORY, SOLARI, SPIRIT, "OGN-229", SKULKER, SERGEANT, CHALLENGE, VOID_SEEKER, "OGN-077"]
    main = tuple(cards[(i + seed) % len(cards)] for i in range(24))
    runes_ = (F.BODY_RUNE, F.ORDER_RUNE, FURY_RUNE, FURY_RUNE)
    players = tuple(PlayerSpec(id=f"p{i + 1}", name=f"P{i + 1}", deck=DeckSpec(
        legend=BOSS, champion=F.CHAMPION, main=main, runes=tuple(runes_[j % 4] for j in range(12)),
        battlefields=(bf,))) for i, bf in enumerate(("OGN-280", "OGN-279")))
    s = engine.new_game(GameCreated(mode="duel", players=players, catalog_version="test",
                                    engine_version="test"))
    rng = random.Random(seed)
    seen: set[str] = set()
    for _ in range(600):
        if s.is_over() or not engine.pending(s):
            break
        s, acts = engine.apply(s, bot.choose(s, rng))
        seen.update(f"{a.kind}:{a.rule}" for a in acts)
        assert engine.zone_problems(s) == _resolving(s)
    assert GameState.from_json(s.to_json()) == s
    return s, seen


def _resolving(s: GameState) -> list[str]:
    """A spell whose kill waits for a replacement choice has left the chain list but stays
    in zone "chain" until it is done (as for any choice while a spell resolves): zone_problems
    reports it."""
    out = []
    for entry in s.queue:
        resume = ((entry.get("then") or {}).get("seq") or entry.get("seq") or {}).get("resume") or {}
        ctx = (entry.get("then") or {}).get("ctx") or resume.get("ctx") or {}
        if ctx.get("finish") in ("spell", "repeat") and ctx.get("source"):
            out.append(f"{ctx['source']} (chain) is in no zone list")
    return out


def test_bot_games_with_the_four_cards_never_crash_and_use_them() -> None:
    seen: set[str] = set()
    for seed in (0, 3, 5):
        s, more = _bot_game(seed)
        assert s.is_over()
        seen |= more
    assert {"shield:369", "replace:369", "prevent_set:437.1"} <= seen
    assert seen & {"choose:372", "choose:373", "choose:373.1"}   # recorded replacement choices


def test_spirit_prevents_a_custom_effects_spell_damage_too() -> None:
    # Disintegrate deals its damage in a custom effect: the kind is told from the running one
    s = _spirit_played()
    foe = put(s, SERGEANT, "p2", "battlefield", "bf1")
    s = pass_all(play(s, put(s, "OGN-005", "p1", "hand"), destination=None, targets=(foe,)))
    assert s.objects[foe].damage == 0 and s.objects[foe].zone == "battlefield"


def test_spirit_prevents_ability_damage() -> None:
    s = _spirit_played()
    ballista = put(s, "OGN-017", "p1", "base")   # exhaust: 2 damage to a unit at a battlefield
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = pass_all(apply(s, AbilityActivated(player="p1", source=ballista, ability=0,
                                           targets={"t": (foe,)})))
    assert s.objects[ballista].exhausted and s.objects[foe].damage == 0


def test_spirit_does_not_prevent_combat_damage() -> None:
    s = _spirit_played()
    s.battlefield("bf1").controller = "p2"
    defender = put(s, SKULKER, "p2", "battlefield", "bf1")     # Might 3
    attacker = put(s, SERGEANT, "p1", "base")                 # Might 4
    s = apply(s, StandardMove(player="p1", units=(attacker,), destination="bf1"))
    s = _combat_until_choice(s)
    assert s.showdown is None
    assert s.objects[defender].zone == "trash"                # took 4 combat damage
    assert s.objects[attacker].location == "bf1" and s.battlefield("bf1").controller == "p1"


# --- a custom effect's kill meeting a replacement choice: undone, then run again ----------

HIDDEN_BLADE = "OGN-213"  # spell whose custom effect kills a unit, then its controller gets cards


def _blade_on_boss_unit() -> tuple[GameState, str, str, int]:
    s = game()
    runes(s, "p1", 4, "OGN-214")                            # Order runes for the spell
    boss = put(s, BOSS, "p2", "legend")
    unit = put(s, SKULKER, "p2", "battlefield", "bf1")
    s.objects[unit].buffed = True
    runes(s, "p2", 1, BODY_RUNE)
    hand = len(s.players["p2"].hand)
    s = pass_all(play(s, put(s, HIDDEN_BLADE, "p1", "hand"), destination=None, targets=(unit,)))
    req = awaited_choice(s)
    assert req["player"] == "p2"
    assert s.objects[unit].zone == "battlefield" and len(s.players["p2"].hand) == hand  # undone
    return s, boss, unit, hand


def test_a_custom_effects_kill_waits_for_the_boss_then_runs_with_the_answer() -> None:
    s, boss, unit, hand = _blade_on_boss_unit()
    s = choose(s, "p2", apply={"replacement": f"{boss}#0", "events": [unit]},
               payment=_payment(s, "p2", Any=1))
    assert s.objects[unit].zone == "base" and s.objects[boss].exhausted
    assert len(s.players["p2"].hand) == hand + 2            # the rest of it, once
    assert not s.chain and engine.zone_problems(s) == []


def test_a_custom_effects_kill_declined_replacement_the_unit_dies() -> None:
    s, boss, unit, hand = _blade_on_boss_unit()
    s = choose(s, "p2", apply=None)
    assert s.objects[unit].zone == "trash" and not s.objects[boss].exhausted
    assert len(s.players["p2"].hand) == hand + 2
