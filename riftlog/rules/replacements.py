"""Replacement effects on death (v1.3 367-375), the vocab :class:`~riftlog.cards.vocab.Replacement`
with ``event="die"`` (mechanics helper).

Installed in :data:`riftlog.rules.effects.DEATH_REPLACEMENTS`, so every death path
(``effects.kill``: kill effects, lethal damage in cleanup, combat) consults it:

* each unit that would die is a separate event (373); the permanents on the board whose
  encoding has a ``Replacement(event="die")`` matching it (``who``: "me",
  "friendly_unit", "other_friendly_unit", relative to the source's controller, 374) may
  replace it: the unit does not die and the replacement's ``effect`` steps run instead
  (370.1.a; ``IT`` = that unit, ``ME`` = the source);
* a replacement applies at most once to an event and to the events replacing it (370.2):
  the sources applied in the current sequence are remembered while the steps run (a
  Zhonya-like "kill this instead" is a new death other replacements may replace);
* ``once_each_turn`` (371): used at most once per turn;
* an attached card's rules text is inactive (721.2): its replacements do not apply.

Not modelled (UnsupportedRule, never silent): two or more replacements that could apply to
one event (the owner orders them, 372), one replacement qualifying for two or more
simultaneous events (its controller chooses, 373), optional ("may", 371.1) replacements.
"""

from __future__ import annotations

from typing import Any

from riftlog.cards import vocab as V
from riftlog.errors import UnsupportedRule
from riftlog.rules import effects, layers
from riftlog.rules.core import GameAction
from riftlog.rules.state import BOARD_ZONES, GameState

__all__ = ["death_replacements", "replace_deaths"]

#: The replacements already applied in the sequence being executed (370.2), innermost last.
_SEQUENCE: list[set[str]] = []


def death_replacements(state: GameState) -> list[tuple[str, int, V.Replacement]]:
    """(source oid, ability index, replacement) of every active "would die" replacement."""
    out: list[tuple[str, int, V.Replacement]] = []
    for lst in effects._board_lists(state):
        for oid in lst:
            obj = state.objects[oid]
            if obj.attached_to is not None:  # 721.2
                continue
            enc = effects.encoding(obj.card)
            for i, ab in enumerate(getattr(enc, "abilities", ()) if enc is not None else ()):
                if isinstance(ab, V.Replacement) and ab.event == "die":
                    out.append((oid, i, ab))
    return out


def _qualifies(state: GameState, src: str, ab: V.Replacement, oid: str) -> bool:
    unit = state.objects[oid]
    mine = state.objects[src].controller
    if ab.who == "me":
        return oid == src
    if ab.who in ("friendly_unit", "other_friendly_unit"):
        if ab.who == "other_friendly_unit" and oid == src:
            return False
        return unit.controller == mine and layers.printed_type(unit.card) == "Unit"
    raise UnsupportedRule(f"v1.3 370.1: replacement subject {ab.who!r} is not interpreted")


def _used(state: GameState) -> list[str]:
    marks = state.extra.get("replacements_used")
    if not marks or marks.get("turn") != state.turn:
        marks = state.extra["replacements_used"] = {"turn": state.turn, "keys": []}
    keys: list[str] = marks["keys"]
    return keys


def replace_deaths(state: GameState, oids: list[str], log: list[GameAction]) -> list[str]:
    """The oids whose deaths were not replaced (see the module doc); runs the replacements."""
    if not oids:
        return oids
    found = death_replacements(state)
    if not found:
        return oids
    top = not _SEQUENCE
    if top:
        _SEQUENCE.append(set())
    applied = _SEQUENCE[-1]
    try:
        dying = [o for o in oids if o in state.objects and state.objects[o].zone in BOARD_ZONES]
        candidates: dict[str, list[tuple[str, int, V.Replacement]]] = {}
        for src, i, ab in found:
            key = f"{src}#{i}"
            if key in applied or (ab.once_each_turn and key in _used(state)):
                continue
            hits = [o for o in dying if _qualifies(state, src, ab, o)]
            if len(hits) > 1:
                raise UnsupportedRule(f"v1.3 373: the replacement of {src} could apply to "
                                      f"{len(hits)} simultaneous deaths; its controller's choice "
                                      "of which is not modelled")
            for o in hits:
                candidates.setdefault(o, []).append((src, i, ab))
        saved: set[str] = set()
        for oid in dying:
            options = candidates.get(oid, [])
            if not options:
                continue
            if len(options) > 1:
                raise UnsupportedRule(f"v1.3 372: {len(options)} replacement effects could apply "
                                      f"to the death of {oid}; the owner's ordering is not modelled")
            src, i, ab = options[0]
            if state.objects[src].zone not in BOARD_ZONES:
                continue  # its source left while an earlier replacement ran
            key = f"{src}#{i}"
            applied.add(key)
            if ab.once_each_turn:
                _used(state).append(key)
            controller = state.objects[src].controller
            log.append(GameAction("replace", controller, (src, oid),
                                  {"card": state.objects[src].card, "event": "die"},
                                  "public", "369", controller))
            saved.add(oid)
            ctx: dict[str, Any] = {
                "card": state.objects[src].card, "source": src, "ability": i,
                "controller": controller, "targets": {}, "choices": {},
                "event": {"obj": oid, "player": state.objects[oid].controller},
                "pc": 0, "answers": {}, "finish": None}
            effects.run(state, ctx, log)
            if state.queue and (state.queue[-1].get("then") or {}).get("ctx") is ctx:
                raise UnsupportedRule("v1.3 370.1.a: a replacement effect that needs a choice "
                                      "while it replaces is not modelled")
        return [o for o in oids if o not in saved and o in state.objects
                and state.objects[o].zone in BOARD_ZONES]
    finally:
        if top:
            _SEQUENCE.pop()


if replace_deaths not in effects.DEATH_REPLACEMENTS:
    effects.DEATH_REPLACEMENTS.append(replace_deaths)
