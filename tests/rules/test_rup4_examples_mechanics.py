"""Issue 19: RUP4 examples whose mechanic the engine lacked until they were built here
(358.3 outcome checks, ...); each example played under RUP4, with the moves its rule
refuses (cited by rule), and the v1.3 counterpart where the editions share the rule.

Examples with a hypothetical card are played with a test-only encoding (the ``encode``
fixture); no example text is copied: each test describes its example in our words.
"""

from __future__ import annotations

import pytest

from riftlog.cards.vocab import (
    AdditionalCost,
    All,
    Chosen,
    Deal,
    Draw,
    Heal,
    If,
    Passive,
    SpellEffect,
    Target,
    Triggered,
    When,
)
from riftlog.cards.vocab_deck import RevealSplit
from riftlog.cards.vocab_limits import OnceEachTurn
from riftlog.cards.vocab_linked import IfDone, Performed
from riftlog.errors import IllegalDecision
from riftlog.events.abilities import TriggersOrdered
from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.domains import domains_of
from riftlog.rules.board.state import GameObject, GameState
from riftlog.rules.board.unpreventable import OWN_DAMAGE_UNPREVENTABLE
from riftlog.rules.flow import turn
from riftlog.rules.game_actions import actions
from riftlog.rules.interpreter import effects, once_each_turn, prevent_next
from riftlog.rules.playing import abilities
from tests.cards_engine.conftest import encode  # noqa: F401  (fixture)
from tests.cards_engine.helpers import (
    BODY_RUNE,
    CALM_RUNE,
    CHAOS_RUNE,
    FURY_RUNE,
    MIND_RUNE,
    ORDER_RUNE,
    SKULKER,
    Encode,
    apply,
    cast,
    choose,
    control,
    pass_all,
    pass_all_logged,
    pay_for,
    put,
    runes,
)
from tests.rules.board import table
from tests.rules.rup4_examples import example
from tests.rules.showdown_board import main_phase

RUP4 = "RUP4"
SHOWSTOPPER = "OGN-270"   # buff one of your units at home and move it to a chosen battlefield
PAKAA = "OGN-135"         # a unit with Hidden


def three_player_game(edition: str = RUP4) -> GameState:
    """A free-for-all of three in p1's Main Phase, runes of every domain for p1."""
    engine.load_extensions()
    s = main_phase(table(3, mode="ffa3"), plain=True)
    s.edition = edition
    for bf in s.battlefields:  # the battlefield cards on the board, as in a real game
        s.objects[bf.oid] = GameObject(oid=bf.oid, card=bf.card, owner=bf.owner,
                                       controller=bf.owner, zone="battlefield_card",
                                       location=bf.oid)
    for pid in s.players:
        for _ in range(3):
            put(s, SKULKER, pid, "main_deck")
    for rune in (FURY_RUNE, BODY_RUNE, ORDER_RUNE, CHAOS_RUNE, CALM_RUNE, MIND_RUNE):
        runes(s, "p1", 2, rune)
    return s


def rules_of(state: GameState, decision: CardPlayed) -> list[str]:
    return [v.citation for v in engine.check(state, decision)]


# --- 358.3: the outcome of a card played must not make an illegal state -------------------


def _showstopper(s: GameState, to: str = "bf1") -> tuple[CardPlayed, str]:
    unit = put(s, SKULKER, "p1", "base")
    card = put(s, SHOWSTOPPER, "p1", "hand")
    return CardPlayed(player="p1", card=card, targets={"t": (unit,), "bf": (to,)},
                      payment=pay_for(s, "p1", card)), unit


@example("358.3")
@pytest.mark.parametrize(("edition", "rule"), [(RUP4, "RUP4 358.3"), ("v1.3", "v1.3 358.2")])
def test_rup4_358_3_a_spell_moving_a_third_players_unit_in_is_refused(edition: str,
                                                                      rule: str) -> None:
    """A spell that would move p1's unit to a battlefield where p2 and p3 have units is not
    played at all (before: it was played and its move failed as it resolved)."""
    s = three_player_game(edition)
    put(s, SKULKER, "p2", "battlefield", "bf1")
    put(s, SKULKER, "p3", "battlefield", "bf1")
    d, _ = _showstopper(s)
    assert rules_of(s, d) == [rule]
    with pytest.raises(IllegalDecision, match=rf"{rule}: .*3 players there"):
        engine.apply(s, d)


def test_rup4_358_3_the_same_spell_is_played_where_one_other_player_is() -> None:
    s = three_player_game()
    put(s, SKULKER, "p2", "battlefield", "bf1")
    d, unit = _showstopper(s)
    assert rules_of(s, d) == []
    s = pass_all(apply(s, d))
    assert s.objects[unit].location == "bf1"


def test_rup4_358_3_a_hidden_unit_played_among_two_other_players_is_refused() -> None:
    """p1's hidden unit at bf1 (p1 still holds it) is played there while p2 and p3 have
    units there: three players at one battlefield (RUP4 358.3)."""
    s = three_player_game()
    control(s, "bf1", "p1")
    cub = put(s, PAKAA, "p1", "facedown", "bf1")
    s.extra["hidden"] = {cub: 0}
    put(s, SKULKER, "p2", "battlefield", "bf1")
    d = CardPlayed(player="p1", card=cub, destination="bf1", payment=Payment())
    assert "RUP4 358.3" not in rules_of(s, d)  # p1 and p2 only: legal as far as 358.3 goes
    put(s, SKULKER, "p3", "battlefield", "bf1")
    assert "RUP4 358.3" in rules_of(s, d)


# --- 383.3.e.2.b: a once-each-turn "you may" declined is not used up ----------------------


BIG = "OGN-219"          # a plain unit of Might 4
PORO = "OGN-052"         # Stalwart Poro
RECRUIT = "OGN-271"      # Recruit token


def _banisher(give: Encode, *, optional: bool = True) -> None:
    """A test-only unit (the example's card is not in the catalog): a death of an opponent's
    unit lets p1 draw 1 (optionally), at most one time in a turn.  The example's ability
    banishes the dead unit; the vocabulary's "it" names objects on the board only, and
    what the ability does is not what is tested."""
    give(BIG, Triggered(When("dies", "enemy_unit"), (Draw(1),),
                          condition=OnceEachTurn(), optional=optional))  # type: ignore[arg-type]


def _dies(s: GameState, *oids: str) -> tuple[GameState, list[GameAction]]:
    log: list[GameAction] = []
    effects.kill(s, list(oids), log)
    turn.advance(s, log)
    return s, log


def _may(s: GameState, use: bool) -> GameState:
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.options["kind"] == "may", req
    return choose(s, "p1", use=use)


@example("383.3.e.2.b")
def test_rup4_383_3_e_2_b_declining_leaves_the_ability_for_a_later_death(encode: Encode) -> None:  # noqa: F811
    """A Recruit token dies: p1 declines (the ability leaves the chain unperformed); a
    Stalwart Poro dies later that turn: it triggers again and, accepted, is performed; a
    third enemy death that turn does not trigger it (performed once: RUP4 383.3.e.1)."""
    _banisher(encode)
    s = three_player_game()
    put(s, BIG, "p1", "base")
    token = put(s, RECRUIT, "p2", "battlefield", "bf1", token=True)
    poro = put(s, PORO, "p2", "battlefield", "bf1")
    other = put(s, SKULKER, "p2", "battlefield", "bf1")
    s, _ = _dies(s, token)
    s = pass_all(_may(s, use=False))
    assert not s.chain and once_each_turn.uses(s, s.players["p1"].base[-1]) == 0
    hand = len(s.players["p1"].hand)
    s, _ = _dies(s, poro)
    s = pass_all(_may(s, use=True))
    assert len(s.players["p1"].hand) == hand + 1
    s, _ = _dies(s, other)
    assert not s.chain and engine.pending(s)[0].kind != "choice"  # it does not trigger
    assert len(s.players["p1"].hand) == hand + 1


@pytest.mark.parametrize(("edition", "chained"), [(RUP4, 2), ("v1.3", 1)])
def test_rup4_383_3_e_1_two_at_once_go_on_the_chain_and_the_second_is_not_performed(
        encode: Encode, edition: str, chained: int) -> None:  # noqa: F811
    """Two enemy units die at once.  RUP4: both triggers go on the chain (nothing is used
    until performed); the first resolves and banishes, the second is not performed, citing
    RUP4 383.3.e.1.  v1.3 383.3.f: the use is counted as the first goes on the chain, so
    the second never goes there.  Either way p1 draws once."""
    _banisher(encode, optional=False)
    s = three_player_game(edition)
    put(s, BIG, "p1", "base")
    a = put(s, SKULKER, "p2", "battlefield", "bf1")
    b = put(s, SKULKER, "p2", "battlefield", "bf1")
    hand = len(s.players["p1"].hand)
    s, log = _dies(s, a, b)
    while engine.pending(s)[0].kind == "trigger_order":
        ids = tuple(engine.pending(s)[0].options["ids"])
        s, more = engine.apply(s, TriggersOrdered(player="p1", order=ids))
        log += more
    assert len(s.chain) == chained
    s, more = pass_all_logged(s)
    log += more
    assert len(s.players["p1"].hand) == hand + 1
    removed = [x.rule for x in log if x.kind == "trigger_removed"]
    # engine.apply's log cites the game's own numbers (RUP4's 383.3.e.1 is new)
    assert removed == (["383.3.e.1"] if edition == RUP4 else ["383.3.f"])


# --- 142.3.b: "your damage" is the damage that player marks; it can be made unpreventable --


HEXTECH_RAY = "OGN-009"  # 3 damage to a unit at a battlefield
PHANTOM = "OGN-049"      # a plain unit of Might 5


@example("142.3.b")
@pytest.mark.parametrize("edition", [RUP4, "v1.3"])
def test_rup4_142_3_b_a_players_damage_that_cannot_be_prevented(encode: Encode,  # noqa: F811
                                                                 edition: str) -> None:
    """A test-only unit of p1 makes p1's damage unpreventable (the example's card is not
    in the catalog).  p1's spell deals its 3 in full to p2's unit that has a Prevent value
    and a one-shot prevention, neither used up; p2's damage to p1's shielded unit is still
    prevented: only the damage p1 marks is meant."""
    encode(BIG, flags=(OWN_DAMAGE_UNPREVENTABLE,))
    s = three_player_game(edition)
    put(s, BIG, "p1", "base")
    foe = put(s, PHANTOM, "p2", "battlefield", "bf1")
    log: list[GameAction] = []
    actions.prevent(s, foe, 2, log)
    prevent_next.prevent_next_damage_this_turn(s, foe, PHANTOM, "p2", log)
    s = pass_all(cast(s, HEXTECH_RAY, targets={"t": (foe,)}))
    assert s.objects[foe].damage == 3
    assert s.objects[foe].mods["prevent"] == 2 and s.extra["prevent_next"]
    mine = put(s, PHANTOM, "p1", "battlefield", "bf2")
    actions.prevent(s, mine, 2, log)
    assert actions.deal(s, mine, 3, log, player="p2") == 1  # p2's damage: 2 prevented
    assert actions.deal(s, foe, 1, log, player="p2") == 0   # p2's own one-shot prevention


def test_rup4_142_3_b_without_the_permanent_the_damage_is_prevented() -> None:
    s = three_player_game()
    foe = put(s, PHANTOM, "p2", "battlefield", "bf1")
    actions.prevent(s, foe, 2, [])
    s = pass_all(cast(s, HEXTECH_RAY, targets={"t": (foe,)}))
    assert s.objects[foe].damage == 1 and "prevent" not in s.objects[foe].mods


# --- 359.3.e.14.c: "if you do" reads that the action was performed, not how --------------


def _deal_then_heal(give: Encode) -> None:
    """A test-only spell (the example's is not in the catalog): 3 damage to an enemy unit
    at a battlefield; if that was done, heal your units at a chosen battlefield (the example
    heals where the damaged unit is; the place is a second target here)."""
    give(HEXTECH_RAY, SpellEffect(
        (Performed(Deal(3, Target("unit", "enemy", "battlefield"))),
         If(IfDone(), (Heal(All("unit", "yours", at=Chosen("bf"))),))),  # type: ignore[arg-type]
        targets=(Target("battlefield", name="bf"),)))


def _cast_at_shielded(give: Encode, shield: int | str) -> tuple[GameState, str, str]:
    _deal_then_heal(give)
    s = three_player_game()
    foe = put(s, PHANTOM, "p2", "battlefield", "bf1")
    mine = put(s, PHANTOM, "p1", "battlefield", "bf1")
    s.objects[mine].damage = 2
    actions.prevent(s, foe, shield, [])
    s = pass_all(cast(s, HEXTECH_RAY, targets={"t": (foe,), "bf": ("bf1",)}))
    return s, foe, mine


@example("359.3.e.14.c")
def test_rup4_359_3_e_14_c_damage_partly_prevented_still_links(encode: Encode) -> None:  # noqa: F811
    """2 of the 3 damage are prevented: 1 is dealt, so the linked heal happens."""
    s, foe, mine = _cast_at_shielded(encode, 2)
    assert s.objects[foe].damage == 1
    assert s.objects[mine].damage == 0
    assert "performed" not in s.extra  # the note lasts only while the spell resolves


def test_rup4_359_3_e_14_b_damage_wholly_prevented_is_not_done(encode: Encode) -> None:  # noqa: F811
    """All of it prevented: no damage is dealt (437.4), so the linked heal does not happen."""
    s, foe, mine = _cast_at_shielded(encode, "all")
    assert s.objects[foe].damage == 0
    assert s.objects[mine].damage == 2


# --- 424.4.a: revealed cards, each sent to one of two destinations ------------------------


def _reveal_two(give: Encode) -> tuple[GameState, list[str]]:
    """A test-only spell (the example's text is hypothetical): reveal the top 2 cards of
    your Main Deck, one to your hand, the other recycled."""
    give(HEXTECH_RAY, SpellEffect((RevealSplit(2, 1),)))
    s = three_player_game()
    deck = s.players["p1"].main_deck
    deck[:0] = [put(s, card, "p1", "hand") for card in (PORO, PHANTOM)]
    s.players["p1"].hand[:] = [o for o in s.players["p1"].hand if o not in deck]
    for oid in deck[:2]:
        s.objects[oid].zone = "main_deck"
    return pass_all(cast(s, HEXTECH_RAY)), list(deck)


@example("424.4.a")
def test_rup4_424_4_a_reveal_two_one_to_hand_the_other_recycled(encode: Encode) -> None:  # noqa: F811
    s, deck = _reveal_two(encode)
    first, second = deck[:2]
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.options["kind"] == "cards"
    assert req.options["from"] == [first, second] and req.options["count"] == 1
    s = choose(s, "p1", cards=[second])
    assert s.objects[second].zone == "hand"
    assert s.players["p1"].main_deck == [*deck[2:], first]  # recycled to the bottom


def test_rup4_424_4_a_both_or_an_unrevealed_card_are_refused(encode: Encode) -> None:  # noqa: F811
    s, deck = _reveal_two(encode)
    for cards in ([deck[0], deck[1]], [deck[2]]):
        with pytest.raises(IllegalDecision, match=r"RUP4 424\.4\.a: choose exactly 1"):
            choose(s, "p1", cards=cards)


# --- 357.2: two non-standard additional costs, paid in the order the player chooses -------


def _kill_and_discard(give: Encode, order: list[str] | None) -> tuple[GameState, CardPlayed]:
    """A test-only unit (the example's card is not in the catalog) whose additional cost
    is to kill a friendly unit and discard a card (the example discards a unit; any card
    here)."""
    give(BIG, AdditionalCost(kill=1, discard=1, optional=False))
    s = three_player_game()
    victim = put(s, SKULKER, "p1", "base")
    card = put(s, BIG, "p1", "hand")
    thrown = put(s, PORO, "p1", "hand")
    choices: dict[str, object] = {"kill": [victim], "discard": [thrown]}
    if order is not None:
        choices["cost_order"] = order
    return s, CardPlayed(player="p1", card=card, destination="base", choices=choices,
                         payment=pay_for(s, "p1", card, choices=choices))


@example("357.2")
@pytest.mark.parametrize("order", [["kill", "discard"], ["discard", "kill"]])
def test_rup4_357_2_two_additional_costs_are_paid_in_either_order(encode: Encode,  # noqa: F811
                                                                   order: list[str]) -> None:
    s, d = _kill_and_discard(encode, order)
    assert rules_of(s, d) == []
    s, log = engine.apply(s, d)
    paid = [a.kind for a in log if a.kind in ("kill", "discard")]
    assert paid == order
    assert s.objects[d.choices["kill"][0]].zone == "trash"
    assert s.objects[d.choices["discard"][0]].zone == "trash"


def test_rup4_357_2_both_costs_must_be_paid(encode: Encode) -> None:  # noqa: F811
    """The discard was unchecked beside a kill cost before: now it is required (356.2)."""
    s, d = _kill_and_discard(encode, None)
    d = d.model_copy(update={"choices": {"kill": d.choices["kill"]}})
    assert rules_of(s, d) == ["RUP4 356.2"]


@pytest.mark.parametrize("order", [["kill"], ["kill", "draw"], "discard,kill",
                                   ["kill", "kill", "discard"]])
def test_rup4_357_2_an_order_not_naming_each_cost_once_is_refused(encode: Encode,  # noqa: F811
                                                                  order: object) -> None:
    s, d = _kill_and_discard(encode, None)
    d = d.model_copy(update={"choices": {**d.choices, "cost_order": order}})
    assert rules_of(s, d) == ["RUP4 357.2"]


# --- 185.3.b.1: a layer effect appends a domain, to tokens too ----------------------------


@example("185.3.b.1")
def test_rup4_185_3_b_1_a_layer_effect_appends_a_domain_to_tokens(encode: Encode) -> None:  # noqa: F811
    """A test-only permanent (the example's card is not in the catalog; its domain is
    fixed here, not picked as it is played) makes every unit and gear Fury: a Recruit
    token, domainless (185.3.b), has Fury appended; an Order unit keeps Order and gains
    Fury; once the permanent leaves, the token has no domain again."""
    encode(PORO, Passive.of(layer="trait", affects={"type": "Unit"}, add_domains=["Fury"]),
           Passive.of(layer="trait", affects={"type": "Gear"}, add_domains=["Fury"]))
    s = three_player_game()
    token = put(s, RECRUIT, "p2", "battlefield", "bf1", token=True)
    order_unit = put(s, BIG, "p1", "base")
    assert domains_of(s, token) == () and domains_of(s, order_unit) == ("Order",)
    source = put(s, PORO, "p1", "base")
    abilities.start_passives(s, source)
    assert domains_of(s, token) == ("Fury",)
    assert domains_of(s, order_unit) == ("Fury", "Order")
    s, _ = _dies(s, source)
    assert domains_of(s, token) == ()
