"""Kill attribution and combat excess damage (issue #5, K1).

Who killed a permanent, and with what (v1.3 428.5, 417.6):

* Every Deal (actions.deal) leaves a *damage mark* on the unit: the player responsible
  for the Deal (411), its source and the source kind - ``"spell"`` (417.6.a),
  ``"ability"`` (417.6.b.2.a), ``"unit"`` (a spell or ability named a unit as the source,
  417.6.b.3), ``"combat"`` (assigned combat damage: the assigning side's units are the
  sources, 417.6.c) - as actions.deal's *kind* or replacement_effects.damage_kind says,
  else from the source card (a spell card: "spell"; any other object: "ability") or
  ``"effect"`` (no source); an ability whose source is a spell card counts as the spell's
  (428.5.d: both are credited).  Marks are kept in ``state.extra["damage_marks"]``
  (plain data) and dropped at the end of each cleanup's lethal-damage step
  (riftlog.rules.flow.turn's cleanup pops the key): 428.5.c gives a cleanup kill to the spell or ability that
  resolved right before that cleanup and dealt the damage, and to the player responsible
  for that Deal.  A unit killed at a cleanup without such a mark (its Might fell under
  older damage) is a passive kill (428.1.a.2) credited to nobody.
* A Kill instruction (428.5.b) is attributed to the spell or ability that gives it, and
  its controller is the killer.
* :func:`credit` works the credit out as effects.kill kills; the ``kill`` GameAction then
  carries ``killer`` and ``by`` (the source kinds), and :func:`fire_kills` fires the
  trigger event ``"kills"`` once per killed permanent and killer, after the ``"dies"``
  events: obj = the permanent (now in the trash), player = the killer, ``controller`` =
  who controlled it, ``by``, ``sources`` and the flags ``spell`` (428.5.e: attributed to
  a spell the killer controlled), ``stunned`` (it was stunned as it died), ``enemy`` (an
  opponent of the killer controlled it) and ``stunned_enemy``.  A card in the trash
  listening with ``When("kills", "you_from_trash")`` sees kills that put it there
  (383.2.c.1).

Combat excess damage (Tryndamere, Barbarian): :func:`note_assignments` runs as combat
damage is dealt (460.2.d) and keeps, per assigning player, the damage assigned beyond
what was lethal for each unit (460.2.c.2: lethal = non-zero damage equal to or above its
Might, counting damage already marked; 460.2.c.4 lets the excess exist only once every
unit has lethal).  A unit that cannot be dealt damage has no lethal amount (460.2.c.9), so
nothing assigned to it counts as excess.  The record stays for the turn until the next
combat damage step: ``state.extra["combat_excess"]``.  :class:`ExcessDamageAtLeast` (the
condition) reads it at the conquer.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from riftlog.cards.vocab_kills import ExcessDamageAtLeast
from riftlog.rules.board import hooks, resources
from riftlog.rules.board.core import rules_module as _mod  # replay-perf: late imports, kept
from riftlog.rules.board.state import GameState

__all__ = ["Credit", "combat_sources", "credit", "excess_of", "fire_kills",
           "note_assignments", "note_damage", "snapshot"]

_MARKS = "damage_marks"
_EXCESS = "combat_excess"


def _kind_of(state: GameState, source: str | None) -> str:
    """The kind of a damage or kill source (see the module doc)."""
    obj = state.objects.get(source or "")
    if obj is None:
        return "effect"
    return "spell" if resources.card_facts(obj.card).type == "Spell" else "ability"


def note_damage(state: GameState, oid: str, player: str | None, source: str | None,
                kind: str | None = None) -> None:
    """Remember that *player* dealt damage to *oid* (called by actions.deal after a Deal).
    *kind*: the Deal's kind of source as actions.deal got it ("spell", "ability", "unit",
    "combat"), else as replacement_effects.damage_kind works it out, else from *source*."""
    kind = _mod("replacement_effects").damage_kind(state, source, kind) or _kind_of(state, source)
    if kind == "ability" and _kind_of(state, source) == "spell":
        kind = "spell"  # 428.5.d: an ability of a spell is credited to the spell too
    sources: list[str] = [source] if source else []
    if kind == "combat":  # 417.6.c: the assigning side's units at that battlefield
        sources = list(_combatants(state, state.objects[oid].location).get(player, ()))
    state.extra.setdefault(_MARKS, {}).setdefault(oid, []).append(
        {"player": player, "sources": sources, "by": kind})


hooks.note_damage.provide(note_damage)


def _combatants(state: GameState, where: str | None) -> dict[str | None, list[str]]:
    """The units in combat at *where*, by controller (objects order): the sources of a
    "combat" damage mark there (417.6.c); kept while :func:`combat_sources` is open."""
    cache = _COMBAT_SOURCES[-1][1] if _COMBAT_SOURCES and _COMBAT_SOURCES[-1][0] is state else None
    by_player = cache.get(where) if cache is not None else None
    if by_player is None:
        by_player = {}
        for o, x in state.objects.items():  # designation first: rarely set
            if x.designation is not None and x.location == where and x.zone == "battlefield":
                by_player.setdefault(x.controller, []).append(o)
        if cache is not None:
            cache[where] = by_player
    return by_player


#: replay-perf: while combat damage is dealt (:func:`combat_sources`), the sources of a
#: "combat" mark by battlefield and assigning player, for that state.
_COMBAT_SOURCES: list[tuple[GameState, dict[str | None, dict[str | None, list[str]]]]] = []


@contextmanager
def combat_sources(state: GameState) -> Iterator[None]:
    """replay-perf: combat_damage.deal_combat_damage deals all combat damage inside this
    block.  A Deal changes no object's zone, location, controller or designation (it marks
    damage and queues triggers), so the sources of "combat" marks (417.6.c) are looked up
    once per battlefield, for every assigning player."""
    _COMBAT_SOURCES.append((state, {}))
    try:
        yield
    finally:
        _COMBAT_SOURCES.pop()


@dataclass(frozen=True, slots=True)
class Credit:
    """Who killed one permanent (428.5): the killers (players), the sources and kinds."""

    killers: tuple[str, ...]
    sources: tuple[str, ...]
    by: tuple[str, ...]
    spell_by: tuple[str, ...]  # killers who killed it with a spell they control (428.5.e)


_NOBODY = Credit((), (), (), ())


def credit(state: GameState, oids: Sequence[str], attribution: Sequence[str],
           player: str | None, passive: bool) -> dict[str, Credit]:
    """The credit for each of *oids* about to be killed.  *attribution*/*player*: the
    Kill instruction's sources and controller (428.5.b); *passive*: a cleanup kill by
    lethal damage, credited from the damage marks (428.5.c, 428.1.a.2)."""
    out: dict[str, Credit] = {}
    marks: dict[str, list[dict[str, Any]]] = state.extra.get(_MARKS) or {}
    for oid in oids:
        if attribution or not passive:
            kinds = tuple(dict.fromkeys(_kind_of(state, s) for s in attribution))
            killers = (player,) if player is not None else ()
            out[oid] = Credit(killers, tuple(attribution), kinds,
                              killers if "spell" in kinds else ())
            continue
        mine = marks.get(oid)
        if not mine:
            out[oid] = _NOBODY
            continue
        killers = tuple(dict.fromkeys(m["player"] for m in mine if m["player"] is not None))
        out[oid] = Credit(
            killers,
            tuple(dict.fromkeys(s for m in mine for s in m["sources"])),
            tuple(dict.fromkeys(m["by"] for m in mine)),
            tuple(dict.fromkeys(m["player"] for m in mine
                                if m["by"] == "spell" and m["player"] is not None)))
    return out


def snapshot(state: GameState, oids: Sequence[str]) -> dict[str, dict[str, Any]]:
    """What :func:`fire_kills` needs to know of each permanent before it leaves the board."""
    return {o: {"controller": state.objects[o].controller, "location": state.objects[o].location,
                "stunned": state.objects[o].stunned} for o in oids}


def fire_kills(state: GameState, died: Sequence[str], before: dict[str, dict[str, Any]],
               credits: dict[str, Credit]) -> None:
    """Fire ``"kills"`` for each permanent that died, once per killer (module doc)."""
    triggers = _mod("triggers")
    for oid in died:
        c = credits.get(oid, _NOBODY)
        was = before[oid]
        for killer in c.killers:
            if killer not in state.players:
                continue
            enemy = was["controller"] in state.opponents(killer)
            triggers.fire(state, "kills", obj=oid, player=killer, battlefield=was["location"],
                          controller=was["controller"], by=list(c.by), sources=list(c.sources),
                          spell=killer in c.spell_by, stunned=bool(was["stunned"]), enemy=enemy,
                          stunned_enemy=enemy and bool(was["stunned"]))


# --- combat excess damage (460.2) -----------------------------------------------------------


def note_assignments(state: GameState, memo: dict[str, Any] | None = None) -> None:
    """Keep each assigning player's excess damage in this combat (module doc); called
    just before the assigned damage is dealt (460.2.d).  *memo*: the damage step's
    characteristics (combat_damage.deal_combat_damage)."""
    lethal_remaining = hooks.lethal_remaining
    sd = state.showdown
    if sd is None:
        return
    objects = state.objects
    excess: dict[str, int] = {}
    for pid, assignment in sd.data.get("damage", {}).items():
        total = 0
        for oid, amount in assignment.items():
            obj = objects.get(oid)
            if obj is None or obj.zone != "battlefield" or amount < 1:
                continue
            need = lethal_remaining(state, oid, memo)
            if need is not None:  # 460.2.c.9: no lethal amount, no excess
                total += max(0, int(amount) - need)
        excess[pid] = total
    attackers = [o for o in state.battlefield(sd.battlefield).units
                 if objects[o].designation == "attacker"]
    state.extra[_EXCESS] = {"turn": state.turn, "battlefield": sd.battlefield,
                            "attackers": attackers, "excess": excess}


def excess_of(state: GameState, player: str, battlefield: str | None,
              unit: str | None = None) -> int:
    """*player*'s excess damage assigned in the latest combat at *battlefield* this turn
    (0 if none); with *unit*: only if that unit was one of its attackers."""
    rec = state.extra.get(_EXCESS)
    if not rec or rec["turn"] != state.turn or rec["battlefield"] != battlefield:
        return 0
    if unit is not None and unit not in rec["attackers"]:
        return 0
    return int(rec["excess"].get(player, 0))


def _excess_condition(state: GameState, player: str, source: str | None, cond: Any,
                      event: dict[str, Any] | None) -> bool:
    """:class:`ExcessDamageAtLeast`: the source attacked in the combat at the event's
    battlefield and its controller assigned *n*+ excess damage there."""
    where = (event or {}).get("battlefield")
    n: int = cond.n
    return excess_of(state, player, where, source) >= n


def _install() -> None:
    from riftlog.rules.interpreter import effects

    effects.CONDITIONS[ExcessDamageAtLeast] = _excess_condition


_install()
