"""Replacement effects (v1.3 367-375): deaths, the combat tie recall, damage by kind of
source (replacement helper, issue 4).

**Deaths** - every death path goes through :func:`riftlog.rules.interpreter.effects.kill`, which hands
the units that would die to :func:`replace_deaths`.  The units dying together are
simultaneous events, each treated separately (373).  The replacements that could apply:

* vocab :class:`~riftlog.cards.vocab.Replacement` ``event="die"`` abilities of the
  permanents on the board and of the legends (a Legend Zone is where a legend's abilities
  work), not of attached cards (721.2) - a replacement works from the zone it is in when
  the event occurs (370.3), so one leaving the board before the event does nothing; those
  of an attached Equipment's Effect Text are its wearer's (718.3: source and controller are
  the wearer's, ``ctx["event"]["equipment"]`` names the gear);
* the one-shot "next time it would die this turn" shields in ``state.extra["death_shields"]``
  (vocab ``SaveFromNextDeath`` - mandatory - and ``ShieldNextDeath`` - optional, maybe with
  a cost), used up by the next death of their unit.

A *sequence* (373.2.a) applies them one at a time.  Each application is an *option*: a
replacement and the event(s) it replaces (one event, or with ``each`` every qualifying
event at once, 373.2).  When there is a single mandatory option without a cost, it applies
by itself; otherwise the player who decides answers a recorded ChoiceMade (request
"choice", options kind "custom", validator "replacement", rule 372/373/371.1): ``{"apply":
{"replacement": key, "events": [oids]}, "payment": {...}}`` - one of the listed options,
with a Payment when the option costs Power - or ``{"apply": null}`` to apply none of their
remaining optional options (371.1; allowed only when all of them are optional).  Who
decides: the owner of the unit when every option concerns one event (372; a player acted
on decides for themselves, 372.1); else the first player in turn order who controls an
option, among their own options (373, 373.1).  A replacement applies once in a sequence,
to an event and to the events replacing it (370.2, 373.2): a death caused by a
replacement's own instructions is part of the same sequence (373.2.a.1).  Declining an
optional "once each turn" replacement does not use it (371.2).

Waiting for the answer: the kill is suspended - the choice is put at the front of the
queue and the rest of the kill (and what its caller still had to do: the effect's next
instruction, the rest of the combat's Resolution Step) runs once it is answered (task
``"replacement_deaths"``).  Callers that cannot be suspended (custom effects, costs) get an
UnsupportedRule naming what is not modelled; so does a choice needed inside a
replacement's own instructions.

**Combat tie** - :func:`tie_recall`: the attackers' recall of 461.1.a.2 (both sides still
have units after combat damage: a tie) may be replaced by ``Replacement(event="tie_recall",
who="you")`` of a permanent the Attacker controls (Symbol of the Solari: all units there
are recalled; then nobody remains, 461.3.d / 461.5.b).

**Damage** - :func:`damage_kind` tells a Deal's kind of source (417.6): "combat" (460.2.d,
417.6.c), "spell" or "ability" (417.6.a, 417.6.b.2) or "unit" (a unit named as the source
by a spell or ability, 417.6.b.3).  Turn-wide preventions by kind
(``state.extra["prevent_kinds"]``, 437.1.b.1.b "All") are applied by
:func:`replace_damage` (installed in ``actions.DAMAGE_REPLACEMENTS``).

375 (inheriting modifications) is not reachable: no replacement here replaces a token
being played or another event whose result a Game Effect modifies.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace as dc_replace
from typing import Any

from riftlog.cards import vocab as V
from riftlog.errors import ImpossibleDecision, UnsupportedRule
from riftlog.events.decisions import Payment
from riftlog.rules import editions
from riftlog.rules.board import copied_text, hooks, layers
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.resources import Cost, find_payment, pay, payment_violations
from riftlog.rules.board.seats import friendly, next_player
from riftlog.rules.board.state import BOARD_ZONES, GameState
from riftlog.rules.game_actions import actions
from riftlog.rules.interpreter import effects

__all__ = ["DEATH_TASK", "awaiting", "damage_kind", "replace_damage",
           "replace_deaths", "resumable", "tie_recall"]

DEATH_TASK = "replacement_deaths"
Option = dict[str, Any]
Rep = dict[str, Any]

#: the sequences being applied (innermost last); a death inside a replacement's own
#: instructions joins the innermost one (370.2, 373.2.a.1).
_ACTIVE: list[dict[str, Any]] = []
#: the callers of effects.kill that can wait for a choice (innermost last): what runs after
#: the suspended kill completes, effects.kill's arguments, and whether it was suspended.
_RESUME: list[dict[str, Any]] = []
#: set while a suspended kill completes (its replacements were already applied).
_BYPASS: list[bool] = []


@contextmanager
def resumable(then: dict[str, Any] | None, *, attribution: Sequence[str] = (),
              player: str | None = None,
              responsible: str | None = actions.PERFORMER) -> Iterator[dict[str, Any]]:
    """Kills inside may wait for a replacement choice (give effects.kill's arguments);
    *then* (a queue entry, or None) runs after the suspended kill completes.  The box
    yielded says ``"suspended"`` when the kill waits."""
    box: dict[str, Any] = {"then": then, "suspended": False,
                           "args": {"attribution": list(attribution), "player": player,
                                    "responsible": responsible}}
    _RESUME.append(box)
    try:
        yield box
    finally:
        _RESUME.pop()


#: the task re-running a custom effect once a replacement choice it met is answered.
RERUN_TASK = "replacement_rerun"
#: queued tasks during which the cleanup waits: the suspended kill's completion and the
#: rest of a combat's Resolution Step it resumes (one Combat Cleanup, 461.1), a custom
#: effect waiting to run again (DEATH_TASK, "combat_resolution", RERUN_TASK).
_WAIT_KINDS = hooks.CLEANUP_WAITS


def awaiting(state: GameState) -> bool:
    """A suspended kill awaits a replacement choice or its completion (cleanup waits)."""
    waits = _WAIT_KINDS
    for e in state.queue:  # replay-perf: no {} built per entry; `in` before reading a key
        if e.get("kind") in waits:
            return True
        if "then" in e:
            then = e["then"]
            if then and then.get("kind") in waits:
                return True
        if e.get("replacement_rerun"):
            return True
    return False


# --- which replacements could apply ------------------------------------------------------


def _shields(state: GameState) -> list[dict[str, Any]]:
    live = [sh for sh in state.extra.get("death_shields") or [] if sh["turn"] == state.turn]
    for sh in live:
        if "id" not in sh:
            sh["id"] = state.next_id("shield")
    if live:
        state.extra["death_shields"] = live
    else:
        state.extra.pop("death_shields", None)
    return live


def _gather(state: GameState) -> list[Rep]:
    """Every death replacement active now (sources on the board or legends)."""
    out: list[Rep] = []
    lists = effects._board_lists(state) + [p.legend for p in state.players.values()]
    for lst in lists:
        for oid in lst:
            obj = state.objects[oid]
            enc = effects.encoding(obj.card)
            text = getattr(enc, "effect_text", ()) if enc is not None else ()
            top = state.objects.get(obj.attached_to) if obj.attached_to is not None else None
            if obj.attached_to is not None and (top is None or not text):
                continue  # 721.2: an attached card's rules text is inactive
            for i, ab in enumerate(getattr(enc, "abilities", ()) if enc is not None else ()):
                if not (isinstance(ab, V.Replacement) and ab.event == "die"):
                    continue
                if top is not None and i in text:  # 718.3: its wearer's, "me" is the wearer
                    out.append({"key": f"{oid}#{i}", "source": top.oid, "card": obj.card,
                                "ability": i, "controller": top.controller, "node": ab,
                                "equipment": oid})
                elif top is None and i not in text:  # 136.2.b: Effect Text only attached
                    out.append({"key": f"{oid}#{i}", "source": oid, "card": obj.card,
                                "ability": i, "controller": obj.controller, "node": ab})
    for gear, unit in copied_text.copying(state):  # issue 24: Svellsongur, its wearer's once more
        top = state.objects[unit]
        enc = effects.encoding(top.card)
        for i, ab in enumerate(getattr(enc, "abilities", ()) if enc is not None else ()):
            if isinstance(ab, V.Replacement) and ab.event == "die":  # its own effect (370.2)
                out.append({"key": f"{gear}#copy{i}", "source": unit, "card": top.card,
                            "ability": i, "controller": top.controller, "node": ab,
                            "equipment": gear})
    for sh in _shields(state):
        out.append({"key": sh["id"], "source": sh.get("source"), "card": sh["card"],
                    "controller": sh["controller"], "shield": sh})
    return out


def _could_replace(state: GameState) -> bool:
    """Whether some death replacement is active now (read only: nothing in the state moves)."""
    if any(sh["turn"] == state.turn for sh in state.extra.get("death_shields") or []):
        return True
    objs = state.objects
    # replay-perf: each card id once (runes come in many copies), gathered in one set
    # comprehension; the answer does not depend on the order the cards are looked at
    cards = {objs[oid].card for lst in effects._board_lists(state) for oid in lst}
    for p in state.players.values():
        for oid in p.legend:
            cards.add(objs[oid].card)
    fact = effects.encoding_fact
    return any(fact(card, _replaces_deaths, False) for card in cards)


def _replaces_deaths(enc: V.Encoding) -> bool:
    return any(isinstance(ab, V.Replacement) and ab.event == "die" for ab in enc.abilities)


def _used_this_turn(state: GameState) -> list[str]:
    marks = state.extra.get("replacements_used")
    if not marks or marks.get("turn") != state.turn:
        marks = state.extra["replacements_used"] = {"turn": state.turn, "keys": []}
    keys: list[str] = marks["keys"]
    return keys


#: issue 24: "who" values of a death replacement: "a unit you control" (RUP4 489.8.c), "another"
_YOURS = ("your_unit", "other_your_unit")
_OTHER = ("other_friendly_unit", "other_your_unit")


def _qualifies(state: GameState, rep: Rep, oid: str) -> bool:
    unit = state.objects.get(oid)
    if unit is None or unit.zone not in BOARD_ZONES:
        return False
    sh = rep.get("shield")
    if sh is not None:
        return bool(sh["oid"] == oid)
    node: V.Replacement = rep["node"]
    src = state.objects[rep["source"]]
    if src.zone not in BOARD_ZONES and src.zone != "legend":
        return False  # it left before this event (370.3)
    if node.who == "me":
        ok = oid == src.oid
    elif node.who in ("friendly_unit", "other_friendly_unit", "your_unit", "other_your_unit"):
        # "friendly": a teammate's too (RUP4 489.8.e); "your_unit": "a unit you control" (489.8.c)
        mine = unit.controller == src.controller if node.who in _YOURS else \
            friendly(state, src.controller or "", unit.controller)
        ok = mine and layers.printed_type(unit.card) == "Unit" \
            and not (node.who in _OTHER and oid == src.oid)
    else:
        raise UnsupportedRule(f"v1.3 370.1: replacement subject {node.who!r} is not interpreted")
    if ok and node.condition is not None:
        ok = effects.condition_holds(state, src.controller or "", src.oid, node.condition,
                                     _event(state, oid))
    return ok


def _event(state: GameState, oid: str) -> dict[str, Any]:
    unit = state.objects[oid]
    return {"obj": oid, "player": unit.controller, "battlefield": unit.location,
            "buffed": unit.buffed}


def _cost_of(rep: Rep) -> V.ReplacementCost | None:
    sh = rep.get("shield")
    if sh is not None:
        c = sh.get("cost")
        return V.ReplacementCost(power=tuple((d, n) for d, n in c["power"])) if c else None
    cost: V.ReplacementCost | None = rep["node"].cost
    return cost


def _optional(rep: Rep) -> bool:
    sh = rep.get("shield")
    return bool(sh.get("optional")) if sh is not None else bool(rep["node"].optional)


def _affordable(state: GameState, rep: Rep, events: list[str]) -> bool:
    cost = _cost_of(rep)
    if cost is None:
        return True
    src = state.objects.get(rep["source"] or "")
    if cost.exhaust_me and (src is None or src.exhausted):
        return False
    if cost.spend_its_buff and not all(state.objects[o].buffed for o in events):
        return False
    return not cost.power or find_payment(state, rep["controller"], Cost(0, dict(cost.power))) is not None


def _options(state: GameState, seq: dict[str, Any], reps: list[Rep]) -> list[Option]:
    used = _used_this_turn(state)
    declined = {tuple(x) for x in seq["declined"]}
    out: list[Option] = []
    for rep in reps:
        key = rep["key"]
        if key in seq["applied"]:
            continue
        node = rep.get("node")
        if node is not None and node.once_each_turn and key in used:
            continue
        hits = [o for o in seq["events"] if (key, o) not in declined and _qualifies(state, rep, o)]
        groups = [hits] if hits and node is not None and node.each else [[o] for o in hits]
        for events in groups:
            if _affordable(state, rep, events):
                out.append({"replacement": key, "events": events, "card": rep["card"],
                            "controller": rep["controller"], "optional": _optional(rep),
                            "costs_power": bool((_cost_of(rep) or V.ReplacementCost()).power)})
    return out


# --- who decides, and the recorded choice ------------------------------------------------


def _turn_order(state: GameState) -> list[str]:
    order = [state.turn_player or next(iter(state.players))]
    while len(order) < len(state.players):
        nxt = next_player(state, order[-1])
        if nxt in order:
            break
        order.append(nxt)
    return order


def _decider(state: GameState, options: list[Option]) -> tuple[str, list[Option], str]:
    """(player, the options they choose among, rule)."""
    events = {o for opt in options for o in opt["events"]}
    if len(events) == 1:
        acted_on = state.objects[next(iter(events))]
        # editions helper: RUP4 372 has the controller order them, v1.3 372 the owner
        owner = acted_on.controller if editions.is_rup4(state) else acted_on.owner
        foreign = [o for o in options if o["controller"] != owner]
        if foreign and len(options) > 1:
            raise UnsupportedRule(
                "v1.3 372/371.1: replacement effects of different players could apply to the "
                f"death of {next(iter(events))}; the owner's ordering with another player's "
                "optional replacement is not modelled")
        return options[0]["controller"] if foreign else owner, options, "372"
    for pid in _turn_order(state):
        mine = [o for o in options if o["controller"] == pid]
        if mine:
            return pid, mine, "373.1" if len({o["controller"] for o in options}) > 1 else "373"
    raise UnsupportedRule("v1.3 373.1: the controller of a replacement effect is not a player")


def _listed(state: GameState, pid: str, options: list[Option], reps: dict[str, Rep]) -> list[dict[str, Any]]:
    """Answers a bot may give (payments found by the engine)."""
    out: list[dict[str, Any]] = []
    for opt in options:
        answer: dict[str, Any] = {"apply": {"replacement": opt["replacement"], "events": opt["events"]}}
        cost = _cost_of(reps[opt["replacement"]])
        if cost is not None and cost.power:
            p = find_payment(state, pid, Cost(0, dict(cost.power)))
            if p is None:
                continue
            answer["payment"] = {"exhaust": list(p.exhaust), "recycle": list(p.recycle)}
        out.append(answer)
    if all(o["optional"] for o in options):
        out.append({"apply": None})
    return out


def _validate(state: GameState, options: dict[str, Any], choice: dict[str, Any]) -> list[str]:
    """ChoiceMade answers to a replacement request (see the module doc)."""
    offered = options.get("options") or []
    apply = choice.get("apply", "missing")
    if apply is None:
        if not all(o["optional"] for o in offered):
            return ['v1.3 370.1: a mandatory replacement effect must be applied: answer {"apply": '
                    '{"replacement": key, "events": [...]}} with one of the options']
        return [] if set(choice) == {"apply"} else ['answer only {"apply": null} to decline']
    match = next((o for o in offered if isinstance(apply, dict)
                  and apply.get("replacement") == o["replacement"]
                  and list(apply.get("events") or []) == o["events"]), None)
    if match is None:
        return [f"choose one of the replacement options {[(o['replacement'], o['events']) for o in offered]}"
                + (' or {"apply": null}' if all(o["optional"] for o in offered) else "")]
    if not match["costs_power"]:
        return [] if "payment" not in choice else ["this replacement costs no Power: no payment"]
    raw = choice.get("payment")
    if not isinstance(raw, dict):
        return ['v1.3 371.1: this replacement costs Power: give "payment": {"exhaust": [...], '
                '"recycle": [...]}']
    try:
        payment = Payment(exhaust=tuple(raw.get("exhaust") or ()), recycle=tuple(raw.get("recycle") or ()))
    except Exception as exc:  # a malformed answer is a violation
        return [f"malformed payment: {exc}"]
    power = tuple(options.get("power", {}).get(match["replacement"]) or ())
    return [f"v1.3 {v.rule}: {v.message}" for v in
            payment_violations(state, match["controller"], Cost(0, dict(power)), payment)]


effects.ANSWER_VALIDATORS["replacement"] = _validate


# --- the sequence ------------------------------------------------------------------------


def replace_deaths(state: GameState, oids: list[str], log: list[GameAction]) -> list[str]:
    """The units that still die now (installed in ``effects.DEATH_REPLACEMENTS``).  When
    the kill waits for a recorded choice, none dies now: the kill completes by itself once
    it is answered (see the module doc)."""
    if not oids or _BYPASS or not _could_replace(state):
        return oids
    reps = _gather(state)
    if not reps:
        return oids
    seq: dict[str, Any] = {"events": [o for o in oids if o in state.objects], "declined": [],
                           "saved": []}
    if _ACTIVE:  # a death inside a replacement's instructions: the same sequence
        seq.update(applied=_ACTIVE[-1]["applied"], nested=True)
    else:
        seq["applied"] = []
    if not _run(state, seq, log, None, reps):
        return []
    dying = [o for o in seq["events"] if state.objects[o].zone in BOARD_ZONES]
    _spend_shields_of(state, dying)
    return dying


def _spend_shields_of(state: GameState, dying: list[str]) -> None:
    """A "next time it would die" shield that did not replace this death (declined or not
    payable) is used up by it all the same."""
    shields = state.extra.get("death_shields")
    if shields and any(sh["oid"] in dying for sh in shields):
        rest = [sh for sh in shields if sh["oid"] not in dying]
        if rest:
            state.extra["death_shields"] = rest
        else:
            state.extra.pop("death_shields", None)


def _run(state: GameState, seq: dict[str, Any], log: list[GameAction],
         answer: dict[str, Any] | None, reps: list[Rep] | None = None) -> bool:
    """Apply options until none is left (True) or a choice is awaited (False)."""
    while True:
        reps = _gather(state) if reps is None else reps
        by_key = {r["key"]: r for r in reps}
        options = _options(state, seq, reps)
        reps = None
        if not options:
            return True
        if state.edition == "v1.2" and (len(options) > 1 or len(seq["events"]) > 1 or any(
                o["optional"] for o in options)):  # editions helper: not in v1.2 364-368
            raise editions.new_in_v13(state, "370.2, 371, 373", "several replacement options "
                                      "or events, or an optional replacement, at one death")
        pid, mine, rule = _decider(state, options)
        if answer is None and len(options) == 1 and not mine[0]["optional"] and \
                _cost_of(by_key[mine[0]["replacement"]]) is None:
            _apply(state, seq, by_key[mine[0]["replacement"]], mine[0]["events"], None, log)
            continue
        if answer is None and _RESUME and _RESUME[-1].get("answers"):
            answer = _RESUME[-1]["answers"].pop(0)  # a custom effect run again: its answer here
        if answer is None:
            _ask(state, seq, pid, mine, rule, by_key)
            return False
        given, answer = answer, None
        if given.get("apply") is None:
            seq["declined"] += [[o["replacement"], e] for o in mine for e in o["events"]]
            for o in mine:  # a declined "next time" shield is used up by this death
                sh = by_key[o["replacement"]].get("shield")
                if sh is not None:
                    _drop_shield(state, sh["id"])
            continue
        key, events = given["apply"]["replacement"], list(given["apply"]["events"])
        if not any(o["replacement"] == key and o["events"] == events for o in mine):
            raise ImpossibleDecision(f"v1.3 {rule}: the replacement option {key} for {events} "
                                     "is no longer available")
        _apply(state, seq, by_key[key], events, given.get("payment"), log)


def _ask(state: GameState, seq: dict[str, Any], pid: str, mine: list[Option], rule: str,
         by_key: dict[str, Rep]) -> None:
    if seq.get("nested"):
        raise UnsupportedRule("v1.3 373.2.a.1: a replacement choice for a death caused by another "
                              "replacement's own instructions is not modelled")
    if not _RESUME:
        raise UnsupportedRule(f"v1.3 {rule}/371.1: a replacement choice for a death caused here "
                              "(a cost, or a kill outside the effects, cleanups and combat) is "
                              "not modelled; only those wait for it")
    box = _RESUME[-1]
    power = {o["replacement"]: [list(x) for x in (_cost_of(by_key[o["replacement"]]) or
                                                  V.ReplacementCost()).power] for o in mine}
    opts = {"kind": "custom", "validator": "replacement", "event": "die", "options": mine,
            "power": power, "choices": _listed(state, pid, mine, by_key), "source": None,
            "card": mine[0]["card"]}
    if box.get("restart"):  # a custom effect: it is undone and runs again with the answer
        raise _Restart(hooks.await_entry("choice", pid, ["ChoiceMade"], rule, opts,
                                         then={"kind": RERUN_TASK, "answer": None}))
    box["suspended"] = True
    seq.setdefault("resume", box["then"])
    seq.setdefault("args", box["args"])
    state.queue.insert(0, hooks.await_entry("choice", pid, ["ChoiceMade"], rule, opts,
                                            then={"kind": DEATH_TASK, "seq": seq, "answer": None}))


class _Restart(Exception):  # a control-flow signal, not an error
    """A replacement choice met while a custom effect runs (see :func:`run_custom`)."""

    def __init__(self, entry: dict[str, Any]) -> None:
        super().__init__("a replacement choice is needed")
        self.entry = entry


def _drop_shield(state: GameState, sid: str) -> None:
    rest = [sh for sh in state.extra.get("death_shields") or [] if sh.get("id") != sid]
    if rest:
        state.extra["death_shields"] = rest
    else:
        state.extra.pop("death_shields", None)


def _apply(state: GameState, seq: dict[str, Any], rep: Rep, events: list[str],
           payment: dict[str, Any] | None, log: list[GameAction]) -> None:
    """Pay, then replace *events* by the replacement's instructions (370.1.a)."""
    key, controller = rep["key"], rep["controller"]
    cost = _cost_of(rep)
    seq["applied"].append(key)
    node = rep.get("node")
    if node is not None and node.once_each_turn:
        _used_this_turn(state).append(key)
    if cost is not None:
        _pay(state, rep, cost, events, payment, log)
    log.append(GameAction("replace", controller, (rep["source"] or rep["card"], *events),
                          {"card": rep["card"], "event": "die"}, "public", "369", controller))
    # RUP4 373.1.a: the instructions below are performed now, before the simultaneous
    # deaths left unmodified (the kill of seq["events"] happens once the replacements return)
    seq["events"] = [o for o in seq["events"] if o not in events]
    seq["saved"] += events
    sh = rep.get("shield")
    if sh is not None:
        _drop_shield(state, sh["id"])
    _ACTIVE.append(seq)
    try:
        for oid in events:
            if sh is not None:
                _heal_exhaust_recall(state, oid, controller, log)
                continue
            ctx: dict[str, Any] = {
                "card": rep["card"], "source": rep["source"], "ability": rep["ability"],
                "controller": controller, "targets": {}, "choices": {},
                "event": {**_event(state, oid), **({"equipment": rep["equipment"]}
                                                   if "equipment" in rep else {})},
                "pc": 0, "answers": {}, "finish": None}
            effects.run(state, ctx, log)
            if state.queue and (state.queue[-1].get("then") or {}).get("ctx") is ctx:
                raise UnsupportedRule("v1.3 370.1.a: a replacement effect that needs a choice "
                                      "while it replaces is not modelled")
    finally:
        _ACTIVE.pop()


def _pay(state: GameState, rep: Rep, cost: V.ReplacementCost, events: list[str],
         payment: dict[str, Any] | None, log: list[GameAction]) -> None:
    controller = rep["controller"]
    if cost.power:
        if payment is None:
            raise ImpossibleDecision("v1.3 371.1: the replacement's Power cost needs a payment")
        pay(state, controller, Cost(0, dict(cost.power)),
            Payment(exhaust=tuple(payment.get("exhaust") or ()), recycle=tuple(payment.get("recycle") or ())),
            log)
    if cost.exhaust_me and not actions.exhaust(state, rep["source"], log, responsible=controller):
        raise ImpossibleDecision(f"v1.3 371.1: {rep['source']} is exhausted: it cannot pay")
    if cost.spend_its_buff:
        for oid in events:
            if not state.objects[oid].buffed:
                raise ImpossibleDecision(f"v1.3 702.2.b.1: {oid} has no buff to spend")
            state.objects[oid].buffed = False
            log.append(GameAction("spend_buff", controller, (oid,), {}, "public", "702.2.b", controller))


def _heal_exhaust_recall(state: GameState, oid: str, controller: str, log: list[GameAction]) -> None:
    if layers.printed_type(state.objects[oid].card) == "Unit":
        actions.heal(state, oid, log, player=controller)
    actions.exhaust(state, oid, log)
    actions.recall(state, oid, log, responsible=controller)


@hooks.task(DEATH_TASK)
def _continue(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    """A replacement choice was answered: go on with the suspended kill."""
    seq = entry["seq"]
    if entry.get("answer") is None:
        raise ImpossibleDecision("v1.3 373: the replacement choice was not answered")
    if not _run(state, seq, log, entry["answer"]):
        return
    dying = [o for o in seq["events"] if o in state.objects and state.objects[o].zone in BOARD_ZONES]
    _spend_shields_of(state, dying)
    a = seq["args"]
    if dying:
        _BYPASS.append(True)
        try:
            effects.kill(state, dying, log, attribution=a["attribution"], player=a["player"],
                         responsible=a["responsible"])
        finally:
            _BYPASS.pop()
    if seq.get("resume") is not None:
        state.queue.append(seq["resume"])


# --- custom effects that kill: undone and run again once the choice is answered ----------


def run_custom(state: GameState, ctx: dict[str, Any], log: list[GameAction], fn: Any,
               args: tuple[Any, ...]) -> bool | None:
    """Run a custom effect (effects._custom).  When a death replacement could apply, the
    custom effect runs on a snapshot guard: if one of its kills meets a replacement choice,
    everything it did is undone, the choice is recorded (task ``"replacement_rerun"``) and
    the custom effect runs again from the start with the recorded answers, in order - the
    same game so far, so it meets the same choices (custom effects are deterministic)."""
    RUNNING.append(ctx)
    try:
        if not _could_replace(state):
            result: bool | None = fn(state, ctx, log, *args)
            return result
        import copy
        from dataclasses import fields

        snap, saved_ctx, mark = state.clone(), copy.deepcopy(ctx), len(log)
        _RESUME.append({"restart": True, "answers": list(ctx.get("replacement_answers") or [])})
        try:
            result = fn(state, ctx, log, *args)
            return result
        except _Restart as stop:
            for f in fields(state):
                setattr(state, f.name, getattr(snap, f.name))
            ctx.clear()
            ctx.update(saved_ctx)
            del log[mark:]
            stop.entry["then"]["ctx"] = ctx
            state.queue.insert(0, stop.entry)
            return False  # the step runs again after the answer (task "replacement_rerun")
        finally:
            _RESUME.pop()
    finally:
        RUNNING.pop()


@hooks.task(RERUN_TASK)
def _rerun(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    """The choice a custom effect met was answered: run it again with the answers so far."""
    ctx = entry["ctx"]
    if entry.get("answer") is None:
        raise ImpossibleDecision("v1.3 373: the replacement choice was not answered")
    ctx.setdefault("replacement_answers", []).append(entry["answer"])
    state.queue.append({"kind": "effects", "ctx": ctx, "replacement_rerun": True})


# --- ShieldNextDeath (Unlicensed Armory) -------------------------------------------------


@effects.step(V.ShieldNextDeath)
def _shield_next_death(state: GameState, ctx: dict[str, Any], node: V.ShieldNextDeath,
                       log: list[GameAction]) -> None:
    """This turn, the next death of each chosen unit may be replaced (see module doc)."""
    for oid in effects.objects(state, ctx, node.what):
        if state.objects[oid].zone not in BOARD_ZONES:
            continue
        state.extra.setdefault("death_shields", []).append({
            "id": state.next_id("shield"), "oid": oid, "turn": state.turn, "card": ctx["card"],
            "controller": ctx["controller"], "source": ctx.get("source"),
            "optional": node.optional,
            "cost": {"power": [list(x) for x in node.cost.power]} if node.cost else None})
        log.append(GameAction("shield", ctx["controller"], (oid,), {"card": ctx["card"]},
                              "public", "369", ctx["controller"]))


# --- the combat tie recall (461.1.a.2) ---------------------------------------------------


def tie_recall(state: GameState, outcome: Any, log: list[GameAction]) -> Any:
    """461.1.a.2 with replacement effects: the outcome to go on with.  Without a
    ``Replacement(event="tie_recall")`` of the Attacker, nothing happens here (the caller
    recalls the attackers).  With one, its instructions replace the recall and the result
    and control are worked out again on what remains (461.3, 461.5)."""
    if not outcome.recalled:
        return outcome
    found: list[tuple[str, int]] = []
    for lst in effects._board_lists(state) + [p.legend for p in state.players.values()]:
        for oid in lst:
            obj = state.objects[oid]
            if obj.attached_to is not None or obj.controller != outcome.attacker:
                continue
            enc = effects.encoding(obj.card)
            for i, ab in enumerate(getattr(enc, "abilities", ()) if enc is not None else ()):
                if isinstance(ab, V.Replacement) and ab.event == "tie_recall":
                    if ab.who != "you" or ab.optional or ab.cost is not None:
                        raise UnsupportedRule(f"v1.3 367: tie replacement {ab.what!r} is not interpreted")
                    found.append((oid, i))
    if not found:
        return outcome
    # several copies: the first replaces the recall; the event it made is no tie recall, so
    # the others have nothing left to replace (370.2) - the result is the same whatever order.
    src, i = found[0]
    obj = state.objects[src]
    log.append(GameAction("replace", obj.controller, (src, outcome.battlefield),
                          {"card": obj.card, "event": "tie_recall"}, "public", "369", obj.controller))
    ctx: dict[str, Any] = {"card": obj.card, "source": src, "ability": i, "controller": obj.controller,
                           "targets": {}, "choices": {}, "pc": 0, "answers": {}, "finish": None,
                           "event": {"battlefield": outcome.battlefield, "player": outcome.attacker}}
    effects.run(state, ctx, log)
    left = {p: tuple(o for o in units if state.objects[o].location == outcome.battlefield)
            for p, units in outcome.remaining.items()}
    present = [p for p in (outcome.attacker, outcome.defender) if left.get(p)]
    bf = state.battlefield(outcome.battlefield)
    winner = present[0] if len(present) == 1 else None
    establishes = winner
    controller = establishes if establishes is not None else (None if not present else bf.controller)
    return dc_replace(outcome, recalled=(), remaining=left, winner=winner,
                      loser=None if winner is None else (outcome.defender if winner == outcome.attacker
                                                         else outcome.attacker),
                      restage=len(present) == 2, establishes=establishes, controller=controller,
                      conquered_by=None)


# --- damage by kind of source (417.6) and turn-wide prevention (437) ---------------------

#: the resolution contexts of the custom effects running (innermost last), to tell a
#: custom effect's Deal kind (effects._custom pushes them).
RUNNING: list[dict[str, Any]] = []


def damage_kind(state: GameState, source: str | None, kind: str | None) -> str | None:
    """The kind of a Deal's source: *kind* if given, else worked out from the running custom
    effect: its own source (or none) - "spell" for a spell, else "ability"; another object
    named as the source - "unit" (417.6.b.3).  None: unknown."""
    if kind is not None:
        return kind
    if not RUNNING:
        return None
    ctx = RUNNING[-1]
    if source is None or source == ctx.get("source"):
        return "spell" if ctx.get("finish") in ("spell", "repeat") else "ability"
    return "unit"


def replace_damage(state: GameState, oid: str, amount: int, source: str | None,
                   kind: str | None, log: list[GameAction]) -> int:
    """The damage left after turn-wide preventions by kind (437; 0: none is dealt, 437.4)."""
    marks = [m for m in state.extra.get("prevent_kinds") or [] if m["turn"] == state.turn]
    if not marks:
        return amount
    k = damage_kind(state, source, kind)
    hit = [m for m in marks if k in m["kinds"]]
    if k is None:
        raise UnsupportedRule("v1.3 417.6.b.3: the kind of source (spell, ability, unit, combat) "
                              f"of damage to {oid} is not known, and a prevention depends on it")
    if not hit:
        return amount
    if state.edition == "v1.2":  # editions helper: no Prevent (437) in v1.2
        raise editions.new_in_v13(state, "437", f"damage to {oid} would be prevented")
    if k == "combat" and editions.is_rup4(state):  # editions helper: RUP4 465.2.c.5
        raise editions.unsupported(state, "465.2.c.5", f"combat damage to {oid} would be "
                                   "prevented: RUP4 applies it to the damage assignment")
    m = hit[0]
    log.append(GameAction("prevent", m["controller"], (oid,), {"amount": amount, "kind": k,
                                                               "card": m["card"]},
                          "public", "437.2", m["controller"]))
    return 0


def prevent_kinds_this_turn(state: GameState, kinds: tuple[str, ...], card: str,
                            controller: str, log: list[GameAction]) -> None:
    """From now until the end of the turn, all damage of these kinds is prevented (437)."""
    state.extra["prevent_kinds"] = [m for m in state.extra.get("prevent_kinds") or []
                                    if m["turn"] == state.turn] + [
        {"turn": state.turn, "kinds": list(kinds), "card": card, "controller": controller}]
    log.append(GameAction("prevent_set", controller, (), {"kinds": list(kinds), "card": card},
                          "public", "437.1", controller))


if replace_damage not in actions.DAMAGE_REPLACEMENTS:
    actions.DAMAGE_REPLACEMENTS.append(replace_damage)
if replace_deaths not in effects.DEATH_REPLACEMENTS:
    effects.DEATH_REPLACEMENTS.append(replace_deaths)
