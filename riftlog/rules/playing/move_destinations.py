"""A spell's move destination chosen as it is played (RUP4 355.4, issue 24): the
:class:`~riftlog.cards.vocab.MoveDestination` node of a spell names its target unit and the
``CardPlayed.choices`` key of the place (``"to"``; a Repeat run *k*'s ``"to@k"``, 820.2.a).
This module lists the valid places (355.4.a), judges the choice as the spell is played,
offers it to bots and ``riftlog moves``, and reads it back, checked again, as the spell
resolves.  Card code reaches it through :mod:`riftlog.rules.card_api`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from riftlog.cards import vocab as V
from riftlog.rules.board.core import Violation
from riftlog.rules.board.resources import card_facts
from riftlog.rules.board.state import BOARD_ZONES, GameState
from riftlog.rules.board.zones import base_of
from riftlog.rules.game_actions.movement import destination_problem
from riftlog.rules.interpreter import effects
from riftlog.rules.interpreter.effects_steps import move_forbidden
from riftlog.rules.playing.card_choices import board_units


def places(state: GameState, unit: str, near_friends: bool = False) -> list[str]:
    """The places *unit* (on the board) may be moved to: its controller's base or a
    battlefield, other than where it is and where it is allowed to be (355.4.a, 144.4.b,
    442.2, the "can't"s of 054); with *near_friends*, only where another unit of its
    controller is."""
    obj = state.objects.get(unit)
    if obj is None or obj.zone not in BOARD_ZONES or obj.controller is None:
        return []
    ctrl = obj.controller
    out: list[str] = []
    for loc in [base_of(ctrl), *(bf.oid for bf in state.battlefields)]:
        if loc == obj.location or destination_problem(state, ctrl, loc) is not None \
                or move_forbidden(state, obj, loc):
            continue
        if near_friends and not any(o != unit and state.objects[o].location == loc
                                    for o in board_units(state, ctrl)):
            continue
        out.append(loc)
    return out


def _nodes(card_id: str) -> list[V.MoveDestination]:
    enc = effects.encoding(card_id)
    return [ab for ab in getattr(enc, "abilities", ()) if isinstance(ab, V.MoveDestination)]


def _runs(choices: Mapping[str, Any]) -> list[int]:
    paid = choices.get("repeat")
    return [1, *range(2, len(paid) + 2)] if isinstance(paid, list) else [1]


def _key(name: str, run: int) -> str:
    return name if run == 1 else f"{name}@{run}"


def violations(state: GameState, card_id: str, chosen: Mapping[str, Sequence[str]],
               choices: Mapping[str, Any]) -> list[Violation]:
    """What is wrong with the destinations chosen in *choices* for the target units
    *chosen* of spell *card_id*, each run (RUP4 355.4, 355.4.a)."""
    out: list[Violation] = []
    ed = state.edition
    for node in _nodes(card_id):
        for run in _runs(choices):
            unit = next(iter(chosen.get(_key(node.unit, run), ())), None)
            key = _key(node.key, run)
            dest = choices.get(key)
            if unit is None:
                if dest is not None:
                    out.append(Violation("355.4", f"choices[{key!r}] names a destination for "
                                         f"{card_facts(card_id)} but no unit is chosen", ed))
                continue
            legal = places(state, unit, node.near_friends)
            if dest is None:
                if legal:
                    out.append(Violation("355.4", f"{card_facts(card_id)} moves {unit}: choose "
                                         f"where as it is played, choices[{key!r}] one of "
                                         f"{', '.join(legal)}", ed))
                continue
            if dest not in legal:
                out.append(Violation("355.4.a", f"{dest!s} is not a valid destination for {unit} "
                                     f"(choices[{key!r}] of {card_facts(card_id)}); valid: "
                                     f"{', '.join(legal) or 'none'}", ed))
    return out


def options(state: GameState, card_id: str, chosen: Mapping[str, Sequence[str]],
            limit: int = 4) -> list[dict[str, Any]]:
    """The ``choices`` a spell with target set *chosen* may be played with (one per valid
    destination of its first run, at most *limit*; ``[{}]`` when it chooses none)."""
    out: list[dict[str, Any]] = [{}]
    for node in _nodes(card_id):
        unit = next(iter(chosen.get(node.unit, ())), None)
        legal = places(state, unit, node.near_friends) if unit is not None else []
        if legal:
            out = [{**c, node.key: p} for c in out for p in legal][:limit]
    return out


def chosen_place(state: GameState, ctx: Mapping[str, Any], unit: str, key: str = "to",
                 near_friends: bool = False) -> str | None:
    """As the spell resolves: the place chosen for *unit* in this run, if it is still a
    valid destination (355.4.a; otherwise the unit does not move)."""
    run = int(ctx.get("run", 1))
    dest = ctx.get("choices", {}).get(_key(key, run))
    return dest if isinstance(dest, str) and dest in places(state, unit, near_friends) else None
