"""Moves a unit's trigger makes: Loyal Pup (SFD-126) joins a defence, Azir, Sovereign
(SFD-177) brings the token units chosen as targets to his attack, Overzealous Fan (SFD-128) sends
an attacker home after being killed as the cost."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api


def _may_move(state: api.GameState, oid: str, dest: str) -> bool:
    obj = state.objects[oid]
    return obj.zone in ("base", "battlefield") and obj.location != dest and \
        not api.move_forbidden(state, obj, dest)


@api.custom("move_me_to_event_battlefield")
def _move_me_to_event_battlefield(state: api.GameState, ctx: dict[str, Any],
                                  log: list[api.GameAction]) -> None:
    """Move the source to the battlefield of the trigger event (the "you may" is the
    ability's ``optional``); nothing if it left the board, is there already, or may not go."""
    dest = (ctx.get("event") or {}).get("battlefield")
    src = ctx["source"]
    if dest is None or src not in state.objects or not _may_move(state, src, dest):
        return
    api.move(state, src, dest, log, player=ctx["controller"])


@api.custom("move_my_tokens_here")
def _move_my_tokens_here(state: api.GameState, ctx: dict[str, Any],
                         log: list[api.GameAction], target: Any) -> None:
    """Move the token units chosen as targets as the ability went on the chain (RUP4
    355.10, 355.12, 355.13: any number, possibly none) that are still legal and may go, to
    the source's battlefield, together."""
    src = state.objects.get(ctx["source"])
    if src is None or src.zone != "battlefield" or not src.location:
        return
    dest = src.location
    picked = [o for o in api.still_legal(state, ctx, target) if _may_move(state, o, dest)]
    if picked:
        api.move(state, picked, dest, log, player=ctx["controller"])


@api.custom("attacker_here_to_its_base")
def _attacker_here_to_its_base(state: api.GameState, ctx: dict[str, Any],
                               log: list[api.GameAction]) -> bool | None:
    """Move one attacking unit at the trigger event's battlefield (picked as it resolves)
    to its controller's base."""
    where = (ctx.get("event") or {}).get("battlefield")
    options = [o for o, obj in state.objects.items() if obj.zone == "battlefield"
               and obj.location == where and obj.designation == "attacker"
               and api.card_type(obj.card) == "Unit"
               and _may_move(state, o, api.base_of(obj.controller or ""))]
    if not options:
        return None
    picked = api.pick_one(state, ctx, sorted(options))
    if picked is None:
        return False
    api.move(state, picked, api.base_of(state.objects[picked].controller or ""), log,
             player=ctx["controller"])
    return None


@api.custom("kill_me_as_cost")
def _kill_me_as_cost(state: api.GameState, ctx: dict[str, Any], log: list[api.GameAction]) -> bool | None:
    """A finalize cost (742.1.b): kill the source, which must be on the board; False = not
    paid (the ability leaves the chain)."""
    src = state.objects.get(ctx.get("source") or "")
    if src is None or src.zone not in ("base", "battlefield"):
        return False
    api.kill(state, [src.oid], log, attribution=[src.oid], player=ctx["controller"])
    return None
