"""Which units are Mighty (v1.3 708 / RUP4 708), judged by place (issue 26, FRESHFOLD): the
same answer as ``mighty.mighty_units_full`` (``[o for o in oids if layers.is_mighty(state, o)]``)
at a cost in proportion to the units, not to the units times the effects.

``mighty_units_full`` asked each effect that touches the units at one board location through
plain comparisons (a "placed" effect: a ``location`` filter with only the keys of
:data:`_PURE_FILTER`, e.g. "other friendly units here get +1 Might") about every unit there:
on the seek benchmark's FFA4 board (~130 units, most in bases under several such effects)
that was about half of a whole-board look, and the look on a state freshly decoded from a
snapshot or copied (a seek, a step) has no memory to lean on.  Here:

* each placed effect is read once (:func:`_test`: the constants of ``mighty._placed_pass``'s
  test, and what it does to Might: keeps it, adds a fixed amount, or neither);
* a unit with no mods, nothing attached to it, at a board location, not named by an effect
  (``oid``, ``oids``, ``is_source``) and not the source of a placed effect that leaves its
  source out is judged from the sum the placed effects of its location add to a unit of its
  controller, designation, token-ness and type (:func:`_group`, once per such group and look)
  plus its printed Might, buff and Assault/Shield, as ``mighty_units_full`` judges it;
* a unit named by an effect, or the source of such a placed effect, is judged alone
  (:func:`_one`: the effects naming it, then the placed effects there, in order);
* any other unit (mods, something attached, off a board location, a placed effect whose
  Might change raised) by ``mighty_units_full``'s own computation, passed in as *full*.

When an effect is neither named nor placed, :func:`mighty_units_by_place` gives None and the
caller judges as before.  Nothing is remembered.  Proven equal to ``is_mighty`` of each unit on
seeded bot games, on states decoded from snapshots, and with each input changed alone
(tests/rules/test_mighty_by_place.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riftlog.rules.board import layers
from riftlog.rules.board.layers import (
    MIGHTY,
    _affects,
    _per_count,
    _printed,
    characteristics,
    designation_might,
)
from riftlog.rules.board.state import BOARD_ZONES, GameObject, GameState

__all__ = ["mighty_units_by_place"]

#: a placed effect whose Might change raised when worked out: its units are judged by the
#: full computation, which raises the same way
_RAISES = object()
#: a placed effect that neither keeps Might nor adds a fixed amount
_OTHER = object()


def mighty_units_by_place(state: GameState, oids: list[str], holders: set[str],
                          full: Callable[[GameState, list[str], set[str]], list[str]]
                          ) -> list[str] | None:
    """The objects of *oids* that are Mighty now, in order (module docstring); None when an
    effect is neither named nor placed.  *holders*: what the objects in the bases and at the
    battlefields are attached to; *full*: the full computation, for the units it must judge."""
    places = _places(state)
    if places is None:
        return None
    found, named, alone = places
    objects = state.objects
    counts = state.extra.get("buff_counts")
    types = layers._TYPES
    out: list[str] = []
    later: list[GameObject] = []  # judged one by one
    groups: dict[tuple[Any, ...], tuple[int, bool, bool]] = {}
    for oid in oids:
        obj = objects[oid]
        location = obj.location
        place = found.get(location) if type(location) is str else None
        if (obj.mods or oid in alone or oid in holders or place is None
                or obj.zone not in BOARD_ZONES):
            later.append(obj)
            continue
        card = obj.card
        designation = obj.designation
        added = 0
        if place:
            kind = types.get(card) or layers.printed_type(card)
            key = (location, obj.controller, designation, obj.token, kind)
            group = groups.get(key)
            if group is None:
                group = groups[key] = _group(place, obj.controller, designation, obj.token, kind)
            added, touched, plain = group
            if not plain or (touched and designation is not None):
                later.append(obj)
                continue
        p = _printed(card)
        might = p.might
        if might is None:
            continue  # 137.3.b: no Might value, bonuses are ignored
        might += added
        if obj.buffed:  # 703
            might += int(counts.get(oid, 1)) if counts else 1
        if designation is not None:
            might += designation_might(p.keywords, designation)  # 807.1.c, 814.1.c
        if might >= MIGHTY:
            out.append(oid)
    if not later:
        return out
    chosen = set(out)
    exact: set[str] = set()
    for obj in later:
        oid = obj.oid
        location = obj.location
        one = None if obj.mods or oid in holders or type(location) is not str else _one(
            state, obj, named.get(oid, ()), found.get(location), counts)
        if one is None:
            exact.add(oid)
        elif one:
            chosen.add(oid)
    if exact:
        chosen.update(full(state, [o for o in oids if o in exact], holders))
    return [o for o in oids if o in chosen]


def _group(place: tuple[Any, ...], controller: Any, designation: Any, token: Any,
           kind: str) -> tuple[int, bool, bool]:
    """(the Might the placed effects of *place* add to a unit of this controller, designation,
    token-ness and type, not their source; whether one touches it; whether each one that
    does keeps Might or adds a fixed amount): ``mighty._placed_pass``'s tests, in order."""
    added = 0
    touched = False
    for ctrl, not_ctrl, desig, tok, ctrl_src, kind_of, _not_oid, gives in place:
        if ((ctrl is not _ANY and ctrl != controller)
                or (not_ctrl is not _ANY and not_ctrl == controller)
                or (desig is not _ANY and desig != designation)
                or (tok is not None and tok != token)
                or (ctrl_src is not _ANY and ctrl_src != controller)
                or (kind_of is not _ANY and kind_of != kind)):
            continue
        if gives is _RAISES or gives is _OTHER:
            return 0, True, False
        touched = True
        added += gives
    return added, touched, True


def _one(state: GameState, obj: GameObject, named: Any, place: tuple[Any, ...] | None,
         counts: Any) -> bool | None:
    """Whether a unit with no mods and nothing attached is Mighty, judged as
    ``mighty.mighty_units_full`` judges it (the effects naming it, then the placed effects
    there that pass, in order); None when it is not at a board location or a placed
    effect's Might change raised (the full computation judges it then)."""
    oid = obj.oid
    if place is None or obj.zone not in BOARD_ZONES:
        return None
    mine: list[Any] = [e for e in named if _affects(state, e, obj)]
    card = obj.card
    controller = obj.controller
    designation = obj.designation
    for ctrl, not_ctrl, desig, tok, ctrl_src, kind_of, not_oid, gives in place:
        if ((ctrl is not _ANY and ctrl != controller)
                or (not_ctrl is not _ANY and not_ctrl == controller)
                or (desig is not _ANY and desig != designation)
                or (tok is not None and tok != obj.token)
                or (not_oid is not _ANY and not_oid == oid)
                or (ctrl_src is not _ANY and ctrl_src != controller)
                or (kind_of is not _ANY and kind_of != layers.printed_type(card))):
            continue
        mine.append(gives)
    added = 0
    if mine:
        if designation is not None:
            return characteristics(state, oid).mighty
        for m in mine:
            gives = _gives(state, m) if type(m) is dict else m
            if gives is _RAISES:
                return None
            if gives is _OTHER:
                return characteristics(state, oid).mighty
            added += gives
    p = _printed(card)
    might = p.might
    if might is None:
        return False  # 137.3.b: no Might value, bonuses are ignored
    might += added
    if obj.buffed:  # 703
        might += int(counts.get(oid, 1)) if counts else 1
    if designation is not None:
        might += designation_might(p.keywords, designation)  # 807.1.c, 814.1.c
    return might >= MIGHTY


def _gives(state: GameState, e: dict[str, Any]) -> Any:
    """What *e* does to the Might of a unit with no mods and nothing attached
    (``mighty.mighty_units_full``'s kinds): 0 (keeps it), the amount it adds, or
    :data:`_OTHER`."""
    return (0 if _keeps_might(e) else int(e.get("might", 0)) * _per_count(state, e)
            if _adds_might(e) else _OTHER)


def _places(state: GameState) -> tuple[dict[str, tuple[Any, ...]],
                                     dict[str, list[dict[str, Any]]], set[str]] | None:
    """(per board location, the tests and Might changes of the placed effects there, in
    order; per unit named by an effect, those effects, in order; the units judged alone:
    those named and the sources of placed effects that leave their source out), or None
    when an effect is neither named nor placed."""
    found: dict[str, list[Any]] = {bf.oid: [] for bf in state.battlefields}
    for p in state.players:
        found["base:" + p] = []
    named: dict[str, list[dict[str, Any]]] = {}
    alone: set[str] = set()
    for e in state.effects:
        f = e.get("affects")
        if not f:
            continue  # (layers._affects: it affects nothing)
        if type(f) is not dict:
            return None
        names = _named(e, f)
        if type(names) is list:
            for name in names:
                if type(name) is str:
                    named.setdefault(name, []).append(e)
            continue
        if not ("location" in f and f.keys() <= _PURE_FILTER):
            return None
        where = _where(state, e, f["location"])
        if where is None or where not in found:
            continue  # (no unit at a board location passes it)
        test = _test(state, e, f)
        if test is not None:
            found[where].append(test)
            if test[6] is not _ANY:
                alone.add(test[6])
    alone.update(named)
    return {where: tuple(tests) for where, tests in found.items()}, named, alone


def _lasts(objects: dict[str, GameObject], e: dict[str, Any], source: Any) -> bool:
    """Whether effect *e* (of *source*) still lasts by its ``until``: a source that must stay
    on the board (or as the legend) is there, an equipment's bonus is still attached."""
    until = e.get("until")
    if until == "source_leaves":
        src = objects.get(source or "")
        return src is not None and (src.zone in BOARD_ZONES or src.zone == "legend")
    if until == "while_attached":
        gear = objects.get(e.get("equipment") or "")
        return gear is not None and gear.attached_to == source and gear.zone in BOARD_ZONES
    return True


def _test(state: GameState, e: dict[str, Any], f: dict[str, Any]) -> tuple[Any, ...] | None:
    """The constants of ``mighty._placed_pass``'s test of the placed effect *e* (None: no unit
    passes it) and, last, what it does to Might (:func:`_gives`, or :data:`_RAISES`)."""
    objects = state.objects
    source = e.get("source")
    if not _lasts(objects, e, source):
        return None
    if f.get("source_controller"):
        src = objects.get(source or "")
        if src is None:
            return None
        ctrl_src: Any = src.controller
    else:
        ctrl_src = _ANY
    try:
        gives = _gives(state, e)
    except Exception:  # worked out again, and raised, by the full computation
        gives = _RAISES
    return (f.get("controller", _ANY), f.get("not_controller", _ANY),
            f.get("designation", _ANY), bool(f["token"]) if "token" in f else None,
            ctrl_src, f.get("type", _ANY),
            source if f.get("other_than_source") and type(source) is str else _ANY, gives)


# --- what mighty.mighty_units_full reads of the effects (shared with it) ---------------------


#: filter keys of an effect whose tests (in :func:`layers._affects`) are plain comparisons that
#: cannot raise; with "location" among them, only the objects at that location can pass
def _named(e: dict[str, Any], f: dict[str, Any]) -> Any:
    """The units effect *e* names by its filter *f* (its ``oid``, its ``oids``, or its
    source), as a list; None when it names none (a filter by place or by kind)."""
    return ([f["oid"]] if "oid" in f else f["oids"] if "oids" in f
            else [e.get("source")] if f.get("is_source") else None)


_PURE_FILTER = frozenset({"location", "other_than_source", "source_controller", "type",
                          "controller", "not_controller", "token", "designation"})


def _where(state: GameState, e: dict[str, Any], where: Any) -> str | None:
    """The location an effect's ``"location"`` filter names (as :func:`layers._affects` reads it;
    None: no object passes)."""
    if where == "source":
        src = state.objects.get(e.get("source") or "")
        return src.location if src is not None else None
    if where == "source_battlefield":
        src = state.objects.get(e.get("source") or "")
        return src.location if src is not None and src.zone == "battlefield" else None
    return where if type(where) is str else None



_ANY = object()


def _adds_might(e: dict[str, Any]) -> bool:
    """Whether the effect *e* only adds its ``"might"`` (times its count, :func:`layers._per_count`,
    which does not depend on the unit) to a unit with no mods, no attached card and no
    combat designation, whatever else touches it (for :func:`mighty_units`): an
    arithmetic-layer effect with no condition, not limited nor snapshotted (472.3.b: then
    the order of the changes does not matter, 472.3.d), whose filter reads no tag or
    keyword (which other effects could change)."""
    f = e.get("affects") or {}
    return (e.get("layer") == "arithmetic" and not e.get("condition")
            and e.get("min") is None and e.get("max") is None and not e.get("snapshot")
            and "tag" not in f and "keyword" not in f)


def _keeps_might(e: dict[str, Any]) -> bool:
    """Whether the effect *e* cannot change the Might of a unit with no mods, no attached
    card and no combat designation (for :func:`mighty_units`): an ability-layer effect
    (keywords and flags, 472.2; a keyword changes Might only through Assault or Shield of
    a designated unit, a flag only through attached Equipment), not counted per anything,
    active or not by a condition on the unit alone (e.g. "while Mighty it has ...", "while
    buffed ..."; only the condition keys :func:`_condition` reads without converting a
    value, so an unknown one is still refused by the slow path)."""
    condition = e.get("condition")
    return (e.get("layer") == "ability" and "per" not in e
            and (condition is None or (type(condition) is dict
                                       and condition.keys() <= _PLAIN_CONDITIONS)))


#: condition keys of :func:`_condition` that read the unit only and cannot raise
_PLAIN_CONDITIONS = frozenset({"mighty", "buffed", "stunned", "designation", "keyword",
                               "not_keyword", "tag"})
