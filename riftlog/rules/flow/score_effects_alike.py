"""Hold Effects that are also Conquer Effects, and the other way round (issue 24; Skyfall of
Areion, SFD-030: :class:`~riftlog.cards.vocab_score_effects.HoldAndConquerEffectsAlike` in
an Equipment's Effect Text, so the wearer's own, RUP4 136.2.c / 718.3).

When a player scores a battlefield (464; :func:`also_trigger`, a ``scoring.SCORE_HOOKS``
entry, so even when the point itself is then negated, 383.4.c.2.c / 383.4.d.2.c), each of
their units there that has the ability triggers its own "when I hold" abilities on a
Conquer and its "when I conquer" abilities on a Hold (383.4.c, 383.4.d), besides the
triggers of the score's own event (fired by ``turn.score_triggers``).  "Its own" are the
unit card's triggered abilities and the Effect Text triggers of the Equipment attached to
it; each is put with the event of the score (``battlefield``, ``player``; ``equipment`` for
an Equipment's), like any trigger of that unit.
"""

from __future__ import annotations

from riftlog.cards import vocab as V
from riftlog.cards.vocab_score_effects import HoldAndConquerEffectsAlike
from riftlog.rules.board.state import GameObject, GameState
from riftlog.rules.game_actions import scoring
from riftlog.rules.interpreter import effects, triggers

__all__ = ["also_trigger", "has_it"]

_OTHER = {"conquer": "holds", "hold": "conquers"}


def _gives_it(enc: V.Encoding) -> tuple[int, ...]:
    return tuple(i for i, a in enumerate(enc.abilities) if isinstance(a, HoldAndConquerEffectsAlike))


def has_it(state: GameState, unit: str) -> bool:
    """Whether an Equipment attached to *unit* gives it the ability in its Effect Text."""
    return _gives([obj for obj in state.objects.values() if obj.attached_to == unit])


def _gives(worn: list[GameObject]) -> bool:
    """:func:`has_it` of a unit wearing *worn* (the objects attached to it, in board order)."""
    none: tuple[int, ...] = ()
    for obj in worn:
        idx = effects.encoding_fact(obj.card, _gives_it, none)
        if idx and set(idx) & triggers.effect_text(obj.card):
            return True
    return False


def _own_triggers(state: GameState, unit: str,
                  worn: list[GameObject]) -> list[tuple[str, int, V.Triggered, str | None]]:
    """(card, index, ability, equipment) of the unit's own triggered abilities (*worn*: the
    objects attached to it, in board order)."""
    out: list[tuple[str, int, V.Triggered, str | None]] = [
        (state.objects[unit].card, i, ab, None)
        for i, ab in triggers.listeners(state.objects[unit].card)]
    for obj in worn:
        text = triggers.effect_text(obj.card)
        out += [(obj.card, i, ab, obj.oid) for i, ab in triggers.listeners(obj.card)
                if i in text]
    return out


def also_trigger(state: GameState, pid: str, battlefield: str, how: str) -> None:
    """The scorer's units at *battlefield* with the ability trigger their Hold (Conquer)
    Effects on this Conquer (Hold); see the module doc."""
    other = _OTHER.get(how)
    if other is None:
        return
    units = [o for o in state.battlefield(battlefield).units
             if state.objects[o].controller == pid and state.objects[o].attached_to is None]
    if not units:
        return
    # replay-perf: the board is read once for what each unit wears (has_it read it per unit)
    wearers = set(units)
    worn: dict[str, list[GameObject]] = {}
    for obj in state.objects.values():
        at = obj.attached_to
        if at is not None and at in wearers:
            worn.setdefault(at, []).append(obj)
    if not worn:
        return
    data = {"player": pid, "battlefield": battlefield}
    found = 0
    for unit in units:
        gear = worn.get(unit)
        if not gear or not _gives(gear):
            continue
        for card, index, ab, gear_oid in _own_triggers(state, unit, gear):
            if ab.when.event != other or ab.when.subject != "me":
                continue
            if ab.condition is not None and not effects.condition_holds(
                    state, pid, unit, ab.condition, data):
                continue
            said = {**data, **({"equipment": gear_oid} if gear_oid else {})}
            state.extra.setdefault("triggers", []).append({
                "id": state.next_id("tr"), "card": card, "source": unit, "ability": index,
                "controller": pid, "event": said})
            found += 1
    if found and not any(e.get("kind") == "triggers" for e in state.queue[:1]):
        state.queue.insert(0, {"kind": "triggers"})


if also_trigger not in scoring.SCORE_HOOKS:
    scoring.SCORE_HOOKS.append(also_trigger)
