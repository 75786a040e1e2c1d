"""Issue 19: the behaviour that differs under RUP4 (2026-07-16) - one difference a test,
each implemented as an edition switch or refused naming the RUP4 rule.

Rule ids are written with their edition; the RUP4 examples are tested where the engine
meets them (Defiant Dance and Tibbers of RUP4 135.2.e.6.c).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from riftlog.cards.vocab import Draw, Encoding, Triggered, When
from riftlog.errors import UnsupportedRule
from riftlog.events.abilities import ChoiceMade
from riftlog.events.decisions import Payment
from riftlog.events.payloads import GameCreated
from riftlog.rules import editions, engine
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.resources import Cost, card_cost, payment_violations
from riftlog.rules.editions import differences_rup4
from riftlog.rules.flow import setup, showdown, turn
from riftlog.rules.interpreter import replacement_effects, triggers
from riftlog.rules.playing.play import accelerate_cost
from tests.cards_engine.conftest import encode  # noqa: F401  (fixture)
from tests.rules.board import SKULKER, put, table
from tests.rules.engine_fixtures import created
from tests.rules.rup4_examples import example

RUP4 = "RUP4"
HUB = "OGN-219"  # a plain unit, given a test-only "when I die, draw 1"
Encode = Callable[..., Encoding]
DEFIANT_DANCE = "SFD-196"  # Calm and Chaos spell, 1 Energy and 1 Power (RUP4 135.2.e.6.c example)
TIBBERS = "OGS-018"        # Fury and Chaos unit (RUP4 135.2.e.6.c example, Accelerate granted)
SCORCHER = "OGN-001"       # Fury unit with Accelerate


def _pool(edition: str, **power: int) -> tuple[object, str]:
    state = table()
    state.edition = edition
    pool = state.players["p1"].pool
    pool.energy = 5
    pool.power = dict(power)
    return state, "p1"


def _row(key: str) -> differences_rup4.Rup4Difference:
    return next(d for d in differences_rup4.DIFFERENCES if d.key == key)


# --- [C] on a card of several domains (RUP4 135.2.e.6.c) ---------------------------------


@example("135.2.e.6.c")
def test_rup4_135_2_e_6_c_defiant_dance_takes_calm_or_chaos_power() -> None:
    """RUP4's example: Defiant Dance's Power is paid with Calm or Chaos Power, not Fury;
    v1.3 135.2.e.6.b processed it as [A] (any domain)."""
    assert card_cost(DEFIANT_DANCE) == Cost(1, {"Any": 1})
    cost = card_cost(DEFIANT_DANCE, RUP4)
    assert cost == Cost(1, {"Calm/Chaos": 1})
    for domain, ok in (("Calm", True), ("Chaos", True), ("Fury", False), ("Any", True)):
        state, p1 = _pool(RUP4, **{domain: 1})
        found = payment_violations(state, p1, cost, Payment())  # type: ignore[arg-type]
        assert (found == []) is ok, domain
    state, p1 = _pool("v1.3", Fury=1)
    assert payment_violations(state, p1, card_cost(DEFIANT_DANCE, "v1.3"), Payment()) == []  # type: ignore[arg-type]


def test_rup4_135_2_e_6_c_one_domain_cards_are_unchanged() -> None:
    assert card_cost(SKULKER, RUP4) == card_cost(SKULKER) == Cost(3, {"Chaos": card_cost(SKULKER).power.get("Chaos", 0)}) \
        or not card_cost(SKULKER).power


@example("135.2.e.6.c")
def test_rup4_805_1_a_tibbers_accelerate_takes_fury_or_chaos() -> None:
    """RUP4's example: Tibbers (Fury and Chaos) granted Accelerate pays its Power with Fury
    or Chaos; v1.3 805.1.a.2 took Power of any domain."""
    assert accelerate_cost(TIBBERS) == Cost(1, {"Any": 1})
    cost = accelerate_cost(TIBBERS, RUP4)
    assert cost == Cost(1, {"Fury/Chaos": 1})
    state, p1 = _pool(RUP4, Calm=1)
    assert [v.rule for v in payment_violations(state, p1, cost, Payment())] == ["165.2"]  # type: ignore[arg-type]
    state, p1 = _pool(RUP4, Chaos=1)
    assert payment_violations(state, p1, cost, Payment()) == []  # type: ignore[arg-type]


def test_rup4_805_1_a_one_domain_accelerate_is_unchanged() -> None:
    assert accelerate_cost(SCORCHER, RUP4) == accelerate_cost(SCORCHER) == Cost(1, {"Fury": 1})


# --- replacement effects: the controller orders them (RUP4 372) ----------------------------


def _borrowed_unit(edition: str) -> tuple[object, list[dict[str, object]]]:
    state = table()
    state.edition = edition
    unit = put(state, SKULKER, "p1", "base", controller="p2")
    options: list[dict[str, object]] = [
        {"events": [unit], "controller": "p2", "key": "a"},
        {"events": [unit], "controller": "p2", "key": "b"}]
    return state, options


def test_rup4_372_the_controller_orders_replacements_of_a_borrowed_unit() -> None:
    state, options = _borrowed_unit(RUP4)
    who, mine, rule = replacement_effects._decider(state, options)  # type: ignore[arg-type]
    assert (who, rule, len(mine)) == ("p2", "372", 2)
    assert editions.cite("372", RUP4) == "RUP4 372"


def test_v1_3_372_the_owner_would_order_them_and_is_refused_with_another_player_s() -> None:
    state, options = _borrowed_unit("v1.3")
    with pytest.raises(UnsupportedRule, match=r"v1\.3 372"):
        replacement_effects._decider(state, options)  # type: ignore[arg-type]


# --- contested status removed in the cleanup (RUP4 323.11, 323.11.a) -----------------------


def _left_behind(edition: str) -> tuple[object, list[GameAction]]:
    """p1 contested bf1 and left; p2's unit is still there, bf1 is uncontrolled."""
    state = table()
    state.edition = edition
    bf = state.battlefield("bf1")
    put(state, SKULKER, "p2", "battlefield", "bf1")
    bf.contested_by = "p1"
    log: list[GameAction] = []
    showdown._stage(state, bf, log)
    return state, log


def test_v1_3_187_3_b_the_contest_ends_and_the_unit_stays_uncontested() -> None:
    state, log = _left_behind("v1.3")
    assert state.battlefield("bf1").contested_by is None  # type: ignore[attr-defined]
    assert [(a.kind, a.rule) for a in log] == [("uncontest", "187.3.b")]


def test_rup4_323_11_a_the_unit_left_behind_contests_the_battlefield() -> None:
    state, log = _left_behind(RUP4)
    assert state.battlefield("bf1").contested_by == "p2"  # type: ignore[attr-defined]
    assert [(a.kind, a.rule) for a in log][:2] == [("uncontest", "RUP4 323.11"),
                                                   ("contest", "RUP4 323.11.a")]
    assert [a.details["difference"] for a in log if a.kind == "edition_rule"] == ["contested-cleanup"]
    recited = editions.recite_actions(log, RUP4)
    assert [a.rule for a in recited[:2]] == ["323.11", "323.11.a"]


def test_rup4_323_11_a_two_players_left_behind_is_refused_by_name() -> None:
    state = table(3, mode="ffa3")
    state.edition = RUP4
    bf = state.battlefield("bf1")
    put(state, SKULKER, "p2", "battlefield", "bf1")
    put(state, SKULKER, "p3", "battlefield", "bf1")
    bf.contested_by = "p1"
    bf.combat_staged = False
    log: list[GameAction] = []
    # two opposing players stage a combat, so the contest stays: nothing differs here
    showdown._stage(state, bf, log)
    assert bf.contested_by == "p1"


# --- refused by name -----------------------------------------------------------------------


@pytest.mark.parametrize(("card", "rule"), [("VEN-007", "827"), ("VEN-028", "828"),
                                            ("VEN-003", "829")])
def test_rup4_827_829_cards_with_the_new_keywords_are_refused_by_rule(card: str, rule: str) -> None:
    state = table()
    state.edition = RUP4
    from riftlog.rules.board.resources import card_facts
    facts = card_facts(card)
    with pytest.raises(editions.EditionUnsupported, match=rf"^RUP4 {rule}: "):
        editions.refuse_rup4_card(state, str(facts), facts.keyword_names)
    state.edition = "v1.3"
    editions.refuse_rup4_card(state, str(facts), facts.keyword_names)  # v1.3: not this rule


def test_rup4_808_1_d_a_when_i_die_trigger_fires_as_a_deathknell_does(encode: Encode) -> None:  # noqa: F811
    """RUP4 aligns 'when I die' with Deathknell (323.4, 808.1.d): the engine fires both on
    the completed kill, so the trigger is put on the chain under RUP4 as under v1.3 (the
    Examples of 808.1.d.1 and 428.1.a.1.b are played with Draven, Audacious in
    tests/cards_engine/test_sfd_combat_results.py)."""
    encode(HUB, Triggered(When("dies", "me"), (Draw(1),)))
    for edition in (RUP4, "v1.3"):
        state = table()
        state.edition = edition
        unit = put(state, HUB, "p1", "trash")
        assert triggers.fire(state, "dies", obj=unit, player="p1", card=HUB) == 1


def test_rup4_486_5_a_a_match_game_with_used_battlefields_is_refused_by_name() -> None:
    made = created("match", rules_edition=RUP4, game_number=2,
                   battlefields_used={"p1": ("OGN-280",)})
    with pytest.raises(editions.EditionUnsupported, match=r"^RUP4 486\.5\.a: "):
        setup.build_state(made)
    four = created("match", rules_edition=RUP4, game_number=4,
                   battlefields_used={"p1": ("OGN-280",)})
    with pytest.raises(editions.EditionUnsupported, match=r"^RUP4 486\.6\.a: "):
        setup.build_state(four)
    assert isinstance(setup.build_state(created("match", rules_edition=RUP4)), object)


def test_every_implemented_or_refused_rup4_row_names_its_code() -> None:
    """Each row's ``where`` names a file that exists and, for a switch in the engine, the
    RUP4 rule the code tests the edition for."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for d in differences_rup4.DIFFERENCES:
        if d.status == "equivalent" or not d.where.startswith("riftlog/rules"):
            continue
        path = root / d.where.split()[0]
        assert path.exists(), d.key
        text = path.read_text(encoding="utf-8")
        assert any(r in text for r in d.rup4), d.key


def test_a_rup4_game_runs_and_cites_rup4() -> None:
    made = GameCreated(**{**created().model_dump(), "rules_edition": RUP4})
    state = engine.new_game(made)
    assert state.edition == RUP4
    assert _row("contested-cleanup").status == "implemented"


# --- RUP4 examples the engine meets (refused where not modelled) ----------------------------


@example("465.2.c.5", "437.5.a")
def test_rup4_465_2_c_5_combat_damage_a_prevention_would_change_is_refused() -> None:
    """RUP4's example: a unit that prevents damage each combat needs more damage assigned
    to it; the engine assigns by v1.3 460.2.c, so under RUP4 such combat damage is refused
    naming 465.2.c.5 - and under v1.3 it is prevented as dealt (437.2)."""
    for edition in ("v1.3", RUP4):
        state = table()
        state.edition = edition
        unit = put(state, SKULKER, "p2", "battlefield", "bf1")
        state.extra["prevent_kinds"] = [{"turn": state.turn, "kinds": ["combat"],
                                         "controller": "p2", "card": SKULKER}]
        log: list[GameAction] = []
        if edition == RUP4:
            with pytest.raises(editions.EditionUnsupported, match=r"^RUP4 465\.2\.c\.5: "):
                replacement_effects.replace_damage(state, unit, 3, None, "combat", log)
        else:
            assert replacement_effects.replace_damage(state, unit, 3, None, "combat", log) == 0
            assert [a.rule for a in log] == ["437.2"]
    state.extra["prevent_kinds"][0]["kinds"] = ["spell"]  # not combat damage: same in both
    assert replacement_effects.replace_damage(state, unit, 3, None, "spell", []) == 0


@example("373.1.a")
def test_rup4_373_1_a_two_units_die_and_the_saved_one_is_recalled_before_the_other_dies() -> None:
    """RUP4's example: two units die at once and one's death is replaced (Zhonya's
    Hourglass): its heal, exhaust and recall are performed before the other dies - the
    engine's order (the unmodified deaths are carried out once the replacements are
    applied); v1.3 ends the same way."""
    zhonya = "OGN-077"
    for edition in (RUP4, "v1.3"):
        s = table()
        s.edition = edition
        put(s, zhonya, "p1", "base")
        b = put(s, SKULKER, "p1", "battlefield", "bf1")
        c = put(s, SKULKER, "p1", "battlefield", "bf1")
        s.objects[b].damage = s.objects[c].damage = 9
        turn.cleanup(s, [])  # b and c die at once: the player picks which one is saved
        (req,) = engine.pending(s)
        option = req.options["options"][0]
        saved = option["events"][0]
        other = c if saved == b else b
        s, actions_log = engine.apply(s, ChoiceMade(player="p1", choice={"apply": {
            "replacement": option["replacement"], "events": [saved]}}))
        kinds = [(x.kind, x.objects[0] if x.objects else None) for x in actions_log]
        assert s.objects[saved].zone == "base" and s.objects[other].zone == "trash"
        assert kinds.index(("recall", saved)) < kinds.index(("kill", other))


@example("419.4.b")
def test_rup4_419_4_b_a_countered_spell_still_turns_legion_on() -> None:
    """RUP4's example (419.4.b, 812.2): a spell countered by Defy was finalized, so a Legion
    cost reduction applies afterwards (Noxus Hopeful costs 2 less).  The engine notes a
    card for Legion when it is finalized, so v1.3 and RUP4 agree here (row
    played-this-turn-finalized, equivalent)."""
    from riftlog.rules.playing.play import total_cost
    from tests.cards_engine.helpers import game, pass_all, play
    from tests.cards_engine.test_ogn_001_050 import CALM_RUNE as CALM
    from tests.cards_engine.test_ogn_001_050 import DEFY, RUNE_PRISON, _p2_answers

    assert _row("played-this-turn-finalized").status == "equivalent"
    for edition in ("v1.3", RUP4):
        s = game()
        s.edition = edition
        for _ in range(3):
            put(s, CALM, "p1", "base")
        target = put(s, SKULKER, "p2", "base")
        hopeful = put(s, "OGN-012", "p1", "hand")
        assert total_cost(s, "p1", hopeful).energy == 4  # nothing finalized yet
        s, item = _p2_answers(s, RUNE_PRISON, targets=(target,))
        s = play(s, put(s, DEFY, "p2", "hand"), player="p2", destination=None, targets=(item,))
        s = pass_all(s)
        assert not s.chain and not s.objects[target].stunned  # countered
        assert total_cost(s, "p1", hopeful).energy == 2, edition
