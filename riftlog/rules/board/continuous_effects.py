"""Continuous effects as data (v1.3 468-475, RUP4 478-479): their shape, its validation,
their expiry, their order inside a layer and the limits of arithmetic changes.

Read by :mod:`riftlog.rules.board.layers`, which applies them to objects and re-exports
every public name here.

Effect shape (``GameState.effects`` items; see riftlog/rules/ENGINE.md)::

    {"id": "e3", "source": "p1.u2" | None, "layer": "trait" | "ability" | "arithmetic",
     "affects": {...filter...}, "condition": {...} | absent,
     # trait:      "set_might": 4, "tags": ["Yordle"], "remove_tags": [...]
     # ability:    "grant": ["Assault 3", "Tank"], "remove": ["Tank"], "remove_all": true,
     #             "flags": ["assigned_last" | "no_damage"], "remove_flags": [...]
     # arithmetic: "might": -4, "min": 1, "max": n, "snapshot": {"<oid>": -1}
     "until": "end_of_turn" | "end_of_combat" | "source_leaves" | "permanent",
     "timestamp": 7}

``affects`` keys (all must hold; an empty filter affects nothing): ``oid``, ``oids``,
``controller``, ``not_controller``, ``location`` (a location, or ``"source"`` for the
source's location), ``type``, ``tag``, ``keyword``, ``designation``, ``token``,
``other_than_source``.  ``condition`` keys, read on the affected object as it stood after
the previous pass (471.2): ``mighty``, ``designation``, ``keyword``, ``not_keyword``,
``tag``, ``min_might``, ``max_might``, ``buffed``, ``stunned``.  ``mods`` use the same
keys as effects (``might``, ``set_might``, ``tags``, ``grant``/``keywords``, ``flags``)
and count as the oldest effects.

Engine flags are rules properties that are not keywords: ``assigned_last`` ("must be
assigned combat damage last", 460.2.c.5) and ``no_damage`` (cannot be dealt damage,
460.2.c.9).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from riftlog.rules.board import power_spent
from riftlog.rules.board.keywords import parse_keyword
from riftlog.rules.board.state import GameState

__all__ = ["FLAGS", "LAYERS", "depends_on", "effect_problems", "expire_effects"]

#: Layer names in application order (v1.3 472).
LAYERS: tuple[str, ...] = ("trait", "ability", "arithmetic")
#: Engine flags an effect may grant (see the module docstring).
FLAGS: frozenset[str] = frozenset({"assigned_last", "no_damage",
                                   "no_combat_damage",  # issue 24: adds nothing to 465.2.c
                                   "not_chosen_by_enemies",  # issue 24: RUP4 757.1
                                   "double_equipment_bonus",  # issue 24: Gearhead, 137.3
                                   "own_damage_unpreventable"})  # RUP4 142.3.b (board.unpreventable)
_UNTIL = frozenset({"end_of_turn", "end_of_combat", "source_leaves", "permanent",
                    "while_attached"})  # while_attached: an Equipment's Effect Text (718.3)
#: filter keys of "affects"; besides identity, location and type: the source's controller,
#: the source itself, a controller who discarded this turn, an enemy of the source, a unit
#: alone in combat, n+ runes, n+ moves this turn, Level n (824.1.c)
_AFFECTS = frozenset({"oid", "oids", "controller", "not_controller", "location", "type", "tag",
                      "keyword", "designation", "token", "other_than_source",
                      "source_controller", "is_source", "discarded_this_turn",
                      "enemy_of_source", "alone", "min_controller_runes", "moved_at_least",
                      "source_controller_xp", "attached_this_turn", "friend_here",
                      "token_name",  # a token by its name (RUP4 187.3, v1.3 184.3)
                      power_spent.KEY})  # issue 24: n+ Power spent this turn
_CONDITIONS = frozenset({"mighty", "designation", "keyword", "not_keyword", "tag",
                         "min_might", "max_might", "buffed", "stunned"})
_LAYER_KEYS = {
    "trait": frozenset({"set_might", "tags", "remove_tags",
                        "add_domains"}),  # read by board.domains (RUP4 185.3.b.1)
    "ability": frozenset({"grant", "remove", "remove_all", "flags", "remove_flags", "per"}),
    # "per": the "might" amount is multiplied by a count read now (:func:`_per_count`)
    # "passive": a passive ability's limit, applied live, never snapshotted (477.3.b)
    "arithmetic": frozenset({"might", "min", "max", "snapshot", "per", "passive"}),
}
_COMMON = frozenset({"id", "source", "layer", "affects", "condition", "until", "timestamp",
                     "requested", "note", "equipment"})


# --- effects as data ------------------------------------------------------------------


def effect_problems(effect: Mapping[str, Any]) -> list[str]:
    """What is wrong with an effect's shape (empty when it is well formed)."""
    problems: list[str] = []
    layer = effect.get("layer")
    if layer not in _LAYER_KEYS:
        return [f"layer must be one of {', '.join(LAYERS)}, not {layer!r}"]
    unknown = set(effect) - _COMMON - _LAYER_KEYS[layer]
    if unknown:
        problems.append(f"keys not allowed in the {layer} layer: {', '.join(sorted(unknown))}")
    affects = effect.get("affects")
    if not isinstance(affects, Mapping) or not affects:
        problems.append("affects must be a non-empty filter")
    elif set(affects) - _AFFECTS:
        problems.append(f"unknown affects keys: {', '.join(sorted(set(affects) - _AFFECTS))}")
    cond = effect.get("condition")
    if cond is not None and (not isinstance(cond, Mapping) or set(cond) - _CONDITIONS):
        problems.append("unknown condition keys")
    if effect.get("until", "end_of_turn") not in _UNTIL:
        problems.append(f"until must be one of {', '.join(sorted(_UNTIL))}")
    for flag in (*effect.get("flags", ()), *effect.get("remove_flags", ())):
        if flag not in FLAGS:
            problems.append(f"unknown flag {flag!r}")
    for token in effect.get("grant", ()):
        try:
            parse_keyword(token)
        except ValueError as exc:
            problems.append(str(exc))
    return problems


def expire_effects(state: GameState, until: str, modded: bool = True) -> list[dict[str, Any]]:
    """Remove the effects lasting *until* ``"end_of_turn"`` or ``"end_of_combat"``
    (461.7.b); at end of turn temporary ``mods`` other than Prevent values end too.
    Returns the removed effects.  *modded* False (replay-perf): the caller saw that no
    object has mods."""
    if until not in ("end_of_turn", "end_of_combat"):
        raise ValueError(f"cannot expire effects {until!r}")
    gone = [e for e in state.effects if e.get("until", "end_of_turn") == until]
    if gone:
        state.effects[:] = [e for e in state.effects if e.get("until", "end_of_turn") != until]
    if until == "end_of_turn" and modded:
        for obj in state.objects.values():
            if obj.mods:
                for key in ("might", "set_might", "tags", "keywords", "grant", "flags"):
                    obj.mods.pop(key, None)
    return gone


# --- dependency and timestamp order (473-475) -------------------------------------------

_READS = {"tag": "tags", "keyword": "keywords"}
_WRITES = {"tags": "tags", "remove_tags": "tags", "grant": "keywords", "remove": "keywords",
           "remove_all": "keywords"}


def _ordered(effects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Timestamp order (475.3), except that an effect whose filter reads what another
    effect of the same layer writes goes after it (473.1.b, 474.1).  Mutual
    dependencies fall back to timestamps."""
    if len(effects) < 2:
        return effects
    pending = sorted(effects, key=lambda e: int(e.get("timestamp", 0)))
    out: list[dict[str, Any]] = []
    while pending:
        for i, e in enumerate(pending):
            reads = {_READS[k] for k in e.get("affects", {}) if k in _READS}
            blockers = [o for o in pending if o is not e and reads & _writes(o)]
            if not blockers or all(_reads(o) & _writes(e) for o in blockers):
                out.append(pending.pop(i))
                break
        else:  # pragma: no cover - the loop always finds one (earliest in a cycle)
            out.append(pending.pop(0))
    return out


def _reads(e: dict[str, Any]) -> set[str]:
    return {_READS[k] for k in e.get("affects", {}) if k in _READS}


def _writes(e: dict[str, Any]) -> set[str]:
    return {_WRITES[k] for k in e if k in _WRITES}


# --- dependency in the arithmetic layer (RUP4 478-479, v1.3 473-474) ------------------------

_Delta = tuple[int, int, "dict[str, Any] | None"]


def _gives(d: _Delta, oid: str, current: int) -> int:
    """What the change *d* adds to a Might of *current* (a limited one: as limited now, or
    as snapshotted, 477.3.b)."""
    delta, _ts, src = d
    return _limited(src, oid, delta, current) if src is not None else delta


def depends_on(a: _Delta, b: _Delta, oid: str, current: int) -> bool:
    """Whether change *a* depends on change *b* of the same arithmetic step (RUP4 479,
    v1.3 474): applying them in the other order alters what *a* gives (478.1.c) but not
    what *b* gives; when both are altered there is no dependency (479.1)."""
    a_first, b_first = _gives(a, oid, current), _gives(b, oid, current)
    a_after = _gives(a, oid, current + b_first)
    b_after = _gives(b, oid, current + a_first)
    return a_first != a_after and b_first == b_after


def _apply_arithmetic(group: list[_Delta], oid: str, current: int) -> int:
    """Apply *group* (one step of the arithmetic layer, in timestamp order) to a Might of
    *current*: the earliest change that depends on no change still to apply goes next, and
    right after a change the ones that depended on it (RUP4 479.2, v1.3 474.1); with no
    dependency this is timestamp order.  Only a limited change that is not snapshotted
    (a passive's, 477.3.b) can depend on another; others give the same in any order."""
    if len(group) < 2 or all(d[2] is None or "passive" not in d[2] for d in group):
        for d in group:
            current += _gives(d, oid, current)
        return current
    pending = list(group)
    follow: list[_Delta] = []  # changes that depended on the one just applied
    while pending:
        free = [d for d in pending
                if not any(o is not d and depends_on(d, o, oid, current) for o in pending)]
        nxt = next((d for d in follow if d in free), None) or (free or pending)[0]
        waiting = [d for d in pending if d is not nxt and depends_on(d, nxt, oid, current)]
        pending.remove(nxt)
        current += _gives(nxt, oid, current)
        follow = waiting
    return current


def _limited(e: dict[str, Any], oid: str, delta: int, current: int) -> int:
    """472.3.b: a limited change is snapshotted when it begins applying."""
    snap = e.get("snapshot")
    if snap and oid in snap:
        return int(snap[oid])
    return _limit(delta, current, e.get("min"), e.get("max"))


def _limit(delta: int, current: int, low: int | None, high: int | None) -> int:
    if delta < 0 and low is not None:
        return max(delta, min(0, low - current))
    if delta > 0 and high is not None:
        return min(delta, max(0, high - current))
    return delta
