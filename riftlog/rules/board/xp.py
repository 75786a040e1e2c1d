"""XP (v1.3 728-733): a per-player resource, gained and spent, public information.

XP is not a game object (731): it lives in ``state.extra["xp"]`` as ``{player: amount}``.
It is never shared between teammates (732) and has no upper limit (733).  Hunt (823)
gains it on conquer/hold; Level (824) abilities depend on it (``vocab.HasXP``).
"""

from __future__ import annotations

from riftlog.errors import ImpossibleDecision
from riftlog.rules import editions
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState

__all__ = ["gain_xp", "spend_xp", "xp"]


def xp(state: GameState, player: str) -> int:
    """How much XP *player* has (0 when none was ever gained)."""
    _no_xp_before_v13(state, "XP is read (a Level or XP condition)")
    return int(state.extra.get("xp", {}).get(player, 0))


def _no_xp_before_v13(state: GameState, what: str) -> None:
    """editions helper: v1.2 has no XP (v1.3 728-733 are new), nor Hunt or Level."""
    if state.edition == "v1.2":
        raise editions.new_in_v13(state, "728-733", what)


def gain_xp(state: GameState, player: str, n: int, log: list[GameAction],
            *, source: str | None = None) -> None:
    """*player* gains *n* XP (730.1; nothing for n <= 0).  Logged publicly (729.2)."""
    _no_xp_before_v13(state, f"{player} would gain {n} XP (Hunt or an effect)")
    if n <= 0:
        return
    marks = state.extra.setdefault("xp", {})
    marks[player] = marks.get(player, 0) + n
    log.append(GameAction("gain_xp", player, (source,) if source else (),
                          {"amount": n, "total": marks[player]}, "public", "730.1", player))


def spend_xp(state: GameState, player: str, n: int, log: list[GameAction]) -> None:
    """*player* spends *n* XP (730.2); refused when they have less."""
    _no_xp_before_v13(state, f"{player} would spend {n} XP")
    have = xp(state, player)
    if n > have:
        raise ImpossibleDecision(f"{state.edition} 730.2: {player} has {have} XP, "
                                 f"cannot spend {n}")
    if n <= 0:
        return
    state.extra.setdefault("xp", {})[player] = have - n
    log.append(GameAction("spend_xp", player, (), {"amount": n, "total": have - n},
                          "public", "730.2", player))
