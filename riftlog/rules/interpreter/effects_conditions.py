"""References, amounts and conditions for the effect interpreter: the objects a step acts on,
counted amounts, whether a condition holds, and the per-turn marks conditions read (deaths,
activations).  Part of :mod:`riftlog.rules.interpreter.effects`, which re-exports every name here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riftlog.cards import vocab as V
from riftlog.errors import UnsupportedRule
from riftlog.rules.board import layers
from riftlog.rules.board.resources import card_facts
from riftlog.rules.board.seats import moves_this_turn, teammates
from riftlog.rules.board.state import BOARD_ZONES, GameState
from riftlog.rules.board.xp import xp
from riftlog.rules.game_actions.scoring import points_of
from riftlog.rules.interpreter.effects_targets import (
    Ctx,
    _board_lists,
    _kind_ok,
    _side_ok,
    _type,
    still_legal,
    target_candidates,
    unsupported,
)

# --- references, amounts, conditions --------------------------------------------------


def objects(state: GameState, ctx: Ctx, who: Any) -> list[str]:
    """The object ids (or battlefield ids) an effect step acts on."""
    if isinstance(who, V.Target):
        return still_legal(state, ctx, who)
    if isinstance(who, V.Chosen):
        return list(ctx["targets"].get(who.name, []))
    if isinstance(who, V.Ref):
        if who.what == "me":  # a legend (Legend Zone) is also "me"
            obj = state.objects.get(ctx.get("source") or "")
            return [obj.oid] if obj is not None and (obj.zone in BOARD_ZONES or obj.zone == "legend") else []
        if who.what == "it":
            obj = state.objects.get((ctx.get("event") or {}).get("obj") or "")
            return [obj.oid] if obj is not None and obj.zone in BOARD_ZONES else []
        raise unsupported(ctx["card"], f"reference {who.what!r} names no object")
    if isinstance(who, V.All):
        src = state.objects.get(ctx.get("source") or "")
        at: str | None
        if who.at is None:
            at = None
        elif who.at == "here":
            at = src.location if src is not None else None
            if at is None:
                return []
        elif isinstance(who.at, V.Chosen):
            chosen = ctx["targets"].get(who.at.name, [])
            if not chosen:
                return []
            at = chosen[0]
        elif who.at in ("battlefields", "combat"):
            return _all_at_battlefields(state, ctx, who)
        else:
            raise unsupported(ctx["card"], f"All(at={who.at!r}) is not interpreted")
        out = []
        for lst in _board_lists(state):
            for oid in lst:
                obj = state.objects[oid]
                if (at is None or obj.location == at) and _named_by(state, ctx, who, oid, obj):
                    out.append(oid)
        return out
    raise unsupported(ctx["card"], f"{type(who).__name__} is not an object reference")


def _all_at_battlefields(state: GameState, ctx: Ctx, who: V.All) -> list[str]:
    """All(at="battlefields") = at any battlefield; All(at="combat") =
    at the battlefield of the combat in progress (none outside a combat)."""
    if who.at == "combat":
        sd = state.showdown
        if sd is None or not sd.combat:
            return []
        places = [sd.battlefield]
    else:
        places = [bf.oid for bf in state.battlefields]
    out = []
    for bf in state.battlefields:
        if bf.oid not in places:
            continue
        for oid in (*bf.units, *bf.gear):
            if _named_by(state, ctx, who, oid, state.objects[oid]):
                out.append(oid)
    return out


def _named_by(state: GameState, ctx: Ctx, who: V.All, oid: str, obj: Any) -> bool:
    """Whether *oid* (*obj*) is of the kind and side *who* names (not the source itself
    when *who* says "other")."""
    if who.other and oid == ctx.get("source"):
        return False
    return _kind_ok(who.kind, _type(obj.card)) and \
        _side_ok(state, who.side, ctx["controller"], obj.controller)


def amount(state: GameState, ctx: Ctx, value: Any) -> int:
    if isinstance(value, int):
        return value
    if isinstance(value, V.Count):
        return count(state, ctx["controller"], ctx.get("source"), value)
    raise unsupported(ctx["card"], f"amount {value!r} is not interpreted")


def count(state: GameState, player: str, source: str | None, c: V.Count) -> int:
    p = state.players[player]
    if c.what == "trash":
        n = len(p.trash)
    elif c.what == "hand":
        n = len(p.hand)
    elif c.what == "mighty_units":
        n = sum(1 for lst in _board_lists(state) for o in lst
                if state.objects[o].controller == player and _type(state.objects[o].card) == "Unit"
                and layers.is_mighty(state, o))
    elif c.what == "units_here":
        src = state.objects.get(source or "")
        loc = src.location if src is not None else None
        n = sum(1 for lst in _board_lists(state) for o in lst
                if state.objects[o].location == loc and _type(state.objects[o].card) == "Unit")
    elif c.what == "highest_might":  # the highest Might among your units
        n = max((layers.might_of(state, o) for lst in _board_lists(state) for o in lst
                 if state.objects[o].controller == player
                 and _type(state.objects[o].card) == "Unit"), default=0)
        n = max(n, 0)
    else:
        return _count_more(state, player, source, c)
    return n * c.times


def _count_more(state: GameState, player: str, source: str | None, c: V.Count) -> int:
    """Count("source_might") = the source's current Might (0 off the
    board, 359.3.f.2: read as the instruction executes)."""
    if c.what == "played_this_turn":  # issue 24: cards the player played this turn (419.4.b)
        return len(played_this_turn(state, player)) * c.times
    src = state.objects.get(source or "")
    if c.what != "source_might":
        raise UnsupportedRule(f"v1.3: Count({c.what!r}) is not interpreted yet")
    n = max(0, layers.might_of(state, src.oid)) if src is not None and src.zone in BOARD_ZONES else 0
    return n * c.times


def played_this_turn(state: GameState, player: str) -> list[str]:
    marks = state.players[player].turn_marks
    return list(marks.get("played", [])) if marks.get("played_turn") == state.turn else []


#: issue #5 (K1): condition class -> fn(state, player, source, cond, event) -> bool, for
#: conditions defined outside riftlog.cards.vocab (e.g. riftlog.rules.interpreter.kills).
CONDITIONS: dict[type, Callable[[GameState, str, str | None, Any, dict[str, Any] | None], bool]] = {}


def condition_holds(state: GameState, player: str, source: str | None, cond: Any,
                    event: dict[str, Any] | None = None) -> bool:
    """Whether *cond* holds now for *player* (the ability's controller)."""
    if cond is None:
        return True
    if isinstance(cond, V.HasXP):  # mechanics helper: Level n (824), XP per player (732)
        return xp(state, player) >= cond.n
    if isinstance(cond, V.AllOf):  # several Dependent Keywords: all must hold (RUP4 727.1.b.3)
        return all(condition_holds(state, player, source, c, event) for c in cond.conds)
    if isinstance(cond, V.FirstTurn):  # the event player's first turn
        who = (event or {}).get("player") or player
        return who not in state.extra.get("had_turn", [])
    if isinstance(cond, V.NotActivatedThisTurn):
        marks = state.extra.get("activated_this_turn") or {}
        return marks.get("turn") != state.turn or \
            activation_mark(source, cond.index, event) not in marks.get("keys", [])
    if isinstance(cond, V.MovedToOtherBattlefield):
        ev = event or {}
        src = state.objects.get(source or "")
        here = src.location if src is not None and src.zone == "battlefield" else None
        return bool(ev.get("lead")) and ev.get("to") != here and \
            any(bf.oid == ev.get("to") for bf in state.battlefields)
    if isinstance(cond, V.EventFromHere):  # the event was at my location
        src = state.objects.get(source or "")
        return src is not None and src.zone in BOARD_ZONES and src.location is not None and \
            (event or {}).get("battlefield") == src.location
    if isinstance(cond, V.EventFlag):
        return bool((event or {}).get(cond.key))
    if isinstance(cond, V.EventBattlefieldYours):
        where = (event or {}).get("battlefield")
        bf = next((b for b in state.battlefields if b.oid == where), None)
        return bf is not None and bf.controller == player
    if isinstance(cond, V.Legion):  # 812: another card was played this turn
        return any(o != source for o in played_this_turn(state, player))
    if isinstance(cond, V.Not):
        return not condition_holds(state, player, source, cond.cond, event)
    if isinstance(cond, V.ControlsTag):
        for lst in _board_lists(state):
            for oid in lst:
                obj = state.objects[oid]
                if obj.controller == player and not (cond.other and oid == source) and \
                        cond.tag in layers.characteristics(state, oid).tags:
                    return True
        return False
    if isinstance(cond, V.Mighty):
        subject: str | None = source if cond.who.what == "me" else (event or {}).get("obj")
        mighty = state.objects.get(subject or "")
        return mighty is not None and mighty.zone in BOARD_ZONES and layers.is_mighty(state, mighty.oid)
    if isinstance(cond, V.HandSize):
        return len(state.players[player].hand) <= cond.at_most
    if isinstance(cond, V.Exists):
        return bool(target_candidates(state, player, source, cond.what))
    if isinstance(cond, V.MyTurn):
        return state.turn_player == player
    if isinstance(cond, V.UnitDiedThisTurn):
        sides = {"enemy": state.opponents(player), "friendly": teammates(state, player),
                 "yours": [player],
                 "any": list(state.players)}[cond.side]
        return any(_deaths(state, p) for p in sides)
    if isinstance(cond, V.FirstDeathThisTurn):  # 383.1.b: one instance
        if "dying_now" in state.extra:  # a team mode: a teammate's deaths count (489.8.e)
            return _first_friendly_death(state, player, event)
        first = next((b for b in _deaths(state, player) if b), None)
        return first is not None and (event or {}).get("obj") == first[0]
    if isinstance(cond, V.ControlsFacedown):
        return any(state.objects[o].controller == player
                   for bf in state.battlefields for o in bf.facedown)
    if isinstance(cond, V.PaidAdditional):  # abilities.pay_additional marks
        paid = state.extra.get("paid_additional") or {}
        return paid.get("turn") == state.turn and source in paid.get("oids", [])
    if isinstance(cond, V.PlayedCount):
        return len(played_this_turn(state, player)) == cond.n
    if isinstance(cond, V.OpponentNearVictory):
        return any(points_of(state, o) >= state.victory_score - cond.within
                   for o in state.opponents(player))
    if isinstance(cond, (V.IsReady, V.HasTag)):
        return _ref_condition(state, source, cond, event)
    if isinstance(cond, V.WasBuffed):  # noted as it died (808.1.d.3)
        return bool((event or {}).get("buffed"))
    if isinstance(cond, V.MovedTimes):  # the n-th move this turn
        mover = source if cond.who.what == "me" else (event or {}).get("obj")
        return mover is not None and moves_this_turn(state, mover) == cond.n
    if isinstance(cond, (V.AtBattlefield, V.Alone, V.IsEnemy)):
        return _condition_more(state, player, source, cond, event)
    if isinstance(cond, (V.CostAtLeast, V.UnitsAtEventBattlefield)):
        return _cost_or_units_condition(state, player, source, cond, event)
    more = CONDITIONS.get(type(cond))  # issue #5 (K1): conditions of other modules
    if more is not None:
        return more(state, player, source, cond, event)
    raise UnsupportedRule(f"v1.3: condition {type(cond).__name__} is not interpreted yet")


def _cost_or_units_condition(state: GameState, player: str, source: str | None, cond: Any,
                             event: dict[str, Any] | None) -> bool:
    """CostAtLeast (printed Energy cost, 131.4) and UnitsAtEventBattlefield."""
    if isinstance(cond, V.CostAtLeast):
        oid = source if cond.who.what == "me" else (event or {}).get("obj")
        obj = state.objects.get(oid or "")
        return obj is not None and (card_facts(obj.card).energy or 0) >= cond.n
    where = (event or {}).get("battlefield")
    bf = next((b for b in state.battlefields if b.oid == where), None)
    return bf is not None and sum(
        1 for o in bf.units if state.objects[o].controller == player) >= cond.n


def _condition_more(state: GameState, player: str, source: str | None, cond: Any,
                    event: dict[str, Any] | None) -> bool:
    """AtBattlefield, Alone, IsEnemy."""
    oid = source if cond.who.what == "me" else (event or {}).get("obj")
    obj = state.objects.get(oid or "")
    if obj is None or obj.zone not in BOARD_ZONES:
        return False
    if isinstance(cond, V.AtBattlefield):
        return obj.zone == "battlefield"
    if isinstance(cond, V.IsEnemy):
        return obj.controller in state.opponents(player)
    return layers.alone(state, obj)


def _ref_condition(state: GameState, source: str | None, cond: Any,
                   event: dict[str, Any] | None) -> bool:
    """IsReady / HasTag of ME or IT."""
    oid = source if cond.who.what == "me" else (event or {}).get("obj")
    obj = state.objects.get(oid or "")
    if obj is None:
        return False
    if isinstance(cond, V.IsReady):
        return (obj.zone in BOARD_ZONES or obj.zone == "legend") and not obj.exhausted
    return cond.tag in layers.characteristics(state, obj.oid).tags


def _note_deaths(state: GameState, units: list[str], controllers: dict[str, str | None]) -> None:
    """the units that died this turn, per controller, one list per kill
    (``turn_marks["died"]``, ``turn_marks["died_turn"]``)."""
    batches: dict[str, list[str]] = {}
    for oid in units:
        pid = controllers.get(oid)
        if pid is not None and pid in state.players:
            batches.setdefault(pid, []).append(oid)
    for pid, died in batches.items():
        marks = state.players[pid].turn_marks
        if marks.get("died_turn") != state.turn:
            marks["died_turn"] = state.turn
            marks["died"] = []
        marks["died"].append(died)


def note_dying(state: GameState, units: list[str]) -> bool:
    """In a team mode, remember the units of the kill whose "dies" triggers are firing
    (``state.extra["dying_now"]``, removed by :func:`done_dying` once they have fired), so
    :func:`_first_friendly_death` can tell this kill from earlier ones across teammates.
    False (nothing noted) outside team modes."""
    if not units or all(p.team is None for p in state.players.values()):
        return False
    state.extra["dying_now"] = list(units)
    return True


def done_dying(state: GameState, noted: bool) -> None:
    """The end of the firing :func:`note_dying` noted (the key never outlives it)."""
    if noted:
        state.extra.pop("dying_now", None)


def _first_friendly_death(state: GameState, player: str, event: dict[str, Any] | None) -> bool:
    """FirstDeathThisTurn in a team mode: "friendly" is the player's and their teammates'
    (RUP4 489.8.e, v1.3 484.8.d), so the death is the first of the turn when no friendly
    unit died in an earlier kill, and it is the first friendly unit of this kill (one
    instance, 383.1.b)."""
    now = state.extra.get("dying_now") or []
    here = set(now)
    friends: set[str] = set()
    for pid in teammates(state, player):
        for batch in _deaths(state, pid):
            if not here.intersection(batch):
                return False  # a friendly unit died earlier this turn
            friends.update(batch)
    first = next((u for u in now if u in friends), None)
    return first is not None and (event or {}).get("obj") == first


def _deaths(state: GameState, pid: str) -> list[list[str]]:
    """the kills of *pid*'s units this turn (lists of oids, in order)."""
    marks = state.players[pid].turn_marks
    return list(marks.get("died", [])) if marks.get("died_turn") == state.turn else []


def activation_mark(source: str | None, index: int, copy: dict[str, Any] | None = None) -> str:
    """The key of *source*'s ability *index* in ``state.extra["activated_this_turn"]``:
    ``"<oid>#<index>"``, or ``"<oid>#<index>@<gear>"`` for the copy of it an Equipment
    carries (*copy* ``{"equipment": gear}``; issue 24, Svellsongur: a limit per ability)."""
    gear = (copy or {}).get("equipment")
    return f"{source}#{index}" + (f"@{gear}" if gear else "")


def note_activation(state: GameState, source: str, index: int,
                    copy: dict[str, Any] | None = None) -> None:
    """remember that *source*'s ability *index* was activated this turn
    (``state.extra["activated_this_turn"]`` = {"turn", "keys": [:func:`activation_mark`]};
    vocab.NotActivatedThisTurn)."""
    marks = state.extra.get("activated_this_turn")
    if not marks or marks.get("turn") != state.turn:
        marks = state.extra["activated_this_turn"] = {"turn": state.turn, "keys": []}
    marks["keys"].append(activation_mark(source, index, copy))
