"""Putting pending triggered abilities on the chain (383.3): the ``triggers`` task (the
turn player's first; an order chosen with TriggersOrdered, 383.3.d), "you may" and targets
chosen as they trigger (383.3.a, 355.5), finalize costs (742.1.b, :data:`COST_CHOICES`),
:func:`put_on_chain` and the ``resolve_chain`` task.  Re-exported by
:mod:`riftlog.rules.interpreter.triggers`.
"""

from __future__ import annotations

from typing import Any

from riftlog.cards import vocab as V
from riftlog.errors import ImpossibleDecision, UnsupportedRule
from riftlog.events.abilities import TriggersOrdered
from riftlog.rules.board import hooks
from riftlog.rules.board.core import GameAction, Violation, handles
from riftlog.rules.board.state import ChainItem, GameState
from riftlog.rules.interpreter import effects, once_each_turn
from riftlog.rules.interpreter.custom_effects import CUSTOM
from riftlog.rules.interpreter.triggers_firing import fire_chosen


def _apnap(state: GameState) -> list[str]:
    order = state.turn_order
    tp = state.turn_player
    if tp in order:
        i = order.index(tp)
        return order[i:] + order[:i]
    return list(order)


@hooks.task("triggers")
def _flush(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    pending: list[dict[str, Any]] = state.extra.get("triggers", [])
    if not pending:
        state.extra.pop("triggers", None)
        _keep_resolving(state)  # also after a choice emptied the list
        return
    for pid in _apnap(state):
        mine = [t for t in pending if t["controller"] == pid]
        if not mine:
            continue
        ordered = state.extra.get("triggers_ordered", [])
        if len(mine) > 1 and pid not in ordered and \
                len({(t["card"], t["ability"]) for t in mine}) > 1:
            state.queue.append(hooks.await_entry(
                "trigger_order", pid, ["TriggersOrdered"], "383.3.d",
                {"ids": [t["id"] for t in mine]}, then={"kind": "triggers"}))
            return
        for t in mine:
            pending.remove(t)
            if not _targets_then_chain(state, t, log):
                return  # awaiting a target choice; the rest follows
    state.extra.pop("triggers", None)
    state.extra.pop("triggers_ordered", None)
    _keep_resolving(state)


def _keep_resolving(state: GameState) -> None:
    if state.chain and state.showdown is None and state.phase != "main":
        state.queue.append({"kind": "resolve_chain"})


def _targets_then_chain(state: GameState, t: dict[str, Any], log: list[GameAction]) -> bool:
    """Choose the trigger's targets (a ChoiceMade when it is a real choice), then put it
    on the chain.  False when a choice is awaited."""
    ab: V.Triggered = effects.ability(t["card"], t["ability"])
    if not once_each_turn.finalizing(state, t, log, count=False):  # v1.3 383.3.f: used up
        return True
    if ab.optional and "use" not in t:  # 383.3.a: "you may" is chosen as it triggers
        state.queue.append(hooks.await_entry(
            "choice", t["controller"], ["ChoiceMade"], "383.3.a",
            {"kind": "may", "use": [True, False], "card": t["card"], "source": t["source"]},
            then={"kind": "trigger_step", "trigger": t}))
        return False
    if ab.optional and not t["use"]:
        return True
    specs = effects.targets_of(t["card"], t["ability"])
    if not specs or "targets" in t:
        _no_deflect(state, t)
        if _asks_cost(state, t):  # issue #5: a cost paid as it is finalized (742.1.b)
            return False
        put_on_chain(state, t, log)
        return True
    chosen: dict[str, list[str]] = {}
    open_choice: dict[str, Any] = {}
    hidden_at = _played_from_hidden_at(state, t, ab)
    for spec in specs:
        legal = effects.target_candidates(state, t["controller"], t["source"], spec)
        if hidden_at is not None and spec.where not in _ELSEWHERE:
            legal = [o for o in legal if o == hidden_at or  # 811.1.d.2: chosen at that battlefield
                     getattr(state.objects.get(o), "location", None) == hidden_at]
        if not legal and not spec.up_to:
            log.append(GameAction("trigger_removed", t["controller"], (t["source"],),
                                  {"ability": t["ability"], "why": "no legal target"},
                                  "public", "355.5.b"))
            return True  # an ability without a legal target cannot be put on the chain
        if len(legal) <= spec.count and not spec.up_to:
            chosen[spec.name] = legal
        else:
            open_choice[spec.name] = {"from": legal, "count": spec.count, "up_to": spec.up_to}
    if not open_choice:
        t["targets"] = chosen
        _no_deflect(state, t)
        if _asks_cost(state, t):  # issue #5: a cost paid as it is finalized (742.1.b)
            return False
        put_on_chain(state, t, log)
        return True
    t["targets_fixed"] = chosen
    state.queue.append(hooks.await_entry(
        "choice", t["controller"], ["ChoiceMade"], "355.5",
        {"kind": "targets", "card": t["card"], "source": t["source"], "targets": open_choice},
        then={"kind": "trigger_step", "trigger": t}))
    return False


#: target restrictions that can never be met at the source's own battlefield (811.1.d.2)
_ELSEWHERE = frozenset({"elsewhere", "base"})


def _played_from_hidden_at(state: GameState, t: dict[str, Any], ab: V.Triggered) -> str | None:
    """The battlefield a permanent played from Hidden is at, when *t* is its own play
    effect (811.1.d.2: its targets are chosen there); None otherwise."""
    if not (t.get("event") or {}).get("from_hidden") or ab.when.event != "played" \
            or ab.when.subject != "me":
        return None
    obj = state.objects.get(t["source"])
    if obj is None or obj.zone != "battlefield":
        return None
    return obj.location


def _no_deflect(state: GameState, t: dict[str, Any]) -> None:
    if effects.deflect_power(state, t["controller"], t.get("targets", {})):
        raise UnsupportedRule(f"{state.edition} 809.1.c: a triggered ability choosing a unit "
                              "with Deflect (its cost, 383.3.b) is not implemented yet")


@hooks.task("trigger_step")
def _trigger_step(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    """Go on with a trigger after a ChoiceMade answered (its ``use``/``targets`` filled)."""
    if _targets_then_chain(state, entry["trigger"], log):
        state.queue.append({"kind": "triggers"})


@hooks.task("resolve_chain", quiet=True)
def _resolve_chain(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    # replay-perf: a quiet task (hooks.QUIET_TASKS): it changes only the priority and
    # queues no wait a cleanup acts on - keep it so
    if not state.chain or state.showdown is not None or state.phase == "main":
        return
    state.priority = state.priority or state.chain[-1].controller
    state.queue.append(hooks.await_entry(
        "priority", state.priority, ["PriorityPassed", *hooks.REACTION_DECISIONS], "312.2.c"))
    state.queue.append({"kind": "resolve_chain"})


def put_on_chain(state: GameState, t: dict[str, Any], log: list[GameAction]) -> None:
    """Put a pending triggered ability on the chain (383.3) as an ``"ability"`` item."""
    if not once_each_turn.finalizing(state, t, log, count=False):  # v1.3 383.3.f
        return
    if not _finalize_cost(state, t, log):  # 742.1.b
        return
    once_each_turn.finalizing(state, t, log, count=True)  # v1.3 383.3.f: a use, on the chain
    targets = {**t.get("targets_fixed", {}), **t.get("targets", {})}
    item = ChainItem(id=state.next_id("c"), kind="ability", controller=t["controller"],
                     source=t["source"], legal=True, targets=targets,
                     effect={"card": t["card"], "ability": t["ability"], "event": t["event"],
                             "trigger": True})
    state.chain.append(item)
    state.priority = t["controller"]
    state.extra["passes"] = []
    log.append(GameAction("trigger", t["controller"], (t["source"],),
                          {"card": t["card"], "ability": t["ability"], "item": item.id},
                          "public", "383.3"))
    fire_chosen(state, targets, t["controller"], spell=False, source=t["source"])


def _check_order(state: GameState, d: TriggersOrdered) -> list[Violation]:
    entry = hooks.answering(state)
    ids = entry.get("options", {}).get("ids", [])
    if sorted(d.order) != sorted(ids):
        return [Violation("383.3.d", f"order exactly the pending triggers {ids}", state.edition)]
    return []


@handles(TriggersOrdered)(_check_order)
def _apply_order(state: GameState, d: TriggersOrdered, log: list[GameAction]) -> None:
    entry = hooks.answering(state)
    pending: list[dict[str, Any]] = state.extra.get("triggers", [])
    by_id = {t["id"]: t for t in pending}
    if any(i not in by_id for i in d.order):
        raise ImpossibleDecision(f"{state.edition} 383.3.d: {d.order} are not the pending triggers")
    mine = [by_id[i] for i in d.order]
    rest = [t for t in pending if t["id"] not in d.order]
    state.extra["triggers"] = rest + mine
    state.extra.setdefault("triggers_ordered", []).append(d.player)
    log.append(GameAction("order_triggers", d.player, tuple(t["source"] for t in mine),
                          {"order": list(d.order)}, "public", "383.3.d", d.player))
    state.queue.append(entry.get("then") or {"kind": "triggers"})


@hooks.candidates
def candidates(state: GameState, player: str) -> list[TriggersOrdered]:
    if not state.queue or state.queue[0].get("request") != "trigger_order" or \
            state.queue[0].get("player") != player:
        return []
    ids = list(state.queue[0]["options"]["ids"])
    return [TriggersOrdered(player=player, order=tuple(ids)),
            TriggersOrdered(player=player, order=tuple(reversed(ids)))]


#: issue #5: ``fn(state, trigger) -> options | None``: the ChoiceMade (kind "custom") a cost
#: within a triggered ability's instructions needs from its controller before it is paid as
#: the ability is finalized (742.1.b), e.g. how to pay power (riftlog.rules.playing.play_effects).
#: The answer is kept in the trigger as ``cost_answer`` and given to the finalize cost's
#: Custom as its answer (``ctx["answers"]["0"]``).
COST_CHOICES: list[Any] = []


def _asks_cost(state: GameState, t: dict[str, Any]) -> bool:
    """issue #5: ask the trigger's controller for its finalize cost's answer (742.1.b) when
    one is needed and not given yet (True: the ChoiceMade is awaited)."""
    if "cost_answer" in t or not COST_CHOICES:
        return False
    for question in COST_CHOICES:
        options = question(state, t)
        if options is not None:
            rule = options.pop("rule", "742.1.b")  # a choice made as it is finalized may cite its own
            state.queue.append(hooks.await_entry(
                "choice", t["controller"], ["ChoiceMade"], rule,
                {"kind": "custom", "card": t["card"], "source": t["source"], **options},
                then={"kind": "trigger_step", "trigger": t}))
            return True
    return False


def _finalize_cost(state: GameState, t: dict[str, Any], log: list[GameAction]) -> bool:
    """pay a triggered ability's cost within its instructions as it is put
    on the chain (742.1.b; ``Triggered.finalize_cost``, Custom nodes).  False: it could not be
    paid, so the ability is not put on the chain."""
    ab = effects.ability(t["card"], t["ability"])
    cost = getattr(ab, "finalize_cost", ())
    if not cost:
        return True


    ctx = {"card": t["card"], "source": t["source"], "ability": t["ability"],
           "controller": t["controller"], "targets": {}, "choices": {},
           "answers": {"0": dict(t["cost_answer"])} if "cost_answer" in t else {},  # issue #5
           "event": t.get("event") or {}, "pc": 0}
    for node in cost:
        fn = CUSTOM.get(getattr(node, "name", ""))
        if not isinstance(node, V.Custom) or fn is None:
            raise effects.unsupported(t["card"], f"finalize cost {node!r} is not interpreted")
        if fn(state, ctx, log, *node.args) is False:
            log.append(GameAction("trigger_removed", t["controller"], (t["source"],),
                                  {"ability": t["ability"], "why": "its cost was not paid"},
                                  "public", "742.1.b"))
            return False
    if ctx["targets"]:  # targets a finalize step chose (issue 24: Aphelios, Exalted, 355.5)
        t["targets"] = {**t.get("targets", {}), **ctx["targets"]}
    return True
