"""Issue 19: every new or changed RUP4 rule with an example has a test.

* the written-out list is what the reference texts give (when they are next to the repo);
* every id of the list is named by a test (:func:`tests.rules.rup4_examples.example`) or by
  a row of :data:`REFUSED_CARDS` / :data:`REFUSED_RULES` below;
* :data:`REFUSED_CARDS` - examples that need a card the engine does not play: under RUP4
  the engine refuses the card by name (:class:`UnsupportedCard`) when it is played (a
  legend or battlefield: when its abilities are needed).  If one of them gets encoded, its
  row fails and says the example must now be played instead.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from riftlog.errors import UnsupportedCard
from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed
from riftlog.rules import editions, engine
from riftlog.rules.board.resources import card_facts
from riftlog.rules.editions import differences_rup4
from tests.cards_engine import (
    test_sfd_combat_results,
    test_sfd_control_until_leaves,
    test_sfd_death_replacements,
    test_sfd_gear_passives,
    test_sfd_linked_abilities,
    test_sfd_pay_any_amount,
    test_sfd_spells_modal_repeat,
    test_sfd_spells_play_effects,
    test_sfd_units_custom,
    test_sfd_units_vocabulary,
)
from tests.cards_engine.helpers import game, put, runes
from tests.rules import (
    test_edition_rup4,
    test_friendly_teammates,
    test_layer_dependency,
    test_rup4_examples_combat,
    test_rup4_examples_mechanics,
    test_rup4_examples_play,
    test_rup4_examples_refused,
)
from tests.rules.rup4_examples import CHANGED_WITH_EXAMPLE, TESTED, changed_with_example

REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference"
MODULES = (test_edition_rup4, test_rup4_examples_combat, test_rup4_examples_play,
           test_rup4_examples_mechanics,
           test_rup4_examples_refused, test_sfd_gear_passives, test_sfd_units_custom,
           test_sfd_units_vocabulary, test_sfd_spells_modal_repeat, test_sfd_pay_any_amount,
           test_sfd_spells_play_effects, test_friendly_teammates, test_layer_dependency,
           test_sfd_combat_results, test_sfd_death_replacements,
           test_sfd_control_until_leaves, test_sfd_linked_abilities)

#: RUP4 id -> the cards its example needs that the engine does not play (our summary why)
REFUSED_CARDS: dict[str, tuple[tuple[str, ...], str]] = {
    "128.6": (("UNL-179",), "a play instruction of a hidden card of a type"),
    "142.4.c": (("UNL-118",), "a passive that changes how much damage is lethal"),
    "185.3.a.2": (("UNL-199",), "a copy effect appending a cost to a token"),
    "190.6.c": (("UNL-205",), "a battlefield ability controlled by the player who chooses"),
    "204.3.b": (("OGN-268", "UNL-135"), "a cost within instructions paid on resolution"),
    "204.4": (("UNL-163",), "an applied cost on moves"),
    "206.1": (("VEN-145",), "an ability's base cost read by another effect"),
    "355.14.h.1": (("UNL-192",), "split damage whose targets cease being targets"),
    "359.3.e.9.a": (("UNL-142", "UNL-106"), "counting targets that left the board"),
    "359.3.f.3.b": (("UNL-050",), "a delayed trigger reading its trigger condition"),
    "366.1": (("UNL-025",), "a passive active only in the trash"),
    "369.3": (("OPP-009", "UNL-147"), "'enters' and 'as' replacement effects"),
    "371.2.b": (("UNL-086",), "a once-each-turn replacement its controller may decline"),
    "375": (("UNL-086",), "a token replacement inheriting a modification"),
    "377.2.b": (("UNL-160",), "a 'use this only while' activated ability"),
    "383.3.b": (("UNL-135",), "a cost within instructions later in a trigger"),
    "429.3": (("UNL-163",), "Add reactions paying an applied cost"),
    "438.1.a": (("UNL-195",), "a battlefield replaced by a token"),
    "443.1.a": (("VEN-022",), "skipping a Draw Phase"),
    "444.2": (("UNL-079",), "a Pay instruction the player may decline"),
    "465.2.c.4.a": (("UNL-013",), "a damage-doubling replacement in combat assignment"),
    "477.1.b.1.b": (("UNL-200", "UNL-199"), "copying a token that is a copy"),
    "477.3.c": (("UNL-063",), "doubling a negative Might"),
    "727.1.b.2": (("UNL-075",), "a Level dependent keyword"),
    "758.2": (("UNL-063",), "a target becoming targetable again"),
    "758.2.a": (("UNL-057", "UNL-128", "UNL-060"), "untargetability granted to others"),
    "761.1": (("VEN-132",), "naming a card by its name"),
    "766": (("VEN-061", "VEN-004"), "an ability ignored while paying or assigning damage"),
    "767": (("VEN-061", "VEN-004"), "an ignored ability only for the players told to"),
    "811.1.d.2.a": (("UNL-083",), "two targets of a hidden spell treated separately"),
    "822.1.d": (("UNL-120",), "Ambush used as a verb"),
}


#: RUP4 id -> why its example has no test yet (NOT DONE: each names what is missing; the
#: list may only shrink - an id tested elsewhere must leave it)
NOT_TESTED: dict[str, str] = {}


@pytest.mark.skipif(not (REFERENCE / "core-rules-2026-07-16.json").exists(),
                    reason="the reference rules folder is not next to the repository")
def test_the_list_is_what_the_reference_texts_give() -> None:
    assert changed_with_example(REFERENCE) == CHANGED_WITH_EXAMPLE


def test_the_list_holds_every_rup4_id_once() -> None:
    assert len(CHANGED_WITH_EXAMPLE) == len(set(CHANGED_WITH_EXAMPLE)) == 126
    assert set(CHANGED_WITH_EXAMPLE) <= editions.rule_ids(editions.RUP4)


def test_every_listed_rule_has_a_test_naming_it() -> None:
    assert all(MODULES)  # the modules whose tests register with ``example`` are loaded
    named = set(TESTED) | set(REFUSED_CARDS)
    assert not named & set(NOT_TESTED), "tested now: take it out of NOT_TESTED"
    assert set(NOT_TESTED) <= set(CHANGED_WITH_EXAMPLE)
    missing = [rid for rid in CHANGED_WITH_EXAMPLE if rid not in named | set(NOT_TESTED)]
    assert missing == [], f"RUP4 rules with an example and no test: {', '.join(missing)}"
    for rid, tests in TESTED.items():
        for name in tests:
            module = next((m for m in MODULES if hasattr(m, name)), None)
            assert module is not None and name.startswith("test_"), (rid, name)


@pytest.mark.parametrize("rule", sorted(REFUSED_CARDS))
def test_rup4_example_needing_an_unplayed_card_is_refused_naming_it(rule: str) -> None:
    """Refused by name: the card (UnsupportedCard), or the RUP4 rule of what it does that
    the engine does not implement (``differences_rup4.REFUSED_CARDS``: EditionUnsupported
    naming that rule and the card)."""
    cards, _why = REFUSED_CARDS[rule]
    for card in cards:
        facts = card_facts(card)
        by_rule = differences_rup4.REFUSED_CARDS.get(card)
        assert not facts.supported or (by_rule is not None and by_rule.always), \
            f"{card} is now encoded: play RUP4 {rule}'s example instead"
        state = game()
        state.edition = editions.RUP4
        runes(state, "p1", 8)
        if facts.type in {"Legend", "Battlefield"}:
            with pytest.raises(UnsupportedCard, match=rf"{facts.id}"):
                facts.require_supported()
            continue
        oid = put(state, card, "p1", "hand")
        decision = CardPlayed(player="p1", card=oid, destination="base", payment=Payment())
        if by_rule is not None:
            with pytest.raises(editions.EditionUnsupported,
                               match=rf"^RUP4 {re.escape(by_rule.rule)}: {re.escape(str(facts))}"):
                engine.apply(state, decision)
            continue
        with pytest.raises(UnsupportedCard) as err:
            engine.apply(state, decision)
        assert err.value.card == str(facts)
