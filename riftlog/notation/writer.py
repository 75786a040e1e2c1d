"""Writing a decision as a line of notation (:func:`format_decision`): the shortest words that
read back to the same decision, and a ``+{json}`` tail for what words cannot say.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from riftlog.errors import NotationError
from riftlog.events.abilities import AbilityActivated, CardHidden, ChoiceMade, TriggersOrdered
from riftlog.events.combat import CombatDamageAssigned
from riftlog.events.decisions import (
    BattlefieldChosen,
    BurnOutPointGiven,
    GameConceded,
    MulliganChosen,
    Payment,
    PriorityPassed,
    TurnEnded,
)
from riftlog.events.play import CardPlayed, StandardMove
from riftlog.events.registry import Payload
from riftlog.events.showdown import ShowdownChosen
from riftlog.notation.names import (
    KEYWORDS,
    Names,
    assign_tiers,
    choice_tiers,
    equip_ability,
    name_key,
    place_name,
    play_tiers,
    quoted,
    rune_tiers,
)
from riftlog.notation.parser import parse_decision
from riftlog.redaction import alias_text
from riftlog.rules.board.state import GameState

__all__ = ["format_decision", "object_name"]


# --- printing -------------------------------------------------------------------------


def object_name(state: GameState, oid: str, player: str | None = None) -> str:
    """An object as a line would name it (shortest unambiguous name among all objects)."""
    names = Names(state, player or "")
    return names.write(oid, [names.board(), names.all_objects()])


def _list(names: Names, oids: Sequence[str], tiers: Sequence[Sequence[str]]) -> str:
    """Names of *oids* in order; a name repeated in a row is counted (``2 Fury``: each
    copy resolves to the next one, as the parser reads it)."""
    if not oids:
        return "nothing"
    texts = [names.write(oid, tiers, oids[:i]) for i, oid in enumerate(oids)]
    out: list[str] = []
    i = 0
    while i < len(texts):
        j = i
        while j + 1 < len(texts) and texts[j + 1] == texts[i] and "#" not in texts[i]:
            j += 1
        out.append(texts[i] if j == i else f"{j - i + 1} {texts[i]}")
        i = j + 1
    return ", ".join(out)


def _targets_text(names: Names, targets: dict[str, tuple[str, ...]]) -> str:
    tiers = [names.board(), names.all_objects()]
    if list(targets) == ["t"]:
        return _list(names, targets["t"], tiers)
    return "; ".join(f"{k}={_list(names, v, tiers)}" for k, v in targets.items())


def _payment_text(names: Names, pay: Payment) -> list[str]:
    if pay.is_empty():
        return []
    out = ["pay"]
    if pay.exhaust:
        out.append(_list(names, pay.exhaust, rune_tiers(names, True)))
    if pay.recycle:
        out += ["recycle", _list(names, pay.recycle, rune_tiers(names, False))]
    return out


def _core(state: GameState, d: Payload, names: Names) -> str:
    """The line of *d* without the ``+{json}`` tail (what words can say)."""
    t = d.type
    if isinstance(d, TurnEnded):
        return "end"
    if isinstance(d, PriorityPassed):
        return "pass"
    if isinstance(d, GameConceded):
        return "concede"
    if isinstance(d, MulliganChosen):
        if not d.set_aside:
            return "mulligan nothing"
        if names.unknown.issuperset(d.set_aside):  # issue 21: a paper game's count
            return f"mulligan {len(d.set_aside)}"
        return "mulligan " + _list(names, d.set_aside, [names.own("hand"), names.all_objects()])
    if isinstance(d, BurnOutPointGiven):
        return f"point {d.opponent}"
    if isinstance(d, BattlefieldChosen):
        pool = [names.own("battlefields_aside"), names.all_objects()]
        return "battlefield " + names.write(d.battlefield, pool)
    if isinstance(d, ShowdownChosen):
        return "showdown " + place_name(state, d.battlefield)
    if isinstance(d, CardPlayed):
        parts = ["play", names.write(d.card, play_tiers(names))]
        if d.destination is not None:
            parts += ["@", place_name(state, d.destination)]
        if isinstance(d.targets, dict) and d.targets:
            parts += ["on", _targets_text(names, d.targets)]
        if d.mode is not None:
            parts += ["mode", d.mode]
        if d.accelerate:
            parts.append("accelerate")
        return " ".join(parts + _payment_text(names, d.payment))
    if isinstance(d, CardHidden):
        parts = ["hide", names.write(d.card, [names.own("hand", "champion"), names.all_objects()]),
                 "@", place_name(state, d.battlefield)]
        return " ".join(parts + _payment_text(names, d.payment))
    if isinstance(d, StandardMove):
        units = _list(names, d.units, [names.own_units(), names.board(), names.all_objects()])
        return f"move {units} -> {place_name(state, d.destination)}"
    if isinstance(d, AbilityActivated):
        tiers = [names.own("legend", "champion"), names.own_units(), names.board(),
                 names.all_objects()]
        equip = _equip_core(state, d, names, tiers)
        if equip is not None:
            return equip
        parts = ["activate", names.write(d.source, tiers)]
        if d.ability:
            parts.append(str(d.ability))
        lender = d.choices.get("ability_of")
        if isinstance(lender, str) and lender in state.objects:  # whose ability (copy, grant)
            parts += ["via", names.write(lender, [names.board(), names.all_objects()])]
        if d.targets:
            parts += ["on", _targets_text(names, d.targets)]
        return " ".join(parts + _payment_text(names, d.payment))
    if isinstance(d, CombatDamageAssigned):
        tiers = assign_tiers(names, d.battlefield)
        items = list(d.assignment.items())
        text = ", ".join(f"{names.write(o, tiers, [x for x, _ in items[:i]])} {n}"
                         for i, (o, n) in enumerate(items))
        sd = state.showdown
        here = sd is not None and sd.battlefield == d.battlefield
        order = "" if d.order is None else " order " + _list(names, d.order, tiers)
        return ("assign " + (text or "nothing") + order
                + ("" if here else f" @ {place_name(state, d.battlefield)}"))
    if isinstance(d, TriggersOrdered):
        return "order " + ", ".join(quoted(x) for x in d.order)
    if isinstance(d, ChoiceMade):
        return _choice_core(names, d.choice)
    raise NotationError(f"{t} is not a decision the notation writes")


def _equip_core(state: GameState, d: AbilityActivated, names: Names,
                tiers: list[list[str]]) -> str | None:
    """``equip <gear> to <unit> [pay ...]``: an Equip activation in words (None when *d*
    is not one that reads back the same way)."""
    unit = d.targets.get("t") if isinstance(d.targets, dict) else None
    if equip_ability(state, d.source) != d.ability or list(d.targets) != ["t"] or \
            unit is None or len(unit) != 1:
        return None
    gear = names.write(d.source, tiers)
    if "to" in name_key(gear).split():
        return None  # the name would stop at its own "to"
    target = names.write(unit[0], [names.own_units(), names.board(), names.all_objects()])
    return " ".join(["equip", gear, "to", target, *_payment_text(names, d.payment)])


def _choice_core(names: Names, choice: dict[str, Any]) -> str:
    if set(choice) == {"use"} and isinstance(choice["use"], bool):
        return "choose yes" if choice["use"] else "choose no"
    parts: list[str] = []
    for key, value in choice.items():
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key) or key.lower() in KEYWORDS - {"targets"}:
            parts = []
            break
        if key == "targets" and isinstance(value, dict) and list(value) == ["t"] \
                and all(isinstance(x, str) for x in value["t"]):
            parts.append("targets " + _list(names, value["t"],
                                            [names.board(), names.all_objects()]))
        elif isinstance(value, list) and all(isinstance(x, str) for x in value):
            parts.append(f"{key} " + _list(names, value, choice_tiers(names)))
        else:
            parts = []
            break
    if parts:
        return "choose " + "; ".join(parts)
    return "choose " + json.dumps(choice, sort_keys=True)


def format_decision(state: GameState, d: Payload, *, with_player: bool = False,
                    aliases: Mapping[str, str] | None = None) -> str:
    """*d* as one line of notation, in the *state* it is made in (before it is applied).

    With *with_player* the line starts ``p1:``.  Fields the words cannot say follow as
    ``+{json}``; ``parse_decision(state, line, player=d.player)`` gives *d* back.

    With *aliases* (hidden object id -> alias, :class:`riftlog.views.GameView`) the line is
    for a viewer who may not see those objects: they appear as their aliases, never by
    name or id, and every other object by its full name (such a line is for reading).
    """
    player = getattr(d, "player", "")
    names = Names(state, player)
    core = _core(state, d, names)
    prefix = f"{player}: " if with_player else ""
    want = d.model_dump(mode="json")
    try:
        got = parse_decision(state, core, player=player).model_dump(mode="json")
    except (NotationError, ValueError):
        got = {}
    extra = {k: v for k, v in want.items() if k != "type" and got.get(k) != v
             and not (k not in got and v is None)}
    line = core + (" +" + json.dumps(extra, sort_keys=True, separators=(",", ":")) if extra else "")
    if aliases is not None:
        shown = _core(state, d, Names(state, player, aliases))
        line = alias_text(line.replace(core, shown, 1), aliases)
    return prefix + line
