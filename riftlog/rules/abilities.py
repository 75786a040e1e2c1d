"""Abilities through the encoding framework (v1.3 360-406): playing encoded cards,
activated abilities, choices during resolution, passives, chain items of abilities.

Called by :mod:`riftlog.rules.play` (small hooks, see riftlog/rules/ENGINE.md):
:func:`spell_violations` (targets of a spell as it is played, 355.5), :func:`adjust_cost`
(additional costs and cost reductions, 356), :func:`play_choice_violations` /
:func:`pay_additional` (the additional costs chosen in ``CardPlayed.choices``),
:func:`after_play` (played this turn for Legion 812, passives 363-366, "played" triggers
383.4.a) and :func:`resolve_item` (a spell or ability item of the chain resolves, 340).

Decisions judged here: :class:`~riftlog.events.abilities.AbilityActivated` (376-381; an
Add ability resolves at once, 429.2) and :class:`~riftlog.events.abilities.ChoiceMade`
(answers a ``"choice"`` request: "you may", targets of a triggered ability, cards to
discard, a custom choice).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from riftlog.cards import vocab as V
from riftlog.errors import ImpossibleDecision
from riftlog.events.abilities import AbilityActivated, CardHidden, ChoiceMade
from riftlog.events.play import CardPlayed
from riftlog.rules import actions, borrowed, discard_cost, effects, hooks, layers, triggers
from riftlog.rules.core import GameAction, Violation, handles
from riftlog.rules.resources import Cost, card_facts, find_payment, pay, payment_violations
from riftlog.rules.state import ChainItem, GameState
from riftlog.rules.zones import change_zone

__all__ = [
    "adjust_cost", "after_play", "pay_additional", "play_choice_violations", "play_targets",
    "resolve_item", "spell_violations",
]

_ = triggers  # its task and handler register on import


# --- playing encoded cards ---------------------------------------------------------------


def spell_effect(card_id: str, mode: str | None = None) -> tuple[int, V.SpellEffect]:
    enc = effects.encoding(card_id)
    if enc is not None:
        found = [(i, ab) for i, ab in enumerate(enc.abilities) if isinstance(ab, V.SpellEffect)]
        if mode is not None and mode.isdigit() and int(mode) < len(found):  # mechanics helper:
            return found[int(mode)]  # a modal spell has one SpellEffect per mode (355.3)
        if found:
            return found[0]
    raise effects.unsupported(card_id, "its spell effect is not encoded")


def spell_modes(card_id: str) -> list[str | None]:
    """mechanics helper: the modes a spell can be played with ([None] when not modal)."""
    enc = effects.encoding(card_id)
    n = sum(1 for ab in getattr(enc, "abilities", ()) if isinstance(ab, V.SpellEffect))
    return [str(i) for i in range(n)] if n > 1 else [None]


def mode_violations(state: GameState, d: CardPlayed, card_id: str) -> list[Violation]:
    """mechanics helper: a modal spell (2+ SpellEffect abilities, one per mode) needs
    ``CardPlayed.mode`` = the mode's number ("0", "1", ...) chosen as it is played (355.3);
    a spell with one effect takes no mode."""
    enc = effects.encoding(card_id)
    n = sum(1 for ab in getattr(enc, "abilities", ()) if isinstance(ab, V.SpellEffect))
    ed = state.edition
    if n < 2:
        return [] if d.mode is None else [Violation("355.3", f"{card_facts(card_id)} has no modes", ed)]
    if d.mode is None or not d.mode.isdigit() or int(d.mode) >= n:
        return [Violation("355.3", f"{card_facts(card_id)}: choose a mode, \"0\"..\"{n - 1}\"", ed)]
    return []


def play_targets(card_id: str, targets: Sequence[str] | Mapping[str, Sequence[str]],
                 mode: str | None = None) -> dict[str, list[str]]:
    """CardPlayed.targets as ``{name: [ids]}`` (a plain list names the first target)."""
    if isinstance(targets, Mapping):
        return {k: list(v) for k, v in targets.items()}
    if not targets:
        return {}
    specs = effects.targets_of(card_id, spell_effect(card_id, mode)[0])
    return {specs[0].name if specs else "t": list(targets)}


def spell_violations(state: GameState, d: CardPlayed, card_id: str) -> list[Violation]:
    modes = mode_violations(state, d, card_id)  # mechanics helper: 355.3
    if modes:
        return modes
    index, _ = spell_effect(card_id, d.mode)
    chosen = play_targets(card_id, d.targets, d.mode)
    repeats = _repeat_violations(state, d, card_id, index, chosen)  # mechanics helper: 820.2
    chosen = {k: v for k, v in chosen.items() if "@" not in k}
    return repeats + effects.target_violations(state, d.player, d.card, effects.targets_of(card_id, index), chosen,
                                               str(card_facts(card_id))) + \
        same_location_violations(state, d, card_id) + \
        total_might_violations(state, d, card_id)  # batch ogn_201_250, ogn_251_298


def adjust_cost(state: GameState, player: str, oid: str, cost: Cost,
                choices: Mapping[str, Any] | None,
                targets: Sequence[str] | Mapping[str, Sequence[str]] = ()) -> Cost:
    """Apply the card's additional costs (356.2; Deflect of chosen targets, 809) and cost
    reductions (356.4)."""
    card = state.objects[oid].card
    cost = _next_spell_cheaper(state, player, oid, cost)  # batch ogn_001_050 (ForTurn)
    enc = effects.encoding(card)
    if enc is None:
        return cost
    if targets:
        deflect = effects.deflect_power(state, player, play_targets(card, targets))
        if deflect:
            power = dict(cost.power)
            power["Any"] = power.get("Any", 0) + deflect
            cost = Cost(cost.energy, power)
    cost = _ogn_additional_power(card, cost, choices)  # batch ogn_001_050
    cost = _b251_pay_any_power(enc, cost, choices)  # batch ogn_251_298
    cost = _repeat_cost(enc, cost, choices)  # mechanics helper: Repeat (820.1.c.1)
    energy = cost.energy
    for ab in enc.abilities:
        if isinstance(ab, V.CostReduction):
            if effects.condition_holds(state, player, oid, ab.condition):
                energy -= effects.count(state, player, oid, ab.energy) if isinstance(
                    ab.energy, V.Count) else ab.energy
        elif isinstance(ab, V.AdditionalCost) and choices and choices.get("discard"):
            energy -= ab.reduce
    if _spends_for_free(enc, choices):  # batch ogn_201_250: the cost is ignored
        energy = 0
    power = _kill_cost_power(enc, cost, choices)  # batch ogn_201_250
    return Cost(max(0, energy), _b150_spent_buff_power(enc, power, choices))  # batch ogn_101_150


def _repeat_cost(enc: V.Encoding, cost: Cost, choices: Mapping[str, Any] | None) -> Cost:
    """mechanics helper: the Repeat costs paid (820.1.c.1: additional costs)."""
    paid = (choices or {}).get("repeat") or []
    instances = [a for a in enc.abilities if isinstance(a, V.RepeatCost)]
    if not paid or not instances or not isinstance(paid, list):
        return cost
    energy, power = cost.energy, dict(cost.power)
    for i in paid:
        if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(instances):
            energy += instances[i].energy
            for domain, n in instances[i].power:
                power[domain] = power.get(domain, 0) + n
    return Cost(energy, power)


def _repeat_violations(state: GameState, d: CardPlayed, card_id: str, index: int,
                       chosen: Mapping[str, Sequence[str]]) -> list[Violation]:
    """mechanics helper: ``choices["repeat"]`` names distinct Repeat instances (820.1.c.2-3)
    and each extra run's targets (``"t@2"``...) are legal (820.2, 820.2.a)."""
    import dataclasses

    ed = state.edition
    paid = d.choices.get("repeat")
    extra = sorted({k.split("@", 1)[1] for k in chosen if "@" in k})
    enc = effects.encoding(card_id)
    instances = [a for a in getattr(enc, "abilities", ()) if isinstance(a, V.RepeatCost)]
    if not paid:
        return [Violation("820.2", f"targets {extra} are for Repeat runs that were not paid", ed)] \
            if extra else []
    if not instances:
        return [Violation("820.1.a", f"{card_facts(card_id)} has no Repeat", ed)]
    if not isinstance(paid, list) or len(set(map(str, paid))) != len(paid) or any(
            not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(instances) for i in paid):
        return [Violation("820.1.c.3", f"choices['repeat'] lists distinct Repeat instances "
                          f"0..{len(instances) - 1}, each once", ed)]
    specs = effects.targets_of(card_id, index)
    out: list[Violation] = []
    for k in range(2, len(paid) + 2):
        renamed = [dataclasses.replace(s, name=f"{s.name}@{k}") for s in specs]
        mine = {n: v for n, v in chosen.items() if n.endswith(f"@{k}")}
        out += effects.target_violations(state, d.player, d.card, renamed, mine,
                                         f"{card_facts(card_id)} (Repeat run {k})")
    if any(int(x) > len(paid) + 1 for x in extra if x.isdigit()) or any(not x.isdigit() for x in extra):
        out.append(Violation("820.2", f"targets for runs {extra}; {len(paid) + 1} runs are paid", ed))
    return out


def _finish_repeat(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> None:
    """mechanics helper: run the spell's instructions once more per paid Repeat (820.1.d.1),
    each run with its own targets (820.2.a), then finish the spell (it was played once, 820.3.a)."""
    runs = len(ctx["choices"].get("repeat") or [])
    if "all_targets" not in ctx:
        ctx["all_targets"] = dict(ctx["targets"])
        ctx["run"] = 1
    if ctx["run"] > runs:
        _finish_spell(state, ctx, log)
        return
    ctx["run"] += 1
    k = ctx["run"]
    base = [n for n in ctx["all_targets"] if "@" not in n]
    ctx["targets"] = {n: list(ctx["all_targets"].get(f"{n}@{k}", [])) for n in base}
    ctx["pc"] = 0
    ctx["answers"] = {}
    effects.run(state, ctx, log)


effects.FINISHERS["repeat"] = _finish_repeat


def _b150_spent_buff_power(enc: V.Encoding, power: dict[str, int],
                           choices: Mapping[str, Any] | None) -> dict[str, int]:
    """batch ogn_101_150: power off the cost per buff spent as an additional cost
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
    """batch ogn_201_250: a buff was spent for an additional cost that makes the card free."""
    return bool((choices or {}).get("spend_buff")) and any(
        isinstance(ab, V.AdditionalCost) and ab.spend_buff and ab.free for ab in enc.abilities)


def _kill_cost_power(enc: V.Encoding, cost: Cost, choices: Mapping[str, Any] | None) -> dict[str, int]:
    """batch ogn_201_250: power off the cost per friendly unit killed as an additional cost."""
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
    if "additional" in d.choices or "exhaust" in d.choices:  # batch ogn_001_050
        return _ogn_additional_violations(state, d, extra)
    if (extra is not None and extra.kill) or "kill" in d.choices:  # batch ogn_201_250
        return _kill_cost_violations(state, d, extra)
    if (extra is not None and extra.spend_buff) or "spend_buff" in d.choices:  # batch ogn_201_250
        return _spend_buff_violations(state, d, extra)
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


def _kill_cost_violations(state: GameState, d: CardPlayed,
                          extra: V.AdditionalCost | None) -> list[Violation]:
    """batch ogn_201_250: friendly units killed as an additional cost (356.2, 357),
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
    bad = [o for o in picked if o not in state.objects or state.objects[o].controller != d.player
           or state.objects[o].zone not in ("base", "battlefield")
           or effects._type(state.objects[o].card) != "Unit"]
    if bad:
        return [Violation("356.2", f"{', '.join(map(str, bad))} cannot be killed for the "
                          f"additional cost: not a unit {d.player} controls on the board", ed)]
    return []


def _spend_buff_violations(state: GameState, d: CardPlayed,
                           extra: V.AdditionalCost | None) -> list[Violation]:
    """batch ogn_201_250: buffs of friendly units spent as an additional cost (356.2, 702.2.b),
    ``choices["spend_buff"]``."""
    ed = state.edition
    card = state.objects[d.card].card
    picked = d.choices.get("spend_buff")
    if extra is None or not extra.spend_buff:
        return [Violation("356.2", f"{card} has no additional cost to spend buffs", ed)]
    if picked is None:
        return [] if extra.optional else [Violation("356.2.a.1", f"{card} needs a buff spent", ed)]
    if not isinstance(picked, list) or len(set(picked)) != len(picked) or (
            extra.spend_buff >= 0 and len(picked) != extra.spend_buff):  # batch ogn_101_150: -1 any
        return [Violation("356.2", f"the additional cost is spending {extra.spend_buff} buff(s)", ed)]
    bad = [o for o in picked if o not in state.objects or state.objects[o].controller != d.player
           or state.objects[o].zone not in ("base", "battlefield") or not state.objects[o].buffed]
    if bad:
        return [Violation("702.2.b", f"{', '.join(map(str, bad))} has no buff {d.player} can spend", ed)]
    return []


def _b251_pay_any_power(enc: V.Encoding, cost: Cost, choices: Mapping[str, Any] | None) -> Cost:
    """batch ogn_251_298: vocab.PayAnyPower adds X of [A] to the cost (356.2)."""
    for ab in enc.abilities:
        if isinstance(ab, V.PayAnyPower):
            x = (choices or {}).get(ab.key, 0)
            if isinstance(x, int) and not isinstance(x, bool) and x > 0:
                power = dict(cost.power)
                power["Any"] = power.get("Any", 0) + x
                cost = Cost(cost.energy, power)
    return cost


def total_might_violations(state: GameState, d: CardPlayed, card_id: str) -> list[Violation]:
    """batch ogn_251_298: vocab.MaxTotalMight, the chosen units' total Might (355.11)."""
    enc = effects.encoding(card_id)
    out: list[Violation] = []
    for ab in enc.abilities if enc is not None else ():
        if isinstance(ab, V.PayAnyPower):  # batch ogn_251_298: X of [A] (356.2)
            x = d.choices.get(ab.key, 0)
            if not isinstance(x, int) or isinstance(x, bool) or x < 0:
                out.append(Violation("356.2", f"{card_facts(card_id)}: choices[{ab.key!r}] is the "
                                     "amount of [A] paid, a whole number 0 or more", state.edition))
    chosen = play_targets(card_id, d.targets)
    for ab in enc.abilities if enc is not None else ():
        if isinstance(ab, V.MaxTotalMight):
            ids = [o for n in ab.names for o in chosen.get(n, ()) if o in state.objects]
            total = sum(layers.might_of(state, o) for o in ids)
            if total > ab.n:
                out.append(Violation("355.11", f"the units chosen for {card_facts(card_id)} have "
                                     f"total Might {total}; at most {ab.n} is allowed",
                                     state.edition))
    return out


def same_location_violations(state: GameState, d: CardPlayed, card_id: str) -> list[Violation]:
    """batch ogn_201_250: a spell's targets that must share a location (355.11)."""
    enc = effects.encoding(card_id)
    out: list[Violation] = []
    chosen = play_targets(card_id, d.targets)
    for ab in enc.abilities if enc is not None else ():
        if isinstance(ab, V.SameLocation):
            places = {getattr(state.objects.get(o), "location", None)
                      for n in ab.names for o in chosen.get(n, ())}
            if len(places) > 1:
                out.append(Violation("355.11", f"the targets {', '.join(ab.names)} of "
                                     f"{card_facts(card_id)} must be at the same location",
                                     state.edition))
    return out


def pay_additional(state: GameState, d: CardPlayed, log: list[GameAction]) -> None:
    for oid in d.choices.get("spend_buff") or ():  # batch ogn_201_250: spend buffs (702.2.b)
        from riftlog.rules.buffs import spend  # issue #5 (K1): one buff each (702.2.b)

        spend(state, state.objects[oid])
        log.append(GameAction("spend_buff", d.player, (oid,), {}, "public", "702.2.b", d.player))
    _ogn_pay_additional(state, d, log)  # batch ogn_001_050: exhaust units, note it was paid
    killed = d.choices.get("kill")
    if killed:  # batch ogn_201_250: friendly units killed as an additional cost (357)
        effects.kill(state, list(killed), log, player=d.player)
    picked = d.choices.get("discard")
    if picked:
        actions.discard(state, list(picked), log)
        for oid in picked:
            triggers.fire(state, "discarded", obj=oid, player=d.player)
        triggers.fire(state, "discards", player=d.player)  # batch ogn_201_250: once per discard


def after_play(state: GameState, oid: str, player: str, log: list[GameAction],
               origin: str | None = None) -> None:
    """A card was played (its process finished, 359): note it for Legion (812), start its
    passives (363) if it is a permanent, and fire "played" (383.4.a)."""
    marks = state.players[player].turn_marks
    if marks.get("played_turn") != state.turn:
        marks["played_turn"] = state.turn
        marks["played"] = []
    marks["played"].append(oid)
    obj = state.objects[oid]
    enc = effects.encoding(obj.card)
    if enc is not None and obj.zone in ("base", "battlefield"):
        start_passives(state, oid)
    if enc is not None and "enters_exhausted" in enc.flags and obj.zone in ("base", "battlefield") \
            and not obj.exhausted:  # batch ogn_001_050: a permanent that enters exhausted
        obj.exhausted = True
    _turn_effects_after_play(state, obj, player, log)  # batch ogn_001_050
    if enc is not None and obj.zone in ("base", "battlefield") and obj.exhausted and any(
            isinstance(a, V.EntersReady) and effects.condition_holds(state, player, oid, a.condition)
            for a in enc.abilities):  # batch ogn_051_100: enters ready while a condition holds
        obj.exhausted = False
        log.append(GameAction("enter_ready", player, (oid,), {"card": obj.card}, "public",
                              "390", player))
    _fire_spell_chooses(state, oid, player)  # batch ogn_251_298
    # batch ogn_151_200: "from_hidden" when played from facedown (811), for EventFlag("from_hidden")
    triggers.fire(state, "played", obj=oid, player=player,
                  **({"from_hidden": True} if origin == "facedown" else {}))


def start_passives(state: GameState, oid: str) -> None:
    """Add the source's passive abilities as layers effects lasting while it is on the
    board (363-366)."""
    enc = effects.encoding(state.objects[oid].card)
    if enc is None:
        return
    state.effects[:] = [e for e in state.effects
                        if not (e.get("source") == oid and e.get("until") == "source_leaves")]
    for ab in enc.abilities:
        if isinstance(ab, V.Passive):
            layers.add_effect(state, {**dict(ab.effect), "source": oid, "until": "source_leaves"})
        elif isinstance(ab, V.RaiseVictoryScore):  # batch ogn_251_298 (once per source)
            raised = state.extra.setdefault("victory_raised", {})
            if oid not in raised:
                raised[oid] = ab.n
                state.victory_score += ab.n
        elif isinstance(ab, V.HideCapacity):  # batch ogn_251_298: 107.3.b
            state.extra.setdefault("facedown_capacity", {})[oid] = 1 + ab.extra


def _no_move_to_base(state: GameState, obj: Any, destination: str) -> tuple[str, str] | None:
    """batch ogn_251_298: vocab.NoMoveToBase of the battlefield a unit is at (054)."""
    if not destination.startswith("base:") or obj.zone != "battlefield" or not obj.location:
        return None
    bf = state.objects.get(obj.location)
    enc = effects.encoding(bf.card) if bf is not None else None
    if enc is not None and any(isinstance(a, V.NoMoveToBase) for a in enc.abilities):
        return "054", f"{obj.oid} is at {obj.location}, which units cannot leave for base"
    return None


def _register_move_restrictions() -> None:
    from riftlog.rules import movement

    if _no_move_to_base not in movement.MOVE_RESTRICTIONS:
        movement.MOVE_RESTRICTIONS.append(_no_move_to_base)


_register_move_restrictions()


def _fire_spell_chooses(state: GameState, oid: str, player: str) -> None:
    """batch ogn_251_298: a spell just played chose units as targets: fire "chooses" once per
    battlefield where it chose units friendly to *player* (obj = the first of them), with
    ``first`` = the player's first such choice at that battlefield this turn."""
    item = next((i for i in state.chain if i.source == oid and i.kind == "spell"), None)
    if item is None or not item.targets:
        return
    chosen = item.targets
    if "targets" in chosen:  # a plain target list (CardPlayed.targets as a list)
        chosen = {"t": chosen["targets"]}
    places: dict[str, str] = {}
    for ids in chosen.values():
        for target in ids if isinstance(ids, list | tuple) else ():
            obj = state.objects.get(target)
            if obj is not None and obj.zone == "battlefield" and obj.controller == player and \
                    obj.location and layers.printed_type(obj.card) == "Unit":
                places.setdefault(obj.location, target)
    marks = state.players[player].turn_marks
    if marks.get("chose_turn") != state.turn:
        marks["chose_turn"] = state.turn
        marks["chose_here"] = []
    for where, first_unit in places.items():
        first = where not in marks["chose_here"]
        if first:
            marks["chose_here"].append(where)
        triggers.fire(state, "chooses", obj=first_unit, player=player, battlefield=where,
                      spell=oid, first=first)


# --- resolving chain items -----------------------------------------------------------------


def resolve_item(state: GameState, item: ChainItem, log: list[GameAction]) -> None:
    """Resolve the top chain item through its encoding (340.1).  The item leaves the chain
    as it starts resolving; a spell card goes to the trash when its effect is done."""
    state.chain.remove(item)
    if item.kind == "spell":
        assert item.source is not None
        card = state.objects[item.source].card
        index = spell_effect(card, item.choices.get("mode"))[0]  # mechanics helper: 355.3
        finish = "repeat" if item.choices.get("repeat") else "spell"  # mechanics helper: 820
        targets = item.targets if "targets" not in item.targets else play_targets(
            card, item.targets["targets"], item.choices.get("mode"))
    else:
        card = item.effect["card"]
        index = item.effect["ability"]
        finish = "ability"
        targets = item.targets
    ctx = {"card": card, "source": item.source, "ability": index, "controller": item.controller,
           "targets": {k: list(v) for k, v in targets.items()}, "choices": dict(item.choices),
           "event": item.effect.get("event") or {}, "pc": 0, "answers": {}, "finish": finish,
           "item": item.id}
    effects.run(state, ctx, log)
    if state.chain:  # 340.4
        state.priority = state.chain[-1].controller


def _finish_spell(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> None:
    obj = state.objects[ctx["source"]]
    if obj.zone == "chain":  # 359.3.d
        change_zone(state, obj, "trash")
    log.append(GameAction("resolve", ctx["controller"], (ctx["source"],),
                          {"item": ctx["item"], "card": obj.card}, "public", "340.1",
                          ctx["controller"]))


def _finish_ability(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> None:
    log.append(GameAction("resolve", ctx["controller"], (ctx["source"],) if ctx["source"] else (),
                          {"item": ctx.get("item"), "card": ctx["card"],
                           "ability": ctx["ability"]}, "public", "340.1", ctx["controller"]))


effects.FINISHERS["spell"] = _finish_spell
effects.FINISHERS["ability"] = _finish_ability


# --- activated abilities (376-381, 429) ------------------------------------------------------


def _activated(state: GameState, d: AbilityActivated) -> tuple[Any, V.Activated | None, list[Violation]]:
    ed = state.edition
    obj = state.objects.get(d.source)
    if obj is None:
        return None, None, [Violation("379", f"there is no game object {d.source!r}", ed)]
    if obj.zone not in ("base", "battlefield", "legend"):
        return obj, None, [Violation("379", f"{d.source} is not on the board or in a Legend "
                                     f"Zone (it is in {obj.zone}); its abilities cannot be used", ed)]
    if obj.controller != d.player:
        return obj, None, [Violation("378", f"{d.player} does not control {d.source}", ed)]
    if obj.attached_to is not None:  # mechanics helper: attached, its rules text is inactive
        return obj, None, [Violation("721.2", f"{d.source} is attached to {obj.attached_to}: "
                                     "its own abilities cannot be activated (718.2)", ed)]
    card_facts(obj.card).require_supported()
    gained = borrowed.lent(state, d, obj)  # issue #5 (K2): an ability it has from others (471)
    if gained is not None:
        return obj, gained[0], gained[1]
    enc = effects.encoding(obj.card)
    ab = enc.abilities[d.ability] if enc is not None and d.ability < len(enc.abilities) else None
    if not isinstance(ab, V.Activated):
        return obj, None, [Violation("377.1", f"{card_facts(obj.card)} has no activated ability "
                                     f"#{d.ability}", ed)]
    return obj, ab, []


def _cost(ab: V.Activated, state: GameState | None = None, d: AbilityActivated | None = None) -> Cost:
    """The ability's cost, plus Deflect's for the chosen targets (809.1.c)."""
    power = dict(ab.cost.power)
    if state is not None and d is not None and d.targets:
        deflect = effects.deflect_power(state, d.player, d.targets)
        if deflect:
            power["Any"] = power.get("Any", 0) + deflect
    return Cost(ab.cost.energy, power)


def check_ability_activated(state: GameState, d: AbilityActivated) -> list[Violation]:
    from riftlog.rules.play import timing_violations

    obj, ab, out = _activated(state, d)
    if ab is None:
        return out
    ed = state.edition
    kw = {"reaction": frozenset({"Reaction"}), "action": frozenset({"Action"})}.get(
        ab.timing or "", frozenset())
    out += timing_violations(state, d.player, kw)
    if ab.condition is not None and not effects.condition_holds(state, d.player, d.source, ab.condition):
        out.append(Violation("377.2.b", f"{card_facts(obj.card)}: the condition of ability "
                             f"#{d.ability} ({type(ab.condition).__name__}) is not met", ed))
    if ab.cost.exhaust and obj.exhausted:
        out.append(Violation("377.1", f"{d.source} is exhausted: it cannot pay the exhaust cost", ed))
    if ab.cost.spend_buff and not obj.buffed:  # batch ogn_151_200
        out.append(Violation("702.2.b.1", f"{d.source} has no buff to spend", ed))
    out += _ogn_recycle_violations(state, d, ab)  # batch ogn_001_050
    out += discard_cost.discard_violations(state, d, ab)  # replacement helper: Cost(discard=n)
    out += _b150_kill_cost_violations(state, d, ab)  # batch ogn_101_150
    out += payment_violations(state, d.player, _cost(ab, state, d), d.payment)
    out += effects.target_violations(state, d.player, d.source,  # issue #5 (K2): ability_card
                                     effects.targets_of(borrowed.ability_card(state, d, obj), d.ability),
                                     {k: list(v) for k, v in d.targets.items()},
                                     f"{card_facts(obj.card)} ability #{d.ability}")
    return out


@handles(AbilityActivated)(check_ability_activated)
def apply_ability_activated(state: GameState, d: AbilityActivated, log: list[GameAction]) -> None:
    obj, ab, problems = _activated(state, d)
    if ab is None:
        raise ImpossibleDecision(f"{state.edition} {problems[0].rule}: {problems[0].message}",
                                 list[object](problems))
    if ab.cost.exhaust and obj.exhausted:
        raise ImpossibleDecision(f"{state.edition} 377.1: {d.source} is already exhausted")
    if ab.cost.spend_buff and not obj.buffed:  # batch ogn_151_200
        raise ImpossibleDecision(f"{state.edition} 702.2.b.1: {d.source} has no buff to spend")
    _ogn_recycle_ok(state, d, ab)  # batch ogn_001_050
    kill_cost = _b150_kill_cost_violations(state, d, ab)  # batch ogn_101_150
    if kill_cost:
        raise ImpossibleDecision(f"{state.edition} {kill_cost[0].rule}: {kill_cost[0].message}")
    pay(state, d.player, _cost(ab, state, d), d.payment, log)
    if ab.cost.exhaust:
        actions.exhaust(state, d.source, log)
    _ogn_pay_recycle(state, d, ab, log)  # batch ogn_001_050
    discard_cost.pay_discard(state, d, ab, log)  # replacement helper: Cost(discard=n)
    if ab.cost.spend_buff:  # batch ogn_151_200: spend the source's buff (702.2.b)
        from riftlog.rules.buffs import spend  # issue #5 (K1): one buff (702.2.b)

        spend(state, obj)
        log.append(GameAction("spend_buff", d.player, (d.source,), {}, "public", "702.2.b", d.player))
    card = borrowed.ability_card(state, d, obj)  # issue #5 (K2): the lender's card, if any
    log.append(GameAction("activate", d.player, (d.source,), {"card": card, "ability": d.ability},
                          "public", "377.3", d.player))
    effects.note_activation(state, d.source, d.ability)  # batch ogn_151_200
    targets = {k: list(v) for k, v in d.targets.items()}
    if ab.cost.kill_self:
        effects.kill(state, [d.source], log, player=d.player)
    if ab.cost.kill_friendly:  # batch ogn_101_150: the chosen friendly permanents (cost, 377.1)
        effects.kill(state, list(d.choices["kill"]), log, player=d.player)
    if ab.adds:  # 429.2: finalizes and resolves at once, priority does not pass
        ctx = {"card": card, "source": d.source, "ability": d.ability,
               "controller": d.player, "targets": targets, "choices": dict(d.choices),
               "event": {}, "pc": 0, "answers": {}, "finish": None}
        effects.run(state, ctx, log)
        return
    item = ChainItem(id=state.next_id("c"), kind="ability", controller=d.player, source=d.source,
                     legal=True, targets=targets, choices=dict(d.choices),
                     effect={"card": card, "ability": d.ability})
    state.chain.append(item)
    state.priority = d.player
    state.extra["passes"] = []


hooks.main_decision("AbilityActivated")
hooks.reaction_decision("AbilityActivated")


# --- choices during resolution -----------------------------------------------------------------


def check_choice_made(state: GameState, d: ChoiceMade) -> list[Violation]:
    entry = hooks.answering(state)
    ed = state.edition
    if entry.get("request") != "choice":
        return [Violation("312.1", "no choice is awaited now", ed)]
    options = entry.get("options", {})
    rule = entry.get("rule") or "378"
    if options.get("kind") == "targets":
        chosen = d.choice.get("targets")
        if not isinstance(chosen, dict):
            return [Violation(rule, 'answer {"targets": {name: [ids]}}', ed)]
        out: list[Violation] = []
        for name, spec in options["targets"].items():
            picked = chosen.get(name, [])
            low = 0 if spec["up_to"] else spec["count"]
            if not low <= len(picked) <= spec["count"] or len(set(picked)) != len(picked):
                out.append(Violation(rule, f"choose {'up to ' if spec['up_to'] else ''}"
                                     f"{spec['count']} target(s) for {name!r}", ed))
            bad = [p for p in picked if p not in spec["from"]]
            if bad:
                out.append(Violation(rule, f"{', '.join(bad)} is not a legal target; legal: "
                                     f"{', '.join(spec['from'])}", ed))
        extra = set(chosen) - set(options["targets"])
        if extra:
            out.append(Violation(rule, f"no target called {sorted(extra)}", ed))
        return out
    return [Violation(rule, m, ed) for m in effects.answer_violations(state, options, d.choice)]


@handles(ChoiceMade)(check_choice_made)
def apply_choice_made(state: GameState, d: ChoiceMade, log: list[GameAction]) -> None:
    entry = hooks.answering(state)
    then = entry.get("then")
    if entry.get("request") != "choice" or then is None:
        raise ImpossibleDecision(f"{state.edition} 312.1: no choice is awaited now")
    kind = entry["options"].get("kind")
    log.append(GameAction("choose", d.player, (), {"choice": dict(d.choice), "kind": kind},
                          "public", entry.get("rule") or "378", d.player))
    if "answer" in then:  # replacement helper: the task reads the answer (replacement_effects)
        then["answer"] = dict(d.choice)
    elif then["kind"] == "effects":
        ctx = then["ctx"]
        ctx.setdefault("answers", {})[str(ctx["pc"])] = dict(d.choice)
    elif then["kind"] == "k2_seen":  # issue #5 (K2): riftlog.rules.deck_seen files its answers
        then = {**then, "answer": dict(d.choice)}
    elif then["kind"] == "trigger_step":
        t = then["trigger"]
        if kind == "may":
            t["use"] = bool(d.choice.get("use"))
        elif kind == "targets":
            t["targets"] = {k: list(v) for k, v in d.choice["targets"].items()}
        elif kind == "custom":  # issue #5: a finalize cost's answer (742.1.b, triggers.COST_CHOICES)
            t["cost_answer"] = dict(d.choice)
    state.queue.append(then)


@hooks.candidates
def candidates(state: GameState, player: str) -> list[Any]:
    """Bot candidates: answers to an awaited choice; activations of abilities."""
    out: list[Any] = []
    front = state.queue[0] if state.queue else {}
    if front.get("request") == "choice" and front.get("player") == player:
        o = front["options"]
        if o.get("kind") == "may":
            out += [ChoiceMade(player=player, choice={"use": u}) for u in (True, False)]
        elif o.get("kind") == "cards":
            out += [ChoiceMade(player=player, choice={"cards": list(c)})
                    for c in itertools.islice(itertools.combinations(o["from"], o["count"]), 6)]
        elif o.get("kind") == "targets":
            names = list(o["targets"])
            options = [[list(c) for c in itertools.islice(itertools.combinations(
                o["targets"][n]["from"], min(o["targets"][n]["count"], len(o["targets"][n]["from"]))), 4)]
                for n in names]
            for combo in itertools.islice(itertools.product(*options), 6):
                out.append(ChoiceMade(player=player, choice={"targets": dict(zip(names, combo, strict=True))}))
        elif o.get("kind") == "custom" and o.get("choices"):  # batch ogn_001_050: listed answers
            out += [ChoiceMade(player=player, choice=dict(c)) for c in o["choices"][:6]]
        return out
    if player not in state.players:
        return out
    p = state.players[player]
    pool = [*p.legend, *p.base] + [o for bf in state.battlefields for o in (*bf.units, *bf.gear)]
    for oid in pool:
        obj = state.objects[oid]
        if obj.controller != player:
            continue
        enc = effects.encoding(obj.card)
        if enc is None or not card_facts(obj.card).supported:
            continue
        for i, ab in enumerate(enc.abilities):
            if not isinstance(ab, V.Activated) or (ab.cost.exhaust and obj.exhausted) or \
                    (ab.cost.spend_buff and not obj.buffed):  # batch ogn_151_200
                continue
            payment = find_payment(state, player, _cost(ab))
            if payment is None:
                continue
            targets: dict[str, tuple[str, ...]] = {}
            for spec in effects.targets_of(obj.card, i):
                legal = effects.target_candidates(state, player, oid, spec)
                targets[spec.name] = tuple(legal[:spec.count])
            if len(state.players[player].trash) < ab.cost.recycle_trash:  # batch ogn_001_050
                continue
            if ab.cost.kill_friendly:  # batch ogn_101_150: offer the first permanents to kill
                fodder = _b150_kill_fodder(state, player, oid)[:ab.cost.kill_friendly]
                if len(fodder) < ab.cost.kill_friendly:
                    continue
                out.append(AbilityActivated(player=player, source=oid, ability=i, targets=targets,
                                            payment=payment, choices={"kill": fodder}))
                continue
            discard = discard_cost.discard_choice(state, player, ab)  # replacement helper
            if discard is None:
                continue
            out.append(AbilityActivated(player=player, source=oid, ability=i, targets=targets,
                                        payment=payment,
                                        choices={**_ogn_recycle_choice(state, player, ab), **discard}))
    return out


def target_options(state: GameState, player: str, oid: str,
                   mode: str | None = None) -> list[dict[str, tuple[str, ...]]]:
    """A few legal target choices for playing spell *oid* (for bots)."""
    card = state.objects[oid].card
    specs = effects.targets_of(card, spell_effect(card, mode)[0])
    if not specs:
        return [{}]
    per = []
    for spec in specs:
        legal = effects.target_candidates(state, player, oid, spec)
        n = min(spec.count, len(legal))
        per.append([tuple(c) for c in itertools.islice(itertools.combinations(legal, n), 3)])
    return [dict(zip([s.name for s in specs], combo, strict=True))
            for combo in itertools.islice(itertools.product(*per), 4)]


# --- Hidden (811, 421) --------------------------------------------------------------------------

#: Keywords enforced here (tests/rules/test_keywords.py).
ENFORCED_KEYWORDS: tuple[str, ...] = ("Hidden",)

#: [A]: one power of any domain (811.1.b).
HIDE_COST = Cost(0, {"Any": 1})


def hide_cost(state: GameState, player: str, payment: Any = None) -> Cost:
    """batch ogn_251_298: the price *player* pays to hide a card now: nothing while
    ``state.extra["hide_free"][player]`` is this turn (Guerilla Warfare), else [A] or, with a
    legend's vocab.HideCostAlternative, its Energy instead (811.1.b; the payment says which)."""
    if state.extra.get("hide_free", {}).get(player) == state.turn:
        return Cost()
    options = [HIDE_COST]
    for oid in state.players[player].legend:
        enc = effects.encoding(state.objects[oid].card)
        for ab in enc.abilities if enc is not None else ():
            if isinstance(ab, V.HideCostAlternative):
                options.append(Cost(ab.energy))
    if payment is not None:
        for cost in options:
            if not payment_violations(state, player, cost, payment):
                return cost
    return HIDE_COST


def _hidden_marks(state: GameState) -> dict[str, int]:
    marks: dict[str, int] = state.extra.setdefault("hidden", {})
    return marks


def check_card_hidden(state: GameState, d: CardHidden) -> list[Violation]:
    ed = state.edition
    obj = state.objects.get(d.card)
    if obj is None or obj.zone not in ("hand", "champion") or obj.owner != d.player:
        return [Violation("811.1.b", f"{d.card} is not in {d.player}'s hand or Champion Zone", ed)]
    facts = card_facts(obj.card)
    facts.require_supported()
    out: list[Violation] = []
    if "Hidden" not in facts.keyword_names:
        out.append(Violation("421.2.a", f"{facts} has no Hidden", ed))
    if state.turn_player != d.player or state.chain or state.priority != d.player:
        out.append(Violation("811.1.b", "a card is hidden on its owner's turn, in an open state, "
                             "with priority", ed))
    bf = next((b for b in state.battlefields if b.oid == d.battlefield), None)
    if bf is None or bf.controller != d.player:
        out.append(Violation("811.1.b", f"{d.player} does not control battlefield {d.battlefield}", ed))
    elif len(bf.facedown) >= int(state.extra.get("facedown_capacity", {}).get(bf.oid, 1)):
        out.append(Violation("107.3.b", f"{d.battlefield} already has a card hidden there", ed))
    out += payment_violations(state, d.player, hide_cost(state, d.player, d.payment), d.payment)  # batch ogn_251_298
    return out


@handles(CardHidden)(check_card_hidden)
def apply_card_hidden(state: GameState, d: CardHidden, log: list[GameAction]) -> None:
    obj = state.objects.get(d.card)
    if obj is None or obj.zone not in ("hand", "champion"):
        raise ImpossibleDecision(f"{state.edition} 811.1.b: {d.card} cannot be hidden from there")
    pay(state, d.player, hide_cost(state, d.player, d.payment), d.payment, log)  # batch ogn_251_298
    actions.hide(state, d.card, d.battlefield, log)
    _hidden_marks(state)[d.card] = state.turn


hooks.main_decision("CardHidden")


def hidden_play_violations(state: GameState, obj: Any, player: str) -> list[Violation]:
    """Playing a card from facedown (811.1.b): hidden with Hidden, on an earlier turn."""
    ed = state.edition
    turn = state.extra.get("hidden", {}).get(obj.oid)
    if turn is None:
        return [Violation("421.3", f"{obj.oid} was not hidden with Hidden; it cannot be played "
                          "from facedown", ed)]
    if turn >= state.turn:
        return [Violation("811.1.b", f"{obj.oid} was hidden this turn; it can be played "
                          "beginning on the next turn", ed)]
    return _ogn_no_reveal_here(state, obj, player)  # batch ogn_001_050 (Noxus Saboteur)


def hidden_target_violations(state: GameState, d: CardPlayed, battlefield: str) -> list[Violation]:
    """811.1.d.2: a spell played from Hidden chooses its targets at that battlefield."""
    out: list[Violation] = []
    chosen = play_targets(state.objects[d.card].card, d.targets)
    for ids in chosen.values():
        for oid in ids:
            where = oid if oid == battlefield else getattr(state.objects.get(oid), "location", None)
            if where != battlefield:
                out.append(Violation("811.1.d.2", f"{oid} is not at {battlefield}, where "
                                     f"{d.card} was hidden", state.edition))
    return out


@hooks.candidates
def hide_candidates(state: GameState, player: str) -> list[CardHidden]:
    if player not in state.players or state.turn_player != player or state.chain:
        return []
    out: list[CardHidden] = []
    payment = None
    for oid in state.players[player].hand:
        facts = card_facts(state.objects[oid].card)
        if "Hidden" not in facts.keyword_names or not facts.supported:
            continue
        payment = payment or find_payment(state, player, HIDE_COST)
        if payment is None:
            return out
        for bf in state.battlefields:
            if bf.controller == player and not bf.facedown:
                out.append(CardHidden(player=player, card=oid, battlefield=bf.oid, payment=payment))
    return out


# --- batch ogn_001_050: effects for the rest of the turn (vocab.ForTurn) -------------------------


def _turn_effects(state: GameState, player: str, kind: str) -> list[dict[str, Any]]:
    """The live ForTurn effects of *kind* applying to *player* (older turns are ignored)."""
    return [e for e in state.extra.get("turn_effects", [])
            if e["turn"] == state.turn and e["kind"] == kind and e["player"] == player]


@effects.step(V.ForTurn)
def _for_turn(state: GameState, ctx: dict[str, Any], node: V.ForTurn,
              log: list[GameAction]) -> None:
    me = ctx["controller"]
    if node.kind not in ("cannot_play", "next_unit_ready", "next_spell_cheaper",
                         "next_spell_bonus",
                         "units_ready"):  # batch ogn_101_150: units_ready
        raise effects.unsupported(ctx["card"], f"ForTurn({node.kind!r}) is not interpreted")
    if node.players == "you":
        players = [me]
    elif node.players == "opponents":
        players = list(state.opponents(me))
    else:
        raise effects.unsupported(ctx["card"], f"ForTurn(players={node.players!r})")
    kept = [e for e in state.extra.get("turn_effects", []) if e["turn"] == state.turn]
    for pid in players:
        kept.append({"kind": node.kind, "player": pid, "turn": state.turn, "n": node.n,
                     "source": ctx.get("source")})
    state.extra["turn_effects"] = kept
    log.append(GameAction("turn_effect", me, (), {"kind": node.kind, "players": players,
                                                  "n": node.n}, "public", "390", me))


def play_restrictions(state: GameState, d: CardPlayed) -> list[Violation]:
    """A ForTurn "cannot_play" on the player this turn refuses every play (no rule of its
    own: the effect's restriction, 355)."""
    if _turn_effects(state, d.player, "cannot_play"):
        return [Violation("355", f"{d.player} cannot play cards this turn (an effect says so)",
                          state.edition)]
    return []


def _next_spell_cheaper(state: GameState, player: str, oid: str, cost: Cost) -> Cost:
    obj = state.objects[oid]
    if obj.zone == "chain" or layers.printed_type(obj.card) != "Spell":
        return cost
    less = sum(e["n"] for e in _turn_effects(state, player, "next_spell_cheaper"))
    return Cost(cost.energy - less, dict(cost.power)) if less else cost


def _turn_effects_after_play(state: GameState, obj: Any, player: str,
                             log: list[GameAction]) -> None:
    """Use up the "next unit / next spell" ForTurn effects of *player* (the played card is
    the next one); a unit entering while its controller has a "friendly_units_enter_ready"
    permanent enters ready."""
    kind = layers.printed_type(obj.card)
    if kind == "Unit" and obj.zone in ("base", "battlefield") and obj.exhausted and \
            _turn_effects(state, player, "units_ready"):  # batch ogn_101_150 (Confront)
        obj.exhausted = False
        log.append(GameAction("enter_ready", player, (obj.oid,), {"card": obj.card}, "public",
                              "390", player))
    if kind == "Unit" and obj.zone in ("base", "battlefield") and obj.exhausted and \
            _ogn_units_enter_ready(state, player, obj.oid):  # Magma Wurm
        obj.exhausted = False
        log.append(GameAction("enter_ready", player, (obj.oid,), {"card": obj.card}, "public",
                              "363", player))
    bonus = _turn_effects(state, player, "next_spell_bonus") if kind == "Spell" else []
    if bonus and state.chain and state.chain[-1].source == obj.oid:  # Ravenborn Tome
        state.extra["turn_effects"] = [e for e in state.extra["turn_effects"] if e not in bonus]
        marks = {k: v for k, v in (state.extra.get("spell_bonus") or {}).items()
                 if any(it.id == k for it in state.chain)}  # forget resolved spells
        marks[state.chain[-1].id] = sum(e["n"] for e in bonus)
        state.extra["spell_bonus"] = marks
    used = "next_unit_ready" if kind == "Unit" else "next_spell_cheaper" if kind == "Spell" else None
    mine = _turn_effects(state, player, used) if used else []
    if not mine:
        return
    state.extra["turn_effects"] = [e for e in state.extra["turn_effects"] if e not in mine]
    if used == "next_unit_ready" and obj.zone in ("base", "battlefield") and obj.exhausted:
        obj.exhausted = False
        log.append(GameAction("enter_ready", player, (obj.oid,), {"card": obj.card}, "public",
                              "390", player))


def _ogn_additional_power(card: str, cost: Cost, choices: Mapping[str, Any] | None) -> Cost:
    """An optional additional power cost chosen with ``choices["additional"] = True``."""
    extra = _additional(card)
    if extra is None or not extra.power or not choices or choices.get("additional") is not True:
        return cost
    power = dict(cost.power)
    for domain, n in extra.power:
        power[domain] = power.get(domain, 0) + n
    return Cost(cost.energy, power)


def _ogn_additional_violations(state: GameState, d: CardPlayed,
                               extra: V.AdditionalCost | None) -> list[Violation]:
    """``choices["additional"]`` (a bool: pay the extra power) and ``choices["exhaust"]``
    (ready friendly units to exhaust) for an optional additional cost (356.2)."""
    ed = state.edition
    card = state.objects[d.card].card
    out: list[Violation] = []
    if "additional" in d.choices:
        if extra is None or not extra.power:
            out.append(Violation("356.2", f"{card} has no additional power cost", ed))
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


def _ogn_pay_additional(state: GameState, d: CardPlayed, log: list[GameAction]) -> None:
    paid = False
    for oid in d.choices.get("exhaust") or ():
        actions.exhaust(state, oid, log)
        paid = True
    if d.choices.get("additional") is True:
        paid = True
    if paid:
        marks = state.extra.get("paid_additional") or {}
        if marks.get("turn") != state.turn:
            marks = {"turn": state.turn, "oids": []}
        marks["oids"].append(d.card)
        state.extra["paid_additional"] = marks

def _ogn_recycle_violations(state: GameState, d: AbilityActivated, ab: V.Activated) -> list[Violation]:
    """Recycling cards of your trash as an ability cost (416.3): exactly n different cards of
    the player's trash in ``choices["recycle"]``."""
    n = ab.cost.recycle_trash
    picked = d.choices.get("recycle")
    if not n:
        return [Violation("377.1", "this ability has no recycle cost", state.edition)] \
            if picked is not None else []
    trash = state.players[d.player].trash
    if len(trash) < n:
        return [Violation("416.3", f"{d.player} has fewer than {n} card(s) in the trash to "
                          "recycle: the cost cannot be paid", state.edition)]
    if not isinstance(picked, list) or len(picked) != n or len(set(picked)) != n or \
            any(c not in trash for c in picked):
        return [Violation("416.3", f"the cost is recycling exactly {n} card(s) of {d.player}'s "
                          'trash, named in choices["recycle"]', state.edition)]
    return []


def _ogn_recycle_ok(state: GameState, d: AbilityActivated, ab: V.Activated) -> None:
    problems = _ogn_recycle_violations(state, d, ab)
    if problems:
        raise ImpossibleDecision(f"{state.edition} {problems[0].rule}: {problems[0].message}")


def _ogn_pay_recycle(state: GameState, d: AbilityActivated, ab: V.Activated,
                     log: list[GameAction]) -> None:
    if ab.cost.recycle_trash:
        actions.recycle(state, list(d.choices["recycle"]), log, player=d.player)


def _ogn_recycle_choice(state: GameState, player: str, ab: V.Activated) -> dict[str, Any]:
    n = ab.cost.recycle_trash
    return {"recycle": list(state.players[player].trash[:n])} if n else {}


def _ogn_units_enter_ready(state: GameState, player: str, oid: str) -> bool:
    """*player* controls another permanent on the board whose encoding has the flag
    "friendly_units_enter_ready" (Magma Wurm)."""
    for lst in effects._board_lists(state):
        for other in lst:
            o = state.objects[other]
            if other == oid or o.controller != player:
                continue
            enc = effects.encoding(o.card)
            if enc is not None and "friendly_units_enter_ready" in enc.flags:
                return True
    return False


if _ogn_units_enter_ready not in actions.UNITS_ENTER_READY:
    actions.UNITS_ENTER_READY.append(_ogn_units_enter_ready)


def _ogn_no_reveal_here(state: GameState, obj: Any, player: str) -> list[Violation]:
    """A facedown card cannot be played (playing reveals it) at a battlefield where an
    opponent of *player* controls a permanent flagged "no_enemy_reveal_here" (Noxus
    Saboteur)."""
    bf = next((b for b in state.battlefields if b.oid == obj.location), None)
    if bf is None:
        return []
    for oid in (*bf.units, *bf.gear):
        o = state.objects[oid]
        enc = effects.encoding(o.card)
        if enc is not None and "no_enemy_reveal_here" in enc.flags and \
                o.controller in state.opponents(player):
            return [Violation("421.3", f"{obj.oid} cannot be revealed at {bf.oid}: "
                              f"{card_facts(o.card)} ({oid}) is there", state.edition)]
    return []


@hooks.task("ogn_expire_watch")
def _ogn_expire_watch(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    """The cleanup after a "did this kill it" check is over: forget the watch (387)."""
    left = [d for d in state.extra.get("delayed", []) if d != entry["watch"]]
    if left:
        state.extra["delayed"] = left
    else:
        state.extra.pop("delayed", None)

# --- end batch ogn_001_050 ---


# --- batch ogn_151_200: permissions to play units elsewhere (355.2.b) ---------------------------


def may_play_to(state: GameState, player: str, oid: str, bf: Any) -> bool:
    """Whether a :class:`~riftlog.cards.vocab.PlayTo` permission lets *player* play unit *oid*
    to battlefield *bf*, which they do not control: the unit's own, or one of another friendly
    permanent on the board with ``others``."""
    obj = state.objects.get(oid)
    if obj is None or effects._type(obj.card) != "Unit":
        return False
    is_open = bf.controller is None and not bf.units  # 169.10.c
    enemy = bf.controller is not None and bf.controller in state.opponents(player) and bool(bf.units)

    def allows(ab: Any, others: bool) -> bool:
        return isinstance(ab, V.PlayTo) and ab.others == others and (
            (ab.where == "open" and is_open) or (ab.where == "occupied_enemy" and enemy))

    own = effects.encoding(obj.card)
    if own is not None and any(allows(ab, False) for ab in own.abilities):
        return True
    for lst in effects._board_lists(state):
        for o in lst:
            src = state.objects[o]
            if o == oid or src.controller != player:
                continue
            enc = effects.encoding(src.card)
            if enc is not None and any(allows(ab, True) for ab in enc.abilities):
                return True
    return False


# --- batch ogn_101_150: cost reductions given by permanents (vocab.CostsLess, 356.4) ----------


def _b150_gives_costs_less(card_id: str) -> tuple[V.CostsLess, ...]:
    enc = effects.encoding(card_id)
    return tuple(a for a in enc.abilities if isinstance(a, V.CostsLess)) if enc is not None else ()


def costs_less(state: GameState, player: str, oid: str, cost: Cost) -> Cost:
    """A play.COST_MODIFIERS entry (installed by riftlog.rules.cost_passives): the
    :class:`~riftlog.cards.vocab.CostsLess` abilities of *player*'s permanents on the board
    lower the Energy cost of the card *oid* they play."""
    less, floor = 0, 0
    tags: frozenset[str] | None = None
    p = state.players.get(player)
    if p is None:
        return cost
    for lst in (p.base, *[x for bf in state.battlefields for x in (bf.units, bf.gear)]):
        for src in lst:
            obj = state.objects[src]
            if obj.controller != player or src == oid:
                continue
            for ab in _b150_gives_costs_less(obj.card):
                if (ab.at_battlefield and obj.zone != "battlefield") or (
                        ab.card_type is not None
                        and layers.printed_type(state.objects[oid].card) != ab.card_type):
                    continue  # batch ogn_051_100
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
    own = _b051_own_reduction(state, player, oid)  # batch ogn_051_100: 356.4.e
    if own and cost.energy > 0:  # the player may apply this discount before the card's own
        before = cost.energy + own
        first = before if before <= floor else max(floor, before - less)
        energy = min(energy, max(0, first - own))
    return cost if energy == cost.energy else Cost(energy, dict(cost.power))


def _b051_own_reduction(state: GameState, player: str, oid: str) -> int:
    """batch ogn_051_100: the Energy the card's own CostReduction abilities take off now
    (356.4.e: a discount's minimum applies only to that discount, and the player orders
    discounts, so a minimum-limited discount may come first)."""
    enc = effects.encoding(state.objects[oid].card)
    if enc is None:
        return 0
    total = 0
    for ab in enc.abilities:
        if isinstance(ab, V.CostReduction) and \
                effects.condition_holds(state, player, oid, ab.condition):
            total += effects.count(state, player, oid, ab.energy) if isinstance(
                ab.energy, V.Count) else ab.energy
    return max(0, total)


# --- batch ogn_101_150: killing other friendly permanents as an activation cost (Cost.kill_friendly)


def _b150_kill_fodder(state: GameState, player: str, source: str) -> list[str]:
    """The friendly units and gear on the board, other than *source*, that could be killed."""
    p = state.players[player]
    pool = [*p.base] + [o for bf in state.battlefields for o in (*bf.units, *bf.gear)]
    return [o for o in pool if o != source and state.objects[o].controller == player
            and layers.printed_type(state.objects[o].card) in ("Unit", "Gear")]


def _b150_kill_cost_violations(state: GameState, d: AbilityActivated,
                               ab: V.Activated) -> list[Violation]:
    """377.1: ``choices["kill"]`` names exactly the cost's number of other friendly units or
    gear on the board (the source also pays the exhaust cost, so it is not one of them)."""
    picked = d.choices.get("kill")
    ed = state.edition
    if not ab.cost.kill_friendly:
        return [Violation("377.1", "this ability has no cost that kills friendly permanents", ed)] \
            if picked is not None else []
    if not isinstance(picked, list) or len(picked) != ab.cost.kill_friendly or \
            len(set(picked)) != len(picked):
        return [Violation("377.1", f"the cost kills exactly {ab.cost.kill_friendly} friendly unit(s) "
                          "or gear: name them in choices['kill']", ed)]
    legal = _b150_kill_fodder(state, d.player, d.source)
    bad = [o for o in picked if o not in legal]
    if bad:
        return [Violation("377.1", f"{', '.join(map(str, bad))} is not another friendly unit or gear "
                          f"on the board; legal: {', '.join(legal) or 'none'}", ed)]
    return []
