"""The step viewer's screen: one position on an 80x24 terminal, as plain text lines.

:func:`screen_lines` draws a state view (already cut for its viewer, see
:mod:`riftlog.views`): the battlefields with each side's units, each player's points,
pool, hand, decks, base and trash, the chain; then the event at that seq in notation, what
it did in words and its verdict.  A unit reads ``Garen [5 M, 2 dmg, exh, buff, stun]``
with its attached gear after it (``+ Long Sword``); a face-down card the viewer may not see
is ``face-down card``.  Lines are plain text (no console markup: names and ``[`` ``]``
print as they are), at most :data:`WIDTH` columns; when there are more than fit in
:data:`HEIGHT` rows, trash lines go first, then base lines.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from riftlog.errors import RiftlogError
from riftlog.notation import card_name
from riftlog.rules.board.layers import might_of
from riftlog.rules.board.state import GameState

__all__ = ["HEIGHT", "WIDTH", "screen_lines", "unit_mights"]

WIDTH = 80
HEIGHT = 24


def unit_mights(state: GameState | None, data: dict[str, Any]) -> dict[str, int]:
    """The Might of every permanent on the board that the view *data* shows (layers
    applied, 468-475), from the full *state* the view was cut from."""
    view = data.get("state")
    out: dict[str, int] = {}
    if state is None or view is None:
        return out
    for oid, obj in view["objects"].items():
        if obj.get("zone") in ("base", "battlefield") and oid in state.objects:
            try:
                out[oid] = might_of(state, oid)
            except RiftlogError:
                continue
    return out


def _fit(text: str, width: int = WIDTH) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"


def _unit(view: dict[str, Any], oid: str, mights: Mapping[str, int]) -> str:
    obj = view["objects"].get(oid)
    if obj is None:
        return "face-down card"
    marks = []
    if oid in mights:
        marks.append(f"{mights[oid]} M")
    if obj.get("damage"):
        marks.append(f"{obj['damage']} dmg")
    for key, word in (("exhausted", "exh"), ("buffed", "buff"), ("stunned", "stun"),
                      ("face_down", "face-down")):
        if obj.get(key):
            marks.append(word)
    text = card_name(obj["card"]) + (f" [{', '.join(marks)}]" if marks else "")
    gear = [card_name(o["card"]) for o in view["objects"].values()
            if o.get("attached_to") == oid]
    return text + "".join(f" + {g}" for g in gear)


def _units(view: dict[str, Any], oids: list[str], mights: Mapping[str, int]) -> list[str]:
    objs = view["objects"]
    return [_unit(view, o, mights) for o in oids
            if o not in objs or not objs[o].get("attached_to")]


def _count(zone: Any) -> int:
    return int(zone.get("count", 0)) if isinstance(zone, dict) else len(zone)


def _is_rune(view: dict[str, Any], oid: str) -> bool:
    obj = view["objects"].get(oid)
    return obj is not None and card_name(obj["card"]).endswith(" Rune")


def screen_lines(data: dict[str, Any], mights: Mapping[str, int] | None = None,
                 event: list[str] | None = None, height: int = HEIGHT) -> list[str]:
    """The screen of a state view (:func:`riftlog.views.state_view`): *mights* gives the
    Might of the units the viewer sees; *event* the lines about the event at this seq."""
    mights = mights or {}
    view = data.get("state")
    if view is None:
        return ["(no game yet)", *(event or [])]
    head = [_fit(f"seq {data['seq']} · turn {view['turn']} · {view['phase']} · "
                 f"{view.get('turn_player') or '-'}'s turn · priority "
                 f"{view.get('priority') or '-'} · viewer {data.get('viewer', '?')}")]
    if view.get("winner") is not None:
        head.append(_fit(f"game over: {', '.join(view['winner']) or 'nobody'} won "
                         f"({view.get('end_reason')})"))
    if data.get("stopped"):
        head.append(_fit(f"game stopped at seq {data['stopped']['seq']}: "
                         f"{data['stopped']['message']}"))
    body: list[tuple[str, str]] = []  # (kind, line): kinds "bf", "player", "base", "trash"
    for i, bf in enumerate(view["battlefields"], 1):
        state = bf.get("controller") or "uncontrolled"
        if bf.get("contested_by"):
            state += f", contested by {bf['contested_by']}"
        body.append(("bf", _fit(f"bf{i} {card_name(bf['card'])} · {state}")))
        sides: dict[str, list[str]] = {}
        for oid in [*bf.get("units", []), *bf.get("gear", [])]:
            obj = view["objects"].get(oid)
            who = obj.get("controller", "?") if obj else "?"
            sides.setdefault(who, []).append(oid)
        for who, oids in sides.items():
            body.append(("bf", _fit(f"  {who}: " + "; ".join(_units(view, oids, mights)))))
        facedown = bf.get("facedown", [])
        if isinstance(facedown, dict):  # cut for the viewer: only how many (riftlog.views)
            facedown = [""] * int(facedown.get("count", 0))
        for oid in facedown:
            body.append(("bf", _fit(f"  facedown: {_unit(view, oid, mights)}")))
    for pid in view["seating"]:
        p = view["players"][pid]
        pool = p["pool"]
        power = "".join(f" {k} {v}" for k, v in pool.get("power", {}).items() if v)
        runes = [o for o in p["base"] if _is_rune(view, o)]
        ready = sum(1 for o in runes if not view["objects"][o].get("exhausted"))
        legend = "; ".join(card_name(view["objects"][o]["card"]) for o in p["legend"]
                           if o in view["objects"])
        body.append(("player", _fit(
            f"{pid} {p['name']}{' (out)' if p.get('eliminated') else ''}: {p['points']} pts · "
            f"pool E {pool['energy']}{power} · runes {ready}/{len(runes)} ready · hand "
            f"{_count(p['hand'])} · deck {_count(p['main_deck'])} · {legend}")))
        base = [o for o in p["base"] if not _is_rune(view, o)]
        champ = [card_name(view["objects"][o]["card"]) for o in p.get("champion", [])
                 if o in view["objects"]]
        if base or champ:
            body.append(("base", _fit("  base: " + ("; ".join(_units(view, base, mights)) or "-")
                                      + (f" · champion zone: {', '.join(champ)}" if champ else ""))))
        trash = [card_name(view["objects"][o]["card"]) for o in p["trash"] if o in view["objects"]]
        if trash:
            body.append(("trash", _fit(f"  trash {len(trash)}: " + ", ".join(reversed(trash)))))
    if view.get("chain"):
        items = []
        for c in view["chain"]:
            src = view["objects"].get(c.get("source") or "")
            what = card_name(src["card"]) if src else c["kind"]
            items.append(f"{what} ({c['controller']})")
        body.append(("chain", _fit("chain, top last: " + " -> ".join(items))))
    # an unbounded screen (the verdict in full) prints the event's lines whole
    tail = ["-" * WIDTH, *(_fit(x) if height <= HEIGHT else x for x in (event or []))]
    for drop in ("trash", "base"):
        if len(head) + len(body) + len(tail) <= height:
            break
        body = [b for b in body if b[0] != drop]
    return head + [line for _, line in body] + tail
