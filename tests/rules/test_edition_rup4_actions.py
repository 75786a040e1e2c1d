"""Issue 19: RUP4's new game actions (Burn, Empower, Disempower, Skip, Pay: 440-444) and
sections 750-767 (making new choices, untargetability, naming cards, ignoring abilities).

Each is either what the engine does under RUP4 (tested here) or refused naming its RUP4
rule as the card that needs it is played (``differences_rup4.REFUSED_CARDS``), never by a
generic unsupported-card error.
"""

from __future__ import annotations

import pytest

from riftlog.errors import UnsupportedCard
from riftlog.events.abilities import ChoiceMade
from riftlog.events.decisions import Payment, PriorityPassed
from riftlog.events.play import CardPlayed
from riftlog.rules import editions, engine
from riftlog.rules.board.resources import Cost, card_facts
from riftlog.rules.editions import differences_rup4
from tests.cards_engine.helpers import (
    CALM_RUNE,
    FURY_RUNE,
    ORDER_RUNE,
    SKULKER,
    apply,
    choose,
    game,
    pass_all,
    pay_for,
    play,
    put,
    runes,
)

RUP4 = "RUP4"
REFUSED = differences_rup4.REFUSED_CARDS
BULLET_TIME, MYSTIC_REVERSAL, VENGEANCE = "OGN-268", "OGN-080", "OGN-229"
PHOENIX, FALLING_STAR = "OGN-037", "OGN-029"


def _row(key: str) -> differences_rup4.Rup4Difference:
    return next(d for d in differences_rup4.DIFFERENCES if d.key == key)


def _played(edition: str, card: str) -> tuple[object, CardPlayed]:
    s = game()
    s.edition = edition
    runes(s, "p1", 8)
    oid = put(s, card, "p1", "hand")
    return s, CardPlayed(player="p1", card=oid, destination="base", payment=Payment())


@pytest.mark.parametrize("card", sorted(REFUSED))
def test_rup4_a_card_needing_a_rup4_only_action_is_refused_naming_its_rule(card: str) -> None:
    row = REFUSED[card]
    facts = card_facts(card)
    assert facts.type in {"Unit", "Gear", "Spell"}  # played, so the refusal is met
    assert row.rule in editions.rule_ids(RUP4)
    s, d = _played(RUP4, card)
    if facts.supported and not row.always:  # encoded since: its encoding takes the rule on
        editions.refuse_rup4_card(s, str(facts), facts.keyword_names, card=facts)  # type: ignore[arg-type]
        return
    with pytest.raises(editions.EditionUnsupported) as err:
        engine.apply(s, d)  # type: ignore[arg-type]
    assert str(err.value).startswith(f"RUP4 {row.rule}: {facts}")
    if not facts.supported:  # v1.3: the same card is simply not encoded
        s, d = _played("v1.3", card)
        with pytest.raises(UnsupportedCard):
            engine.apply(s, d)  # type: ignore[arg-type]


@pytest.mark.parametrize(("key", "rules"), [
    ("new-actions", {"440", "441", "442", "443"}),
    ("pay-on-resolution", {"204.3.b"}),
    ("untargetability", {"757"}),
    ("naming-cards", {"760"}),
    ("ignoring-abilities", {"765"}),
])
def test_rup4_each_refused_section_has_cards_refused_by_its_rules(key: str, rules: set[str]) -> None:
    row = _row(key)
    assert row.status == "unsupported" and rules <= set(row.rup4)
    assert rules <= {r.rule for r in REFUSED.values()}


def test_rup4_444_pay_a_pay_instruction_refuses_by_444() -> None:
    assert {c for c, r in REFUSED.items() if r.rule == "444"} >= {"UNL-079"}
    assert _row("pay-optional").status == "equivalent"


# --- Pay is optional (444.2): the encoded "you may pay" instructions --------------------------


def _phoenix_trigger(edition: str) -> tuple[object, str]:
    s = game()
    s.edition = edition
    runes(s, "p1", 6, FURY_RUNE)
    phoenix = put(s, PHOENIX, "p1", "base")
    star = put(s, FALLING_STAR, "p1", "hand")
    s = pass_all(apply(s, CardPlayed(player="p1", card=star, payment=pay_for(s, "p1", star),
                                     targets={"first": (phoenix,), "second": (phoenix,)})))
    return s, phoenix


def test_rup4_444_2_b_declining_to_pay_skips_the_effect_it_pays_for() -> None:
    """Immortal Phoenix's trash trigger instructs a payment: under RUP4 the player may
    decline it, and then the Phoenix is not played."""
    s, phoenix = _phoenix_trigger(RUP4)
    ready = [r for r in s.players["p1"].base if not s.objects[r].exhausted]  # type: ignore[attr-defined]
    s = pass_all(choose(s, "p1", pay=None))  # type: ignore[arg-type]
    assert s.objects[phoenix].zone == "trash"
    assert [r for r in s.players["p1"].base if not s.objects[r].exhausted] == ready
    assert not s.players["p1"].pool.energy and not s.players["p1"].pool.power


def test_rup4_444_2_paying_when_instructed_performs_the_effect() -> None:
    s, phoenix = _phoenix_trigger(RUP4)
    paid = pay_for(s, "p1", cost=Cost(1, {"Fury": 1}))  # type: ignore[arg-type]
    s = choose(s, "p1", pay={"exhaust": list(paid.exhaust), "recycle": list(paid.recycle)})  # type: ignore[arg-type]
    s = pass_all(s)
    assert s.objects[phoenix].zone in {"base", "battlefield"}


def test_v1_3_bullet_time_still_pays_as_it_is_played() -> None:
    s = game()
    runes(s, "p1", 4, ORDER_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    spell = put(s, BULLET_TIME, "p1", "hand")
    choices = {"x": 3}
    s = pass_all(play(s, spell, destination=None, targets={"bf": ("bf1",)}, choices=choices))
    assert s.objects[foe].zone == "trash"


# --- making new choices (RUP4 750-755): Mystic Reversal ---------------------------------------


def _reversal(edition: str) -> tuple[object, str, str, str]:
    s = game()
    s.edition = edition
    runes(s, "p1", 6, ORDER_RUNE)
    runes(s, "p2", 7, CALM_RUNE)
    mine = put(s, SKULKER, "p1", "base")
    theirs = put(s, SKULKER, "p2", "base")
    s = play(s, put(s, VENGEANCE, "p1", "hand"), destination=None, targets={"t": (theirs,)})
    item = s.chain[-1].id
    s = apply(s, PriorityPassed(player="p1"))
    s = play(s, put(s, MYSTIC_REVERSAL, "p2", "hand"), "p2", destination=None,
             targets={"t": (item,)})
    return pass_all(s), item, mine, theirs


def test_rup4_753_new_choices_for_a_spell_retarget_it_and_pay_nothing_again() -> None:
    s, item, mine, theirs = _reversal(RUP4)
    assert s.chain[-1].id == item and s.chain[-1].controller == "p2"  # type: ignore[attr-defined]
    pool = (s.players["p2"].pool.energy, dict(s.players["p2"].pool.power))  # type: ignore[attr-defined]
    exhausted = sum(s.objects[r].exhausted for r in s.players["p2"].base)  # type: ignore[attr-defined]
    s = choose(s, "p2", targets={"t": [mine]})  # type: ignore[arg-type]
    assert (s.players["p2"].pool.energy, dict(s.players["p2"].pool.power)) == pool  # 755
    assert sum(s.objects[r].exhausted for r in s.players["p2"].base) == exhausted
    s = pass_all(s)
    assert s.objects[mine].zone == "trash" and s.objects[theirs].zone == "base"


def test_rup4_753_a_subset_may_be_kept() -> None:
    s, _, mine, theirs = _reversal(RUP4)
    s = pass_all(choose(s, "p2", keep=True))  # type: ignore[arg-type]
    assert s.objects[theirs].zone == "trash" and s.objects[mine].zone == "base"


def test_rup4_753_1_an_illegal_new_choice_is_refused() -> None:
    s, _, _, _ = _reversal(RUP4)
    gear = put(s, "OGN-163", "p1", "base")  # a gear: not a unit Vengeance may choose
    found = engine.check(s, ChoiceMade(player="p2", choice={"targets": {"t": [gear]}}))  # type: ignore[arg-type]
    assert [(v.edition, v.rule) for v in found] == [(RUP4, "355.5")]
    assert _row("new-choices").status == "equivalent"
