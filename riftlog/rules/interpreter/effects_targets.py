"""Encodings and targets for the effect interpreter (v1.3 355.5, 386.1, 809): a card's
encoding and abilities, the targets an ability declares, which objects may be chosen, and
Deflect's extra cost.  Part of :mod:`riftlog.rules.interpreter.effects`, which re-exports every name here."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from riftlog.cards import abilities
from riftlog.cards import vocab as V
from riftlog.errors import UnsupportedCard, UnsupportedRule
from riftlog.rules.board import layers
from riftlog.rules.board.core import Violation
from riftlog.rules.board.resources import card_facts
from riftlog.rules.board.seats import friendly
from riftlog.rules.board.state import BOARD_ZONES, GameObject, GameState

Ctx = dict[str, Any]


def unsupported(card_id: str, why: str) -> UnsupportedCard:
    return UnsupportedCard(str(card_facts(card_id)), why)


def encoding(card_id: str) -> V.Encoding | None:
    """The card's vocabulary encoding, or None (no encoding, or an older hand-written one)."""
    registry = _CARD_ABILITIES[0] if _CARD_ABILITIES else _card_abilities()  # issue 7
    enc = registry.ABILITIES.get(card_id)  # read at call time (tests may rebind it)
    return enc if isinstance(enc, V.Encoding) else None


_T = TypeVar("_T")
#: issue 7: fact -> card id -> (the registry entry the fact was read from, the fact)
#: (replay-perf: one dict per fact, no key tuple to build and hash per call).
_FACTS: dict[Callable[[V.Encoding], Any], dict[str, tuple[object, Any]]] = {}


def encoding_fact(card_id: str, fact: Callable[[V.Encoding], _T], default: _T) -> _T:
    """*fact* (a function of an encoding) of the card's encoding, *default* when it has
    none; remembered per card and fact until the registry holds another object for the
    card (issue 7: board scans ask it for every card; tests that rebind or patch the
    registry need no clearing)."""
    registry = _CARD_ABILITIES[0] if _CARD_ABILITIES else _card_abilities()
    entry = registry.ABILITIES.get(card_id)  # read at call time (tests may rebind it)
    memo = _FACTS.get(fact)
    if memo is None:
        memo = _FACTS[fact] = {}
    hit = memo.get(card_id)
    if hit is None or hit[0] is not entry:
        hit = memo[card_id] = (entry, fact(entry) if isinstance(entry, V.Encoding) else default)
    out: _T = hit[1]
    return out


#: issue 7 (re-validation speed): riftlog.cards.abilities, imported once.
_CARD_ABILITIES: list[Any] = []


def _card_abilities() -> Any:
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
    if kind == "rune":
        return card_type == "Rune"
    if kind == "legend":  # issue 24: the Legend Zone is public (RUP4 355.10.a)
        return card_type == "Legend"
    if kind == "anything":  # any game object on the board or a legend
        return card_type in ("Unit", "Gear", "Rune", "Legend")
    if kind == "permanent_or_facedown":  # the type is checked by _where_ok
        return True
    raise UnsupportedRule(f"v1.3 355.5: target kind {kind!r} is not interpreted yet")


def _side_ok(state: GameState, side: str, controller: str, owner_of: str | None) -> bool:
    if side == "any":
        return True
    if side == "friendly":  # the controller's or a teammate's (489.8.e)
        return friendly(state, controller, owner_of)
    if side == "yours":  # "you control": the controller's own only
        return owner_of == controller
    if side == "enemy":
        return owner_of is not None and owner_of in state.opponents(controller)
    raise UnsupportedRule(f"v1.3 355.5: target side {side!r} is not interpreted yet")


def _where_ok(state: GameState, where: str, obj: GameObject, source: GameObject | None) -> bool:
    if where == "board":  # (a legend is listed only for kind "anything",)
        return obj.zone in ("base", "battlefield", "legend")
    if where == "battlefield":
        return obj.zone == "battlefield"
    if where == "base":
        return obj.zone == "base"
    if where == "here":
        return source is not None and obj.zone in ("base", "battlefield") and \
            obj.location == source.location
    if where == "elsewhere":  # on the board, not at the source's location
        return source is not None and obj.zone in ("base", "battlefield") and \
            obj.location != source.location
    if where == "board_or_facedown":  # a permanent, or a facedown card
        return obj.zone == "facedown" or (obj.zone in ("base", "battlefield")
                                          and _type(obj.card) in ("Unit", "Gear"))
    if where == "unit_at_battlefield_or_gear":  # units at a battlefield, gear anywhere
        return obj.zone == "battlefield" or (obj.zone == "base" and _type(obj.card) == "Gear")
    if where == "attacking":  # a unit that is attacking now (RUP4 124.2, its status)
        return obj.zone == "battlefield" and obj.designation == "attacker"
    if where == "your_trash":  # issue 24: still in the trash (its list is the controller's)
        return obj.zone == "trash"
    raise UnsupportedRule(f"v1.3 355.5: target location {where!r} is not interpreted yet")


def target_candidates(state: GameState, controller: str, source: str | None,
                      spec: V.Target) -> list[str]:
    """Every object/battlefield/player that may be chosen for *spec* now."""
    return _candidates(state, controller, source, spec, None)


#: replay-perf: the values _kind_ok, _side_ok and _where_ok know (they raise for others).
_KINDS = frozenset({"unit", "gear", "permanent", "rune", "anything", "permanent_or_facedown",
                    "legend"})
_SIDES = frozenset({"any", "friendly", "yours", "enemy"})
_WHERES = frozenset({"board", "battlefield", "base", "here", "elsewhere", "board_or_facedown",
                     "unit_at_battlefield_or_gear", "attacking", "your_trash"})


def _candidates(state: GameState, controller: str, source: str | None, spec: V.Target,
                only: Sequence[str] | None) -> list[str]:
    """target_candidates; with *only*, the callers need only which of *only* are candidates:
    for an object kind with known values just those are judged (the same lists, the same
    tests), else the full list comes back."""
    src = state.objects.get(source) if source else None
    if spec.kind == "battlefield":  # where "open": no units, no controller (issue 24)
        return [bf.oid for bf in state.battlefields
                if _side_ok(state, spec.side, controller, bf.controller)
                and (spec.where != "open" or (bf.controller is None and not bf.units))]
    if spec.kind == "spell" and spec.max_cost is not None:  # 131.4 printed cost
        return [i for i in target_candidates(state, controller, source, V.Target(
            "spell", spec.side, spec.where, spec.count, spec.up_to, spec.other, spec.name))
            if _spell_cost_at_most(state, i, spec.max_cost)]
    if spec.kind == "spell_or_ability":  # a spell or an ability on the chain (its item id)
        return [it.id for it in state.chain if it.source != source
                and _side_ok(state, spec.side, controller, it.controller)
                and (spec.where != "chooses_friendly" or _chooses_friendly(state, it, controller))]
    if spec.kind == "spell":  # a spell on the chain (its item id)
        return [it.id for it in state.chain if it.kind == "spell" and it.source != source
                and _side_ok(state, spec.side, controller, it.controller)]
    if spec.kind == "player":
        return [p for p in state.turn_order if not state.players[p].eliminated
                and _side_ok(state, spec.side, controller, p)]
    out: list[str] = []
    lists = _board_lists(state)
    if spec.kind in ("anything", "legend"):  # legends too
        lists = lists + [list(p.legend) for p in state.players.values()]
    if spec.kind == "permanent_or_facedown":  # facedown cards too
        lists = lists + [list(bf.facedown) for bf in state.battlefields]
    if spec.where == "your_trash":  # issue 24: a card of the controller's trash (public, 355.10.a)
        lists = [list(state.players[controller].trash)] if controller in state.players else []
    if only is not None and spec.kind in _KINDS and spec.side in _SIDES and \
            spec.where in _WHERES and spec.max_might is None:
        # replay-perf: only the chosen ones that are listed; with these values (none of the
        # tests below raises) the full look would judge each the same way
        lists = [[o for o in dict.fromkeys(only) if any(o in lst for lst in lists)]]
    objs = state.objects
    kind = spec.kind
    side = spec.side
    enemies: list[str] | None = None  # replay-perf: state.opponents once (pure here)
    for lst in lists:
        for oid in lst:
            obj = objs[oid]
            if not _kind_ok(kind, _type(obj.card)):
                continue
            if spec.other and oid == source:
                continue
            if side == "enemy":  # as _side_ok
                if enemies is None:
                    enemies = state.opponents(controller)
                if obj.controller is None or obj.controller not in enemies:
                    continue
            elif spec.where != "your_trash" and not _side_ok(state, side, controller, obj.controller):
                continue
            if not _where_ok(state, spec.where, obj, src):
                continue
            if spec.exhausted is not None and obj.exhausted != spec.exhausted:
                continue
            if spec.buffed is not None and obj.buffed != spec.buffed:
                continue
            if spec.max_might is not None and \
                    layers.might_of(state, oid) > spec.max_might:
                continue
            if spec.max_cost is not None and not _printed_cost_at_most(obj.card, spec.max_cost):
                continue  # issue 24: a permanent of printed cost at most (E, P)
            if spec.tag is not None and spec.tag not in layers.characteristics(state, oid).tags:
                continue  # issue 24: e.g. an Equipment
            if spec.attached is not None and (obj.attached_to is not None) != spec.attached:
                continue  # issue 24: an attached / a detached Equipment
            if spec.token is not None and bool(obj.token) != spec.token:
                continue  # issue 24: a token unit ("your token units")
            if encoding_fact(obj.card, _unchoosable_by_enemies, False) and \
                    obj.controller in state.opponents(controller):
                continue  # issue 24: RUP4 757.1, not chosen by enemy spells and abilities
            out.append(oid)
    return out


def _unchoosable_by_enemies(enc: V.Encoding) -> bool:
    return "not_chosen_by_enemies" in enc.flags


def _printed_cost_at_most(card: str, limit: tuple[int, int]) -> bool:
    """the card's printed cost (RUP4 206; a token's is 0, 185.3.a.1) is at most *limit*."""
    facts = card_facts(card)
    return (facts.energy or 0) <= limit[0] and (facts.power or 0) <= limit[1]


def _chooses_friendly(state: GameState, item: Any, controller: str) -> bool:
    """The chain item chose (targets) a unit or gear that *controller* controls (the
    Spiritforged "counter ... that chooses a friendly unit or gear", Not So Fast)."""
    for ids in (item.targets or {}).values():
        for oid in ids if isinstance(ids, list | tuple) else ():
            obj = state.objects.get(oid) if isinstance(oid, str) else None
            if obj is not None and obj.controller == controller and \
                    obj.zone in ("base", "battlefield") and _type(obj.card) in ("Unit", "Gear"):
                return True
    return False


def _spell_cost_at_most(state: GameState, item_id: str, limit: tuple[int, int]) -> bool:
    """the chain item's spell card has a printed cost of at most limit
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


def _picks_legal(state: GameState, controller: str, source: str | None, spec: V.Target,
                 picked: list[str]) -> bool:
    """replay-perf: *picked* are distinct legal targets of *spec*, as many as it takes - judged
    on the picks alone (``_candidates`` with *only*), without listing every candidate."""
    return ((len(picked) == spec.count > 0 or (spec.up_to and len(picked) <= spec.count))
            and all(isinstance(o, str) for o in picked) and len(set(picked)) == len(picked)
            and set(picked).issubset(_candidates(state, controller, source, spec, picked)))


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
        if _picks_legal(state, controller, source, spec, picked):
            continue  # replay-perf: nothing below fires for them
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
            closed = open_battlefield_violation(state, spec, oid, what, legal) \
                if oid not in legal else None
            if closed is not None:
                out.append(closed)
            elif oid not in legal:
                out.append(Violation("355.5", f"{oid} is not a legal target for {what} "
                                     f"(a {spec.side} {spec.kind}{_also(spec)}, {spec.where}); "
                                     f"legal: {', '.join(legal) or 'none'}", ed))
    return out


def open_battlefield_violation(state: GameState, spec: V.Target | None, oid: str, what: str,
                               legal: Sequence[str]) -> Violation | None:
    """The refusal of the battlefield *oid* chosen for an open-battlefield target *spec*
    (issue 24: Bard, Mercurial) by the rule that decides it, what "open" means (169.10.c:
    unoccupied, 169.10.a, and uncontrolled, 169.10.b); None when *oid* is no battlefield,
    is open, or *spec* is not such a target (then the general refusal of 355.5 stands)."""
    if spec is None or spec.kind != "battlefield" or spec.where != "open":
        return None
    bf = next((b for b in state.battlefields if b.oid == oid), None)
    if bf is None:
        return None
    why = [f"occupied: {', '.join(bf.units)} there, 169.10.a"] if bf.units else []
    if bf.controller is not None:
        why.append(f"controlled by {bf.controller}, 169.10.b")
    if not why:
        return None
    return Violation("169.10.c", f"{oid} is not an open battlefield ({'; '.join(why)}): {what} "
                     f"may choose only an open one (no unit there, no controller); open: "
                     f"{', '.join(legal) or 'none'}", state.edition)


def _also(spec: V.Target) -> str:
    """issue 24: the tag and attachment a target must have, in words (for messages)."""
    words = f" ({spec.tag})" if spec.tag else ""
    if spec.attached is not None:
        words += " that is attached" if spec.attached else " that is not attached"
    return words


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
    legal = set(_candidates(state, ctx["controller"], ctx.get("source"), spec, chosen))
    return [o for o in chosen if o in legal]
