"""Ending a game by concession and the removal of a player (v1.3 649-652).

Victory by score is a cleanup task (323.1, :func:`riftlog.rules.flow.turn.check_victory`);
burn out hands points to an opponent (431, :mod:`riftlog.rules.game_actions.actions`).
"""

from __future__ import annotations

from riftlog.errors import ImpossibleDecision
from riftlog.events.decisions import GameConceded
from riftlog.rules import editions
from riftlog.rules.board.core import GameAction, Violation, handles
from riftlog.rules.board.state import GameState
from riftlog.rules.flow.turn import TOKEN_BATTLEFIELD, end_game, next_player, team_of
from riftlog.rules.game_actions import actions


def _check_concede(state: GameState, d: GameConceded) -> list[Violation]:
    p = state.players.get(d.player)
    if p is None:
        return [Violation("650", f"{d.player!r} is not a player of this game", state.edition)]
    if p.eliminated:
        return [Violation("651.3", f"{d.player} was removed from the game and can no longer "
                          "make choices", state.edition)]
    return []


@handles(GameConceded)(_check_concede)
def _apply_concede(state: GameState, d: GameConceded, log: list[GameAction]) -> None:
    """650-651: the player (and, in 2v2, their team, 484.6.a.1 / 651.4) leaves the game;
    with one side left it wins (651.1), otherwise the game goes on without them (652)."""

    if d.player not in state.players or state.players[d.player].eliminated:
        raise ImpossibleDecision(f"{state.edition} 651.3: {d.player!r} cannot concede: not in the game")
    side = team_of(state, d.player)
    leaving = [pid for pid in state.seating if team_of(state, pid) == side
               and not state.players[pid].eliminated]
    state.players[d.player].conceded = True
    log.append(GameAction("concede", d.player, (), rule="650", responsible=d.player))
    remaining_sides = {team_of(state, pid) for pid in state.seating
                       if not state.players[pid].eliminated and pid not in leaving}
    for pid in leaving:
        state.players[pid].eliminated = True
    if len(remaining_sides) <= 1:
        winners = [pid for pid in state.seating if team_of(state, pid) in remaining_sides]
        end_game(state, winners, "concession", "651.1", log)
        return
    for pid in leaving:
        remove_player(state, pid, log)


def remove_player(state: GameState, pid: str, log: list[GameAction]) -> None:
    """652: banish what they control and own, replace their battlefield by a token one,
    remove their cards, counter their chain items, and pass their turn on."""

    state.players[pid].eliminated = True
    for item in [i for i in state.chain if i.controller == pid]:            # 652.4
        actions.counter(state, item.id, log, responsible=None)
    for obj in list(state.objects.values()):                                # 652.1, 652.3
        if obj.zone in ("removed", "battlefield_card"):
            continue
        if obj.owner == pid:
            if obj.zone == "battlefield_aside":
                state.players[pid].battlefields_aside.remove(obj.oid)
                obj.zone = "removed"
                continue
            actions.change_zone(state, obj, "banishment")
            state.players[pid].banishment.remove(obj.oid)
            obj.zone = "removed"
        elif obj.controller == pid and obj.zone in ("base", "battlefield", "facedown"):
            if obj.zone == "facedown" and state.edition == "v1.2":  # editions helper
                raise editions.unsupported(state, "652.1", f"removed player {pid} controls "
                                           f"the facedown card {obj.oid}, which v1.2 does not banish")
            actions.change_zone(state, obj, "banishment")
    for bf in state.battlefields:                                           # 652.2
        if bf.owner == pid and bf.card != TOKEN_BATTLEFIELD:
            bf.card = TOKEN_BATTLEFIELD
            log.append(GameAction("replace", None, (bf.oid,), {"with": TOKEN_BATTLEFIELD},
                                  rule="652.2.a"))
        if bf.controller == pid:
            bf.controller = None
    log.append(GameAction("remove_player", pid, (), rule="652"))
    # Whatever the removed player was awaited for no longer happens (651.3).
    state.queue = [e for e in state.queue if not (e.get("kind") == "await" and e.get("player") == pid)
                   and not (e.get("kind") == "burn_out" and e.get("player") == pid)]
    if state.priority == pid:                                               # 652.5.c
        state.priority = next_player(state, pid) if state.chain else state.turn_player
    if state.turn_player == pid and state.phase not in ("setup", "mulligan"):  # 652.5.a
        nxt = next_player(state, pid)
        state.queue = [{"kind": "turn", "player": nxt}]
        state.priority = None
