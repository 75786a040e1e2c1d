"""Matches as tournaments run them (Riftbound Tournament Rules 403, 408, 601).

* :func:`standing` -- games won and drawn per player and the match result from the
  games' outcomes: best of 1, 3 or 5; the first to the game-win score (a majority of
  the games, 408.3) wins; once time was called, the player with more game wins wins
  (408.3.a) and equal game wins is a drawn match (408.3.b);
* :func:`match_view` -- the games of a stored match with their results and judge events;
* :func:`judge_events` -- a game's rulings, penalties, game losses and time calls as
  plain lines (a ruling's words only for the judge's view: they may name hidden cards);
* :func:`check_sideboarding` -- the deck a player brings to the next game of a match,
  against the deck of the game before and the registered sideboard (403.4, 403.4.a,
  403.4.c, 403.5, 403.10, 601.1.c).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from riftlog.bundle import match_rows
from riftlog.cards.deckcheck import DeckViolation, validate_deck
from riftlog.cards.decks import DeckEntry, DeckList
from riftlog.cards.sideboards import sideboard_violations
from riftlog.errors import RecorderError
from riftlog.events import StoredEvent
from riftlog.events.payloads import DeckSpec, GameCreated
from riftlog.replay import replay_events
from riftlog.store import EventStore, GameInfo

#: Judge events an organiser's records show.
RECORDED_JUDGE_TYPES = ("RulingGiven", "PenaltyIssued", "GameLossIssued", "TimeCalled")
#: How riftlog.rules.flow.timed_round ends a game under TR 408.4.
SINGLE_ELIMINATION_ENDS = frozenset({"time: most points", "time: draw on points",
                                     "time: sudden death point"})


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """How one game of a match ended: ``winners`` None while unfinished, [] for a draw."""

    game_id: str
    game_number: int
    players: tuple[str, ...]
    winners: tuple[str, ...] | None
    end_reason: str | None = None
    judge_events: tuple[str, ...] = ()

    @property
    def drawn(self) -> bool:
        return self.winners == ()

    @property
    def by_time(self) -> bool:
        return (self.end_reason or "").startswith("time")

    @property
    def single_elimination(self) -> bool:
        """Ended by the timed single-elimination procedure (TR 408.4)."""
        return self.end_reason in SINGLE_ELIMINATION_ENDS

    def result(self) -> str:
        """``p1 won``, ``draw`` or ``unfinished`` (with how it ended)."""
        if self.winners is None:
            return "unfinished"
        how = f" ({self.end_reason})" if self.end_reason else ""
        return ("draw" if not self.winners else " and ".join(self.winners) + " won") + how


@dataclass(frozen=True, slots=True)
class Standing:
    """Games won and drawn so far and the match result (``winner`` None: no winner yet)."""

    best_of: int
    wins: dict[str, int]
    draws: int
    played: int
    over: bool
    winner: str | None
    rule: str | None = None

    def score(self) -> str:
        """``p1 2, p2 1, drawn 0``."""
        return ", ".join(f"{p} {n}" for p, n in self.wins.items()) + f", drawn {self.draws}"

    def result(self) -> str:
        """``p1 wins the match 2-1 (TR 408.3)``, ``match drawn (...)`` or ``in progress``."""
        if not self.over and self.rule == "408.4.d":
            return ("game wins tied after time: a new game starts with time called at once "
                    "and five additional turns (TR 408.4.d)")
        if not self.over:
            return f"in progress (best of {self.best_of})"
        tally = "-".join(str(n) for n in sorted(self.wins.values(), reverse=True))
        if self.winner is None:
            return f"match drawn {tally} (TR {self.rule})"
        return f"{self.winner} wins the match {tally} (TR {self.rule})"


def standing(outcomes: Sequence[GameOutcome], best_of: int = 1,
             players: Sequence[str] = ()) -> Standing:
    """The match after *outcomes* (in game order), per Tournament Rules 408.3."""
    if best_of not in (1, 3, 5):
        raise RecorderError(f"a match is best of 1, 3 or 5, not {best_of}")
    need = best_of // 2 + 1
    seats = list(players) or list(dict.fromkeys(p for o in outcomes for p in o.players))
    wins = dict.fromkeys(seats, 0)
    draws = played = 0
    timed = single = False
    for o in outcomes:
        if o.winners is None:
            continue
        played += 1
        timed = timed or o.by_time
        single = single or o.single_elimination
        if not o.winners:
            draws += 1
        for p in o.winners:
            wins[p] = wins.get(p, 0) + 1
        leader = next((p for p, n in wins.items() if n >= need), None)
        if leader is not None:
            return Standing(best_of, wins, draws, played, True, leader, "408.3")
    if timed or played >= best_of:  # 408.2: time called, or no game left to play
        top = max(wins.values(), default=0)
        leaders = [p for p, n in wins.items() if n == top]
        if len(leaders) == 1:
            last = [o for o in outcomes if o.winners is not None][-1]
            rule = ("408.4.c.2" if last.drawn else "408.4.c.1") if single else "408.3.a"
            return Standing(best_of, wins, draws, played, True, leaders[0], rule)
        if single:  # single elimination has no drawn match
            return Standing(best_of, wins, draws, played, False, None, "408.4.d")
        return Standing(best_of, wins, draws, played, True, None, "408.3.b")
    return Standing(best_of, wins, draws, played, False, None)


def judge_events(events: Iterable[StoredEvent], *, judge_view: bool = True) -> list[str]:
    """A game's rulings, penalties, game losses and time calls, one plain line each."""
    out = []
    for ev in events:
        if ev.type not in RECORDED_JUDGE_TYPES:
            continue
        p: dict[str, Any] = ev.payload
        who = p.get("judge", "")
        rules = f" [{', '.join(p['rule_ids'])}]" if p.get("rule_ids") else ""
        if ev.type == "RulingGiven":
            about = f" about seq {p['about_seq']}" if p.get("about_seq") else ""
            words = f": {p.get('text', '')}" if judge_view else ""
            out.append(f"seq {ev.seq} ruling by {who}{about}{rules}{words}")
        elif ev.type == "PenaltyIssued":
            why = f": {p['reason']}" if p.get("reason") else ""
            out.append(f"seq {ev.seq} penalty {p.get('penalty')} to {p.get('player')} "
                       f"by {who}{rules}{why}")
        elif ev.type == "GameLossIssued":
            why = f": {p['reason']}" if p.get("reason") else ""
            out.append(f"seq {ev.seq} game loss to {p.get('player')} by {who}{why}")
        else:
            out.append(f"seq {ev.seq} time called by {who} (TR {p.get('procedure', '408.2')}, "
                       f"{p.get('additional_turns', 3)} additional turns)")
    return out


def game_outcome(store: EventStore, info: GameInfo) -> GameOutcome:
    """Replay one stored game (hash chain verified) and say how it ended."""
    events = list(store.read(info.id, verify=True))
    created = events[0].decoded()
    assert isinstance(created, GameCreated)
    res = replay_events(events, game_id=info.id).result
    winner = res.get("winner")
    over = winner is not None or res.get("phase") == "over"
    return GameOutcome(info.id, info.game_number, tuple(p.id for p in created.players),
                       tuple(winner or ()) if over else None, res.get("end_reason"),
                       tuple(judge_events(events)))


@dataclass
class MatchView:
    """A stored match: its games in order, their outcomes and the standing."""

    match_id: str
    best_of: int
    tournament: str | None
    round: int | None
    table: str | None
    games: list[GameOutcome] = field(default_factory=list)
    standing: Standing | None = None


def match_view(store: EventStore, match_id: str) -> MatchView:
    """The match *match_id* as an organiser reads it."""
    rows = match_rows(store)
    if match_id not in rows:
        raise RecorderError(f"no match {match_id!r} in the store")
    m = rows[match_id]
    infos = sorted((g for g in store.games() if g.match_id == match_id),
                   key=lambda g: g.game_number)
    view = MatchView(match_id, m.best_of, m.tournament_id, m.round, m.table)
    view.games = [game_outcome(store, g) for g in infos]
    players = view.games[0].players if view.games else ()
    view.standing = standing(view.games, m.best_of, players)
    return view


# --- sideboarding -----------------------------------------------------------------------------


def _pool(spec: DeckSpec, sideboard: Iterable[str]) -> Counter[str]:
    return Counter([spec.champion, *spec.main, *sideboard])


def check_sideboarding(registered: DeckSpec, registered_sideboard: Sequence[str],
                       previous: DeckSpec, new: DeckSpec, new_sideboard: Sequence[str], *,
                       game_number: int, previous_drawn: bool = False,
                       mode: str = "duel") -> list[DeckViolation]:
    """Every Tournament Rules breach of bringing *new* (with *new_sideboard*) to game
    *game_number* of a match whose previous game was played with *previous*.

    The Main Deck and sideboard together stay the registered pool (403.4: cards are
    exchanged one for one), the legend, runes and battlefields do not change, the new deck
    obeys the deck-building rules (403.4.c; the Chosen Champion may change, 403.4.a), the
    sideboard has at most 8 cards (601.1.c.1); no sideboarding before game 1 (403.5) or
    after a drawn game (403.10).
    """
    out: list[DeckViolation] = []

    def add(rule: str, message: str) -> None:
        out.append(DeckViolation(f"TR {rule}", message))

    if _pool(new, new_sideboard) != _pool(registered, registered_sideboard):
        add("403.4", "the Main Deck and sideboard together differ from the registered deck "
                     "and sideboard; sideboard cards are exchanged one for one")
    for part in ("legend", "runes", "battlefields"):
        if Counter(getattr(new, part) if part != "legend" else [new.legend]) != \
                Counter(getattr(registered, part) if part != "legend" else [registered.legend]):
            add("403.4", f"the {part} differ from the registered deck; only Main Deck cards "
                         "are exchanged with the sideboard")
    same_as_before = (Counter([new.champion, *new.main]) == Counter([previous.champion,
                                                                     *previous.main])
                      and new.champion == previous.champion)
    if game_number == 1 and _pool(new, ()) != _pool(registered, ()):
        add("403.5", "sideboard cards may not be used in the first game of a match")
    if game_number > 1 and previous_drawn and not same_as_before:
        add("403.10", "the previous game was a draw: no sideboarding for this game")
    deck = DeckList.from_spec(new)
    out += validate_deck(deck, mode)
    out += sideboard_violations(replace(deck, sideboard=sideboard_entries(new_sideboard)))
    return out


def sideboard_entries(ids: Sequence[str]) -> tuple[DeckEntry, ...]:
    """Sideboard card ids grouped as deck-list entries."""
    return tuple(DeckEntry(cid, n) for cid, n in Counter(ids).items())


def _game_decks(store: EventStore, info: GameInfo) -> tuple[dict[str, DeckSpec], dict[str, tuple[str, ...]]]:
    decks: dict[str, DeckSpec] = {}
    sides: dict[str, tuple[str, ...]] = {}
    for ev in store.read(info.id):
        if ev.type == "GameCreated":
            created = ev.decoded()
            assert isinstance(created, GameCreated)
            decks = {p.id: p.deck for p in created.players}
        elif ev.type == "SideboardRegistered":
            sides[str(ev.payload["player"])] = tuple(ev.payload.get("cards", ()))
    return decks, sides


def sideboarding_problems(store: EventStore, match_id: str, game_number: int,
                          decks: dict[str, DeckSpec], sideboards: dict[str, Sequence[str]],
                          mode: str = "duel") -> list[str]:
    """What is wrong with the decks and sideboards brought to game *game_number* of a stored
    match, per player (empty: nothing; the first game registers them)."""
    infos = {g.game_number: g for g in store.games() if g.match_id == match_id}
    if game_number <= 1 or 1 not in infos:
        return []
    first_decks, first_sides = _game_decks(store, infos[1])
    before = max((n for n in infos if n < game_number), default=None)
    if before is None:
        return []
    prev_decks, _ = _game_decks(store, infos[before])
    drawn = game_outcome(store, infos[before]).drawn
    out = []
    for pid, spec in decks.items():
        if pid not in first_decks:
            out.append(f"{pid}: did not play game 1 of match {match_id}")
            continue
        problems = check_sideboarding(
            first_decks[pid], first_sides.get(pid, ()), prev_decks.get(pid, first_decks[pid]),
            spec, tuple(sideboards.get(pid, first_sides.get(pid, ()))),
            game_number=game_number, previous_drawn=drawn, mode=mode)
        out += [f"{pid}: {v}" for v in problems]
    return out


def finished_match(store: EventStore, match_id: str, game_number: int) -> Standing | None:
    """The standing of a stored match if its games before *game_number* already decided it
    (408.3; after time was called the match ends with its game, 408.2.a), else None."""
    rows = match_rows(store)
    if match_id not in rows or game_number <= 1:
        return None
    infos = sorted((g for g in store.games()
                    if g.match_id == match_id and g.game_number < game_number),
                   key=lambda g: g.game_number)
    if not infos:
        return None
    games = [game_outcome(store, g) for g in infos]
    result = standing(games, rows[match_id].best_of, games[0].players)
    return result if result.over else None
