"""Costs of playing encoded cards (v1.3 356): additional costs chosen in
``CardPlayed.choices`` (discard, kill, spend a buff, exhaust, extra power, Repeat), the card's
own reductions and those given by permanents (vocab.CostsLess).  Part of
:mod:`riftlog.rules.playing.abilities`, which re-exports every name here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from riftlog.cards import vocab as V
from riftlog.events.play import CardPlayed
from riftlog.rules.board import copied_text, layers
from riftlog.rules.board.buffs import spend
from riftlog.rules.board.core import GameAction, Violation
from riftlog.rules.board.resources import Cost, card_facts
from riftlog.rules.board.state import GameState
from riftlog.rules.board.zones import change_zone
from riftlog.rules.game_actions import actions
from riftlog.rules.interpreter import effects, triggers
from riftlog.rules.playing import battlefield_flags, granted_repeat
from riftlog.rules.playing.abilities_after_play import _next_spell_cheaper
from riftlog.rules.playing.abilities_spells import play_targets


def adjust_cost(state: GameState, player: str, oid: str, cost: Cost,
                choices: Mapping[str, Any] | None,
                targets: Sequence[str] | Mapping[str, Sequence[str]] = ()) -> Cost:
    """Apply the card's additional costs (356.2; Deflect of chosen targets, 809) and cost
    reductions (356.4)."""
    card = state.objects[oid].card
    cost = _next_spell_cheaper(state, player, oid, cost)  # ForTurn
    enc = effects.encoding(card)
    if enc is None:
        return cost
    given = granted_repeat.granted(state, player, oid) if (choices or {}).get("repeat") else []
    if not targets and not given and not effects.encoding_fact(card, _has_cost_abilities, False):
        # replay-perf: no Deflect to add and none of the abilities the steps below read
        # (each would leave the cost as it is): only the kill / spent-buff power filters
        return Cost(max(0, cost.energy),
                    _spent_buff_power(enc, _kill_cost_power(enc, cost, choices), choices))
    if targets:
        deflect = effects.deflect_power(state, player, play_targets(card, targets))
        if deflect:
            power = dict(cost.power)
            power["Any"] = power.get("Any", 0) + deflect
            cost = Cost(cost.energy, power)
    cost = _optional_additional_power(card, cost, choices)
    cost = _pay_any_power(enc, cost, choices)
    cost = _repeat_cost(enc, cost, choices,  # mechanics helper: Repeat (820.1.c.1)
                        battlefield_flags.repeat_discount(state, player), given)
    energy = cost.energy
    for ab in enc.abilities:
        if isinstance(ab, V.CostReduction):
            if effects.condition_holds(state, player, oid, ab.condition):
                energy = _reduced(energy, ab, effects.count(state, player, oid, ab.energy)
                                  if isinstance(ab.energy, V.Count) else ab.energy)
        elif isinstance(ab, V.AdditionalCost) and choices and choices.get("discard"):
            energy -= ab.reduce
    if _spends_for_free(enc, choices):  # the cost is ignored
        energy = 0
    power = _kill_cost_power(enc, cost, choices)
    return Cost(max(0, energy), _spent_buff_power(enc, power, choices))


_COST_KINDS = (V.CostReduction, V.AdditionalCost, V.RepeatCost, V.PayAnyPower)


def _has_cost_abilities(enc: V.Encoding) -> bool:
    """Whether *enc* has a CostReduction, AdditionalCost, RepeatCost or PayAnyPower ability
    (asked through effects.encoding_fact, so once per card)."""
    return any(isinstance(a, _COST_KINDS) for a in enc.abilities)


def _repeat_cost(enc: V.Encoding, cost: Cost, choices: Mapping[str, Any] | None,
                 discount: int = 0, given: Sequence[V.RepeatCost] = ()) -> Cost:
    """mechanics helper: the Repeat costs paid (820.1.c.1: additional costs), each *discount*
    Energy lower, never below 0 (Marai Spire, 356.4)."""
    paid = (choices or {}).get("repeat") or []
    if not paid:  # replay-perf: nothing repeated, nothing to look up
        return cost
    instances = [a for a in enc.abilities if isinstance(a, V.RepeatCost)] + list(given)
    if not instances or not isinstance(paid, list):
        return cost
    energy, power = cost.energy, dict(cost.power)
    for i in paid:
        if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(instances):
            energy += max(0, instances[i].energy - discount)
            for domain, n in instances[i].power:
                power[domain] = power.get(domain, 0) + n
    return Cost(energy, power)


def _spent_buff_power(enc: V.Encoding, power: dict[str, int],
                      choices: Mapping[str, Any] | None) -> dict[str, int]:
    """power off the cost per buff spent as an additional cost
    (``AdditionalCost(spend_buff=-1, reduce_power=...)``, Kraken Hunter)."""
    spent = (choices or {}).get("spend_buff")
    if not spent or not isinstance(spent, list):
        return power
    power = dict(power)
    for ab in enc.abilities:
        if isinstance(ab, V.AdditionalCost) and ab.spend_buff and not ab.kill:
            for domain, n in ab.reduce_power:
                power[domain] = max(0, power.get(domain, 0) - n * len(spent))
    return {k: v for k, v in power.items() if v}


def _spends_for_free(enc: V.Encoding, choices: Mapping[str, Any] | None) -> bool:
    """a buff was spent for an additional cost that makes the card free."""
    return bool((choices or {}).get("spend_buff")) and any(
        isinstance(ab, V.AdditionalCost) and ab.spend_buff and ab.free for ab in enc.abilities)


def _kill_cost_power(enc: V.Encoding, cost: Cost, choices: Mapping[str, Any] | None) -> dict[str, int]:
    """power off the cost per friendly unit killed as an additional cost."""
    power = dict(cost.power)
    killed = (choices or {}).get("kill")
    if not killed or not isinstance(killed, list):
        return power
    for ab in enc.abilities:
        if isinstance(ab, V.AdditionalCost) and ab.kill:
            for domain, n in ab.reduce_power:
                power[domain] = max(0, power.get(domain, 0) - n * len(killed))
    return {k: v for k, v in power.items() if v}


def _additional(card_id: str) -> V.AdditionalCost | None:
    enc = effects.encoding(card_id)
    if enc is None:
        return None
    return next((a for a in enc.abilities if isinstance(a, V.AdditionalCost)), None)


def play_choice_violations(state: GameState, d: CardPlayed) -> list[Violation]:
    """The additional costs chosen as the card is played (356.2): ``choices["discard"]``."""
    ed = state.edition
    obj = state.objects[d.card]
    extra = _additional(obj.card)
    if "additional" in d.choices or "exhaust" in d.choices:
        return _optional_additional_violations(state, d, extra)
    if (extra is not None and extra.kill) or "kill" in d.choices:
        out = _kill_cost_violations(state, d, extra)
        if extra is not None and extra.discard:  # two non-standard costs (357.2)
            out += _discard_violations(state, d, extra)
        return out + cost_order_violations(state, d)
    if (extra is not None and extra.return_gear) or "return" in d.choices:
        return _return_cost_violations(state, d, extra)
    if "exhaust_legend" in d.choices:  # issue 24: exhaust the legend (356.2)
        ready = [o for o in state.players[d.player].legend if not state.objects[o].exhausted]
        if extra is None or not extra.exhaust_legend:
            return [Violation("356.2", f"{obj.card} has no additional cost to exhaust a "
                              "legend", ed)]
        if not isinstance(d.choices["exhaust_legend"], bool):
            return [Violation("356.2", 'answer "exhaust_legend": true or false', ed)]
        if d.choices["exhaust_legend"] and not ready:
            return [Violation("356.2", f"{d.player} has no ready legend to exhaust", ed)]
        return []
    if (extra is not None and extra.spend_buff) or "spend_buff" in d.choices:
        return _spend_buff_violations(state, d, extra)
    return _discard_violations(state, d, extra) + cost_order_violations(state, d)


#: the non-standard costs whose order of payment a CardPlayed may record (357.2), as the
#: keys of ``CardPlayed.choices`` that pay them, in the order paid when none is recorded
ORDERED_COSTS = ("kill", "discard")


def cost_order_violations(state: GameState, d: CardPlayed) -> list[Violation]:
    """``choices["cost_order"]``: the order in which the non-standard costs chosen are paid
    (v1.3/RUP4 357.2: any order), a list naming each of them once."""
    if "cost_order" not in d.choices:
        return []
    order = d.choices["cost_order"]
    paid = [k for k in ORDERED_COSTS if d.choices.get(k)]
    if not isinstance(order, list) or sorted(map(str, order)) != sorted(paid):
        return [Violation("357.2", f"cost_order must name each non-standard cost paid once, in "
                          f"the order paid: {', '.join(paid) or 'none is paid'}", state.edition)]
    return []


def _discard_violations(state: GameState, d: CardPlayed,
                        extra: V.AdditionalCost | None) -> list[Violation]:
    """cards discarded as an additional cost (356.2), ``choices["discard"]``."""
    ed = state.edition
    obj = state.objects[d.card]
    picked = d.choices.get("discard")
    if picked is None:
        if extra is not None and not extra.optional:
            return [Violation("356.2", f"{obj.card} needs its additional cost paid "
                              f"(discard {extra.discard})", ed)]
        return []
    if extra is None or not extra.discard:
        return [Violation("356.2", f"{obj.card} has no additional cost to discard cards", ed)]
    hand = state.players[d.player].hand
    if not isinstance(picked, list) or len(picked) != extra.discard or len(set(picked)) != len(picked):
        return [Violation("356.2", f"the additional cost is discarding exactly {extra.discard} "
                          "card(s)", ed)]
    bad = [c for c in picked if c not in hand or c == d.card]
    if bad:
        return [Violation("356.2", f"{', '.join(bad)} cannot be discarded for the additional "
                          f"cost: not another card in {d.player}'s hand", ed)]
    return []


def _not_friendly_on_board(state: GameState, player: str, picked: list[Any],
                           kind: str) -> list[Any]:
    """The picked objects that are not a *kind* (card type) *player* controls on the board:
    what an additional cost of killing or returning friendly permanents cannot use (356.2)."""
    return [o for o in picked if o not in state.objects or state.objects[o].controller != player
            or state.objects[o].zone not in ("base", "battlefield")
            or effects._type(state.objects[o].card) != kind]


def _kill_cost_violations(state: GameState, d: CardPlayed,
                          extra: V.AdditionalCost | None) -> list[Violation]:
    """friendly units killed as an additional cost (356.2, 357),
    ``choices["kill"]``."""
    ed = state.edition
    card = state.objects[d.card].card
    picked = d.choices.get("kill")
    if extra is None or not extra.kill:
        return [Violation("356.2", f"{card} has no additional cost to kill units", ed)]
    if picked is None:
        if not extra.optional:
            return [Violation("356.2.a.1", f"{card} needs its additional cost paid: kill "
                              f"{extra.kill} friendly unit(s)", ed)]
        return []
    if not isinstance(picked, list) or len(set(picked)) != len(picked) or \
            (extra.kill > 0 and len(picked) != extra.kill):
        need = "any number of" if extra.kill < 0 else f"exactly {extra.kill}"
        return [Violation("356.2", f"the additional cost is killing {need} different friendly "
                          "unit(s)", ed)]
    bad = _not_friendly_on_board(state, d.player, picked, extra.kill_kind)
    if bad:
        return [Violation("356.2", f"{', '.join(map(str, bad))} cannot be killed for the "
                          f"additional cost: not a {extra.kill_kind.lower()} {d.player} "
                          "controls on the board", ed)]
    return []


def _return_cost_violations(state: GameState, d: CardPlayed,
                            extra: V.AdditionalCost | None) -> list[Violation]:
    """issue 24: friendly gear returned to their owners' hands as an additional cost (356.2,
    357), ``choices["return"]``."""
    ed = state.edition
    card = state.objects[d.card].card
    picked = d.choices.get("return")
    if extra is None or not extra.return_gear:
        return [Violation("356.2", f"{card} has no additional cost to return gear", ed)]
    if picked is None:
        if not extra.optional:
            return [Violation("356.2.a.1", f"{card} needs its additional cost paid: return "
                              f"{extra.return_gear} friendly gear to hand", ed)]
        return []
    if not isinstance(picked, list) or len(set(picked)) != len(picked) or \
            len(picked) != extra.return_gear:
        return [Violation("356.2", f"the additional cost is returning exactly "
                          f"{extra.return_gear} different friendly gear", ed)]
    bad = _not_friendly_on_board(state, d.player, picked, "Gear")
    if bad:
        return [Violation("356.2", f"{', '.join(map(str, bad))} cannot be returned for the "
                          f"additional cost: not a gear {d.player} controls on the board", ed)]
    return []


def _spend_buff_violations(state: GameState, d: CardPlayed,
                           extra: V.AdditionalCost | None) -> list[Violation]:
    """buffs of friendly units spent as an additional cost (356.2, 702.2.b),
    ``choices["spend_buff"]``."""
    ed = state.edition
    card = state.objects[d.card].card
    picked = d.choices.get("spend_buff")
    if extra is None or not extra.spend_buff:
        return [Violation("356.2", f"{card} has no additional cost to spend buffs", ed)]
    if picked is None:
        return [] if extra.optional else [Violation("356.2.a.1", f"{card} needs a buff spent", ed)]
    if not isinstance(picked, list) or len(set(picked)) != len(picked) or (
            extra.spend_buff >= 0 and len(picked) != extra.spend_buff):  # -1 any
        return [Violation("356.2", f"the additional cost is spending {extra.spend_buff} buff(s)", ed)]
    bad = [o for o in picked if o not in state.objects or state.objects[o].controller != d.player
           or state.objects[o].zone not in ("base", "battlefield") or not state.objects[o].buffed]
    if bad:
        return [Violation("702.2.b", f"{', '.join(map(str, bad))} has no buff {d.player} can spend", ed)]
    return []


def _pay_any_power(enc: V.Encoding, cost: Cost, choices: Mapping[str, Any] | None) -> Cost:
    """vocab.PayAnyPower adds X of [A] to the cost (356.2)."""
    for ab in enc.abilities:
        if isinstance(ab, V.PayAnyPower):
            x = (choices or {}).get(ab.key, 0)
            if isinstance(x, int) and not isinstance(x, bool) and x > 0:
                power = dict(cost.power)
                power["Any"] = power.get("Any", 0) + x
                cost = Cost(cost.energy, power)
    return cost


def pay_additional(state: GameState, d: CardPlayed, log: list[GameAction]) -> None:
    for oid in d.choices.get("spend_buff") or ():  # spend buffs (702.2.b)
        spend(state, state.objects[oid])
        log.append(GameAction("spend_buff", d.player, (oid,), {}, "public", "702.2.b", d.player))
    _pay_optional_additional(state, d, log)  # exhaust units, note it was paid
    if d.choices.get("exhaust_legend") is True:  # issue 24: the legend exhausted (357)
        for oid in state.players[d.player].legend:
            if not state.objects[oid].exhausted:
                actions.exhaust(state, oid, log)
                break
        _mark_paid(state, d.card)
    for oid in d.choices.get("return") or ():  # issue 24: gear returned to hand (357)
        obj = state.objects[oid]
        origin = obj.location
        change_zone(state, obj, "hand")
        log.append(GameAction("return_to_hand", d.player, (oid,), {"card": obj.card,
                              "from": origin}, "public", "357", d.player))
    order = d.choices.get("cost_order") or ORDERED_COSTS  # 357.2: in the order chosen
    for name in order:
        _PAYERS[name](state, d, log)


def _pay_kill(state: GameState, d: CardPlayed, log: list[GameAction]) -> None:
    killed = d.choices.get("kill")
    if killed:  # friendly units killed as an additional cost (357)
        effects.kill(state, list(killed), log, player=d.player)
        extra = _additional(state.objects[d.card].card)
        if extra is not None and extra.kill_kind != "Unit":  # issue 24: for PaidAdditional
            _mark_paid(state, d.card)


def _pay_discard(state: GameState, d: CardPlayed, log: list[GameAction]) -> None:
    picked = d.choices.get("discard")
    if picked:
        actions.discard(state, list(picked), log)
        for oid in picked:
            triggers.fire(state, "discarded", obj=oid, player=d.player)
        triggers.fire(state, "discards", player=d.player)  # once per discard


_PAYERS = {"kill": _pay_kill, "discard": _pay_discard}


def _optional_additional_power(card: str, cost: Cost, choices: Mapping[str, Any] | None) -> Cost:
    """An optional additional power (and Energy, issue 24) cost chosen with
    ``choices["additional"] = True`` (356.2)."""
    if not choices or choices.get("additional") is not True:  # replay-perf: checked first
        return cost
    extra = _additional(card)
    if extra is None or not (extra.power or extra.energy):
        return cost
    power = dict(cost.power)
    for domain, n in extra.power:
        power[domain] = power.get(domain, 0) + n
    return Cost(cost.energy + extra.energy, power)


def _optional_additional_violations(state: GameState, d: CardPlayed,
                                    extra: V.AdditionalCost | None) -> list[Violation]:
    """``choices["additional"]`` (a bool: pay the extra power) and ``choices["exhaust"]``
    (ready friendly units to exhaust) for an optional additional cost (356.2)."""
    ed = state.edition
    card = state.objects[d.card].card
    out: list[Violation] = []
    if "additional" in d.choices:
        if extra is None or not (extra.power or extra.energy):
            out.append(Violation("356.2", f"{card} has no additional power or Energy cost", ed))
        elif not isinstance(d.choices["additional"], bool):
            out.append(Violation("356.2", 'answer "additional": true or false', ed))
    if "exhaust" in d.choices:
        picked = d.choices["exhaust"]
        if extra is None or not extra.exhaust:
            out.append(Violation("356.2", f"{card} has no additional cost to exhaust units", ed))
        elif not isinstance(picked, list) or len(picked) != extra.exhaust or \
                len(set(picked)) != len(picked):
            out.append(Violation("356.2", f"the additional cost is exhausting exactly "
                                 f"{extra.exhaust} friendly unit(s)", ed))
        else:
            bad = [o for o in picked if o not in state.objects
                   or state.objects[o].controller != d.player
                   or state.objects[o].zone not in ("base", "battlefield")
                   or effects._type(state.objects[o].card) != "Unit"
                   or state.objects[o].exhausted]
            if bad:
                out.append(Violation("356.2", f"{', '.join(map(str, bad))} cannot be exhausted "
                                     f"for the additional cost: not a ready unit {d.player} "
                                     "controls", ed))
    return out


def _pay_optional_additional(state: GameState, d: CardPlayed, log: list[GameAction]) -> None:
    paid = False
    for oid in d.choices.get("exhaust") or ():
        actions.exhaust(state, oid, log)
        paid = True
    if d.choices.get("additional") is True:
        paid = True
    if paid:
        _mark_paid(state, d.card)


def _mark_paid(state: GameState, card: str) -> None:
    """Note that *card*'s optional additional cost was paid this turn (PaidAdditional)."""
    marks = state.extra.get("paid_additional") or {}
    if marks.get("turn") != state.turn:
        marks = {"turn": state.turn, "oids": []}
    marks["oids"].append(card)
    state.extra["paid_additional"] = marks


# --- cost reductions given by permanents (vocab.CostsLess, 356.4) ----------


def _gives_costs_less(card_id: str) -> tuple[V.CostsLess, ...]:
    return effects.encoding_fact(card_id, _costs_less_of, ())


def _costs_less_of(enc: V.Encoding) -> tuple[V.CostsLess, ...]:
    return tuple(a for a in enc.abilities if isinstance(a, V.CostsLess))


def costs_less(state: GameState, player: str, oid: str, cost: Cost) -> Cost:
    """A play.COST_MODIFIERS entry (installed by riftlog.rules.playing.cost_passives): the
    :class:`~riftlog.cards.vocab.CostsLess` abilities of *player*'s permanents on the board
    lower the Energy cost of the card *oid* they play."""
    less, floor = 0, 0
    tags: frozenset[str] | None = None
    p = state.players.get(player)
    if p is None:
        return cost
    objects = state.objects
    nothing: set[str] = set()  # replay-perf: cards already found to give no CostsLess
    for lst in (p.base, *[x for bf in state.battlefields for x in (bf.units, bf.gear)]):
        for src in lst:
            obj = objects[src]
            card = obj.card
            if card in nothing:
                continue
            gives = _gives_costs_less(card)
            if not gives:
                nothing.add(card)
                continue
            if obj.controller != player or src == oid:
                continue
            for ab in copied_text.with_copies(state, src, gives):  # each copy too (356.4)
                if (ab.at_battlefield and obj.zone != "battlefield") or (
                        ab.card_type is not None
                        and layers.printed_type(objects[oid].card) != ab.card_type):
                    continue
                if ab.tag is not None:
                    if tags is None:
                        tags = frozenset(layers.characteristics(state, oid).tags)
                    if ab.tag not in tags:
                        continue
                less += ab.energy
                floor = max(floor, ab.minimum)
    if not less:
        return cost
    energy = cost.energy if cost.energy <= floor else max(floor, cost.energy - less)
    own = _own_cost_reduction(state, player, oid)  # 356.4.e
    if own and cost.energy > 0:  # the player may apply this discount before the card's own
        before = cost.energy + own
        first = before if before <= floor else max(floor, before - less)
        energy = min(energy, max(0, first - own))
    return cost if energy == cost.energy else Cost(energy, dict(cost.power))


def _own_cost_reduction(state: GameState, player: str, oid: str) -> int:
    """the Energy the card's own CostReduction abilities take off now
    (356.4.e: a discount's minimum applies only to that discount, and the player orders
    discounts, so a minimum-limited discount may come first)."""
    enc = effects.encoding(state.objects[oid].card)
    if enc is None:
        return 0
    total = 0
    printed = card_facts(state.objects[oid].card).energy or 0
    for ab in enc.abilities:
        if isinstance(ab, V.CostReduction) and \
                effects.condition_holds(state, player, oid, ab.condition):
            n = effects.count(state, player, oid, ab.energy) if isinstance(
                ab.energy, V.Count) else ab.energy
            total += printed - _reduced(printed, ab, n) if ab.minimum else n
    return max(0, total)


def _reduced(energy: int, ab: V.CostReduction, n: int) -> int:
    """*energy* after the discount *ab* of *n* (issue 24: not below its minimum, and an
    Energy cost already at or below the minimum is left alone, 356.4.e)."""
    if not ab.minimum:
        return energy - n
    return energy if energy <= ab.minimum else max(ab.minimum, energy - n)
