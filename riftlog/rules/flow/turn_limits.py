"""Limits that read the game's history (issue 24, Spiritforged):

* :class:`~riftlog.cards.vocab_turn_limits.PlayOnlyToConqueredThisTurn` (Perched Grimwyrm,
  SFD-015): a passive of the card where it is played from (RUP4 366.1); :func:`play_violations`
  refuses a CardPlayed of it anywhere but a battlefield its player conquered this turn
  (a Conquer is a score by gaining control, RUP4 464.1).  The conquests of the turn are
  recorded (``state.extra["conquered"] = {"turn": n, "by": {player: [battlefields]}}``) by
  :func:`note_score`, only in games where such a card is among the objects.
* :class:`~riftlog.cards.vocab_turn_limits.NoScoringBeforeOwnTurn` (Forgotten Monument,
  SFD-209): a battlefield no player scores before their own n-th turn (a "can't", RUP4
  054 beats the scores of 464.1 / 464.2); :func:`score_refused` is a
  ``scoring.SCORE_RESTRICTIONS`` entry.  Each player's turns are counted
  (``state.extra["turns_of"] = {player: n}``) by :func:`count_turn` at each turn's start
  (304), only in games with such a battlefield on the board.

Only games that need a record keep one, so the state of every other game is unchanged.
Hooks (registered on import, an engine extension): ``play.PLAY_RESTRICTIONS``,
``scoring.SCORE_HOOKS``, ``scoring.SCORE_RESTRICTIONS``, ``turn.TURN_START_HOOKS``.
"""

from __future__ import annotations

from riftlog.cards import vocab as V
from riftlog.cards.vocab_turn_limits import NoScoringBeforeOwnTurn, PlayOnlyToConqueredThisTurn
from riftlog.events.play import CardPlayed
from riftlog.rules.board.core import Violation
from riftlog.rules.board.resources import card_facts
from riftlog.rules.board.state import GameState
from riftlog.rules.flow import turn
from riftlog.rules.game_actions import scoring
from riftlog.rules.interpreter import effects
from riftlog.rules.playing import play

__all__ = ["conquered_this_turn", "count_turn", "counts_turns", "note_score", "own_turns",
           "play_violations", "score_refused", "turns_by_turn_number"]


def _conquered_only(enc: V.Encoding) -> bool:
    return any(isinstance(a, PlayOnlyToConqueredThisTurn) for a in enc.abilities)


def _first_scoring_turn(enc: V.Encoding) -> int:
    return max((a.turn for a in enc.abilities if isinstance(a, NoScoringBeforeOwnTurn)),
               default=0)


# --- conquests of the turn ----------------------------------------------------------------


def _listens(state: GameState) -> bool:
    """Whether a card of the game reads the turn's conquests (kept in ``extra``, not
    recomputed: the objects of a game do not change kind)."""
    known = state.extra.get("conquered")
    if known is not None:
        return True
    return any(effects.encoding_fact(o.card, _conquered_only, False)
               for o in state.objects.values())


def note_score(state: GameState, pid: str, battlefield: str, how: str) -> None:
    """Record a Conquer of *battlefield* by *pid* (RUP4 464.1) in games that read it."""
    if how != "conquer" or not _listens(state):
        return
    rec = state.extra.get("conquered")
    if rec is None or rec.get("turn") != state.turn:
        rec = state.extra["conquered"] = {"turn": state.turn, "by": {}}
    rec["by"].setdefault(pid, []).append(battlefield)


def conquered_this_turn(state: GameState, pid: str) -> list[str]:
    """The battlefields *pid* conquered this turn (recorded only where a card reads it)."""
    rec = state.extra.get("conquered")
    if rec is None or rec.get("turn") != state.turn:
        return []
    return list(rec["by"].get(pid, ()))


def play_violations(state: GameState, d: CardPlayed) -> list[Violation]:
    """A unit that may be played only to a battlefield conquered this turn, played elsewhere."""
    obj = state.objects.get(d.card)
    if obj is None or not effects.encoding_fact(obj.card, _conquered_only, False):
        return []
    if obj.zone == "facedown":
        dest: str | None = obj.location  # 811.1.d.1: played where it was hidden
    else:
        dest = d.destination
    done = conquered_this_turn(state, d.player)
    if dest is not None and dest in done:
        return []
    where = "their base" if dest in (None, "base") or str(dest).startswith("base:") else dest
    said = ", ".join(done) if done else "none"
    return [Violation("366.1", f"{card_facts(obj.card)} may be played only to a battlefield "
                      f"{d.player} conquered this turn (conquered: {said}), not to {where}; "
                      "its passive applies where it is played from", state.edition)]


# --- each player's own turns --------------------------------------------------------------


def _monuments(state: GameState) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for bf in state.battlefields:
        n = effects.encoding_fact(bf.card, _first_scoring_turn, 0)
        if n:
            out.append((bf.oid, n))
    return out


def count_turn(state: GameState, pid: str) -> None:
    """A turn of *pid* begins (304): counted in games with a battlefield that reads it."""
    if not _monuments(state):
        return
    turns: dict[str, int] = state.extra.setdefault("turns_of", {})
    turns[pid] = turns.get(pid, 0) + 1


def counts_turns(state: GameState) -> bool:
    """Whether the game keeps each player's own turn count (a battlefield reads it)."""
    return bool(_monuments(state))


def turns_by_turn_number(state: GameState) -> dict[str, int]:
    """Each player's own turns begun so far, worked out from the game's turn number and turn
    order as if every player took one turn in order from the first (no extra, skipped or
    eliminated player's turns): the default of a position that does not say (issue 24).
    Players who have not begun a turn are left out, as :func:`count_turn` leaves them."""
    order, n = state.turn_order, len(state.turn_order)
    out: dict[str, int] = {}
    for i, pid in enumerate(order):
        if state.turn > i:
            out[pid] = (state.turn - 1 - i) // n + 1
    return out


def own_turns(state: GameState, pid: str) -> int:
    """How many turns *pid* has begun so far, this one included (counted where needed)."""
    return int(state.extra.get("turns_of", {}).get(pid, 0))


def score_refused(state: GameState, pid: str, battlefield: str, how: str) -> Violation | None:
    """Why *pid* may not score *battlefield* yet: it forbids scores before their n-th turn."""
    for oid, n in _monuments(state):
        if oid == battlefield and own_turns(state, pid) < n:
            return Violation("054", f"{card_facts(state.battlefield(oid).card)} ({oid}) cannot "
                             f"be scored by {pid} before their turn {n} (this is their turn "
                             f"{own_turns(state, pid)}); a \"can't\" beats the {how} (464)",
                             state.edition)
    return None


def _register() -> None:
    if play_violations not in play.PLAY_RESTRICTIONS:
        play.PLAY_RESTRICTIONS.append(play_violations)
    if note_score not in scoring.SCORE_HOOKS:
        scoring.SCORE_HOOKS.append(note_score)
    if score_refused not in scoring.SCORE_RESTRICTIONS:
        scoring.SCORE_RESTRICTIONS.append(score_refused)
    if count_turn not in turn.TURN_START_HOOKS:
        turn.TURN_START_HOOKS.append(count_turn)


_register()
