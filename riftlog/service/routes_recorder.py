"""What the recorder page (issue 23) reads and does beside the API: the legal moves of the
player to act as forms, and undo as a judge rewind.

* ``GET /games/{id}/move-forms`` -- the legal moves of the player awaited grouped into
  buttons and small forms (:func:`riftlog.move_forms.move_forms`: targets, amounts, a combat
  damage split with its lethal-first rules), for a judge or recorder of the game or the
  player awaited; a decision is then appended with ``POST /games/{id}/events``;
* ``GET /games/{id}/undo`` -- what an undo would take back (the last decision that counts);
* ``GET /record/{id}`` -- the recorder page (``riftlog/web/static/recorder.html``; what it
  shows is read with the visitor's token);
* ``POST /games/{id}/undo`` -- undo it: a judge rewind to just before it, recorded as a new
  event by a judge of the game (nothing is deleted), refused unless the decision named is
  still the last one (:func:`riftlog.recording.undo`).
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field

from riftlog.errors import ConcurrencyConflict, NotPermitted
from riftlog.move_forms import move_forms
from riftlog.recorder import Recorder
from riftlog.recording import undo, undo_step
from riftlog.rules import engine
from riftlog.service.access import Grant
from riftlog.service.context import GameContext, Service, game_context
from riftlog.service.routes_games import Svc, Who, readable
from riftlog.service.routes_web import _page
from riftlog.views import GameView

__all__ = ["router"]

router = APIRouter()


@router.get("/record/{game_id}", include_in_schema=False)
def recorder_page(game_id: str) -> FileResponse:
    """A game's recorder page."""
    return _page("recorder.html")


@router.get("/games/{game_id}/move-forms", tags=["recording"])
def get_move_forms(game_id: str, svc: Svc, grant: Who) -> dict[str, Any]:
    """The legal moves of the player the game awaits, as the recorder page's buttons and
    forms (each with its legal variants as JSON decisions and in the notation), for a judge
    or recorder of the game or that player."""
    ctx, viewer = readable(svc, grant, game_id, None)
    if viewer.kind not in ("judge", "player"):  # a delayed spectator may not see the present
        raise NotPermitted(f"game {game_id}: the moves to record are for the game's judges, "
                           f"recorders and players; {grant.describe()} may not read them")
    state = ctx.head.state
    out: dict[str, Any] = {"seq": ctx.head.seq, "player": None, "player_name": None,
                           "request": None, "turn": None, "awaited": "nothing",
                           "over": ctx.over, "forms": []}
    if state is None or state.is_over():
        return out
    reqs = engine.pending(state)
    out["awaited"] = engine.awaited(state)
    player = reqs[0].player if reqs else None
    out.update(player=player, turn=state.turn, request=reqs[0].kind if reqs else None,
               player_name=state.players[player].name if player in state.players else None)
    own = viewer.kind == "judge" or (viewer.kind == "player" and viewer.player == player)
    if player is None or not own:
        out["note"] = "the forms are for the player awaited and the game's judges and recorders"
        return out
    forms = [f.to_json() for f in move_forms(state.clone(), player)]
    if viewer.kind != "judge":  # a player's forms name only what the player sees
        gv = GameView(svc.store.read(game_id, 1, ctx.head.seq), viewer)
        forms = json.loads(gv.text(ctx.head.seq, json.dumps(forms)))
    out["forms"] = forms
    return out


def _undo_reader(svc: Service, grant: Grant, game_id: str) -> GameContext:
    ctx, viewer = readable(svc, grant, game_id, None)
    if viewer.kind != "judge":
        raise NotPermitted(f"game {game_id}: undo is for the game's judges and recorders; "
                           f"{grant.describe()} may not")
    return ctx


@router.get("/games/{game_id}/undo", tags=["recording"])
def get_undo(game_id: str, svc: Svc, grant: Who) -> dict[str, Any]:
    """What an undo would take back now: the last decision that counts (``seq``, in words)
    and the seq the judge rewind goes back to (``seq`` null: nothing to undo)."""
    ctx = _undo_reader(svc, grant, game_id)
    step = undo_step(Recorder.open(svc.store, game_id, svc.keeper))
    if step is None:
        return {"last_seq": ctx.info.last_seq, "seq": None, "to_seq": None, "decision": None}
    return {"last_seq": ctx.info.last_seq, "seq": step.seq, "to_seq": step.to_seq,
            "decision": step.said}


class UndoIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seq: int = Field(ge=1, description="The decision to undo (as GET /undo named it)")
    expected_seq: int | None = Field(default=None, ge=0,
                                     description="The last seq the client saw (409 if moved on)")


@router.post("/games/{game_id}/undo", status_code=201, tags=["recording"])
def post_undo(game_id: str, body: UndoIn, svc: Svc, grant: Who) -> dict[str, Any]:
    """Undo the decision ``seq``: a judge rewind to just before it, appended by a judge of
    the game (the later events stay stored, voided)."""
    ctx = game_context(svc.store, game_id)
    ctx.require_judge(grant, "undo (a judge rewind)")
    rec = Recorder.open(svc.store, game_id, svc.keeper, actor=grant.actor(game_id))
    if body.expected_seq is not None and body.expected_seq != rec.seq:
        raise ConcurrencyConflict(game_id, body.expected_seq, rec.seq)
    res = undo(rec, grant.actor(game_id), body.seq)
    head = svc.store.game(game_id)
    return {"events": [{"seq": e.seq, "type": e.type} for e in res.events],
            "last_seq": head.last_seq, "last_hash": head.last_hash}
