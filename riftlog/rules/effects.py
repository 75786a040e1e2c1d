"""The interpreter of the encoding vocabulary (:mod:`riftlog.cards.vocab`): effect steps,
targets, conditions and amounts, resolved with the game-action primitives of
:mod:`riftlog.rules.actions`.

Compiled once per card: :func:`compiled` turns an ability's steps into a flat tuple of
instructions (``("step", node)``, ``("unless", cond, jump)``, ``("may", end)``) cached by
(card id, ability index), so resolving costs no copies.

A resolution is a plain JSON *context* (state stays JSON; no closures, v1.3 ARCHITECTURE):
``{"card", "source", "ability", "controller", "targets": {name: [ids]}, "choices",
"answers": {pc: answer}, "event": {...}, "pc", "finish"}``.  :func:`run` executes from
``pc``; a step needing a choice the player has not made yet ("you may", which cards to
discard) appends an ``await`` entry for :class:`~riftlog.events.abilities.ChoiceMade`
(with the options listed) followed by the continuation task ``{"kind": "effects", "ctx"}``
and stops; :mod:`riftlog.rules.abilities` records the answer under ``answers[pc]``.

Anything the interpreter does not implement raises UnsupportedCard naming the card.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from riftlog.cards import vocab as V
from riftlog.errors import ImpossibleDecision, UnsupportedCard, UnsupportedRule
from riftlog.rules import actions, hooks, layers
from riftlog.rules.core import GameAction, Violation
from riftlog.rules.resources import card_facts
from riftlog.rules.state import BOARD_ZONES, GameObject, GameState
from riftlog.rules.zones import base_of, change_zone

__all__ = [
    "STEPS", "compiled", "condition_holds", "encoding", "run", "target_candidates",
    "target_violations", "unsupported",
]

Ctx = dict[str, Any]

#: Keywords enforced here (tests/rules/test_keywords.py): Legion (812) is the condition
#: vocab.Legion, checked by condition_holds.
ENFORCED_KEYWORDS: tuple[str, ...] = ("Legion", "Deflect")


def unsupported(card_id: str, why: str) -> UnsupportedCard:
    return UnsupportedCard(str(card_facts(card_id)), why)


def encoding(card_id: str) -> V.Encoding | None:
    """The card's vocabulary encoding, or None (no encoding, or an older hand-written one)."""
    registry = _CARD_ABILITIES[0] if _CARD_ABILITIES else _card_abilities()  # issue 7
    enc = registry.ABILITIES.get(card_id)  # read at call time (tests may rebind it)
    return enc if isinstance(enc, V.Encoding) else None


#: issue 7 (re-validation speed): riftlog.cards.abilities, imported once.
_CARD_ABILITIES: list[Any] = []


def _card_abilities() -> Any:
    from riftlog.cards import abilities

    _CARD_ABILITIES.append(abilities)
    return abilities


def ability(card_id: str, index: int | str) -> Any:
    """Ability *index* of the card's encoding; ``"kw:<Name>"`` is a keyword's own ability
    (:data:`riftlog.cards.vocab.KEYWORD_ABILITIES`)."""
    if isinstance(index, str):
        ab = V.KEYWORD_ABILITIES.get(index[3:]) if index.startswith("kw:") else None
        if ab is None:
            raise unsupported(card_id, f"no keyword ability {index!r}")
        return ab
    enc = encoding(card_id)
    if enc is None or not 0 <= index < len(enc.abilities):
        raise unsupported(card_id, f"it has no encoded ability #{index}")
    return enc.abilities[index]


@functools.lru_cache(maxsize=8192)
def targets_of(card_id: str, index: int | str) -> tuple[V.Target, ...]:
    """The targets ability *index* of *card_id* chooses (vocab.declared_targets, cached)."""
    return V.declared_targets(ability(card_id, index))


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


# --- targets ----------------------------------------------------------------------------


def _type(card_id: str) -> str:
    return layers.printed_type(card_id)


def _kind_ok(kind: str, card_type: str) -> bool:
    if kind == "unit":
        return card_type == "Unit"
    if kind == "gear":
        return card_type == "Gear"
    if kind == "permanent":
        return card_type in ("Unit", "Gear")
    if kind == "rune":  # batch ogn_051_100
        return card_type == "Rune"
    if kind == "anything":  # batch ogn_151_200: any game object on the board or a legend
        return card_type in ("Unit", "Gear", "Rune", "Legend")
    if kind == "permanent_or_facedown":  # batch ogn_151_200: the type is checked by _where_ok
        return True
    raise UnsupportedRule(f"v1.3 355.5: target kind {kind!r} is not interpreted yet")


def _side_ok(state: GameState, side: str, controller: str, owner_of: str | None) -> bool:
    if side == "any":
        return True
    if side == "friendly":
        return owner_of == controller
    if side == "enemy":
        return owner_of is not None and owner_of in state.opponents(controller)
    raise UnsupportedRule(f"v1.3 355.5: target side {side!r} is not interpreted yet")


def _where_ok(state: GameState, where: str, obj: GameObject, source: GameObject | None) -> bool:
    if where == "board":  # (a legend is listed only for kind "anything", batch ogn_151_200)
        return obj.zone in ("base", "battlefield", "legend")
    if where == "battlefield":
        return obj.zone == "battlefield"
    if where == "base":
        return obj.zone == "base"
    if where == "here":
        return source is not None and obj.zone in ("base", "battlefield") and \
            obj.location == source.location
    if where == "elsewhere":  # batch ogn_151_200: on the board, not at the source's location
        return source is not None and obj.zone in ("base", "battlefield") and \
            obj.location != source.location
    if where == "board_or_facedown":  # batch ogn_151_200: a permanent, or a facedown card
        return obj.zone == "facedown" or (obj.zone in ("base", "battlefield")
                                          and _type(obj.card) in ("Unit", "Gear"))
    if where == "unit_at_battlefield_or_gear":  # batch ogn_151_200: units at a battlefield, gear anywhere
        return obj.zone == "battlefield" or (obj.zone == "base" and _type(obj.card) == "Gear")
    raise UnsupportedRule(f"v1.3 355.5: target location {where!r} is not interpreted yet")


def target_candidates(state: GameState, controller: str, source: str | None,
                      spec: V.Target) -> list[str]:
    """Every object/battlefield/player that may be chosen for *spec* now."""
    src = state.objects.get(source) if source else None
    if spec.kind == "battlefield":
        return [bf.oid for bf in state.battlefields
                if _side_ok(state, spec.side, controller, bf.controller)]
    if spec.kind == "spell" and spec.max_cost is not None:  # batch ogn_001_050: 131.4 printed cost
        return [i for i in target_candidates(state, controller, source, V.Target(
            "spell", spec.side, spec.where, spec.count, spec.up_to, spec.other, spec.name))
            if _ogn_spell_cost_ok(state, i, spec.max_cost)]
    if spec.kind == "spell":  # batch ogn_051_100: a spell on the chain (its item id)
        return [it.id for it in state.chain if it.kind == "spell" and it.source != source
                and _side_ok(state, spec.side, controller, it.controller)]
    if spec.kind == "player":
        return [p for p in state.turn_order if not state.players[p].eliminated
                and _side_ok(state, spec.side, controller, p)]
    out: list[str] = []
    lists = _board_lists(state)
    if spec.kind == "anything":  # batch ogn_151_200: legends too
        lists = lists + [list(p.legend) for p in state.players.values()]
    if spec.kind == "permanent_or_facedown":  # batch ogn_151_200: facedown cards too
        lists = lists + [list(bf.facedown) for bf in state.battlefields]
    for lst in lists:
        for oid in lst:
            obj = state.objects[oid]
            if not _kind_ok(spec.kind, _type(obj.card)):
                continue
            if spec.other and oid == source:
                continue
            if not _side_ok(state, spec.side, controller, obj.controller):
                continue
            if not _where_ok(state, spec.where, obj, src):
                continue
            if spec.exhausted is not None and obj.exhausted != spec.exhausted:
                continue
            if spec.buffed is not None and obj.buffed != spec.buffed:
                continue
            if spec.max_might is not None and \
                    layers.might_of(state, oid) > spec.max_might:  # batch ogn_151_200
                continue
            out.append(oid)
    return out


def _ogn_spell_cost_ok(state: GameState, item_id: str, limit: tuple[int, int]) -> bool:
    """batch ogn_001_050: the chain item's spell card has a printed cost of at most limit
    (Energy, Power of any domain) - 131.4: always the printed cost."""
    item = next((it for it in state.chain if it.id == item_id), None)
    if item is None or item.source is None:
        return False
    facts = card_facts(state.objects[item.source].card)
    return (facts.energy or 0) <= limit[0] and (facts.power or 0) <= limit[1]


def _board_lists(state: GameState) -> list[list[str]]:
    lists = [p.base for p in state.players.values()]
    for bf in state.battlefields:
        lists.append(bf.units)
        lists.append(bf.gear)
    return lists


def target_violations(state: GameState, controller: str, source: str | None,
                      specs: Sequence[V.Target], chosen: Mapping[str, Sequence[str]],
                      what: str) -> list[Violation]:
    """What is wrong with the targets *chosen* for *specs* (355.5, 386.1; 809 Deflect)."""
    ed = state.edition
    out: list[Violation] = []
    names = {s.name for s in specs}
    for name in chosen:
        if name not in names:
            out.append(Violation("355.5", f"{what} has no target called {name!r}", ed))
    for spec in specs:
        picked = list(chosen.get(spec.name, ()))
        legal = target_candidates(state, controller, source, spec)
        low = 0 if spec.up_to else min(spec.count, len(legal))
        if not spec.up_to and not legal:
            out.append(Violation("355.5.b", f"{what} needs a {spec.side} {spec.kind} "
                                 f"({spec.where}) to target and there is none", ed))
            continue
        if not low <= len(picked) <= spec.count:
            need = f"up to {spec.count}" if spec.up_to else str(spec.count)
            out.append(Violation("355.5", f"{what} takes {need} target(s) {spec.name!r}, "
                                 f"{len(picked)} chosen", ed))
        if len(set(picked)) != len(picked):
            out.append(Violation("355.5.c", f"{what} names the same target twice", ed))
        for oid in picked:
            if oid not in legal:
                out.append(Violation("355.5", f"{oid} is not a legal target for {what} "
                                     f"(a {spec.side} {spec.kind}, {spec.where}); legal: "
                                     f"{', '.join(legal) or 'none'}", ed))
    return out


def deflect_power(state: GameState, controller: str, chosen: Mapping[str, Sequence[str]]) -> int:
    """809.1.c: the extra Power (of any domain) for choosing opponents' permanents with
    Deflect, once per time each is chosen."""
    extra = 0
    opponents = state.opponents(controller)
    once = state.edition == "v1.2"  # editions helper: v1.2 735.1.c charges once per permanent
    seen: set[str] = set()
    for ids in chosen.values():
        for oid in ids:
            if once and oid in seen:
                continue
            seen.add(oid)
            obj = state.objects.get(oid)
            if obj is not None and obj.controller in opponents and obj.zone in BOARD_ZONES:
                ch = layers.characteristics(state, oid)
                if ch.has("Deflect"):
                    extra += ch.value("Deflect") or 1
    return extra


def still_legal(state: GameState, ctx: Ctx, spec: V.Target) -> list[str]:
    """The chosen targets of *spec* that are still legal as the ability resolves (338/340)."""
    chosen = ctx["targets"].get(spec.name, [])
    if not chosen:
        return []
    legal = set(target_candidates(state, ctx["controller"], ctx.get("source"), spec))
    return [o for o in chosen if o in legal]


# --- references, amounts, conditions --------------------------------------------------


def objects(state: GameState, ctx: Ctx, who: Any) -> list[str]:
    """The object ids (or battlefield ids) an effect step acts on."""
    if isinstance(who, V.Target):
        return still_legal(state, ctx, who)
    if isinstance(who, V.Chosen):
        return list(ctx["targets"].get(who.name, []))
    if isinstance(who, V.Ref):
        if who.what == "me":  # batch ogn_201_250: a legend (Legend Zone) is also "me"
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
        elif who.at in ("battlefields", "combat"):  # batch ogn_101_150
            return _all_at_battlefields(state, ctx, who)
        else:
            raise unsupported(ctx["card"], f"All(at={who.at!r}) is not interpreted")
        out = []
        for lst in _board_lists(state):
            for oid in lst:
                obj = state.objects[oid]
                if at is not None and obj.location != at:
                    continue
                if who.other and oid == ctx.get("source"):
                    continue
                if _kind_ok(who.kind, _type(obj.card)) and \
                        _side_ok(state, who.side, ctx["controller"], obj.controller):
                    out.append(oid)
        return out
    raise unsupported(ctx["card"], f"{type(who).__name__} is not an object reference")


def _all_at_battlefields(state: GameState, ctx: Ctx, who: V.All) -> list[str]:
    """batch ogn_101_150: All(at="battlefields") = at any battlefield; All(at="combat") =
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
            obj = state.objects[oid]
            if who.other and oid == ctx.get("source"):
                continue
            if _kind_ok(who.kind, _type(obj.card)) and \
                    _side_ok(state, who.side, ctx["controller"], obj.controller):
                out.append(oid)
    return out


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
    elif c.what == "highest_might":  # batch ogn_001_050: the highest Might among your units
        n = max((layers.might_of(state, o) for lst in _board_lists(state) for o in lst
                 if state.objects[o].controller == player
                 and _type(state.objects[o].card) == "Unit"), default=0)
        n = max(n, 0)
    else:
        return _count_more(state, player, source, c)  # batch ogn_051_100
    return n * c.times


def _count_more(state: GameState, player: str, source: str | None, c: V.Count) -> int:
    """batch ogn_051_100: Count("source_might") = the source's current Might (0 off the
    board, 359.3.f.2: read as the instruction executes)."""
    src = state.objects.get(source or "")
    if c.what != "source_might":
        raise UnsupportedRule(f"v1.3: Count({c.what!r}) is not interpreted yet")
    n = max(0, layers.might_of(state, src.oid)) if src is not None and src.zone in BOARD_ZONES else 0
    return n * c.times


def played_this_turn(state: GameState, player: str) -> list[str]:
    marks = state.players[player].turn_marks
    return list(marks.get("played", [])) if marks.get("played_turn") == state.turn else []


#: issue #5 (K1): condition class -> fn(state, player, source, cond, event) -> bool, for
#: conditions defined outside riftlog.cards.vocab (e.g. riftlog.rules.kills).
CONDITIONS: dict[type, Callable[[GameState, str, str | None, Any, dict[str, Any] | None], bool]] = {}


def condition_holds(state: GameState, player: str, source: str | None, cond: Any,
                    event: dict[str, Any] | None = None) -> bool:
    """Whether *cond* holds now for *player* (the ability's controller)."""
    if cond is None:
        return True
    if isinstance(cond, V.HasXP):  # mechanics helper: Level n (824), XP per player (732)
        from riftlog.rules.xp import xp

        return xp(state, player) >= cond.n
    if isinstance(cond, V.FirstTurn):  # batch ogn_251_298: the event player's first turn
        who = (event or {}).get("player") or player
        return who not in state.extra.get("had_turn", [])
    if isinstance(cond, V.NotActivatedThisTurn):  # batch ogn_151_200
        marks = state.extra.get("activated_this_turn") or {}
        return marks.get("turn") != state.turn or f"{source}#{cond.index}" not in marks.get("keys", [])
    if isinstance(cond, V.MovedToOtherBattlefield):  # batch ogn_151_200
        ev = event or {}
        src = state.objects.get(source or "")
        here = src.location if src is not None and src.zone == "battlefield" else None
        return bool(ev.get("lead")) and ev.get("to") != here and \
            any(bf.oid == ev.get("to") for bf in state.battlefields)
    if isinstance(cond, V.EventFromHere):  # batch ogn_151_200: the event was at my location
        src = state.objects.get(source or "")
        return src is not None and src.zone in BOARD_ZONES and src.location is not None and \
            (event or {}).get("battlefield") == src.location
    if isinstance(cond, V.EventFlag):  # batch ogn_251_298
        return bool((event or {}).get(cond.key))
    if isinstance(cond, V.EventBattlefieldYours):  # batch ogn_251_298
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
    if isinstance(cond, V.Exists):  # batch ogn_101_150
        return bool(target_candidates(state, player, source, cond.what))
    if isinstance(cond, V.MyTurn):  # batch ogn_101_150
        return state.turn_player == player
    if isinstance(cond, V.UnitDiedThisTurn):  # batch ogn_101_150
        sides = {"enemy": state.opponents(player), "friendly": [player],
                 "any": list(state.players)}[cond.side]
        return any(_deaths(state, p) for p in sides)
    if isinstance(cond, V.FirstDeathThisTurn):  # batch ogn_101_150 (383.1.b: one instance)
        first = next((b for b in _deaths(state, player) if b), None)
        return first is not None and (event or {}).get("obj") == first[0]
    if isinstance(cond, V.ControlsFacedown):  # batch ogn_101_150
        return any(state.objects[o].controller == player
                   for bf in state.battlefields for o in bf.facedown)
    if isinstance(cond, V.PaidAdditional):  # batch ogn_001_050 (abilities.pay_additional marks)
        paid = state.extra.get("paid_additional") or {}
        return paid.get("turn") == state.turn and source in paid.get("oids", [])
    if isinstance(cond, V.PlayedCount):  # batch ogn_001_050
        return len(played_this_turn(state, player)) == cond.n
    if isinstance(cond, V.OpponentNearVictory):  # batch ogn_001_050
        from riftlog.rules.scoring import points_of

        return any(points_of(state, o) >= state.victory_score - cond.within
                   for o in state.opponents(player))
    if isinstance(cond, (V.IsReady, V.HasTag)):  # batch ogn_201_250
        return _ref_condition(state, source, cond, event)
    if isinstance(cond, V.WasBuffed):  # batch ogn_201_250: noted as it died (808.1.d.3)
        return bool((event or {}).get("buffed"))
    if isinstance(cond, V.MovedTimes):  # batch ogn_201_250: the n-th move this turn
        from riftlog.rules.triggers import moves_this_turn

        mover = source if cond.who.what == "me" else (event or {}).get("obj")
        return mover is not None and moves_this_turn(state, mover) == cond.n
    if isinstance(cond, (V.AtBattlefield, V.Alone, V.IsEnemy)):  # batch ogn_051_100
        return _condition_more(state, player, source, cond, event)
    if isinstance(cond, (V.CostAtLeast, V.UnitsAtEventBattlefield)):  # batch ogs
        return _ogs_condition(state, player, source, cond, event)
    more = CONDITIONS.get(type(cond))  # issue #5 (K1): conditions of other modules
    if more is not None:
        return more(state, player, source, cond, event)
    raise UnsupportedRule(f"v1.3: condition {type(cond).__name__} is not interpreted yet")


def _ogs_condition(state: GameState, player: str, source: str | None, cond: Any,
                   event: dict[str, Any] | None) -> bool:
    """batch ogs: CostAtLeast (printed Energy cost, 131.4) and UnitsAtEventBattlefield."""
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
    """batch ogn_051_100: AtBattlefield, Alone, IsEnemy."""
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
    """batch ogn_201_250: IsReady / HasTag of ME or IT."""
    oid = source if cond.who.what == "me" else (event or {}).get("obj")
    obj = state.objects.get(oid or "")
    if obj is None:
        return False
    if isinstance(cond, V.IsReady):
        return obj.zone in (*BOARD_ZONES, "legend") and not obj.exhausted
    return cond.tag in layers.characteristics(state, obj.oid).tags


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
#: finisher (riftlog.rules.play_effects: a spell played by an effect that says to recycle
#: it is recycled instead of going to the trash).
BEFORE_FINISH: list[Callable[[GameState, Ctx, list[GameAction]], None]] = []


@hooks.task("effects")
def _continue(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    if "order" in entry:  # batch ogn_101_150: a DeckOrderRecorded (416.5) answered a step
        ctx = entry["ctx"]
        ctx.setdefault("answers", {}).setdefault(str(ctx["pc"]), {})["order"] = list(entry["order"])
    run(state, entry["ctx"], log)


# --- the steps ----------------------------------------------------------------------------


def _each(kind: str) -> StepFn:
    def fn(state: GameState, ctx: Ctx, node: Any, log: list[GameAction]) -> None:
        for oid in objects(state, ctx, node.what):
            if state.objects[oid].zone not in ("base", "battlefield") and not (
                    kind in ("ready", "exhaust") and state.objects[oid].zone == "legend"):  # batch ogn_201_250
                continue
            if kind == "stun":
                if actions.stun(state, oid, log, player=ctx["controller"]):
                    from riftlog.rules import triggers  # batch ogn_051_100: "stuns" event

                    triggers.fire(state, "stuns", obj=oid, player=ctx["controller"])
            elif kind == "buff":
                actions.buff(state, oid, log, player=ctx["controller"])
            elif kind == "ready":
                actions.ready(state, oid, log)
            elif kind == "exhaust":
                actions.exhaust(state, oid, log)
            elif kind == "heal":
                actions.heal(state, oid, log, player=ctx["controller"])
            elif kind == "recall":
                actions.recall(state, oid, log, responsible=ctx["controller"])
    return fn


for _cls, _kind in ((V.Stun, "stun"), (V.Buff, "buff"), (V.Ready, "ready"),
                    (V.Exhaust, "exhaust"), (V.Heal, "heal"), (V.Recall, "recall")):
    STEPS[_cls] = _each(_kind)


@step(V.Deal)
def _deal(state: GameState, ctx: Ctx, node: V.Deal, log: list[GameAction]) -> None:
    n = amount(state, ctx, node.amount)
    for oid in objects(state, ctx, node.to):
        if state.objects[oid].zone in ("base", "battlefield"):
            bonus = bonus_damage(state, oid, n) + controller_bonus_damage(state, ctx["controller"])  # batch ogs
            bonus += spell_bonus_damage(state, ctx)  # batch ogn_001_050 (Ravenborn Tome)
            actions.deal(state, oid, n + bonus if n > 0 else n, log,
                         source=ctx.get("source"), player=ctx["controller"],  # batch ogn_251_298
                         kind="spell" if ctx.get("finish") in ("spell", "repeat") else "ability")


# batch ogn_251_298: Bonus Damage of the battlefield a unit is at (712-715), and Delay.
def bonus_damage(state: GameState, oid: str, amount: int | None = None) -> int:
    """The Bonus Damage a spell or ability dealing damage to *oid* deals (summed, 714;
    never negative, 714.2): from ``vocab.BonusDamageHere`` of the battlefield it is at.
    With *amount*: none when the unit's Prevent would stop all of it (no Deal happens,
    417.1.e.1)."""
    obj = state.objects[oid]
    if obj.zone != "battlefield" or not obj.location:
        return 0
    shield = obj.mods.get("prevent")
    if amount is not None and shield is not None and (shield == "all" or int(shield) >= amount):
        return 0
    bf = state.objects.get(obj.location)
    enc = encoding(bf.card) if bf is not None else None
    if enc is None:
        return 0
    return max(0, sum(a.n for a in enc.abilities if isinstance(a, V.BonusDamageHere)))


def spell_bonus_damage(state: GameState, ctx: Ctx) -> int:
    """batch ogn_001_050: the Bonus Damage given to this spell as it was played (a ForTurn
    "next_spell_bonus", marked on its chain item in ``state.extra["spell_bonus"]``)."""
    if ctx.get("finish") != "spell":
        return 0
    mark = (state.extra.get("spell_bonus") or {}).get(str(ctx.get("item")))
    return int(mark) if mark else 0


def controller_bonus_damage(state: GameState, player: str) -> int:
    """batch ogs: the Bonus Damage *player*'s spells and abilities deal (vocab.BonusDamageYours
    of the permanents they control, summed, 714; never negative, 714.2).  Custom effects
    dealing spell/ability damage should add it too."""
    total = 0
    for lst in _board_lists(state):
        for oid in lst:
            obj = state.objects[oid]
            if obj.controller != player:
                continue
            enc = encoding(obj.card)
            if enc is not None:
                total += sum(a.n for a in enc.abilities if isinstance(a, V.BonusDamageYours))
    return max(0, total)


@step(V.SaveFromNextDeath)
def _save_from_next_death(state: GameState, ctx: Ctx, node: V.SaveFromNextDeath,
                          log: list[GameAction]) -> None:
    """batch ogs: a one-shot "would die" replacement on each object, for this turn."""
    for oid in objects(state, ctx, node.what):
        state.extra.setdefault("death_shields", []).append(
            {"oid": oid, "turn": state.turn, "card": ctx["card"], "controller": ctx["controller"]})
        log.append(GameAction("shield", ctx["controller"], (oid,), {"card": ctx["card"]},
                              "public", "369", ctx["controller"]))


def move_forbidden(state: GameState, obj: GameObject, destination: str) -> bool:
    """An effect's move that a "can't" forbids is not done (054, 359.3.e.6)."""
    from riftlog.rules.movement import move_restriction

    return move_restriction(state, obj, destination) is not None


@step(V.Delay)
def _delay(state: GameState, ctx: Ctx, node: V.Delay, log: list[GameAction]) -> None:
    """390.2: the card's ability #node.ability triggers at its event later this turn
    (triggers.fire reads ``state.extra["delayed"]``)."""
    state.extra.setdefault("delayed", []).append({
        "card": ctx["card"], "source": ctx.get("source"), "ability": node.ability,
        "controller": ctx["controller"], "turn": state.turn,
        **({"every": True} if node.every else {}),  # mechanics helper
        **({"objects": list(ctx["targets"].get(node.on, []))} if node.on else {})})


_stun_each = STEPS[V.Stun]


def _stun_then_fire(state: GameState, ctx: Ctx, node: Any, log: list[GameAction]) -> None:
    """batch ogn_251_298: a Stun step; then "stuns_enemies" (player = the controller) once
    if it newly stunned one or more of their opponents' units."""
    opponents = state.opponents(ctx["controller"])
    before = {o for o in objects(state, ctx, node.what)
              if state.objects[o].controller in opponents and not state.objects[o].stunned}
    _stun_each(state, ctx, node, log)
    if any(state.objects[o].stunned for o in before):
        from riftlog.rules import triggers

        triggers.fire(state, "stuns_enemies", player=ctx["controller"])


STEPS[V.Stun] = _stun_then_fire


@step(V.Kill)
def _kill(state: GameState, ctx: Ctx, node: V.Kill, log: list[GameAction]) -> bool | None:
    oids = [o for o in objects(state, ctx, node.what) if state.objects[o].zone in BOARD_ZONES]
    if oids:
        from riftlog.rules.replacement_effects import resumable  # replacement helper (373)

        attribution = [ctx["source"]] if ctx.get("source") else []
        with resumable({"kind": "effects", "ctx": ctx}, attribution=attribution,
                       player=ctx["controller"]) as box:
            kill(state, oids, log, attribution=attribution, player=ctx["controller"])
        if box["suspended"]:  # a replacement choice is awaited; the next instruction follows
            ctx["pc"] += 1
            return False
    return None


#: fn(state, oids, log) -> the oids still dying, called by :func:`kill` (installed by
#: riftlog.rules.replacement_effects: shields and vocab Replacements, with their choices).
DEATH_REPLACEMENTS: list[Callable[[GameState, list[str], list[GameAction]], list[str]]] = []


def kill(state: GameState, oids: list[str], log: list[GameAction], *,
         attribution: Sequence[str] = (), player: str | None = None,
         responsible: str | None = actions.PERFORMER) -> None:
    """actions.kill, then the "dies" triggers (Deathknell 808) of what died, then the
    "kills" triggers of whoever killed them (riftlog.rules.kills; *responsible* None = a
    cleanup kill by lethal damage, credited from the damage marks, 428.5.c)."""
    from riftlog.rules import kills, triggers

    oids = list(oids)  # SaveFromNextDeath shields: riftlog.rules.replacement_effects
    for replace in DEATH_REPLACEMENTS:  # replacement effects (367-373; may wait for a choice)
        oids = replace(state, oids, log)
    if not oids:
        return
    before = {o: (state.objects[o].controller, state.objects[o].location) for o in oids}
    buffed = {o: state.objects[o].buffed for o in oids}  # batch ogn_201_250 (808.1.d.3)
    units = [o for o in oids if _type(state.objects[o].card) == "Unit"]  # batch ogn_101_150
    # issue #5 (K1): who killed each one, and with what (428.5); the log carries it
    credits = kills.credit(state, oids, attribution, player, passive=responsible is None)
    seen = kills.snapshot(state, oids)
    for oid in oids:
        c = credits[oid]
        actions.kill(state, [oid], log, attribution=list(attribution) or list(c.sources),
                     player=player, responsible=responsible,
                     credit={"killer": list(c.killers), "by": list(c.by)} if c.killers else None)
    _note_deaths(state, units, {o: before[o][0] for o in units})  # batch ogn_101_150
    for oid in oids:
        controller, location = before[oid]
        triggers.fire(state, "dies", obj=oid, player=controller, battlefield=location,
                      buffed=buffed[oid])
    kills.fire_kills(state, oids, seen, credits)  # issue #5 (K1): "kills" (383.2.c.1)


def _note_deaths(state: GameState, units: list[str], controllers: dict[str, str | None]) -> None:
    """batch ogn_101_150: the units that died this turn, per controller, one list per kill
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


def _deaths(state: GameState, pid: str) -> list[list[str]]:
    """batch ogn_101_150: the kills of *pid*'s units this turn (lists of oids, in order)."""
    marks = state.players[pid].turn_marks
    return list(marks.get("died", [])) if marks.get("died_turn") == state.turn else []


@step(V.Banish)
def _banish(state: GameState, ctx: Ctx, node: V.Banish, log: list[GameAction]) -> None:
    oids = objects(state, ctx, node.what)
    if oids:
        actions.banish(state, oids, log, player=ctx["controller"])


@step(V.ReturnToHand)
def _return(state: GameState, ctx: Ctx, node: V.ReturnToHand, log: list[GameAction]) -> None:
    for oid in objects(state, ctx, node.what):
        obj = state.objects[oid]
        origin = obj.location
        change_zone(state, obj, "hand")
        log.append(GameAction("return_to_hand", ctx["controller"], (oid,),
                              {"card": obj.card, "from": origin}, "public", "420",
                              ctx["controller"]))


@step(V.Move)
def _move(state: GameState, ctx: Ctx, node: V.Move, log: list[GameAction]) -> None:
    for oid in objects(state, ctx, node.what):
        obj = state.objects[oid]
        if node.to == "base":
            dest = base_of(obj.controller)
        elif isinstance(node.to, V.Chosen):
            chosen = ctx["targets"].get(node.to.name, [])
            if not chosen:
                continue
            dest = chosen[0]
        elif node.to == "here":  # batch ogn_051_100: to the source's battlefield
            src = state.objects.get(ctx.get("source") or "")
            if src is None or src.zone != "battlefield" or not src.location:
                continue
            dest = src.location
        else:
            raise unsupported(ctx["card"], f"Move(to={node.to!r}) is not interpreted")
        if obj.location != dest and not move_forbidden(state, obj, dest):  # batch ogn_251_298
            actions.move(state, oid, dest, log, player=ctx["controller"])


@step(V.Draw)
def _draw(state: GameState, ctx: Ctx, node: V.Draw, log: list[GameAction]) -> None:
    actions.draw(state, ctx["controller"], log, amount(state, ctx, node.n))


@step(V.Channel)
def _channel(state: GameState, ctx: Ctx, node: V.Channel, log: list[GameAction]) -> None:
    actions.channel(state, ctx["controller"], log, amount(state, ctx, node.n),
                    exhausted=node.exhausted)


@step(V.AddResource)
def _add(state: GameState, ctx: Ctx, node: V.AddResource, log: list[GameAction]) -> None:
    if node.spells_only:  # mechanics helper: restricted to playing spells (165, 429)
        from riftlog.rules.spell_pool import add_spells_only

        add_spells_only(state, ctx["controller"], log, energy=node.energy,
                        power=dict(node.power), source=ctx.get("source"))
        return
    actions.add(state, ctx["controller"], log, energy=node.energy, power=dict(node.power))


@step(V.GiveMight)
def _give_might(state: GameState, ctx: Ctx, node: V.GiveMight, log: list[GameAction]) -> None:
    oids = [o for o in objects(state, ctx, node.what) if state.objects[o].zone in ("base", "battlefield")]
    if not oids:
        return
    effect: dict[str, Any] = {"source": ctx.get("source"), "layer": "arithmetic",
                              "affects": {"oids": oids}, "might": node.n, "until": node.until}
    if node.minimum is not None:
        effect["min"] = node.minimum
    layers.add_effect(state, effect)
    log.append(GameAction("give_might", ctx["controller"], tuple(oids),
                          {"might": node.n, "until": node.until}, "public", "471",
                          ctx["controller"]))


@step(V.GrantKeyword)
def _grant(state: GameState, ctx: Ctx, node: V.GrantKeyword, log: list[GameAction]) -> None:
    oids = [o for o in objects(state, ctx, node.what) if state.objects[o].zone in ("base", "battlefield")]
    if not oids:
        return
    layers.add_effect(state, {"source": ctx.get("source"), "layer": "ability",
                              "affects": {"oids": oids}, "grant": [node.keyword],
                              "until": node.until})
    log.append(GameAction("grant", ctx["controller"], tuple(oids),
                          {"keyword": node.keyword, "until": node.until}, "public", "471",
                          ctx["controller"]))


@step(V.CreateToken)
def _create(state: GameState, ctx: Ctx, node: V.CreateToken, log: list[GameAction]) -> None:
    pid = ctx["controller"]
    if node.where == "base":
        where = base_of(pid)
    elif node.where == "here":
        src = state.objects.get(ctx.get("source") or "")
        if src is None or src.zone not in ("base", "battlefield", "battlefield_card"):
            return
        where = src.oid if src.zone == "battlefield_card" else (src.location or base_of(pid))
    else:
        raise unsupported(ctx["card"], f"CreateToken(where={node.where!r}) is not interpreted")
    for _ in range(node.n):
        actions.create(state, node.card, pid, log, location=where,
                       exhausted=False if node.ready else None)


@step(V.Discard)
def _discard(state: GameState, ctx: Ctx, node: V.Discard, log: list[GameAction]) -> bool | None:
    hand = state.players[ctx["controller"]].hand
    n = min(node.n, len(hand))
    if n == 0:
        return None
    if n == len(hand):
        picked = list(hand)
    else:
        answer = ctx["answers"].get(str(ctx["pc"]))
        if answer is None:
            ask(state, ctx, "cards", {"from": list(hand), "count": n}, "422.1")
            return False
        picked = list(answer["cards"])
    actions.discard(state, picked, log)
    from riftlog.rules import triggers

    for oid in picked:
        triggers.fire(state, "discarded", obj=oid, player=ctx["controller"])
    triggers.fire(state, "discards", player=ctx["controller"])  # batch ogn_201_250: once per discard
    return None


@step(V.LookAtTop)
def _look(state: GameState, ctx: Ctx, node: V.LookAtTop, log: list[GameAction]) -> bool | None:
    pid = ctx["controller"]
    deck = state.players[pid].main_deck
    if not deck:
        return None
    key = str(ctx["pc"])
    answer = ctx["answers"].get(key)
    if answer is None:
        looked = ctx.setdefault("looked", {})  # issue #5 (K2): looked once, even when resumed
        if key not in looked:
            looked[key] = deck[0]
            log.append(GameAction("look", pid, (deck[0],), {"card": state.objects[deck[0]].card,
                                  "count": 1, "zone": "main_deck"}, f"private:{pid}", "817.1.b", pid))
        from riftlog.rules import deck_seen  # issue #5 (K2): abilities of a card seen on top

        if not deck_seen.offer(state, ctx, pid, [looked[key]], log):
            return False
        if not node.may_recycle or not deck_seen.still_in_deck(state, [looked[key]]):
            return None
        ask(state, ctx, "may", {"use": [True, False], "what": "recycle the top card"}, "817.1.b")
        return False
    if answer.get("use") and deck:  # 416: to the bottom of the same deck; which card stays private
        top = deck.pop(0)
        deck.append(top)
        log.append(GameAction("recycle", pid, (top,), {"count": 1, "zone": "main_deck"},
                              f"private:{pid}", "416.1", pid))
    return None


# --- batch ogn_051_100: GainPoints, DoubleMight ---------------------------------------


@step(V.GainPoints)
def _gain_points(state: GameState, ctx: Ctx, node: V.GainPoints, log: list[GameAction]) -> None:
    p = state.players[ctx["controller"]]
    p.points += node.n  # 466.1.a.1: not a Score, no Winning Point restriction; 467 at cleanup
    log.append(GameAction("gain_points", ctx["controller"], (),
                          {"points": node.n, "total": p.points, "reason": "effect",
                           "card": ctx["card"]}, "public", "466.1.a.1", ctx["controller"]))


@step(V.ApplyEffect)
def _apply_effect(state: GameState, ctx: Ctx, node: V.ApplyEffect, log: list[GameAction]) -> None:
    e = dict(node.effect)
    affects = dict(e.get("affects") or {})
    for key in ("controller", "not_controller"):
        if affects.get(key) == "you":
            affects[key] = ctx["controller"]
    e["affects"] = affects
    e["source"] = ctx.get("source")
    e.setdefault("until", "end_of_turn")
    added = layers.add_effect(state, e)
    log.append(GameAction("effect", ctx["controller"], (), {"effect": added["id"],
                          "card": ctx["card"], "until": e["until"]}, "public", "471",
                          ctx["controller"]))


@step(V.DoubleMight)
def _double_might(state: GameState, ctx: Ctx, node: V.DoubleMight, log: list[GameAction]) -> None:
    for oid in objects(state, ctx, node.what):
        if state.objects[oid].zone in ("base", "battlefield"):
            now = layers.might_of(state, oid)  # 432.1.a: + its current Might, this turn
            actions.double(state, oid, max(0, now), log, player=ctx["controller"])


@step(V.Counter)
def _counter(state: GameState, ctx: Ctx, node: V.Counter, log: list[GameAction]) -> None:
    for item_id in objects(state, ctx, node.what):
        actions.counter(state, item_id, log, player=ctx["controller"])


@step(V.Custom)
def _custom(state: GameState, ctx: Ctx, node: V.Custom, log: list[GameAction]) -> bool | None:
    from riftlog.rules.custom import CUSTOM

    fn = CUSTOM.get(node.name)
    if fn is None:
        raise unsupported(ctx["card"], f"custom effect {node.name!r} is not defined")
    from riftlog.rules.replacement_effects import run_custom  # replacement helper: 417.6, 373

    return run_custom(state, ctx, log, fn, tuple(node.args))


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
    if kind == "cards" and options.get("up_to"):  # batch ogn_201_250: 0..count cards
        cards = choice.get("cards")
        if not isinstance(cards, list) or len(cards) > options["count"] or \
                len(set(cards)) != len(cards) or any(c not in options["from"] for c in cards):
            return [f"choose up to {options['count']} different card(s) among {options['from']}"]
        return []
    if kind == "cards":
        cards = choice.get("cards")
        if not isinstance(cards, list) or len(cards) != options["count"] or \
                len(set(cards)) != len(cards) or any(c not in options["from"] for c in cards):
            return [f"choose exactly {options['count']} different card(s) among {options['from']}"]
        return []
    if kind == "targets":
        return ["targets"]  # checked by the caller with target_violations
    if kind == "custom":
        validate = ANSWER_VALIDATORS.get(options.get("validator") or "")  # mechanics helper
        if validate is not None:
            return validate(state, options, choice)
        allowed = options.get("choices")
        if allowed is not None and choice not in allowed:
            return [f"choose one of {allowed}"]
        return []
    raise ImpossibleDecision(f"no choice of kind {kind!r} is understood")


def note_activation(state: GameState, source: str, index: int) -> None:
    """batch ogn_151_200: remember that *source*'s ability *index* was activated this turn
    (``state.extra["activated_this_turn"]`` = {"turn", "keys": ["<oid>#<index>"]};
    vocab.NotActivatedThisTurn)."""
    marks = state.extra.get("activated_this_turn")
    if not marks or marks.get("turn") != state.turn:
        marks = state.extra["activated_this_turn"] = {"turn": state.turn, "keys": []}
    marks["keys"].append(f"{source}#{index}")
