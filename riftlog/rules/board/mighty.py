"""Which units are Mighty (Might 5 or more, v1.3 708 / RUP4 708), for the "becomes Mighty"
look after every decision (:mod:`riftlog.rules.interpreter.mighty_watch`, 709).

:func:`mighty_units_full` judges each unit of a list afresh, the same answer as
``[o for o in oids if layers.is_mighty(state, o)]`` without building the characteristics
of a unit that no effect, mod or attached card can push past its printed Might.

:func:`mighty_units` gives the same list at a cost in proportion to what changed since the
last look (issue 26: on an FFA4 board of ~150 units the look was ~65% of folding an event).
A unit's answer is a function of

* the *world*: the edition, ``state.effects`` (compared as data with a copy taken when they
  last changed), the zone, location and controller of each effect's source and the zone and
  holder of its Equipment (what :func:`layers._affects` reads of other objects for the
  filter keys of :data:`_MEMO_FILTER`), the counts of :data:`_WORLD_COUNTS` an effect is
  multiplied by (``per``), the battlefields and the players (which locations are board
  locations), and what the filter keys of :data:`_WORLD_FILTER` read (who is at each
  battlefield, each player's runes, who is eliminated, who discarded this turn) when an
  effect holds one;
* the unit's own *key*: its oid, card, zone, location, controller, buff (and buff count),
  combat designation, token-ness and stun (all that the layers read of an object with no
  mods and nothing attached).

So the answers are remembered per key while the world stays the same (forgotten when it
changes), and only the units whose key is new are judged, through
:func:`mighty_units_full`.  Not remembered, judged at every look: a unit with mods,
with something attached, or off a board location; and every unit while an effect reads
more than that (a count ``per`` something of the unit, a filter key outside
:data:`_MEMO_FILTER` and :data:`_WORLD_FILTER`, such as the turn's moves, XP or Power
spent), or under v1.2; and (cheaper) a board of :data:`_FEW` units or fewer.  The memory is per thread,
and forgotten with the card facts (``layers.clear_cache``).  Proven against the full
computation on seeded bot games (duel, ffa3, ffa4, the long FFA4 game) and hypothesis-drawn
games (tests/rules/test_mighty_memo.py).
"""

from __future__ import annotations

import itertools
import operator
import threading
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

import orjson

from riftlog.rules.board import layers
from riftlog.rules.board.layers import (
    MIGHTY,
    _affects,
    _per_count,
    _printed,
    _runes_of,
    characteristics,
)
from riftlog.rules.board.mighty_by_place import (
    _ANY,
    _PURE_FILTER,
    _adds_might,
    _keeps_might,
    _lasts,
    _named,
    _where,
    mighty_units_by_place,
)
from riftlog.rules.board.state import BOARD_ZONES, GameObject, GameState

__all__ = ["forget", "mighty_on_board", "mighty_units", "mighty_units_full"]


# --- the memory of the last looks ---------------------------------------------------------

#: filter keys of an effect whose tests in :func:`layers._affects` read only the unit's key,
#: the effect and its source's or Equipment's facts (the world): with these alone a unit's
#: answer may be remembered
_MEMO_FILTER = frozenset({"oid", "oids", "controller", "not_controller", "location", "type",
                          "tag", "keyword", "designation", "token", "token_name",
                          "other_than_source", "source_controller", "is_source"})

#: bumped by :func:`forget`: every thread's memory is stale then
_GENERATION = [0]


class _Memory:
    """One thread's memory of the last looks (see the module docstring): per world (the
    latest last) the board locations and the answers by unit key; per effects (as data)
    the world facts their filters read (:func:`_reads`)."""

    def __init__(self) -> None:
        self.generation = -1
        self.worlds: OrderedDict[tuple[Any, ...],
                                 tuple[frozenset[str], dict[tuple[Any, ...], bool]]] = OrderedDict()
        self.reads: dict[bytes, frozenset[str] | None] = {}
        #: the last whole-board look whose every unit was answered by its key
        #: (:func:`mighty_on_board`), or None
        self.last: _LastLook | None = None


#: each thread's :class:`_Memory` (a plain class held by a ``threading.local``, not a subclass
#: of it: the compiled build's native classes cannot be thread-local themselves)
_LOCAL = threading.local()
#: worlds remembered at most (a seek lands in one of the few a game keeps for long)
_MAX_WORLDS = 32
#: a board of as many units or fewer is judged afresh: the memory's own reads cost as much
#: (callgrind, 12 bot duels of ~6 units a look: +0.8% instructions with the memory)
_FEW = 24
#: a board of as many objects (units, gear and runes) or fewer is not signed by
#: :func:`mighty_on_board`: with few units, most bot duels, its signs cost more than they save
_SMALL = 2 * _FEW
#: answers kept at most per world
_MAX_ANSWERS = 5_000
#: orjson: refuse (TypeError) anything but plain JSON data, so that equal bytes are equal
#: effects (a tuple is read as the list it equals for the layers)
_PLAIN = orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_SUBCLASS


def forget() -> None:
    """Forget every remembered answer (the card facts or abilities changed)."""
    _GENERATION[0] += 1


layers.on_clear(forget)


#: the counts an effect's Might or keyword value may be multiplied by (``"per"``,
#: :func:`layers._per_count`) that read nothing of the unit: the count is part of the world
_WORLD_COUNTS = frozenset({"controller_points", "controller_trash", "controller_gear",
                           "enemy_units_here", "buffed_friendly_at_source_battlefield"})


#: filter keys that read more of the game than the unit's key and the effect's source, and
#: what of it goes into the world then (:func:`_world`): the units at each battlefield with
#: their controllers (``alone``, :func:`layers.alone`), each player's runes, who is
#: eliminated and on which team (``enemy_of_source``), the turn and who discarded in it
_WORLD_FILTER = frozenset({"alone", "min_controller_runes", "enemy_of_source",
                           "discarded_this_turn"})
_MEMO_OR_WORLD = _MEMO_FILTER | _WORLD_FILTER
_NOTHING_MORE: frozenset[str] = frozenset()


def _reads(effects: list[Any]) -> frozenset[str] | None:
    """The keys of :data:`_WORLD_FILTER` the effects' filters hold; None when an effect
    reads more than the world and the unit's key can say (module docstring)."""
    more: set[str] | None = None
    for e in effects:
        if type(e) is not dict or ("per" in e and (type(e["per"]) is not str
                                                   or e["per"] not in _WORLD_COUNTS)):
            return None
        f = e.get("affects")
        if f:
            if type(f) is not dict:
                return None
            keys = f.keys()
            if not keys <= _MEMO_FILTER:
                if not keys <= _MEMO_OR_WORLD:
                    return None
                more = set() if more is None else more
                more.update(keys & _WORLD_FILTER)
    return _NOTHING_MORE if more is None else frozenset(more)


def _world(state: GameState, effects: bytes, more: frozenset[str]) -> tuple[Any, ...] | None:
    """What every unit's answer reads besides its key and the effects (module docstring);
    None when a count or a fact cannot be read (the full computation then says why, if it
    must)."""
    objects = state.objects
    facts: list[Any] = []
    try:
        for e in state.effects:
            if "per" in e:
                facts.append(_per_count(state, e))
            src = e.get("source")
            obj = objects.get(src) if type(src) is str else None
            facts.append(None if obj is None else (obj.zone, obj.location, obj.controller))
            gear = e.get("equipment")
            obj = objects.get(gear) if type(gear) is str else None
            facts.append(None if obj is None else (obj.zone, obj.attached_to))
        if more:
            players = state.players.values()
            if "alone" in more:
                facts.append(tuple([tuple([(o, objects[o].controller, objects[o].attached_to is None)
                                           for o in bf.units]) for bf in state.battlefields]))
            if "min_controller_runes" in more:
                facts.append(tuple([_runes_of(state, p.id) for p in players]))
            if "enemy_of_source" in more:
                facts.append(tuple([(p.eliminated, p.team) for p in players]))
            if "discarded_this_turn" in more:
                facts.append((state.turn, tuple([p.turn_marks.get("discarded_turn")
                                                 for p in players])))
    except Exception:  # raised, if at all, by the full computation
        return None
    return (state.edition, effects, tuple([bf.oid for bf in state.battlefields]),
            tuple(state.players), tuple(facts))


def mighty_units(state: GameState, oids: Iterable[str],
                 holders: set[str] | None = None) -> list[str]:
    """The objects of *oids* that are Mighty now, in order: ``[o for o in oids if
    layers.is_mighty(state, o)]`` (issue 26: the "becomes Mighty" look after every decision,
    mighty_watch), remembering the answers while what they read stays the same (module
    docstring).  *holders*: what the objects in the bases and at the battlefields (units
    and gear) are attached to, when the caller has gathered it."""
    return _judged(state, oids, holders, _memory(), _UNSET)[0]


def _memory() -> _Memory:
    """This thread's memory, emptied when :func:`forget` was called since its last use."""
    memory: _Memory | None = getattr(_LOCAL, "memory", None)
    if memory is None:
        memory = _LOCAL.memory = _Memory()
    if memory.generation != _GENERATION[0]:
        memory.generation = _GENERATION[0]
        memory.worlds.clear()
        memory.reads.clear()
        memory.last = None
    return memory


def _world_of(state: GameState, memory: _Memory) -> tuple[Any, ...] | None:
    """The state's world (module docstring), or None when the units' answers cannot be
    remembered in it (effects that are not plain data, or that read more than the world
    and the units' keys say)."""
    effects = state.effects
    try:
        data = orjson.dumps(effects, option=_PLAIN)
    except TypeError:  # (orjson.JSONEncodeError too) not plain data: judged afresh
        return None
    reads = memory.reads
    more = reads.get(data, _UNSET)
    if more is _UNSET:  # (equal data: equal effects, the same reads)
        if len(reads) > _MAX_WORLDS:
            reads.clear()
        more = reads[data] = _reads(effects)
    if more is None:
        return None
    return _world(state, data, more)  # type: ignore[arg-type]


def _judged(state: GameState, oids: Iterable[str], holders: set[str] | None, memory: _Memory,
            world: Any, signs: list[tuple[Any, ...]] | None = None
            ) -> tuple[list[str], tuple[Any, ...] | None]:
    """:func:`mighty_units`, and the world when every unit was answered by its key (None:
    some unit, or every unit, was judged afresh).  *world*: the state's world when already
    worked out (:func:`_world_of`), else :data:`_UNSET`; *signs*: the units' signs
    (:func:`_signs`), when already read."""
    oids = oids if type(oids) is list else list(oids)
    if state.edition == "v1.2" or len(oids) <= _FEW:
        return mighty_units_full(state, oids, holders), None  # (cheaper to judge a few)
    if world is _UNSET:
        world = _world_of(state, memory)
    if world is None:
        return mighty_units_full(state, oids, holders), None
    worlds = memory.worlds
    known = worlds.get(world)
    if known is None or len(known[1]) > _MAX_ANSWERS:
        locations = {bf.oid for bf in state.battlefields}  # the board locations
        locations.update(["base:" + p for p in state.players])
        known = worlds[world] = (frozenset(locations), {})
        if len(worlds) > _MAX_WORLDS:
            worlds.popitem(last=False)
    else:
        worlds.move_to_end(world)
    board_locations, answers = known
    objects = state.objects
    if holders is None:
        holders = _holders(state)
    if signs is None:
        signs = _signs(list(map(objects.__getitem__, oids)))
    if (not all([s[10] for s in signs]) or not holders.isdisjoint(oids)
            or not board_locations.issuperset([s[3] for s in signs])):
        try:
            return _look_each(state, list(map(objects.__getitem__, oids)), holders,
                              board_locations, answers), None
        except TypeError:  # a key that is no key (a list where a name is): judged afresh
            return mighty_units_full(state, oids, holders), None
    # every unit has a key: its sign (no mods, nothing attached: the fields of _KEY
    # decide), its buff count added when it is buffed; the remembered answers read in C
    keys: list[Any] = signs
    counts = state.extra.get("buff_counts")
    if counts:
        keys = [(s, counts.get(s[0])) if s[5] else s for s in signs]
    try:
        got = list(map(answers.get, keys))
    except TypeError:  # a key that is no key (a list where a name is): judged afresh
        return mighty_units_full(state, oids, holders), None
    if None in got:
        missing = [s[0] for s, a in zip(signs, got, strict=True) if a is None]
        found = set(mighty_units_full(state, missing, holders))
        for i, a in enumerate(got):
            if a is None:
                got[i] = answers[keys[i]] = signs[i][0] in found
    return [s[0] for s in itertools.compress(signs, got)], world


def _signs(objs: Iterable[GameObject]) -> list[tuple[Any, ...]]:
    """Each object's sign: the fields of its key (:data:`_KEY`), what it is attached to
    (at 9) and whether it has no mods (at 10; a comprehension's slot reads cost less than
    an attrgetter's)."""
    return [(o.oid, o.card, o.zone, o.location, o.controller, o.buffed, o.designation,
             o.token, o.stunned, o.attached_to, not o.mods) for o in objs]


def _look_each(state: GameState, objs: list[GameObject], holders: set[str],
               board_locations: frozenset[str],
               answers: dict[tuple[Any, ...], bool]) -> list[str]:
    """:func:`mighty_units` when some unit has no key (mods, something attached, off a
    board location): unit by unit."""
    counts = state.extra.get("buff_counts")
    got: list[bool | None] = []  # each unit's remembered answer (None: to judge)
    missing: dict[str, tuple[Any, ...] | None] = {}  # unit -> its key (None: not kept)
    for obj in objs:
        oid = obj.oid
        if obj.mods or oid in holders or obj.location not in board_locations:
            got.append(None)  # judged at every look
            missing[oid] = None
            continue
        key: tuple[Any, ...] = _KEY(obj)
        if counts and obj.buffed:
            key = (key, counts.get(oid))
        answer = answers.get(key)
        got.append(answer)
        if answer is None:
            missing[oid] = key
    if missing:
        found = set(mighty_units_full(state, list(missing), holders))
        for oid, known in missing.items():
            if known is not None:
                answers[known] = oid in found
        got = [obj.oid in found if a is None else a for obj, a in zip(objs, got, strict=True)]
    return [obj.oid for obj, a in zip(objs, got, strict=True) if a]


# --- the whole board's look ------------------------------------------------------------------


class _LastLook:
    """The last :func:`mighty_on_board` whose every unit was answered by its key: what it read
    (the board lists' objects, their signs, the buff counts, the world) and what it
    found."""

    __slots__ = ("board", "counts", "holders", "mighty", "oids", "signs", "unit_signs", "world")

    def __init__(self, oids: list[str], signs: list[tuple[Any, ...]], counts: Any,
                 world: tuple[Any, ...], board: list[str], holders: set[str],
                 unit_signs: list[tuple[Any, ...]], mighty: list[str]) -> None:
        self.oids, self.signs, self.counts, self.world = oids, signs, counts, world
        self.board, self.holders, self.unit_signs, self.mighty = board, holders, unit_signs, mighty


def mighty_on_board(state: GameState, lists: Iterable[list[str]]) -> tuple[list[str], list[str]]:
    """(the unattached units of the board *lists* - the bases and each battlefield's units
    and gear - in order; those of them that are Mighty now): the "becomes Mighty" look of
    mighty_watch, ``mighty_units(state, units, holders)`` of those units.

    Issue 26: when the board lists hold the same objects as at this thread's last such look,
    each with the same sign (what decides a unit's key, whether it is a unit and
    what it is attached to, whether it has mods), no unit has mods, the buff counts and the world
    (:func:`_world_of`) are the same and that look answered every unit by its key, the
    answer is that look's (each unit's answer is a function of its key and the world, as
    :func:`mighty_units` remembers it); the board's units and holders are reused whenever
    the objects and their signs are the same.  A few C loops then, no pass in Python."""
    memory = _memory()
    objects = state.objects
    oids = list(itertools.chain.from_iterable(lists))
    if len(oids) <= _SMALL or state.edition == "v1.2":  # (signs would cost more here)
        board, holders = _units_and_holders_of(objects, oids)
        return board, _judged(state, board, holders, memory, _UNSET)[0]
    signs = _signs(map(objects.__getitem__, oids))
    last = memory.last
    world: Any = _UNSET
    if last is not None and last.oids == oids and last.signs == signs:
        board, holders, unit_signs = last.board, last.holders, last.unit_signs
        # (that look's units had no mods: neither have they now, by their signs)
        if last.counts == state.extra.get("buff_counts") and state.edition != "v1.2":
            world = _world_of(state, memory)
            if world is not None and world == last.world:
                return list(board), list(last.mighty)
    else:
        board, holders, unit_signs = _units_and_holders(oids, signs)
    now, world = _judged(state, board, holders, memory, world, unit_signs)
    if world is not None:  # (every unit answered by its key)
        counts = state.extra.get("buff_counts")
        memory.last = _LastLook(oids, signs, dict(counts) if type(counts) is dict else counts,
                                world, board, holders, unit_signs, now)
        return list(board), list(now)
    memory.last = None
    return board, now


def _units_and_holders_of(objects: dict[str, GameObject], oids: list[str]
                          ) -> tuple[list[str], set[str]]:
    """The unattached units of *oids* in order, and what the objects are attached to."""
    unit_type = layers.printed_type
    types = layers._TYPES  # (printed_type's own dict: a look-up, no call, once it is known)
    units: list[str] = []
    holders: set[str] = set()
    for o in oids:
        obj = objects[o]
        held = obj.attached_to
        if held is not None:
            holders.add(held)
        elif (types.get(obj.card) or unit_type(obj.card)) == "Unit":
            units.append(o)
    return units, holders


def _units_and_holders(oids: list[str], signs: list[tuple[Any, ...]]
                       ) -> tuple[list[str], set[str], list[tuple[Any, ...]]]:
    """The unattached units of *oids* in order, what the objects are attached to, and the
    units' signs (from the objects' signs, :func:`_signs`: the card at 1, the holder at 9)."""
    unit_type = layers.printed_type
    types = layers._TYPES  # (printed_type's own dict: a look-up, no call, once it is known)
    units: list[str] = []
    unit_signs: list[tuple[Any, ...]] = []
    holders: set[str] = set()
    for oid, sign in zip(oids, signs, strict=True):
        held = sign[9]
        if held is not None:
            holders.add(held)
        elif (types.get(sign[1]) or unit_type(sign[1])) == "Unit":
            units.append(oid)
            unit_signs.append(sign)
    return units, holders, unit_signs


#: a unit's key (module docstring), its buff count added when it is buffed
_KEY = operator.attrgetter("oid", "card", "zone", "location", "controller", "buffed",
                           "designation", "token", "stunned")


def _holders(state: GameState) -> set[str]:
    """The objects something in a base or at a battlefield is attached to."""
    objects = state.objects
    holders: set[str] = set()
    for lst in [p.base for p in state.players.values()] + [
            x for bf in state.battlefields for x in (bf.units, bf.gear)]:
        for o in lst:
            obj = objects.get(o)
            if obj is not None and obj.attached_to is not None:
                holders.add(obj.attached_to)
    return holders


# --- each unit afresh ------------------------------------------------------------------------


def mighty_units_full(state: GameState, oids: Iterable[str],
                      holders: set[str] | None = None) -> list[str]:
    """The objects of *oids* that are Mighty now, in order: ``[o for o in oids if
    is_mighty(state, o)]``, each unit judged afresh (:func:`mighty_units` remembers the
    answers).  One pass over the board lists finds what is attached to
    what; an object on the board that no effect, mod or attached card touches is judged
    on its printed Might, buff and Assault/Shield, as :func:`layers.characteristics`' fast path
    computes them, without building its characteristics, and so is one touched only by
    effects that cannot change its Might (:func:`_keeps_might`; the effects' own errors,
    a malformed keyword token, are raised by every other look at its characteristics) or
    only add a fixed Might (:func:`_adds_might`: then the sum is added); an effect whose
    filter names a location is asked only for the objects there (issue 26: on a board of
    ~150 units, most of them under a "friendly units here" effect, this look was ~80% of
    applying an event); any other object (and every object under v1.2, or one whose
    location is no base or battlefield) through :func:`layers.is_mighty`.  *holders*: what the
    objects in the bases and at the battlefields (units and gear) are attached to, when the
    caller has gathered it (issue 26: mighty_watch reads the board once for both).
    FRESHFOLD: judged by place (:mod:`riftlog.rules.board.mighty_by_place`, the same answer
    with each effect read once) whenever every effect names its units or is placed."""
    if holders is None:
        holders = _holders(state)  # objects something on the board is attached to
    oids = oids if type(oids) is list else list(oids)
    if state.edition != "v1.2":
        got = mighty_units_by_place(state, oids, holders, _each_effect)
        if got is not None:
            return got
    return _each_effect(state, oids, holders)


def _each_effect(state: GameState, oids: list[str], holders: set[str]) -> list[str]:
    """:func:`mighty_units_full` effect by effect (each effect asked about the units it may
    touch)."""
    objects = state.objects
    players = state.players
    bf_oids = set()
    for bf in state.battlefields:
        bf_oids.add(bf.oid)
    # the effects that name the objects they may affect (an oid, oids, their source): only
    # those objects are asked (_affects refuses any other by those same tests); an effect
    # whose filter names a location and reads nothing else that could raise: only the
    # objects there (issue 26, BOARD); the rest are asked for every object
    touching: dict[str, list[dict[str, Any]]] = {}
    general: list[dict[str, Any]] = []
    placed: list[tuple[dict[str, Any], str | None]] = []
    for e in state.effects:
        f = e.get("affects")
        if not f:
            continue  # (_affects: it affects nothing)
        names = _named(e, f)
        if type(names) is list:
            for name in names:
                if type(name) is str:
                    touching.setdefault(name, []).append(e)
        elif "location" in f and f.keys() <= _PURE_FILTER:
            placed.append((e, _where(state, e, f["location"])))
        else:
            general.append(e)
    counts = state.extra.get("buff_counts")
    exact_only = state.edition == "v1.2"
    passed: set[int] = set()  # ids of the placed effects (touching holds what they affect)
    if not exact_only and placed:
        passed = {id(e) for e, _where in placed}
        by_location: dict[str | None, list[str]] = {}
        for oid in oids:
            by_location.setdefault(objects[oid].location, []).append(oid)
        for e, where in placed:
            if where is not None and where in by_location:
                for oid in _placed_pass(state, e, by_location[where]):
                    touching.setdefault(oid, []).append(e)
    out: list[str] = []
    kinds: dict[int, Any] = {}  # id of an effect -> what it does to Might (below)
    for oid in oids:
        obj = objects[oid]
        loc = obj.location
        if (exact_only or obj.mods or oid in holders or obj.zone not in BOARD_ZONES
                or loc is None or not (loc in bf_oids or (loc.startswith("base:")
                                                          and loc[5:] in players))):
            if characteristics(state, oid).mighty:
                out.append(oid)
            continue
        mine = [e for e in general if _affects(state, e, obj)] if general else []
        if oid in touching:  # (the placed effects in it already passed _placed_pass)
            mine += [e for e in touching[oid] if id(e) in passed or _affects(state, e, obj)]
        added = 0
        if mine:
            if obj.designation is not None:
                if characteristics(state, oid).mighty:
                    out.append(oid)
                continue
            for e in mine:
                gives = kinds.get(id(e), _UNSET)
                if gives is _UNSET:  # once per effect: 0 keeps, an int adds, None neither
                    gives = kinds[id(e)] = (
                        0 if _keeps_might(e) else int(e.get("might", 0)) * _per_count(state, e)
                        if _adds_might(e) else None)
                if gives is None:
                    break
                added += gives
            else:
                mine = []
            if mine:  # an effect neither keeps nor simply adds to its Might
                if characteristics(state, oid).mighty:
                    out.append(oid)
                continue
        p = _printed(obj.card)
        might = p.might
        if might is None:
            continue  # 137.3.b: no Might value, bonuses are ignored
        might += added
        if obj.buffed:  # 703 (as characteristics)
            might += int(counts.get(oid, 1)) if counts else 1
        if obj.designation is not None:
            might += layers.designation_might(p.keywords, obj.designation)  # 807.1.c, 814.1.c
        if might >= MIGHTY:
            out.append(oid)
    return out


def _placed_pass(state: GameState, e: dict[str, Any], here: list[str]) -> list[str]:
    """The objects of *here* (all at the location the filter of *e* names, its keys all in
    :data:`_PURE_FILTER`) that *e* affects: ``[o for o in here if _affects(state, e,
    objects[o])]``, its tests that do not depend on the object made once."""
    objects = state.objects
    source = e.get("source")
    if not _lasts(objects, e, source):
        return []
    f = e["affects"]
    ctrl: Any = f.get("controller", _ANY)
    not_ctrl: Any = f.get("not_controller", _ANY)
    designation: Any = f.get("designation", _ANY)
    token = bool(f["token"]) if "token" in f else None
    not_oid = source if f.get("other_than_source") else _ANY
    if f.get("source_controller"):
        src = objects.get(source or "")
        if src is None:
            return []
        ctrl_src: Any = src.controller
    else:
        ctrl_src = _ANY
    kind = f.get("type", _ANY)
    out = []
    for oid in here:
        obj = objects[oid]
        if ((ctrl is not _ANY and ctrl != obj.controller)
                or (not_ctrl is not _ANY and not_ctrl == obj.controller)
                or (designation is not _ANY and designation != obj.designation)
                or (token is not None and token != obj.token)
                or (not_oid is not _ANY and not_oid == obj.oid)
                or (ctrl_src is not _ANY and ctrl_src != obj.controller)
                or (kind is not _ANY and kind != _printed(obj.card).type)):
            continue
        out.append(oid)
    return out


_UNSET = object()
