"""Playing cards (v1.3 349-359, 398-406, 419): the CardPlayed decision and the chain's
simplest case.

The process of play (353-359), carried out by :func:`apply_card_played` in one step:

1. the card leaves its hand or Champion Zone (354; 419.1.a);
2. choices: a unit's location - its controller's base or a battlefield they control
   (355.2.a); gear goes to the base (148.1.a.1); a spell's targets (355.5);
3. total cost (356): the printed cost, plus optional additional costs (Accelerate, 805),
   then the cost modifiers registered in :data:`COST_MODIFIERS` (356.3-356.4), never
   below 0 (356.5);
4. paying (357) with :func:`riftlog.rules.board.resources.pay`;
5. legality (358) is :func:`check_card_played`: timing (310.1.a, 308.1.a, 309.1.a and the
   Action/Reaction permissions 806/813), location, cost;
6. finishing (359): a unit enters exhausted (143.4, 359.2.c) unless accelerated (805.6),
   gear enters ready at the base (359.2.d); a spell stays on the chain as a finalized item
   and its controller gets priority (337.1.c.3, 359.3).

When every player has passed priority in a row (339.1) the turn flow calls
:func:`resolve_top` (registered in :data:`riftlog.rules.board.hooks.CHAIN` unless a fuller chain
module did it first): the spell's game effect is executed by its ability encoding
(``resolve(state, item, log)``, registered in :data:`riftlog.cards.abilities.ABILITIES`)
and the card goes to its owner's trash (359.3.d).  A card whose abilities the engine does
not implement raises :class:`~riftlog.errors.UnsupportedCard` naming it, when played and
when resolving - it never silently does nothing.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

from riftlog.cards import abilities as card_abilities
from riftlog.cards.abilities import ability_for
from riftlog.cards.vocab import Encoding
from riftlog.errors import ImpossibleDecision, UnsupportedCard, UnsupportedRule
from riftlog.events.play import CardPlayed
from riftlog.rules import editions
from riftlog.rules.board import gear_pool, hooks, spell_pool
from riftlog.rules.board.core import GameAction, Violation, handles
from riftlog.rules.board.layers import printed_type
from riftlog.rules.board.resources import (
    Cost,
    card_cost,
    card_facts,
    find_payment,
    one_of_domains,
    pay,
    payment_violations,
)
from riftlog.rules.board.shared import share_for, take_shared
from riftlog.rules.board.state import BattlefieldState, ChainItem, GameState
from riftlog.rules.board.zones import apply_contested, base_of, change_zone
from riftlog.rules.playing import abilities, cost_blame, move_destinations, play_permissions
from riftlog.rules.playing.play_keywords import play_keywords
from riftlog.rules.playing.timing import timing_violations

__all__ = [
    "COST_MODIFIERS",
    "ENFORCED_KEYWORDS",
    "accelerate_cost",
    "apply_card_played",
    "candidates",
    "check_card_played",
    "effect_permit",
    "resolve_top",
    "timing_violations",
    "total_cost",
]

#: Keywords whose effect this module enforces (see :mod:`riftlog.rules.board.keywords`).
ENFORCED_KEYWORDS: tuple[str, ...] = ("Accelerate", "Action", "Reaction",
                                      "Ambush")  # mechanics helper: Ambush (822)

#: Cost modifiers (v1.3 356.3 increases, 356.4 discounts): ``fn(state, player, oid, cost)
#: -> cost``, applied in order after additional costs.  Ability encodings register here.
CostModifier = Callable[[GameState, str, str, Cost], Cost]
COST_MODIFIERS: list[CostModifier] = []
#: issue 24: ``fn(state, player, oid, cost, accelerate, choices, targets) -> Cost``, cost changes
#: that read the play itself (its targets, its optional costs; riftlog.rules.playing.cost_changes)
PLAY_COST_CHANGES: list[Callable[[GameState, str, str, Cost, bool, Any, Any], Cost]] = []
#: issue #5 (K2): ``fn(state, decision) -> [Violation]``, restrictions on plays registered by
#: other modules (riftlog.rules.playing.restrictions: "can't" effects, 054.1).
PLAY_RESTRICTIONS: list[Callable[[GameState, CardPlayed], list[Violation]]] = []

_PLAYABLE_FROM = ("hand", "champion")


def accelerate_cost(card_id: str, edition: str = "v1.3") -> Cost:
    """Accelerate's optional additional cost (v1.3 805.1.a): one Energy and one Power of the
    unit's domain, or of any domain if it has none or several (805.1.a.1-2).  Under RUP4
    (805.1.a, [1][C]) a unit of several domains takes Power of one of them (805.1.a.1)."""
    domains = card_facts(card_id).domains
    if len(domains) > 1 and edition == editions.RUP4:  # editions helper: RUP4 805.1.a.1
        return Cost(1, {one_of_domains(domains): 1})
    return Cost(1, {domains[0] if len(domains) == 1 else "Any": 1})


def total_cost(state: GameState, player: str, oid: str, *, accelerate: bool = False,
               choices: Mapping[str, Any] | None = None,
               targets: Any = ()) -> Cost:
    """The Total Cost of playing *oid* (v1.3 356): base cost (tokens cost 0, 182.2.a.1),
    optional additional costs, the card's own encoded cost changes (additional costs
    chosen in *choices*, reductions: :func:`riftlog.rules.playing.abilities.adjust_cost`), then
    registered modifiers; never below 0 (356.5)."""
    obj = state.objects[oid]
    permit = effect_permit(state, player, oid)  # issue #5: played as an effect (419.3)
    if permit is not None:
        cost = _permit_base_cost(permit, obj.card, state.edition)  # 356.1.b
    # tokens cost 0 (182.2.a.1); a card played from Hidden ignores its base cost (811.1.b)
    else:
        cost = Cost() if obj.token or obj.zone == "facedown" else card_cost(obj.card, state.edition)
        cost = play_permissions.base_cost(state, player, oid, cost, choices)  # issue 24: 356.1.b.2
    if accelerate:
        extra = accelerate_cost(obj.card, state.edition)
        power = dict(cost.power)
        for domain, n in extra.power.items():
            power[domain] = power.get(domain, 0) + n
        cost = Cost(cost.energy + extra.energy, power)
    if _framework(obj.card):
        cost = abilities.adjust_cost(state, player, oid, cost, choices, targets)
    for change in PLAY_COST_CHANGES:  # issue 24: 356.3-356.4 changes that read the play
        cost = change(state, player, oid, cost, accelerate, choices, targets)
    for modify in COST_MODIFIERS:
        cost = modify(state, player, oid, cost)
    if permit is not None and permit.get("reduce"):  # issue #5: the effect's discount (356.4),
        cost = Cost(cost.energy - permit["reduce"], dict(cost.power))  # last: the lowest total
    return Cost(max(0, cost.energy), {d: n for d, n in cost.power.items() if n > 0})


def effect_permit(state: GameState, player: str, oid: str) -> dict[str, Any] | None:
    """issue #5: the permission of a card an effect instructs *player* to play now (419.3),
    set in ``state.extra["effect_play"]`` by :mod:`riftlog.rules.playing.play_effects` while the
    play is being finalized, or None.  Keys: card, player, from (the zone it is played
    from), ignore ("cost" | "energy" | "power" | None, 356.1.b), reduce (Energy off, 356.4),
    to (a place a unit must be played to, or None)."""
    permit = state.extra.get("effect_play")
    if permit and permit["card"] == oid and permit["player"] == player:
        return dict(permit)
    return None


def _permit_base_cost(permit: dict[str, Any], card_id: str, edition: str) -> Cost:
    """issue #5: the base cost of a card played as an effect: all of it ignored (356.1.b.1),
    or only its Energy or Power cost (356.1.b.2)."""
    ignore = permit.get("ignore")
    if ignore == "cost":
        return Cost()
    printed = card_cost(card_id, edition)
    if ignore == "energy":
        return Cost(0, dict(printed.power))
    if ignore == "power":
        return Cost(printed.energy)
    return printed


def _battlefield(state: GameState, oid: str) -> BattlefieldState | None:
    return next((bf for bf in state.battlefields if bf.oid == oid), None)


def _destination(state: GameState, d: CardPlayed, kind: str,
                 hidden_at: str | None = None) -> tuple[str | None, list[Violation]]:
    """Where the card goes, and what is wrong with the chosen destination.  A hidden
    permanent goes to the battlefield it was hidden at (811.1.d.1)."""
    ed = state.edition
    home = base_of(d.player)
    dest = d.destination
    forced = (effect_permit(state, d.player, d.card) or {}).get("to")
    if forced is not None and kind == "Unit":  # issue #5: the effect says where (355.2.b)
        if dest != forced:
            return forced, [Violation("355.2.b", f"the effect plays this unit to {forced}, "
                                      f"not {dest}", ed)]
        return forced, []
    if kind == "Spell":
        if dest is not None:
            return None, [Violation("152", f"a spell goes to the chain, not to {dest}", ed)]
        if hidden_at is not None:
            return None, abilities.hidden_target_violations(state, d, hidden_at)
        return None, []
    if hidden_at is not None:
        if kind != "Unit" and state.edition == "v1.2":  # editions helper: v1.2 737.1.d.1
            raise editions.unsupported(state, "737.1.d.1", f"hidden {kind.lower()} {d.card} "
                                       "is played; v1.2 sends only hidden units to their battlefield")
        if dest != hidden_at:
            return hidden_at, [Violation("811.1.d.1", f"a hidden permanent is played to the "
                                         f"battlefield it was hidden at ({hidden_at}), not {dest}", ed)]
        spot = _battlefield(state, hidden_at)
        if kind == "Unit" and spot is not None:  # 457.2 "by any means"
            return hidden_at, _combat_exclusion(state, spot, d.player)
        return hidden_at, []
    if dest is None or dest == "base":
        dest = home
    if kind == "Gear":
        if dest != home:
            return home, [Violation("148.1.a.1", f"gear can only be played to its controller's "
                                    f"base, not to {dest}", ed)]
        return home, []
    if dest == home:
        return home, []
    if dest.startswith("base:"):
        return dest, [Violation("355.2.a", f"a unit is played to its controller's base, not {dest}", ed)]
    bf = _battlefield(state, dest)
    if bf is None:
        return dest, [Violation("355.2", f"{dest!r} is not a battlefield or base", ed)]
    if bf.controller != d.player and not abilities.may_play_to(state, d.player, d.card, bf) \
            and not _ambush_spot(state, d):  # mechanics helper: Ambush (822.1.b)
        return dest, [Violation("355.2.a", f"{d.player} does not control battlefield {dest}; "
                                "units are played to their base or a battlefield they control", ed)]
    return dest, _combat_exclusion(state, bf, d.player)


def _combat_exclusion(state: GameState, bf: BattlefieldState, player: str) -> list[Violation]:
    """showdown/combat helper, 457.2: *player* plays no unit to *bf* while a combat there
    that it takes no part in is staged or under way."""
    if hooks.excluded_from_combat(state, bf, player):
        return [Violation("457.2", f"{player} takes no part in the combat staged or under way "
                          f"at {bf.oid}; units are not played there", state.edition)]
    return []


def _ambush_spot(state: GameState, d: CardPlayed) -> bool:
    """mechanics helper: a unit with Ambush played to a battlefield where its player controls
    a unit (822.1.b); the units must still be there as play finalizes (822.3)."""

    obj = state.objects.get(d.card)
    bf = _battlefield(state, d.destination or "")
    if obj is None or bf is None or "Ambush" not in card_facts(obj.card).keyword_names:
        return False
    spot = any(state.objects[o].controller == d.player and state.objects[o].attached_to is None
               and printed_type(state.objects[o].card) == "Unit" for o in bf.units)
    if spot and state.edition == "v1.2":  # editions helper: no Ambush (822) in v1.2
        raise editions.new_in_v13(state, "822", f"{d.card} would be played to {bf.oid} by Ambush")
    return spot


def _card_of(state: GameState, d: CardPlayed) -> tuple[Any, list[Violation]]:
    ed = state.edition
    obj = state.objects.get(d.card)
    if d.player not in state.players:
        return None, [Violation("419.1", f"there is no player {d.player!r}", ed)]
    if obj is None:
        return None, [Violation("419.1.a", f"there is no card {d.card!r}", ed)]
    permit = effect_permit(state, d.player, d.card)
    if permit is not None and obj.zone == permit["from"]:  # issue #5: from where the effect says
        return obj, []
    if obj.zone == "facedown" and obj.owner == d.player:  # 811.1.b: played from Hidden
        return obj, abilities.hidden_play_violations(state, obj, d.player)
    if obj.zone not in _PLAYABLE_FROM or obj.owner != d.player:
        where = f"{obj.owner}'s {obj.zone}" if obj.zone in _PLAYABLE_FROM else obj.zone
        return None, [Violation("419.1.a", f"{d.card} is not in {d.player}'s hand or Champion "
                                f"Zone (it is in {where})", ed)]
    return obj, []


def check_card_played(state: GameState, d: CardPlayed) -> list[Violation]:
    """Everything wrong with playing a card (empty when legal).  Raises
    :class:`~riftlog.errors.UnsupportedCard` for a card whose abilities are not encoded."""
    ed = state.edition
    obj, out = _card_of(state, d)
    if obj is None:
        return out
    facts = card_facts(obj.card)
    kind = facts.type
    if kind not in ("Unit", "Gear", "Spell"):
        return [Violation("133.5.a.1" if kind == "Rune" else "169.2.a",
                          f"{facts.name} is a {kind}: it is not played", ed)]
    editions.refuse_rup4_card(state, str(facts), facts.keyword_names,  # RUP4 827-829,
                              card=facts)  # 204.3.b, 440-444, 750-767
    facts.require_supported()
    keywords = play_keywords(state, d.player, d.card)  # issue 24: and those given as played
    hidden = obj.zone == "facedown"
    if hidden:
        keywords = keywords | {"Reaction"}  # 811.6
    if "Quick-Draw" in keywords:  # mechanics helper: Quick-Draw has Reaction (819.1.b)
        keywords = keywords | {"Reaction"}
    if "Ambush" in keywords:  # mechanics helper: Reaction only while played there (822.1.b;
        # the catalog lists Ambush's reminder Reaction as a keyword of its own)
        keywords = keywords | {"Reaction"} if _ambush_spot(state, d) else keywords - {"Reaction"}
    if effect_permit(state, d.player, d.card) is None:  # issue #5: an effect's play is timed by it (419.3)
        out += timing_violations(state, d.player, keywords)
    out += abilities.play_restrictions(state, d)  # "can't play" effects
    for restriction in PLAY_RESTRICTIONS:  # issue #5 (K2): e.g. where units can't be played
        out += restriction(state, d)
    out += play_permissions.violations(state, d)  # issue 24: a claimed permission (356.1.b)
    _, where = _destination(state, d, kind, obj.location if hidden else None)
    out += where
    if d.accelerate and "Accelerate" not in keywords:
        out.append(Violation("805.1", f"{facts.name} has no Accelerate", ed))
    if d.targets and kind != "Spell":
        out.append(Violation("355.5", f"{facts.name} makes no choice of targets as it is played", ed))
    if kind == "Spell":
        out += _spell_violations(state, d, obj.card)
    if _framework(obj.card) or d.choices.get("discard") is not None:
        out += abilities.play_choice_violations(state, d)
    cost = total_cost(state, d.player, d.card, accelerate=d.accelerate and "Accelerate" in keywords,
                      choices=d.choices, targets=d.targets)
    rest = spell_pool.rest_of_cost(state, d.player, cost) if kind == "Spell" else cost  # 165, 429
    rest = gear_pool.rest_of_cost(state, d.player, rest) if kind == "Gear" else rest  # issue 24
    paying = payment_violations(state, d.player, rest, d.payment)
    if paying and rest == cost:  # issue 19: name the part of the cost that is not paid
        paying = cost_blame.blame_cost(state, d, cost, functools.partial(
            _cost_with, state, d, "Accelerate" in keywords), paying)
    keep = share_for(state, d)
    if keep is not None:  # replay-perf: for apply_card_played (see there)
        keep["cost"], keep["rest"], keep["paying"] = cost, rest, paying
    return out + paying


def _cost_with(state: GameState, d: CardPlayed, has_accelerate: bool, *,
               accelerate: bool | None = None, choices: Any = None) -> Cost:
    """The Total Cost of *d* with Accelerate or the choices changed (for cost_blame)."""
    acc = d.accelerate if accelerate is None else accelerate
    return total_cost(state, d.player, d.card, accelerate=acc and has_accelerate,
                      choices=d.choices if choices is None else choices, targets=d.targets)


def _encoding(card_id: str) -> Any:
    return ability_for(card_id)


def _framework(card_id: str) -> bool:
    """Whether the card is encoded in the vocabulary (riftlog.cards.vocab)."""
    return isinstance(card_abilities.ABILITIES.get(card_id), Encoding)  # read at call time


def _spell_violations(state: GameState, d: CardPlayed, card_id: str) -> list[Violation]:
    if _framework(card_id):
        return abilities.spell_violations(state, d, card_id)
    enc = _encoding(card_id)
    check = getattr(enc, "check_play", None)
    if check is not None:
        result: list[Violation] = check(state, d)
        return result
    if d.targets:
        return [Violation("355.8", f"{card_id} takes no targets", state.edition)]
    return []


@handles(CardPlayed)(check_card_played)
def apply_card_played(state: GameState, d: CardPlayed, log: list[GameAction]) -> None:
    """Carry out the process of play (v1.3 353-359); see the module docstring."""
    # replay-perf: check_card_played's total cost and payment problems, judged on this very
    # state; taken before anything here changes it.  The engine's own steps before this
    # (queue popped and emptied, extra["answering"]) change nothing the cost or the payment
    # reads (tests/rules/test_check_apply_shared.py replays bot games both ways).
    kept = take_shared(state, d)
    obj, problems = _card_of(state, d)
    if obj is None:
        raise ImpossibleDecision(f"{state.edition} {problems[0].rule}: {problems[0].message}",
                                 list[object](problems))
    facts = card_facts(obj.card)
    editions.refuse_rup4_card(state, str(facts), facts.keyword_names,  # RUP4 827-829,
                              card=facts)  # 204.3.b, 440-444, 750-767
    facts.require_supported()
    kind = facts.type
    if kind not in ("Unit", "Gear", "Spell"):
        raise ImpossibleDecision(f"{state.edition} 133.5.a.1: a {kind} cannot be played")
    accelerate = d.accelerate and "Accelerate" in play_keywords(state, d.player, d.card)
    if kept is not None:  # the check's accelerate flag is this one ("Accelerate" in keywords)
        cost, rest, paying = kept["cost"], kept["rest"], kept["paying"]
    else:
        cost = total_cost(state, d.player, d.card, accelerate=accelerate, choices=d.choices,
                          targets=d.targets)
        rest = spell_pool.rest_of_cost(state, d.player, cost) if kind == "Spell" else cost
        rest = gear_pool.rest_of_cost(state, d.player, rest) if kind == "Gear" else rest  # issue 24
        paying = payment_violations(state, d.player, rest, d.payment) if kind == "Spell" else None
    dest, _ = _destination(state, d, kind, obj.location if obj.zone == "facedown" else None)
    if dest is not None and not dest.startswith("base:") and _battlefield(state, dest) is None:
        raise ImpossibleDecision(f"{state.edition} 355.2: {dest!r} is not a battlefield or base")
    if kind == "Spell" and not paying:  # mechanics helper: spell-only resources pay first (165, 429)
        cost = spell_pool.use_for_spell(state, d.player, cost, log)
    if kind == "Gear" and rest != cost and not payment_violations(state, d.player, rest, d.payment):
        cost = gear_pool.use_for_gear(state, d.player, cost, log)  # issue 24: gear-only first
    # 357; raises with nothing changed.  replay-perf: payment_violations of this cost was
    # found empty on this state (use_for_spell changes only the spell pool, which it does not read)
    pay(state, d.player, cost, d.payment, log, checked=paying == [] and cost is rest)
    play_permissions.use(state, d, log)  # issue 24: the permission it was played with is used
    framework = _framework(obj.card)
    if framework:
        abilities.pay_additional(state, d, log)  # 356.2 (e.g. discard as an additional cost)
    origin = obj.zone
    details: dict[str, Any] = {"card": obj.card, "from": origin, "to": dest or "chain",
                               "cost": cost.to_json(), "accelerate": accelerate}
    log.append(GameAction("play", d.player, (d.card,), details, "public", "419.1", d.player))
    if kind == "Spell":
        change_zone(state, obj, "chain")  # 354
        targets: dict[str, Any] = (abilities.play_targets(obj.card, d.targets, d.mode) if framework
                                   else {"targets": list(d.targets)})
        item = ChainItem(id=state.next_id("c"), kind="spell", controller=d.player, source=d.card,
                         legal=True, targets=targets, choices=dict(d.choices))
        if d.mode is not None:  # mechanics helper: the chosen mode (355.3) resolves
            item.choices["mode"] = d.mode
        state.chain.append(item)  # 359.3.a: finalized
        state.priority = d.player  # 337.1.c.3
        state.extra["passes"] = []  # 339.1: an item was added
        abilities.after_play(state, d.card, d.player, log, origin=origin)  # Legion marks, triggers
        return
    assert dest is not None
    zone = "base" if dest.startswith("base:") else "battlefield"
    change_zone(state, obj, zone, dest, controller=d.player)  # 359.2
    obj.exhausted = kind == "Unit" and not accelerate  # 143.4, 805.6, 359.2.d
    if zone == "battlefield":
        bf = _battlefield(state, dest)
        assert bf is not None
        apply_contested(state, bf, d.player)  # 187.3.a.1
    abilities.after_play(state, d.card, d.player, log, origin=origin)  # Legion marks, passives, triggers


def resolve_top(state: GameState, log: list[GameAction]) -> None:
    """Resolve the newest chain item (v1.3 340.1): execute a spell's effect through its
    ability encoding, then put the card in its owner's trash (359.3.d)."""
    if not state.chain:
        raise ImpossibleDecision(f"{state.edition} 340.1: the chain is empty")
    item = state.chain[-1]
    if item.kind == "ability" or (item.source is not None
                                  and _framework(state.objects[item.source].card)):
        abilities.resolve_item(state, item, log)
        return
    if item.kind != "spell" or item.source is None:
        raise UnsupportedRule(f"{state.edition} 340.1: resolving {item.kind} items is not "
                              "implemented yet")
    obj = state.objects[item.source]
    enc = _encoding(obj.card)
    resolve = getattr(enc, "resolve", None)
    if resolve is None:
        raise UnsupportedCard(str(card_facts(obj.card)), "its effect is not encoded")
    resolve(state, item, log)
    if obj.zone == "chain":  # 359.3.e.15: it may have left the chain while resolving
        change_zone(state, obj, "trash")
    log.append(GameAction("resolve", item.controller, (item.source,), {"item": item.id,
                          "card": obj.card}, "public", "340.1", item.controller))
    if state.chain:  # 340.4: the newest item's controller gains priority
        state.priority = state.chain[-1].controller


if not hooks.CHAIN:
    hooks.CHAIN.append(resolve_top)
hooks.main_decision("CardPlayed")
hooks.reaction_decision("CardPlayed")


@hooks.candidates
def candidates(state: GameState, player: str) -> list[CardPlayed]:
    """Cards *player* could play now, with a payment found for them (for bots): each unit
    to its base, gear to its base, spells without targets."""
    if player not in state.players:
        return []
    out: list[CardPlayed] = []
    for oid in [*state.players[player].hand, *state.players[player].champion]:
        facts = card_facts(state.objects[oid].card)
        if facts.type not in ("Unit", "Gear", "Spell") or not facts.supported:
            continue
        if timing_violations(state, player, facts.keyword_names):
            continue
        payment = find_payment(state, player, total_cost(state, player, oid))
        if payment is None:
            continue
        target_sets: list[Any] = [(None, ())]
        if facts.type == "Spell" and _framework(facts.id):  # mechanics helper: each mode (355.3)
            target_sets = [(m, t) for m in abilities.spell_modes(facts.id)
                           for t in abilities.target_options(state, player, oid, m)]
        for mode, targets in target_sets:
            picks = move_destinations.options(state, facts.id, targets) \
                if facts.type == "Spell" and isinstance(targets, dict) else [{}]  # issue 24: 355.4
            for choices in picks:
                d = CardPlayed(player=player, card=oid, payment=payment, targets=targets, mode=mode,
                               destination=None if facts.type == "Spell" else "base",
                               choices=choices)
                try:
                    if not check_card_played(state, d):
                        out.append(d)
                except (UnsupportedCard, UnsupportedRule):
                    continue
    return out
