"""Activated abilities and choices during resolution (v1.3 376-381, 429): judging and applying
:class:`~riftlog.events.abilities.AbilityActivated` and
:class:`~riftlog.events.abilities.ChoiceMade`, their extra costs (recycle, kill friendly
permanents) and the bot candidates for both.  Part of :mod:`riftlog.rules.playing.abilities`, which
re-exports every name here."""

from __future__ import annotations

import dataclasses
import itertools
import re
from typing import Any

from riftlog.cards import vocab as V
from riftlog.errors import ImpossibleDecision
from riftlog.events.abilities import AbilityActivated, ChoiceMade
from riftlog.rules.board import gear_pool, hooks, layers
from riftlog.rules.board.buffs import spend
from riftlog.rules.board.core import GameAction, Violation, handles
from riftlog.rules.board.resources import Cost, card_facts, find_payment, pay, payment_violations
from riftlog.rules.board.seats import friendly, teammates
from riftlog.rules.board.state import ChainItem, GameState
from riftlog.rules.game_actions import actions
from riftlog.rules.interpreter import effects, triggers
from riftlog.rules.interpreter.effects_targets import open_battlefield_violation
from riftlog.rules.playing import borrowed, copied_activations, discard_cost, pay_to_add
from riftlog.rules.playing.timing import timing_violations

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
    if d is not None:  # issue 24: a pay instruction of any amount (pay_to_add)
        return pay_to_add.cost_with_amount(ab, Cost(ab.cost.energy, power), d.choices)
    return Cost(ab.cost.energy, power)


def _to_pay(state: GameState, d: AbilityActivated, cost: Cost) -> Cost:
    """issue 24: what the runes and the pool pay of *cost*: a gear's ability spends its
    player's gear-only resources first (riftlog.rules.board.gear_pool)."""
    obj = state.objects.get(d.source)
    if obj is None or not state.extra.get(gear_pool.KEY) or layers.printed_type(obj.card) != "Gear":
        return cost
    return gear_pool.rest_of_cost(state, d.player, cost)


def condition_words(cond: object) -> str:
    """A condition in plain words for a refusal: its kind split into words, then its simple
    values (``PlayedTagThisTurn(tag="Equipment")`` -> "played tag this turn: Equipment")."""
    words = re.sub(r"(?<!^)(?=[A-Z])", " ", type(cond).__name__).lower()
    values = [str(getattr(cond, f.name)) for f in dataclasses.fields(cond)
              if isinstance(getattr(cond, f.name), (str, int))] \
        if dataclasses.is_dataclass(cond) else []
    return f"{words}: {', '.join(values)}" if values else words


def check_ability_activated(state: GameState, d: AbilityActivated) -> list[Violation]:

    obj, ab, out = _activated(state, d)
    if ab is None:
        return out
    ed = state.edition
    kw = {"reaction": frozenset({"Reaction"}), "action": frozenset({"Action"})}.get(
        ab.timing or "", frozenset())
    out += timing_violations(state, d.player, kw)
    if ab.condition is not None and not effects.condition_holds(  # issue 24: per instance
            state, d.player, d.source, ab.condition, copied_activations.activation_key(state, d)):
        out.append(Violation("377.2.b", f"{card_facts(obj.card)}: the condition of ability "
                             f"#{d.ability} ({condition_words(ab.condition)}) is not met", ed))
    if ab.cost.exhaust and obj.exhausted:
        out.append(Violation("377.1", f"{d.source} is exhausted: it cannot pay the exhaust cost", ed))
    if ab.cost.spend_buff and not obj.buffed:
        out.append(Violation("702.2.b.1", f"{d.source} has no buff to spend", ed))
    out += _recycle_cost_violations(state, d, ab)
    out += discard_cost.discard_violations(state, d, ab)  # replacement helper: Cost(discard=n)
    out += _activation_kill_cost_violations(state, d, ab)
    paying = payment_violations(state, d.player, _to_pay(state, d, _cost(ab, state, d)), d.payment)
    if pay_to_add.pay_to_add_steps(ab):  # issue 24: the X of a pay instruction
        out += pay_to_add.violations(state, d, ab)
        if paying:
            paying = pay_to_add.blame_amount(state, d, ab, paying, not payment_violations(
                state, d.player, _to_pay(state, d, _cost(ab, state, d.model_copy(
                    update={"choices": {}}))), d.payment))
    out += paying
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
    if ab.cost.spend_buff and not obj.buffed:
        raise ImpossibleDecision(f"{state.edition} 702.2.b.1: {d.source} has no buff to spend")
    _check_recycle_cost(state, d, ab)
    kill_cost = _activation_kill_cost_violations(state, d, ab)
    if kill_cost:
        raise ImpossibleDecision(f"{state.edition} {kill_cost[0].rule}: {kill_cost[0].message}")
    cost = _cost(ab, state, d)
    rest = _to_pay(state, d, cost)
    if rest != cost and not payment_violations(state, d.player, rest, d.payment):
        cost = gear_pool.use_for_gear(state, d.player, cost, log)  # issue 24: gear-only first
    pay(state, d.player, cost, d.payment, log)
    if ab.cost.exhaust:
        actions.exhaust(state, d.source, log)
    _pay_recycle_cost(state, d, ab, log)
    discard_cost.pay_discard(state, d, ab, log)  # replacement helper: Cost(discard=n)
    if ab.cost.spend_buff:  # spend the source's buff (702.2.b)
        spend(state, obj)
        log.append(GameAction("spend_buff", d.player, (d.source,), {}, "public", "702.2.b", d.player))
    card = borrowed.ability_card(state, d, obj)  # issue #5 (K2): the lender's card, if any
    copy = copied_activations.activation_key(state, d)  # issue 24: Svellsongur's copy
    log.append(GameAction("activate", d.player, (d.source,),
                          {"card": card, "ability": d.ability, **(copy or {})},
                          "public", "377.3", d.player))
    effects.note_activation(state, d.source, d.ability, copy)
    # issue 24: trigger event "activates" (obj: the source whose ability was used)
    hooks.fire_event(state, "activates", obj=d.source, player=d.player)
    targets = {k: list(v) for k, v in d.targets.items()}
    if ab.cost.kill_self:
        effects.kill(state, [d.source], log, player=d.player)
    if ab.cost.banish_self:  # issue 24: "banish this" as a cost (377.1)
        actions.banish(state, d.source, log, player=d.player)
    if ab.cost.kill_friendly:  # the chosen friendly permanents (cost, 377.1)
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
    triggers.fire_chosen(state, targets, d.player, spell=False, source=d.source)  # issue 24
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
            closed = _open_refusals(state, entry, name, bad, spec["from"])
            out += closed.values()
            bad = [p for p in bad if p not in closed]
            if bad:
                out.append(Violation(rule, f"{', '.join(bad)} is not a legal target; legal: "
                                     f"{', '.join(spec['from'])}", ed))
        extra = set(chosen) - set(options["targets"])
        fixed = ((entry.get("then") or {}).get("trigger") or {}).get("targets_fixed") or {}
        for name in sorted(extra & set(fixed)):  # its only legal choice was made for it
            closed = _open_refusals(state, entry, name, chosen[name], fixed[name])
            out += closed.values()
            if closed:
                extra.discard(name)
        if extra:
            out.append(Violation(rule, f"no target called {sorted(extra)}", ed))
        return out
    return [Violation(rule, m, ed) for m in effects.answer_violations(state, options, d.choice)]


def _open_refusals(state: GameState, entry: dict[str, Any], name: str, picks: Any,
                   legal: list[str]) -> dict[str, Violation]:
    """The battlefields among *picks* for a trigger's open-battlefield target *name* that are
    not open, each refused by what "open" means (169.10.c) rather than as a target (355.5)."""
    trigger = (entry.get("then") or {}).get("trigger") or {}
    if not isinstance(picks, list) or "card" not in trigger:
        return {}
    spec = next((s for s in effects.targets_of(trigger["card"], trigger["ability"])
                 if s.name == name), None)
    what = f"the ability of {card_facts(trigger['card'])}"
    found = {p: open_battlefield_violation(state, spec, p, what, legal)
             for p in picks if isinstance(p, str) and p not in legal}
    return {p: v for p, v in found.items() if v is not None}


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
    elif then["kind"] == "k2_seen":  # issue #5 (K2): riftlog.rules.playing.deck_seen files its answers
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
        elif o.get("kind") == "custom" and o.get("choices"):  # listed answers
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
        # issue 24: each ability once more from each Equipment copying the unit's text
        copies = [{}, *({"ability_of": g} for g in copied_activations.copies_on(state, oid))] \
            if state.extra.get("copied_text") else [{}]
        for (i, ab), of in itertools.product(enumerate(enc.abilities), copies):
            if not isinstance(ab, V.Activated) or (ab.cost.exhaust and obj.exhausted) or \
                    (ab.cost.spend_buff and not obj.buffed):
                continue
            payment = find_payment(state, player, _cost(ab))
            if payment is None:
                continue
            targets: dict[str, tuple[str, ...]] = {}
            for spec in effects.targets_of(obj.card, i):
                legal = effects.target_candidates(state, player, oid, spec)
                targets[spec.name] = tuple(legal[:spec.count])
            if len(_recyclable(state, player, ab)) < ab.cost.recycle_trash:
                continue
            if ab.cost.kill_friendly:  # offer the first permanents to kill
                fodder = _kill_cost_fodder(state, player, oid)[:ab.cost.kill_friendly]
                if len(fodder) < ab.cost.kill_friendly:
                    continue
                out.append(AbilityActivated(player=player, source=oid, ability=i, targets=targets,
                                            payment=payment, choices={"kill": fodder, **of}))
                continue
            discard = discard_cost.discard_choice(state, player, ab)  # replacement helper
            if discard is None:
                continue
            out.append(AbilityActivated(player=player, source=oid, ability=i, targets=targets,
                                        payment=payment,
                                        choices={**_recycle_cost_choice(state, player, ab), **discard,
                                                 **of}))
    return out


def _recycle_cost_violations(state: GameState, d: AbilityActivated, ab: V.Activated) -> list[Violation]:
    """Recycling cards of your trash as an ability cost (416.3): exactly n different cards of
    the player's trash in ``choices["recycle"]``."""
    n = ab.cost.recycle_trash
    picked = d.choices.get("recycle")
    if not n:
        return [Violation("377.1", "this ability has no recycle cost", state.edition)] \
            if picked is not None else []
    trash = _recyclable(state, d.player, ab)
    kind = f" {ab.cost.recycle_kind}" if ab.cost.recycle_kind else ""
    if len(trash) < n:
        return [Violation("416.3", f"{d.player} has fewer than {n}{kind} card(s) in the trash "
                          "to recycle: the cost cannot be paid", state.edition)]
    if not isinstance(picked, list) or len(picked) != n or len(set(picked)) != n or \
            any(c not in trash for c in picked):
        return [Violation("416.3", f"the cost is recycling exactly {n}{kind} card(s) of "
                          f'{d.player}\'s trash, named in choices["recycle"]', state.edition)]
    return []


def _recyclable(state: GameState, player: str, ab: V.Activated) -> list[str]:
    """The cards of *player*'s trash the recycle cost may take (of ``recycle_kind``, if set)."""
    trash = state.players[player].trash
    kind = ab.cost.recycle_kind
    return [o for o in trash if kind is None or card_facts(state.objects[o].card).type == kind]


def _check_recycle_cost(state: GameState, d: AbilityActivated, ab: V.Activated) -> None:
    problems = _recycle_cost_violations(state, d, ab)
    if problems:
        raise ImpossibleDecision(f"{state.edition} {problems[0].rule}: {problems[0].message}")


def _pay_recycle_cost(state: GameState, d: AbilityActivated, ab: V.Activated,
                      log: list[GameAction]) -> None:
    if ab.cost.recycle_trash:
        actions.recycle(state, list(d.choices["recycle"]), log, player=d.player)


def _recycle_cost_choice(state: GameState, player: str, ab: V.Activated) -> dict[str, Any]:
    n = ab.cost.recycle_trash
    return {"recycle": _recyclable(state, player, ab)[:n]} if n else {}


# --- killing other friendly permanents as an activation cost (Cost.kill_friendly)


def _kill_cost_fodder(state: GameState, player: str, source: str) -> list[str]:
    """The friendly units and gear on the board, other than *source*, that could be killed:
    *player*'s own first, then their teammates' (friendly in team modes, RUP4 489.8.e)."""
    bases = [o for pid in teammates(state, player) for o in state.players[pid].base]
    pool = bases + [o for bf in state.battlefields for o in (*bf.units, *bf.gear)]
    fodder = [o for o in pool if o != source and friendly(state, player, state.objects[o].controller)
              and layers.printed_type(state.objects[o].card) in ("Unit", "Gear")]
    return sorted(fodder, key=lambda o: state.objects[o].controller != player)


def _activation_kill_cost_violations(state: GameState, d: AbilityActivated,
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
    legal = _kill_cost_fodder(state, d.player, d.source)
    bad = [o for o in picked if o not in legal]
    if bad:
        return [Violation("377.1", f"{', '.join(map(str, bad))} is not another friendly unit or gear "
                          f"on the board; legal: {', '.join(legal) or 'none'}", ed)]
    return []


def activation_cost(state: GameState, d: AbilityActivated) -> Cost | None:
    """The rune cost of activating *d* (Deflect included), or None when *d* names no
    activated ability of a permanent its player controls (issue 20: automatic payment)."""
    _, ab, _ = _activated(state, d)
    return None if ab is None else _to_pay(state, d, _cost(ab, state, d))
