"""Compiling and running effects (see :mod:`riftlog.rules.interpreter.effects`): the flat instruction
program of an ability, the step registry, asking the controller a question and resuming,
finishers, and judging the answers (ChoiceMade).  Part of :mod:`riftlog.rules.interpreter.effects`, which
re-exports every name here."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence
from typing import Any

from riftlog.cards import vocab as V
from riftlog.errors import ImpossibleDecision
from riftlog.rules.board import hooks
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter.effects_conditions import condition_holds
from riftlog.rules.interpreter.effects_targets import Ctx, ability, unsupported

# --- compilation -----------------------------------------------------------------------


def _compile(steps: Sequence[Any], out: list[tuple[Any, ...]]) -> None:
    for node in steps:
        if isinstance(node, V.If):
            at = len(out)
            out.append(("unless", node.cond, -1))
            _compile(node.then, out)
            if node.otherwise:
                jump = len(out)
                out.append(("jump", -1))
                out[at] = ("unless", node.cond, len(out))
                _compile(node.otherwise, out)
                out[jump] = ("jump", len(out))
            else:
                out[at] = ("unless", node.cond, len(out))
        elif isinstance(node, V.May):
            at = len(out)
            out.append(("may", -1))
            _compile(node.steps, out)
            out[at] = ("may", len(out))
        elif isinstance(node, V.Unsupported):
            out.append(("unsupported", node.why))
        else:
            out.append(("step", node))


@functools.lru_cache(maxsize=8192)
def compiled(card_id: str, index: int | str) -> tuple[tuple[Any, ...], ...]:
    """The flat instruction tuple of ability *index* of *card_id* (cached)."""
    ab = ability(card_id, index)
    steps = getattr(ab, "effect", None)
    if steps is None:
        raise unsupported(card_id, f"ability #{index} ({type(ab).__name__}) has no effect to resolve")
    out: list[tuple[Any, ...]] = []
    _compile(steps, out)  # an optional trigger's "you may" is chosen as it triggers (383.3.a)
    return tuple(out)


# --- running ----------------------------------------------------------------------------

StepFn = Callable[[GameState, Ctx, Any, list[GameAction]], "bool | None"]


#: vocabulary step class -> fn(state, ctx, node, log); returning False suspends (a
#: ChoiceMade was requested for ``ctx["pc"]``).
STEPS: dict[type, StepFn] = {}


def step(cls: type) -> Callable[[StepFn], StepFn]:
    def register(fn: StepFn) -> StepFn:
        STEPS[cls] = fn
        return fn
    return register


def ask(state: GameState, ctx: Ctx, kind: str, options: dict[str, Any], rule: str) -> None:
    """Request a ChoiceMade from the controller for the current instruction, then resume."""
    opts = {"kind": kind, "source": ctx.get("source"), "card": ctx["card"], **options}
    state.queue.append(hooks.await_entry("choice", ctx["controller"], ["ChoiceMade"], rule,
                                         opts, then={"kind": "effects", "ctx": ctx}))


def await_deck_order(state: GameState, ctx: Ctx, pid: str, keep: list[str],
                     randomize: list[str]) -> bool:
    """Await the recorded random order (a DeckOrderRecorded, v1.3 416.5) of *randomize* going
    under *keep* in *pid*'s Main Deck, then resume the current instruction.  Always False, so
    an effect can ``return effects.await_deck_order(...)`` while it waits."""
    state.queue.append(hooks.await_entry(
        "deck_order", None, ["DeckOrderRecorded"], "416.5",
        {"player": pid, "deck": "main", "keep": keep, "randomize": randomize},
        then={"kind": "effects", "ctx": ctx}))
    return False


def pick_one(state: GameState, ctx: Ctx, options: list[str], rule: str = "378") -> str | None:
    """The one card of *options* the controller picks for the current instruction: the only
    option at once, else their recorded ChoiceMade answer; None after asking (resume later)."""
    if len(options) == 1:
        return options[0]
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        ask(state, ctx, "cards", {"from": options, "count": 1}, rule)
        return None
    picked: str = answer["cards"][0]
    return picked


def run(state: GameState, ctx: Ctx, log: list[GameAction]) -> None:
    """Execute the instructions of ctx's ability from ``ctx["pc"]`` (see module doc)."""
    program = compiled(ctx["card"], ctx["ability"])
    pc = ctx.get("pc", 0)
    answers = ctx.setdefault("answers", {})
    while pc < len(program):
        ins = program[pc]
        op = ins[0]
        ctx["pc"] = pc
        if op == "step":
            node = ins[1]
            fn = STEPS.get(type(node))
            if fn is None:
                raise unsupported(ctx["card"], f"effect {type(node).__name__} is not interpreted yet")
            if fn(state, ctx, node, log) is False:
                return
            pc += 1
        elif op == "unless":
            pc = pc + 1 if condition_holds(state, ctx["controller"], ctx.get("source"), ins[1],
                                           ctx.get("event")) else ins[2]
        elif op == "jump":
            pc = ins[1]
        elif op == "may":
            answer = answers.get(str(pc))
            if answer is None:
                ask(state, ctx, "may", {"use": [True, False]}, "378")
                return
            pc = pc + 1 if answer.get("use") else ins[1]
        else:
            raise unsupported(ctx["card"], f"{ins[1]}")
    ctx["pc"] = pc
    finish = ctx.get("finish")
    for before in BEFORE_FINISH:  # issue #5: e.g. a spell played by an effect is recycled
        before(state, ctx, log)
    if finish:
        FINISHERS[finish](state, ctx, log)


#: ctx["finish"] name -> fn(state, ctx, log), run once the effect is done.
FINISHERS: dict[str, Callable[[GameState, Ctx, list[GameAction]], None]] = {}


#: issue #5: fn(state, ctx, log) run when an effect's instructions are done, before its
#: finisher (riftlog.rules.playing.play_effects: a spell played by an effect that says to recycle
#: it is recycled instead of going to the trash).
BEFORE_FINISH: list[Callable[[GameState, Ctx, list[GameAction]], None]] = []


@hooks.task("effects")
def _continue(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    if "order" in entry:  # a DeckOrderRecorded (416.5) answered a step
        ctx = entry["ctx"]
        ctx.setdefault("answers", {}).setdefault(str(ctx["pc"]), {})["order"] = list(entry["order"])
    run(state, entry["ctx"], log)


#: mechanics helper: custom ChoiceMade requests whose options name a ``validator`` are judged
#: by ``ANSWER_VALIDATORS[name](state, options, choice) -> [messages]`` (e.g. a payment).
ANSWER_VALIDATORS: dict[str, Callable[[GameState, dict[str, Any], dict[str, Any]], list[str]]] = {}


def answer_violations(state: GameState, options: dict[str, Any], choice: dict[str, Any]) -> list[str]:
    """What is wrong with a ChoiceMade *choice* for a request with *options* (messages)."""
    kind = options.get("kind")
    if kind == "may":
        if not isinstance(choice.get("use"), bool) or set(choice) != {"use"}:
            return ['answer {"use": true} or {"use": false}']
        return []
    if kind == "cards" and options.get("up_to"):  # 0..count cards
        cards = choice.get("cards")
        if not isinstance(cards, list) or len(cards) > options["count"] or \
                len(set(cards)) != len(cards) or any(c not in options["from"] for c in cards):
            return [f"choose up to {options['count']} different card(s) among {json.dumps(options['from'])}"]
        return []
    if kind == "cards":
        cards = choice.get("cards")
        if not isinstance(cards, list) or len(cards) != options["count"] or \
                len(set(cards)) != len(cards) or any(c not in options["from"] for c in cards):
            return [f"choose exactly {options['count']} different card(s) among {json.dumps(options['from'])}"]
        return []
    if kind == "targets":
        return ["targets"]  # checked by the caller with target_violations
    if kind == "custom":
        validate = ANSWER_VALIDATORS.get(options.get("validator") or "")  # mechanics helper
        if validate is not None:
            return validate(state, options, choice)
        allowed = options.get("choices")
        if allowed is not None and choice not in allowed:
            return ["choose one of " + ", ".join(json.dumps(c, sort_keys=True) for c in allowed)]
        return []
    raise ImpossibleDecision(f"no choice of kind {kind!r} is understood")
