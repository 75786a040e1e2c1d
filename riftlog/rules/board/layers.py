"""Characteristics of game objects through the layers (v1.3 468-475, 701, 706, 716, 137).

:func:`characteristics` answers "what is this object right now": its Might, tags,
keywords (with summed values) and engine flags, computed from

* the card's printed facts (the catalog; 711: off the board only these count),
* its buff (+1 Might, 703), its temporary modifications (``GameObject.mods``),
* the continuous effects in ``GameState.effects`` (plain data, shape below),
* attached cards: their effect-text keywords (472.2.c, 718.3) and Might bonus
  (472.3.c, 718.4, 137.3),
* the keyword-driven arithmetic of Assault (807.1.c) and Shield (814.1.c),

applied in layer order (472: trait, ability, arithmetic; increases before decreases,
472.3.d), dependency then timestamp order inside a layer (473-475; in the arithmetic layer
RUP4 479, :func:`depends_on`), and re-evaluated until
stable (471), each effect applied at most once and removed at most once (471.3).

The effects' shape (``GameState.effects`` items), their validation and expiry, their
order inside a layer and their limits are in
:mod:`riftlog.rules.board.continuous_effects` (re-exported here).

Printed keywords come from the card's ability encoding when it has one
(``riftlog.cards.abilities.ABILITIES[card_id].keywords``, plus its ``flags``), else from the
catalog (exact only when the card's text is nothing but keywords: otherwise the catalog
may list keywords the card grants to others or has only conditionally, and
:attr:`Characteristics.exact` is False).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from riftlog.cards import abilities as card_abilities
from riftlog.cards import load_catalog
from riftlog.errors import UnsupportedCard, UnsupportedRule
from riftlog.rules import editions
from riftlog.rules.board import copied_text, power_spent
from riftlog.rules.board.continuous_effects import (
    FLAGS,
    LAYERS,
    _apply_arithmetic,
    _limit,
    _ordered,
    depends_on,
    effect_problems,
    expire_effects,
)
from riftlog.rules.board.core import slot_setters
from riftlog.rules.board.keywords import add_keyword, combine_keywords, parse_keyword
from riftlog.rules.board.seats import moves_this_turn, points_of
from riftlog.rules.board.state import BOARD_ZONES, GameObject, GameState
from riftlog.rules.board.xp import xp

__all__ = [
    "ENFORCED_KEYWORDS", "FLAGS", "LAYERS", "MIGHTY", "Characteristics", "add_effect",
    "became_mighty", "characteristics", "depends_on", "effect_problems", "expire_effects",
    "has_flag", "is_mighty", "might_of", "printed_type", "start_effect_text",
]

#: Keywords this module enforces (checked by tests/rules/test_keywords.py).
ENFORCED_KEYWORDS: tuple[str, ...] = ("Assault", "Shield")
#: Mighty threshold (v1.3 708).
MIGHTY = 5
#: Keywords of an Equipment's own rules text (they stay with the gear when attached).
_GEAR_RULES_KEYWORDS = frozenset({"Equip", "Quick-Draw", "Reaction", "Action", "Hidden",
                                  "Temporary", "Unique"})


@dataclass(frozen=True, slots=True)
class Characteristics:
    """What an object is right now.  ``might`` is the actual value, which may be negative
    (143.2.b.1); use :attr:`effective_might` wherever Might is referenced (143.2.b).
    ``exact`` is False when the catalog cannot tell which of the card's keywords are
    its own unconditional ones (the card has other rules text and no ability encoding)."""

    oid: str
    card: str
    name: str
    type: str
    controller: str
    on_board: bool
    might: int | None
    printed_might: int | None
    tags: frozenset[str]
    keywords: Mapping[str, int | None]
    flags: frozenset[str] = frozenset()
    exact: bool = True

    @property
    def effective_might(self) -> int:
        """Might as referenced by spells, abilities and combat damage (143.2.b)."""
        return max(0, self.might or 0)

    @property
    def mighty(self) -> bool:
        """Might 5 or more (v1.3 708)."""
        return self.might is not None and self.might >= MIGHTY

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    def value(self, keyword: str) -> int:
        """The keyword's (summed) value, 0 when absent."""
        v = self.keywords.get(keyword)
        return v or 0


# --- printed facts --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Printed:
    name: str
    type: str
    might: int | None
    tags: frozenset[str]
    keywords: tuple[tuple[str, int | None], ...]
    exact: bool
    attached_keywords: tuple[tuple[str, int | None], ...] = ()
    might_bonus: int | None = None
    flags: frozenset[str] = frozenset()


def _card(card_id: str) -> Any:
    return load_catalog().get(card_id)


@functools.lru_cache(maxsize=4096)
def _printed(card_id: str) -> _Printed:
    card = _card(card_id)
    encoding = _encoding(card_id)
    own = getattr(encoding, "keywords", None) if encoding is not None else None
    flags = frozenset(getattr(encoding, "flags", ()) or ()) if encoding is not None else frozenset()
    if own is None:
        own = getattr(card, "own_keywords", None)
    exact = own is not None or not card.has_text or card.text_is_keywords_only
    tokens = tuple(own if own is not None else card.keywords)
    attached: tuple[str, ...] = ()
    if card.type == "Gear":
        given = getattr(card, "attached_keywords", None)
        attached = tuple(given) if given is not None else tuple(
            k for k in card.keywords if parse_keyword(k)[0] not in _GEAR_RULES_KEYWORDS)
        tokens = tuple(k for k in tokens if parse_keyword(k)[0] in _GEAR_RULES_KEYWORDS)
    return _Printed(
        name=card.name, type=card.type, might=card.might, tags=frozenset(card.tags),
        keywords=tuple(combine_keywords(tokens).items()), exact=exact,
        attached_keywords=tuple(combine_keywords(attached).items()),
        might_bonus=next((b for b in (getattr(encoding, "might_bonus", None),  # mechanics helper:
                                      getattr(card, "might_bonus", None))  # encoding first (137)
                          if b is not None), None), flags=flags,
    )


def _encoding(card_id: str) -> Any:
    return card_abilities.ABILITIES.get(card_id)  # read each call: tests replace ABILITIES


def printed_type(card_id: str) -> str:
    """The card's printed type (cached); no effect the engine supports changes types."""
    found = _TYPES.get(card_id)  # issue 26: one dict look-up, no lru_cache call
    if found is None:
        found = _TYPES[card_id] = _printed(card_id).type
    return found


#: card id -> :func:`_printed`'s type (cleared with it: ``_printed.cache_clear()`` clears
#: it too, whoever calls it)
_TYPES: dict[str, str] = {}
_CLEAR_PRINTED = _printed.cache_clear


#: called when the card facts are forgotten (board.mighty's remembered answers)
_ON_CLEAR: list[Callable[[], None]] = []


def on_clear(forget: Callable[[], None]) -> None:
    """Call *forget* whenever the cached card facts are cleared."""
    _ON_CLEAR.append(forget)


def _clear_printed() -> None:
    _TYPES.clear()
    _CLEAR_PRINTED()
    for forget in _ON_CLEAR:
        forget()


setattr(_printed, "cache_clear", _clear_printed)  # noqa: B010


def clear_cache() -> None:
    """Forget cached card facts (after the catalog or the ability registry changed)."""
    _printed.cache_clear()


# --- the computation ------------------------------------------------------------------


@dataclass(slots=True)
class _Interim:
    might: int | None
    tags: set[str]
    keywords: dict[str, int | None]
    flags: set[str] = field(default_factory=set)


def _start(p: _Printed) -> _Interim:
    return _Interim(p.might, set(p.tags), dict(p.keywords), set(p.flags))


def characteristics(state: GameState, oid: str) -> Characteristics:
    """The object's characteristics now (see the module docstring).  Pure and cheap: no
    copies of the state, one pass over ``state.effects`` per layer evaluation."""
    obj = state.objects[oid]
    p = _printed(obj.card)
    on_board = obj.zone in BOARD_ZONES
    if not on_board:  # v1.3 711: off the board only inherent characteristics count
        return _freeze(obj, p, _start(p), on_board=False)
    mine = [e for e in state.effects if _affects(state, e, obj)] if state.effects else []
    gear = _attached(state, obj)
    if not mine and not gear and not obj.mods:
        # replay-perf: nothing but the printed facts, its buff and Assault/Shield: what
        # _run_layers would compute (the deltas are plain sums then), without _Interim
        might = p.might
        if might is not None:
            if obj.buffed:  # 703 (issue #5, K1)
                counts = state.extra.get("buff_counts")
                might += int(counts.get(obj.oid, 1)) if counts else 1
            if obj.designation is not None:
                might += designation_might(p.keywords, obj.designation)
        ch = _new_characteristics(obj.oid, obj.card, p.name, p.type, obj.controller, True, might,
                                  p.might, p.tags, dict(p.keywords), p.flags, p.exact)
        return ch if state.edition != "v1.2" else _v12_might(state, ch)
    conditional = [e for e in mine if e.get("condition")]
    if not conditional:
        ch = _freeze(obj, p, _run_layers(state, obj, p, mine, gear), on_board=True)
        return ch if state.edition != "v1.2" else _v12_might(state, ch)
    active: set[int] = set()
    removed: set[int] = set()
    basis = _start(p)
    cur: _Interim | None = None
    for _ in range(2 * len(conditional) + 2):
        changed = False
        for e in conditional:  # 471.2: conditions read the result of the previous pass
            key = id(e)
            if key in removed:
                continue
            holds = _condition(e["condition"], basis, obj)
            if holds and key not in active:
                active.add(key)
                changed = True
            elif not holds and key in active:  # 471.3: removed once, never re-applied
                active.discard(key)
                removed.add(key)
                changed = True
        if cur is not None and not changed:
            break
        effects = [e for e in mine if not e.get("condition") or id(e) in active]
        cur = basis = _run_layers(state, obj, p, effects, gear)
    assert cur is not None
    ch = _freeze(obj, p, cur, on_board=True)
    return ch if state.edition != "v1.2" else _v12_might(state, ch)


def _v12_might(state: GameState, ch: Characteristics) -> Characteristics:
    """editions helper: v1.2 142.2.b reads a Might below 0 as 0 for every purpose, where
    v1.3 143.2.b.1 keeps the real value for arithmetic; not implemented under v1.2."""
    if ch.might is not None and ch.might < 0 and state.edition == "v1.2":
        raise editions.unsupported(state, "142.2.b", f"{ch.oid}'s Might is {ch.might}")
    return ch


def _run_layers(state: GameState, obj: GameObject, p: _Printed,
                effects: list[dict[str, Any]], gear: list[GameObject]) -> _Interim:
    cur = _start(p)
    mods = obj.mods
    by_layer: dict[str, list[dict[str, Any]]] = {"trait": [], "ability": [], "arithmetic": []}
    for e in effects:
        layer = e.get("layer")
        if layer not in by_layer:
            raise UnsupportedRule(f"v1.3 472: effect {e.get('id')!r} has unknown layer {layer!r}")
        by_layer[layer].append(e)
    # 1. trait layer (472.1): Might assignment, tags
    if "set_might" in mods and cur.might is not None:
        cur.might = int(mods["set_might"])
    cur.tags.update(mods.get("tags", ()))
    for e in _ordered(by_layer["trait"]):
        if not _filter_ok(state, e, obj, cur):
            continue
        if "set_might" in e and cur.might is not None:
            cur.might = int(e["set_might"])
        cur.tags.update(e.get("tags", ()))
        cur.tags.difference_update(e.get("remove_tags", ()))
    # 2. ability layer (472.2): keywords and flags; attached cards' effect text (472.2.c)
    for token in (*mods.get("keywords", ()), *mods.get("grant", ())):
        add_keyword(cur.keywords, *parse_keyword(token))
    cur.flags.update(mods.get("flags", ()))
    for g in gear:
        for name, value in _printed(g.card).attached_keywords:
            add_keyword(cur.keywords, name, value)
        if _copies_text(g.card):  # issue 24: Svellsongur - the wearer's keywords once more
            for name, value in p.keywords:
                add_keyword(cur.keywords, name, value)
    for e in _ordered(by_layer["ability"]):
        if not _filter_ok(state, e, obj, cur):
            continue
        if e.get("remove_all"):
            cur.keywords.clear()
            cur.flags.clear()
        for name in e.get("remove", ()):
            cur.keywords.pop(parse_keyword(name)[0], None)
        if e.get("per") == "controller_equipment_on_it":  # issue 24: Purifier (SFD-183)
            times = _equipment_of_source_controller(state, e, gear)
        else:
            times = _per_count(state, e) if "per" in e else 1  # issue 24: a value per count
        for token in e.get("grant", ()):
            name, value = parse_keyword(token)
            if times == 1:
                add_keyword(cur.keywords, name, value)
            elif times > 0:
                add_keyword(cur.keywords, name, (value or 1) * times)
        cur.flags.update(e.get("flags", ()))
        cur.flags.difference_update(e.get("remove_flags", ()))
    # 3. arithmetic layer (472.3): increases first, then decreases (472.3.d)
    if cur.might is None:  # 137.3.b: no Might value, bonuses are ignored
        return cur
    deltas: list[tuple[int, int, dict[str, Any] | None]] = []  # (delta, timestamp, effect)
    if obj.buffed:  # 703: +1 per buff (issue #5, K1: some units hold several)
        counts = state.extra.get("buff_counts")
        deltas.append((int(counts.get(obj.oid, 1)) if counts else 1, -2, None))
    if mods.get("might"):
        deltas.append((int(mods["might"]), -1, None))
    times = 2 if "double_equipment_bonus" in cur.flags else 1  # issue 24: Gearhead (SFD-068)
    for g in gear:
        deltas.append((_might_bonus(g) * times, -1, None))  # 472.3.c, 718.4, 137.3
    if obj.designation == "attacker" and "Assault" in cur.keywords:
        deltas.append((cur.keywords["Assault"] or 0, -1, None))  # 807.1.c
    if obj.designation == "defender" and "Shield" in cur.keywords:
        deltas.append((cur.keywords["Shield"] or 0, -1, None))  # 814.1.c
    for e in by_layer["arithmetic"]:
        if _filter_ok(state, e, obj, cur):
            deltas.append((int(e.get("might", 0)) * _per_count(state, e), int(e.get("timestamp", 0)), e))
    for positive in (True, False):
        group = sorted((d for d in deltas if (d[0] > 0) == positive), key=lambda d: d[1])
        cur.might = _apply_arithmetic(group, obj.oid, cur.might)
    return cur


def _per_count(state: GameState, e: dict[str, Any]) -> int:
    """the multiplier of an arithmetic effect with "per" (1 without)."""
    per = e.get("per")
    if per is None:
        return 1
    if per == "controller_points":  # the source controller's points (Draven)
        owner = state.objects.get(e.get("source") or "")
        return points_of(state, owner.controller) if owner is not None and owner.controller else 0
    if per == "enemy_units_here":  # issue 24: units of the source controller's opponents there
        src = state.objects.get(e.get("source") or "")
        if src is None or src.zone != "battlefield" or src.controller is None:
            return 0
        foes = state.opponents(src.controller)
        return sum(1 for o in state.battlefield(src.location or "").units
                   if state.objects[o].controller in foes and state.objects[o].attached_to is None
                   and printed_type(state.objects[o].card) == "Unit")
    if per == "controller_gear":  # issue 24: gear on the board the source's controller controls
        owner = state.objects.get(e.get("source") or "")
        ctrl = owner.controller if owner is not None else None
        return sum(1 for o in state.objects.values() if o.controller == ctrl and ctrl is not None
                   and o.zone in ("base", "battlefield") and printed_type(o.card) == "Gear")
    if per == "controller_trash":  # cards in the source controller's trash
        owner = state.objects.get(e.get("source") or "")
        ctrl = owner.controller if owner is not None else None
        return len(state.players[ctrl].trash) if ctrl in state.players else 0
    if per != "buffed_friendly_at_source_battlefield":
        raise UnsupportedRule(f"v1.3 472.3: unknown arithmetic count {per!r}")
    src = state.objects.get(e.get("source") or "")
    if src is None or src.zone != "battlefield":
        return 0
    bf = state.battlefield(src.location or "")
    return sum(1 for o in bf.units if state.objects[o].controller == src.controller
               and state.objects[o].buffed)


def _equipment_of_source_controller(state: GameState, e: dict[str, Any],
                                    gear: list[GameObject]) -> int:
    """issue 24: how many of the cards attached to the unit (*gear*) are Equipment the
    effect's source's controller controls (each gives the granted keyword once)."""
    src = state.objects.get(e.get("source") or "")
    ctrl = src.controller if src is not None else None
    return sum(1 for g in gear if ctrl is not None and g.controller == ctrl
               and "Equipment" in _printed(g.card).tags)


def _might_bonus(gear: GameObject) -> int:
    bonus = _printed(gear.card).might_bonus
    if bonus is None:
        raise UnsupportedCard(
            f"{_printed(gear.card).name} ({gear.card})",
            "its Might bonus (v1.3 137) is not in the card catalog",
        )
    return bonus


def _attached(state: GameState, obj: GameObject) -> list[GameObject]:
    """Cards attached to *obj* (716); they share its location (719.3)."""
    loc = obj.location
    pool: Iterable[str] = state.objects
    if loc is not None:
        if loc.startswith("base:") and loc[5:] in state.players:
            pool = state.players[loc[5:]].base
        else:
            for bf in state.battlefields:  # the first battlefield with that oid
                if bf.oid == loc:
                    pool = (*bf.units, *bf.gear)
                    break
    objects = state.objects
    oid = obj.oid
    return [objects[o] for o in pool if o in objects and objects[o].attached_to == oid]


# --- filters and conditions ---------------------------------------------------------------


def _level_ok(state: GameState, e: dict[str, Any], n: int) -> bool:
    """mechanics helper: the effect source's controller has n or more XP (Level n, 824.1.c;
    the current controller's XP, 824.1.c.1)."""
    src = state.objects.get(e.get("source") or "")
    if state.edition == "v1.2":  # editions helper: no Level (824) nor XP in v1.2
        xp(state, src.controller if src is not None else "")
    return src is not None and int(state.extra.get("xp", {}).get(src.controller, 0)) >= n


def _affects(state: GameState, e: dict[str, Any], obj: GameObject) -> bool:
    """The object-identity part of the filter (cheap; characteristics come later)."""
    f = e.get("affects") or {}
    if not f:
        return False
    until = e.get("until")
    if until == "source_leaves":
        src = state.objects.get(e.get("source") or "")
        if src is None or (src.zone not in BOARD_ZONES and src.zone != "legend"):  # legends
            return False
    elif until == "while_attached":  # 718.3, 719.1: only while the Equipment is on its unit
        gear = state.objects.get(e.get("equipment") or "")
        if gear is None or gear.attached_to != e.get("source") or gear.zone not in BOARD_ZONES:
            return False
    # replay-perf: the rune count after the pure identity tests below (but before the
    # XP test when there is one, which may raise under v1.2)
    runes_later = "min_controller_runes" in f and "source_controller_xp" not in f
    if not runes_later and "min_controller_runes" in f and \
            _runes_of(state, obj.controller) < f["min_controller_runes"]:
        return False
    if "source_controller_xp" in f and not _level_ok(state, e, int(f["source_controller_xp"])):
        return False  # mechanics helper
    if "oid" in f and f["oid"] != obj.oid:
        return False
    if "oids" in f and obj.oid not in f["oids"]:
        return False
    if "controller" in f and f["controller"] != obj.controller:
        return False
    if "not_controller" in f and f["not_controller"] == obj.controller:
        return False
    if "designation" in f and f["designation"] != obj.designation:
        return False
    if "token" in f and bool(f["token"]) != obj.token:
        return False
    if "token_name" in f and not (obj.token and _card(obj.card).name == f["token_name"]):
        return False  # tokens are named by what makes them (RUP4 187.3: "Sand Soldier")
    if f.get("other_than_source") and e.get("source") == obj.oid:
        return False
    if f.get("discarded_this_turn") and (obj.controller not in state.players or state.players[
            obj.controller].turn_marks.get("discarded_turn") != state.turn):
        return False
    if f.get("is_source") and e.get("source") != obj.oid:
        return False
    if f.get("attached_this_turn") and (state.extra.get("attached_turn") or {}).get(
            e.get("equipment") or "") != state.turn:  # an Equipment attached this turn
        return False
    if runes_later and _runes_of(state, obj.controller) < f["min_controller_runes"]:
        return False
    if power_spent.KEY in f and power_spent.spent(state, obj.controller) < int(f[power_spent.KEY]):
        return False  # issue 24: Power its controller spent this turn
    # moves counted by the trigger event "moves" (board.seats.moves_this_turn)
    if "moved_at_least" in f and moves_this_turn(state, obj.oid) < int(f["moved_at_least"]):
        return False
    if f.get("source_controller"):  # controlled by the source's controller
        src = state.objects.get(e.get("source") or "")
        if src is None or src.controller != obj.controller:
            return False
    if f.get("enemy_of_source") or f.get("alone"):
        src = state.objects.get(e.get("source") or "")
        if f.get("enemy_of_source") and (src is None or obj.controller not in
                                         state.opponents(src.controller or "")):
            return False
        if f.get("alone") and not alone(state, obj):
            return False
    if f.get("friend_here") and not _friend_here(state, obj):  # issue 24
        return False
    if "location" in f:
        where = f["location"]
        if where == "source":
            src = state.objects.get(e.get("source") or "")
            where = src.location if src is not None else None
        elif where == "source_battlefield":  # only while it is at a battlefield
            src = state.objects.get(e.get("source") or "")
            where = src.location if src is not None and src.zone == "battlefield" else None
        if where is None or where != obj.location:
            return False
    return not ("type" in f and f["type"] != _printed(obj.card).type)


def _friend_here(state: GameState, obj: GameObject) -> bool:
    """issue 24: another unit of *obj*'s controller is at its location (base or battlefield)."""
    if obj.zone not in ("base", "battlefield") or obj.location is None:
        return False
    if obj.zone == "battlefield":
        here = state.battlefield(obj.location).units
    else:
        here = state.players[obj.controller or ""].base if obj.controller in state.players else []
    return any(o != obj.oid and state.objects[o].controller == obj.controller
               and state.objects[o].attached_to is None
               and printed_type(state.objects[o].card) == "Unit" for o in here)


def _runes_of(state: GameState, player: str | None) -> int:
    """how many runes *player* controls (on the board, 161)."""
    p = state.players.get(player or "")
    if p is None:
        return 0
    return sum(1 for o in p.base if printed_type(state.objects[o].card) == "Rune")


def alone(state: GameState, obj: GameObject) -> bool:
    """*obj* attacks or defends alone (it has a combat designation and
    no other unit of its controller is at its battlefield, so none is on its side)."""
    if obj.designation is None or obj.zone != "battlefield":
        return False
    bf = next((b for b in state.battlefields if b.oid == obj.location), None)
    return bf is not None and not any(
        o != obj.oid and state.objects[o].controller == obj.controller
        and state.objects[o].attached_to is None for o in bf.units)


def _filter_ok(state: GameState, e: dict[str, Any], obj: GameObject, cur: _Interim) -> bool:
    f = e.get("affects") or {}
    if "tag" in f and f["tag"] not in cur.tags:
        return False
    return not ("keyword" in f and f["keyword"] not in cur.keywords)


def _condition(c: Mapping[str, Any], cur: _Interim, obj: GameObject) -> bool:
    might = cur.might
    for key, v in c.items():
        if key == "mighty":
            ok = (might is not None and might >= MIGHTY) == bool(v)
        elif key == "designation":
            ok = obj.designation == v
        elif key == "keyword":
            ok = v in cur.keywords
        elif key == "not_keyword":
            ok = v not in cur.keywords
        elif key == "tag":
            ok = v in cur.tags
        elif key == "min_might":
            ok = might is not None and max(0, might) >= int(v)
        elif key == "max_might":
            ok = might is not None and max(0, might) <= int(v)
        elif key == "buffed":
            ok = obj.buffed == bool(v)
        elif key == "stunned":
            ok = obj.stunned == bool(v)
        else:
            raise UnsupportedRule(f"v1.3 471: unknown effect condition {key!r}")
        if not ok:
            return False
    return True


def _freeze(obj: GameObject, p: _Printed, cur: _Interim, *, on_board: bool) -> Characteristics:
    return _new_characteristics(obj.oid, obj.card, p.name, p.type, obj.controller, on_board,
                                cur.might, p.might, frozenset(cur.tags), cur.keywords,
                                frozenset(cur.flags), p.exact)


#: True when this module runs compiled by mypyc (``riftlog.build_info()``): a native class
#: refuses ``object.__new__`` and its own constructor is fast, so the slot setters below are
#: pure Python's speed trick only
_COMPILED = not __file__.endswith(".py")
_CHARACTERISTICS_SETTERS = () if _COMPILED else slot_setters(Characteristics, (
    "oid", "card", "name", "type", "controller", "on_board", "might", "printed_might", "tags",
    "keywords", "flags", "exact"))


def _new_characteristics(oid: str, card: str, name: str, type_: str, controller: str,
                         on_board: bool, might: int | None, printed_might: int | None,
                         tags: frozenset[str], keywords: Mapping[str, int | None],
                         flags: frozenset[str], exact: bool) -> Characteristics:
    """replay-perf: ``Characteristics(...)`` (all fields, in order) without the frozen
    dataclass ``__init__``'s ``object.__setattr__`` per field: the slots are set directly
    (compiled: the constructor)."""
    if _COMPILED:
        return Characteristics(oid, card, name, type_, controller, on_board, might,
                               printed_might, tags, keywords, flags, exact)
    ch = object.__new__(Characteristics)
    s_oid, s_card, s_name, s_type, s_controller, s_on_board, s_might, s_printed, s_tags, \
        s_keywords, s_flags, s_exact = _CHARACTERISTICS_SETTERS
    s_oid(ch, oid)
    s_card(ch, card)
    s_name(ch, name)
    s_type(ch, type_)
    s_controller(ch, controller)
    s_on_board(ch, on_board)
    s_might(ch, might)
    s_printed(ch, printed_might)
    s_tags(ch, tags)
    s_keywords(ch, keywords)
    s_flags(ch, flags)
    s_exact(ch, exact)
    return ch


# --- keywords a firing may find granted (replay-perf, for riftlog.rules.interpreter.triggers) -------------


#: replay-perf: (the keyword names any effect's ``grant`` gives, None when unsure; the
#: objects something is attached to), see :func:`grant_context`.
GrantCtx = tuple[frozenset[str] | None, frozenset[str]]


def grant_context(state: GameState) -> GrantCtx:
    """replay-perf: the keyword names any effect's ``grant`` gives (None when unsure) and
    the objects something is attached to (their gear may give keywords)."""
    names: set[str] | None = set()
    try:
        for e in state.effects:
            for token in e.get("grant", ()) or ():
                names.add(parse_keyword(token)[0])  # type: ignore[union-attr]
    except (ValueError, TypeError, AttributeError):
        names = None
    holders = frozenset([o.attached_to for o in state.objects.values() if o.attached_to is not None])
    return (frozenset(names) if names is not None else None), holders


def may_gain(obj: Any, wanted: tuple[str, ...], ctx: GrantCtx) -> bool:
    """replay-perf: whether a keyword in *wanted* could come to *obj* from what the layers
    add keywords from (its mods, a ``grant`` of any effect, attached gear); True when
    unsure, so that ``triggers._granted`` computes the characteristics."""
    names, holders = ctx
    if names is None or obj.oid in holders:
        return True
    for n in wanted:
        if n in names:
            return True
    mods = obj.mods
    if not mods:
        return False
    try:
        for token in (*mods.get("keywords", ()), *mods.get("grant", ())):
            if parse_keyword(token)[0] in wanted:
                return True
    except (ValueError, TypeError, AttributeError):
        return True
    return False


# --- conveniences -----------------------------------------------------------------------


def designation_might(keywords: Iterable[tuple[str, int | None]], designation: str) -> int:
    """The Might a printed Assault (as an attacker, 807.1.c) or Shield (as a defender,
    814.1.c) adds for *designation*."""
    kw = dict(keywords)
    if designation == "attacker" and "Assault" in kw:
        return kw["Assault"] or 0
    if designation == "defender" and "Shield" in kw:
        return kw["Shield"] or 0
    return 0


def might_of(state: GameState, oid: str) -> int:
    """Effective Might as referenced by spells, abilities and combat (143.2.b)."""
    return characteristics(state, oid).effective_might


def is_mighty(state: GameState, oid: str) -> bool:
    """Might 5 or more now (v1.3 708); off the board, printed Might (711)."""
    return characteristics(state, oid).mighty


def became_mighty(before: Characteristics, after: Characteristics) -> bool:
    """True when Might went from below 5 to 5 or more (v1.3 709)."""
    return not before.mighty and after.mighty


def has_flag(state: GameState, obj: GameObject, flag: str) -> bool:
    """Whether *obj*'s characteristics carry the layers flag *flag* now (replay-perf: computed
    only if its encoding - flags, a Passive -, its mods or an effect in play may give it)."""
    if not _printed_flag(obj.card, flag) and flag not in (obj.mods.get("flags") or ()):
        for e in state.effects:
            flags = e.get("flags")
            if flags and flag in flags:
                break
        else:
            return False
    return flag in characteristics(state, obj.oid).flags


# replay-perf: (card, flag) -> (encoding, answer); valid while the registry holds that
# same (frozen) encoding, so patching the registry needs no clearing
_PRINTED_FLAG: dict[tuple[str, str], tuple[Any, bool]] = {}


def _printed_flag(card_id: str, flag: str) -> bool:
    enc = _encoding(card_id)
    memo = _PRINTED_FLAG.get((card_id, flag))
    if memo is None or memo[0] is not enc:
        memo = _PRINTED_FLAG[card_id, flag] = (enc, flag in (getattr(enc, "flags", ()) or ()) or any(
            flag in (dict(getattr(ab, "effect", ())).get("flags") or ())
            for ab in getattr(enc, "abilities", ()) if type(ab).__name__ == "Passive"))
    return memo[1]




def start_effect_text(state: GameState, gear: str, unit: str) -> None:
    """The passive abilities of the Effect Text of *gear*, just attached to *unit*, as the
    unit's own (136.2.c, 434.1.c, 718.3: their "me" is the unit): layers effects whose
    source is the unit, lasting while the gear stays attached to it (``while_attached``)."""
    state.effects[:] = [e for e in state.effects if e.get("equipment") != gear]
    enc = _encoding(state.objects[gear].card)
    for index in getattr(enc, "effect_text", ()) if enc is not None else ():
        effect = getattr(enc.abilities[index], "effect", None)
        if isinstance(effect, tuple) and effect and all(
                isinstance(kv, tuple) and len(kv) == 2 for kv in effect):  # a vocab.Passive
            add_effect(state, {**dict(effect), "source": unit, "until": "while_attached",
                               "equipment": gear})
    if _copies_text(state.objects[gear].card):
        _copy_wearer_text(state, gear, unit)


def _copies_text(card_id: str) -> bool:
    """Whether the card's Effect Text is a copy of its wearer's text (issue 24)."""
    enc = _encoding(card_id)
    return enc is not None and any(type(a).__name__ == "CopyWearerText"
                                   for a in getattr(enc, "abilities", ()))


def _copy_wearer_text(state: GameState, gear: str, unit: str) -> None:
    """*gear*'s Effect Text becomes a copy of *unit*'s text while attached to it (RUP4
    136.2 / 718.3: the wearer has it as its own, so once more): its keywords (in the
    ability layer, :func:`_run_layers`), its passives (layers effects from the unit, while
    attached), its triggered abilities (``state.extra["copied_text"] = {gear: unit}``, read
    by the trigger lookup, which the replacement lookup and the queries of counted kinds
    read through :func:`copied_text.with_copies`).  Raises UnsupportedCard naming the gear
    and the kinds of ability whose copy has no declaration (:data:`copied_text.HOW`)."""
    card = state.objects[unit].card
    enc = _encoding(card)
    abilities = tuple(getattr(enc, "abilities", ())) if enc is not None else ()
    missing = copied_text.undeclared(type(a).__name__ for a in abilities)
    if missing:
        gear_card = state.objects[gear].card
        raise UnsupportedCard(f"{_card(gear_card).name} ({gear_card})",
                              f"copying the {', '.join(missing)} abilities of "
                              f"{_card(card).name} ({card}) into its Effect Text (RUP4 136.2, "
                              "718.3) is not implemented")
    state.extra.setdefault("copied_text", {})[gear] = unit
    for ab in abilities:
        if type(ab).__name__ == "Passive":
            effect = {**dict(ab.effect), "source": unit, "until": "while_attached",
                      "equipment": gear}
            if effect.get("layer") == "arithmetic" and ("min" in effect or "max" in effect):
                effect["passive"] = True  # a passive's limit is never snapshotted (477.3.b)
            add_effect(state, effect)


def add_effect(state: GameState, effect: Mapping[str, Any]) -> dict[str, Any]:
    """Add a continuous effect to ``state.effects`` as it begins applying.

    Gives it an ``id`` and a ``timestamp`` (475.1) if missing, and snapshots a limited
    arithmetic change for each object it affects now (472.3.b: "-4 to a minimum of 1" on a
    2 Might unit is remembered as -1; not a ``passive`` one, whose limit stays live,
    477.3.b).  Raises ``ValueError`` for a malformed effect.
    Returns the stored effect.
    """
    problems = effect_problems(effect)
    if problems:
        raise ValueError("malformed effect: " + "; ".join(problems))
    e = dict(effect)
    e.setdefault("id", state.next_id("e"))
    if "timestamp" not in e:
        e["timestamp"] = state.counters.get("effect_ts", 0) + 1
    state.counters["effect_ts"] = max(state.counters.get("effect_ts", 0), int(e["timestamp"]))
    e.setdefault("until", "end_of_turn")
    if e["layer"] == "arithmetic" and ("min" in e or "max" in e) and not e.get("passive"):
        snap: dict[str, int] = {}
        for oid, obj in state.objects.items():
            if obj.zone in BOARD_ZONES and _affects(state, e, obj):
                now = characteristics(state, oid)
                if now.might is not None:
                    snap[oid] = _limit(int(e.get("might", 0)), now.might, e.get("min"),
                                       e.get("max"))
        e["requested"] = e.get("might", 0)
        e["snapshot"] = snap
    state.effects.append(e)
    return e
