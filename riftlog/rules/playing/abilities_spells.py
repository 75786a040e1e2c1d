"""Spells as they are played and as they resolve (v1.3 340, 355, 820): a spell's effect and
modes, its targets, Repeat, resolving chain items of spells and abilities, and target choices
for bots.  Part of :mod:`riftlog.rules.playing.abilities`, which re-exports every name here."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from riftlog.cards import vocab as V
from riftlog.events.play import CardPlayed
from riftlog.rules.board import layers
from riftlog.rules.board.core import GameAction, Violation
from riftlog.rules.board.resources import card_facts
from riftlog.rules.board.state import ChainItem, GameState
from riftlog.rules.board.zones import change_zone
from riftlog.rules.interpreter import effects, once_each_turn
from riftlog.rules.playing import granted_repeat, move_destinations

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
    repeats += move_destinations.violations(state, card_id, chosen, d.choices)  # issue 24: 355.4
    chosen = {k: v for k, v in chosen.items() if "@" not in k}
    return repeats + effects.target_violations(state, d.player, d.card, effects.targets_of(card_id, index), chosen,
                                               str(card_facts(card_id))) + \
        same_location_violations(state, d, card_id) + \
        total_might_violations(state, d, card_id)


def total_might_violations(state: GameState, d: CardPlayed, card_id: str) -> list[Violation]:
    """vocab.MaxTotalMight, the chosen units' total Might (355.11)."""
    enc = effects.encoding(card_id)
    out: list[Violation] = []
    for ab in enc.abilities if enc is not None else ():
        if isinstance(ab, V.PayAnyPower):  # X of [A] (356.2)
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
    """a spell's targets that must share a location (355.11)."""
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
        elif isinstance(ab, V.DifferentTargets):  # issue 24: "another unit"
            out += _different_targets_violations(state, chosen, ab, card_id)
        elif isinstance(ab, V.EquipmentTargets):  # issue 24: Equipment users
            out += _equipment_target_violations(state, chosen, ab, card_id)
    return out


def _equipment_target_violations(state: GameState, chosen: Mapping[str, Sequence[str]],
                                 ab: V.EquipmentTargets, card_id: str) -> list[Violation]:
    """issue 24: targets that must be an Equipment, an equipped unit (355.5), or share one
    controller (355.11)."""
    out: list[Violation] = []
    ed = state.edition
    for n in ab.equipment:
        for o in chosen.get(n, ()):
            if o in state.objects and "Equipment" not in layers.characteristics(state, o).tags:
                out.append(Violation("355.5", f"{o} is not an Equipment, as the target {n!r} of "
                                     f"{card_facts(card_id)} must be", ed))
    for n in ab.equipped:
        for o in chosen.get(n, ()):
            if o in state.objects and not any(x.attached_to == o for x in state.objects.values()):
                out.append(Violation("355.5", f"{o} is not equipped, as the target {n!r} of "
                                     f"{card_facts(card_id)} must be", ed))
    owners = {state.objects[o].controller for n in ab.same_controller for o in chosen.get(n, ())
              if o in state.objects}
    if len(owners) > 1:
        out.append(Violation("355.11", f"the targets {', '.join(ab.same_controller)} of "
                             f"{card_facts(card_id)} must have the same controller", ed))
    return out


def _different_targets_violations(state: GameState, chosen: Mapping[str, Sequence[str]],
                                  ab: V.DifferentTargets, card_id: str) -> list[Violation]:
    """issue 24: one object chosen for two of the targets *ab.names*, in one run (a Repeat
    run's ``"t@2"`` targets are compared among themselves, 820.2.a)."""
    out: list[Violation] = []
    runs = {""} | {k.split("@", 1)[1] for k in chosen if "@" in k}
    for run in sorted(runs):
        picked = [o for n in ab.names for o in chosen.get(f"{n}@{run}" if run else n, ())]
        if len(set(picked)) != len(picked):
            out.append(Violation("355.11", f"the targets {', '.join(ab.names)} of "
                                 f"{card_facts(card_id)} must be different objects",
                                 state.edition))
    return out


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
    instances += granted_repeat.granted(state, d.player, d.card)  # issue 24: Temporal Portal
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
    modes = d.choices.get("repeat_modes")  # mechanics helper: each run's mode (820.2.a)
    if modes is not None:
        n = len(spell_modes(card_id))
        if n < 2 or not isinstance(modes, list) or len(modes) != len(paid) or any(
                not isinstance(m, str) or not m.isdigit() or int(m) >= n for m in modes):
            return [Violation("820.2.a", f"choices['repeat_modes'] names the mode of each paid "
                              f"Repeat run of {card_facts(card_id)} (a modal spell: \"0\".."
                              f"\"{max(n - 1, 0)}\")", ed)]
    for k in range(2, len(paid) + 2):
        if modes is not None:
            specs = effects.targets_of(card_id, spell_effect(card_id, modes[k - 2])[0])
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
    modes = ctx["choices"].get("repeat_modes")
    if modes:  # mechanics helper: this run's own mode (820.2.a)
        ctx["ability"] = spell_effect(ctx["card"], modes[k - 2])[0]
        base = [t.name for t in effects.targets_of(ctx["card"], ctx["ability"])]
    else:
        base = [n for n in ctx["all_targets"] if "@" not in n]
    ctx["targets"] = {n: list(ctx["all_targets"].get(f"{n}@{k}", [])) for n in base}
    ctx["pc"] = 0
    ctx["answers"] = {}
    effects.run(state, ctx, log)


effects.FINISHERS["repeat"] = _finish_repeat


# --- resolving chain items -----------------------------------------------------------------


def resolve_item(state: GameState, item: ChainItem, log: list[GameAction]) -> None:
    """Resolve the top chain item through its encoding (340.1).  The item leaves the chain
    as it starts resolving; a spell card goes to the trash when its effect is done."""
    state.chain.remove(item)
    index: int | str  # an ability's index, or "kw:<Name>" for a keyword's own ability
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
        if item.effect.get("trigger") and not once_each_turn.performing(
                state, item.source, item.controller, card, index, log):  # RUP4 383.3.e.1
            if state.chain:  # 340.4
                state.priority = state.chain[-1].controller
            return
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
