"""Game commands: ``new``, ``paper``, ``play``, ``bot``, ``state``, ``step``, ``transcript``
and ``demo``.  Thin over :mod:`riftlog.recorder`, :mod:`riftlog.reducer`, :mod:`riftlog.views`
and :mod:`riftlog.step`; ``replay`` is in :mod:`riftlog.cli.replay`, ``judge ...`` in
:mod:`riftlog.cli.judge`."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import click

from riftlog import plural
from riftlog.cli import (
    acting,
    as_option,
    db_option,
    handle_errors,
    main,
    open_store,
    seed_keeper,
)
from riftlog.errors import RecorderError

#: copies of riftlog.rules.board.core's NEW_GAME_EDITION and EDITIONS, so that --help loads
#: no engine (tests/notation/test_startup.py checks that they agree)
NEW_GAME_EDITION = "RUP4"
EDITIONS = ("RUP4", "v1.3", "v1.2")


def edition_named(name: str) -> str:
    """The edition *name* spells in any case (as riftlog.rules.board.core.edition_named)."""
    return next((e for e in EDITIONS if e.lower() == name.strip().lower()), name)


_VIEW_HELP = ("Who is looking: a player id (p1: their own hand, everything public), "
              "opponent:p1, spectator (what spectators see), spectator:N (N events behind the "
              "game, e.g. spectator:10), judge (everything) or public (once the game is over).")

if TYPE_CHECKING:
    from rich.console import Console


def wide_console(file: IO[str] | None = None) -> Console:
    """A console for boards and reports: as wide as the terminal, else 160 columns."""
    from rich.console import Console  # lazy: start-up time

    return Console(width=None if sys.stdout.isatty() else 160, soft_wrap=False, highlight=False,
                   file=file)


def _emit(data: Any) -> None:
    click.echo(json.dumps(data, indent=1, sort_keys=True))


def _player(text: str, mode: str, check: bool) -> Any:
    from riftlog.recorder import player_from_deck

    parts = text.split(":", 2)
    if len(parts) != 3 or not all(parts):
        raise RecorderError(f"--player {text!r}: expected ID:NAME:DECK (e.g. p1:Alice:deck.txt "
                            "or p1:Alice:annie-dark-child)")
    return player_from_deck(parts[0], parts[1], parts[2], mode=mode, check=check)


@main.command("new")
@db_option
@as_option
@click.argument("game")
@click.option("--mode", type=click.Choice(["duel", "match", "ffa3", "ffa4", "2v2"]), default="duel",
              show_default=True, help="Mode of play.")
@click.option("--player", "players", multiple=True, required=True, metavar="ID:NAME:DECK",
              help="A seat, in seating order: player id, name and deck (a deck-list file or "
                   "a sample deck's name: riftlog deck samples).")
@click.option("--seed", default=None, help="Seed for riftlog's random outcomes (default: a fresh "
              "secret one; its SHA-256 is stored and the seed revealed when the game ends).")
@click.option("--recorded", is_flag=True, help="The client reports every random outcome instead.")
@click.option("--information", default="full", show_default=True, metavar="full|paper|seat:P",
              help="What the record holds of hidden cards: full (every deck order), paper "
                   "(only what the table saw; implies --recorded) or seat:P (paper plus what "
                   "player P saw).")
@click.option("--edition", default=NEW_GAME_EDITION, show_default=True, help="Rules edition the game is judged under (RUP4, v1.3 or v1.2).")
@click.option("--match", "match_id", default=None, help="Match id (created if new).")
@click.option("--game-number", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which game of the match this is (a match's battlefields used in earlier "
                   "games leave the next).")
@click.option("--tournament", default=None, help="Tournament id (created if new).")
@click.option("--round", "round_", type=click.IntRange(min=1), default=None,
              help="Tournament round of the match (with --tournament).")
@click.option("--table", default=None, help="Table label of the match, e.g. 12 or A3.")
@click.option("--no-deck-check", is_flag=True, help="Do not check the deck-building rules.")
@click.option("--best-of", type=click.Choice(["1", "3", "5"]), default=None,
              help="A new match's length (default: 1 for a duel, else 3).")
@handle_errors
def new(game: str, mode: str, players: tuple[str, ...], seed: str | None, recorded: bool,
        information: str, edition: str, match_id: str | None, game_number: int, tournament: str | None,
        round_: int | None, table: str | None, no_deck_check: bool,
        best_of: str | None) -> None:
    """Create GAME and record its GameCreated (and, if seeded, the setup's random outcomes).

    A seeded game's seed is kept, until the game ends, in a file readable by you only:
    SECRETS/STORE-ID/GAME.seed, where SECRETS is --secrets DIR (before the command),
    else $RIFTLOG_SECRETS, else DB.secrets next to a SQLite file, else
    ~/.local/share/riftlog/secrets.  Another recorder (say, on another machine writing to
    the same PostgreSQL store) continues the game once it has that file: copy it to the
    same place under its own secrets folder, or point RIFTLOG_SECRETS at a shared one.

    \b
    Example:
        riftlog new g1 --player p1:Alice:annie-dark-child \\
                       --player p2:Bob:garen-might-of-demacia --seed s3cret
        riftlog new g2 --player p1:Alice:my-deck.txt --player p2:Bob:lux-lady-of-luminosity
        riftlog new g3 --information paper --player p1:Alice:annie-dark-child \\
                       --player p2:Bob:garen-might-of-demacia
    """
    from riftlog.recorder import create_game, information_level

    level, seat = information_level(information)
    if level != "full":
        if seed is not None:
            raise RecorderError(f"--seed and --information {information} exclude each other: "
                                "a game recorded from the table is not seeded")
        recorded = True
    if recorded and seed is not None:
        raise RecorderError("--seed and --recorded exclude each other")
    store = open_store()
    keeper = seed_keeper(store)
    rec = create_game(store, game, mode=mode,  # type: ignore[arg-type]
                      players=[_player(p, mode, not no_deck_check) for p in players],
                      randomness="recorded" if recorded else "seeded", seed=seed,
                      rules_edition=edition, match_id=match_id, game_number=game_number,
                      tournament_id=tournament, round=round_, table=table,
                      best_of=int(best_of) if best_of else None,
                      sideboards=_sideboards(players), check_sideboarding=not no_deck_check,
                      actor=acting(), keeper=keeper, information=level, recording_seat=seat)
    how = "recorded by the client" if recorded else f"seeded (commitment {rec.created.seed_commitment})"
    click.echo(f"game {game}: created at seq {rec.seq}; information "
               f"{rec.created.information_label()}; randomness {how}; awaiting {_awaiting(rec)}")
    from riftlog.cards import DeckList, support_note

    for p in rec.created.players:
        note = support_note(DeckList.from_spec(p.deck))
        if note:
            click.echo(f"note: {p.id}'s deck: {note}")
    if not recorded:
        click.echo(f"the seed is kept in {rec.keeper.file(game)} until the game ends; another "
                   "recorder continues the game once it has that file (copy it to the same "
                   "place under its --secrets folder)")
    _warn_bans(store, game, rec.created)


@main.command("paper")
@db_option
@as_option
@click.argument("game")
@click.argument("new_game")
@click.option("--information", default="paper", show_default=True, metavar="paper|seat:P",
              help="The record to make: paper (what the table saw) or seat:P (that and what "
                   "player P saw).")
@handle_errors
def paper_cmd(game: str, new_game: str, information: str) -> None:
    """Record NEW_GAME: the full game GAME as a scorekeeper at the table would have recorded
    it (no deck orders, no seed; hidden cards named when they were shown).

    Every event is judged again as it is written; `riftlog replay NEW_GAME` then says what a
    judge finds from that record alone (a card hidden face down from hand, say, is
    unverifiable there).

    \b
    Example:
        riftlog paper g1 g1-paper
        riftlog paper g1 g1-seat-p1 --information seat:p1
    """
    from riftlog.paper_records import record_projection
    from riftlog.recorder import information_level

    level, seat = information_level(information)
    if level == "full":
        raise RecorderError("--information: paper or seat:P (the game is already full)")
    rec = record_projection(open_store(), game, new_game, level, seat, actor=acting())
    click.echo(f"game {new_game}: the {rec.created.information_label()} record of {game}, "
               f"{plural(rec.seq, 'event')}; awaiting {_awaiting(rec)}")


def _sideboards(players: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """The sideboard of each seat's deck list (Tournament Rules 403)."""
    from riftlog.cards.deckcodes import read_any_deck

    out = {}
    for text in players:
        pid, _name, deck = text.split(":", 2)
        out[pid] = tuple(e.card_id for e in read_any_deck(deck).sideboard for _ in range(e.count))
    return out


def _warn_bans(store: Any, game: str, created: Any) -> None:
    """Warn (stderr) when a deck breaks the ban lists in force on the game's date."""
    import datetime as dt

    from riftlog.cards.banlists import game_ban_warnings

    first = next(iter(store.read(game, to_seq=1)))
    on = dt.datetime.fromisoformat(first.recorded_at).date()
    for line in game_ban_warnings(created, on):
        click.echo(f"warning: {line}", err=True)


def _awaiting(rec: Any) -> str:
    from riftlog.rules import engine

    if rec.folder.state is None:
        return "nothing"
    reqs = engine.pending(rec.state)
    return "; ".join(f"{r.kind} from {r.player or 'a random outcome'} ({', '.join(r.decisions)})"
                     for r in reqs) or "nothing (the game is over)"


@main.command("play")
@db_option
@as_option
@click.argument("game")
@click.argument("decision")
@click.option("--record-mode", is_flag=True,
              help="Keep an illegal decision (with its verdict) instead of refusing it.")
@click.option("--client-id", default=None, help="Client event id (a retry is stored once).")
@handle_errors
def play(game: str, decision: str, record_mode: bool, client_id: str | None) -> None:
    """Append a DECISION to GAME: a line of notation (docs/notation.md) or JSON with a "type".

    The notation names cards by name (a prefix is enough) and the player is the one the
    game awaits unless the line starts with one ("p2: concede").  Strict by default: an
    illegal decision is refused with the rule it breaks and nothing is written.  A decision
    that cannot be carried out is refused in both modes.  A player (--as p1) makes only
    their own seat's decisions; the default identity, recorder:local, records any seat's.

    \b
    Example:
        riftlog play g1 'mulligan Incinerate'
        riftlog play g1 'play Pakaa Cub @ base'
        riftlog play g1 'end' --record-mode
        riftlog play g1 --as p1 'p1: concede'
        riftlog play g1 '{"type": "TurnEnded", "player": "p1"}'
    """
    from riftlog.errors import UnsupportedCard, UnsupportedRule
    from riftlog.recorder import Recorder
    from riftlog.recording import decisions_from_line

    who = acting()
    rec = Recorder.open(store := open_store(), game, seed_keeper(store), actor=who)
    # a line without "p1:" is the acting seat's (--as p2), else the awaited player's
    payloads = decisions_from_line(rec.folder.state, decision,
                                   seat=who.name if who.role == "player" else None)
    before = rec.folder.state.clone() if rec.folder.state is not None else None
    try:
        # issue 21: in a paper game a line may name hidden cards first (CardsIdentified)
        *known, res = rec.record_all(payloads, mode="record" if record_mode else "strict",
                                     client_event_id=client_id)
    except (UnsupportedCard, UnsupportedRule) as exc:
        raise RecorderError(f"game {game}: {exc}; nothing was written (the engine cannot judge "
                            "it: `riftlog play --record-mode` records it anyway, and the replay "
                            "marks it unverifiable)") from None
    types = ", ".join(f"{e.seq} {e.type}" for r in (*known, res) for e in r.events)
    click.echo(f"game {game}: stored {types}")
    if known and rec.folder.state is not None:
        before = None  # the line named cards: describe the decision as stored
        from riftlog.narration import describe_payload  # lazy: start-up time

        for r in known:
            click.echo(f"  {describe_payload(None, r.events[0].decoded())}")
    if before is not None and res.events and res.events[0].decoded().IS_DECISION:
        from riftlog.narration import describe_payload  # lazy: start-up time

        click.echo(f"  {describe_payload(before, res.events[0].decoded())}")  # as stored
    for v in res.violations:
        click.echo(f"  kept although illegal: {v}")
    if res.unverifiable:
        click.echo(f"  unverifiable: {res.unverifiable}")
    click.echo(f"  awaiting {_awaiting(rec)}")


@main.command("bot")
@db_option
@as_option
@click.argument("game")
@click.option("--seed", required=True, help="Seed of the bot's choices.")
@click.option("--turns", type=click.IntRange(min=1), default=30, show_default=True,
              help="Stop after this turn.")
@click.option("--keep-open", is_flag=True, help="Do not reveal the seed and seal the game at the end.")
@handle_errors
def bot_cmd(game: str, seed: str, turns: int, keep_open: bool) -> None:
    """Play GAME on with the random legal-game bot; once it is over, reveal the seed and seal it.

    \b
    Example:
        riftlog bot g1 --seed 7 --turns 12
    """
    from riftlog.recorder import Recorder, play_bot

    rec = Recorder.open(store := open_store(), game, seed_keeper(store), actor=acting())
    n = play_bot(rec, seed, max_turns=turns)
    # only a finished game reveals its seed and is sealed: an open one goes on later
    seal = rec.finish() if rec.state.is_over() and not keep_open else None
    st = rec.state
    points = ", ".join(f"{p.id} {p.points}" for p in st.players.values())
    click.echo(f"game {game}: bot appended {plural(n, 'event')}; turn {st.turn} {st.phase}; points {points}"
               + (f"; winner {', '.join(st.winner)}" if st.winner else "")
               + (f"; sealed {seal[:16]}..." if seal else "")
               + ("" if st.is_over() else "; the game goes on (not sealed)"))
    if seal:
        click.echo(f"receipt: {rec.store.receipt(game)}")


@main.command("state")
@db_option
@click.argument("game")
@click.option("--at", "at", type=click.IntRange(min=1), default=None, help="Seq (default: the last).")
@click.option("--view", "viewer", default="judge", show_default=True,
              help=_VIEW_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print the state view as JSON.")
@click.option("--position", "as_position", is_flag=True,
              help="Print the whole moment as a position (judge only; docs/positions.md).")
@handle_errors
def state(game: str, at: int | None, viewer: str, as_json: bool, as_position: bool) -> None:
    """Print the state of GAME after event --at N, as a viewer may see it.

    \b
    Example:
        riftlog state g1 --at 40 --view p1
        riftlog state g1 --at 40 --view spectator:5 --json
        riftlog state g1 --at 40 --position > board.txt
    """
    from riftlog.reducer import state_at
    from riftlog.views import GameView, parse_viewer, visible_seq

    store = open_store()
    last = store.game(game).last_seq
    head = state_at(store, game)
    if head.created is None:
        raise RecorderError(f"game {game} has no GameCreated")
    who = parse_viewer(viewer, head.created)
    over = head.state is not None and head.state.is_over()
    seq = visible_seq(who, at or last, last, over)
    pos = head if seq == last else state_at(store, game, seq)
    if as_position:
        _print_position(pos, who, game, seq)
        return
    # the aliases of hidden cards as in the game's other views (a fold up to seq)
    data = GameView(store.read(game, 1, seq) if who.kind != "judge" else [], who).state(pos)
    if as_json:
        _emit(data)
    else:
        from riftlog.step import render_board

        wide_console().print(render_board(data))


def _print_position(pos: Any, who: Any, game: str, seq: int) -> None:
    from riftlog.positions import print_position

    if who.kind != "judge":
        raise RecorderError("a position shows every hidden card: only --view judge prints one")
    if pos.state is None:
        raise RecorderError(f"game {game} has no state at seq {seq}")
    if "information" in pos.state.extra:  # issue 21
        raise RecorderError(f"game {game} is a paper or seat record: a position would write a "
                            "card for every hidden object, which this record does not know; "
                            "`riftlog state` shows what it knows")
    click.echo(f"# game {game} after seq {seq}")
    click.echo(print_position(pos.state), nl=False)


@main.command("step")
@db_option
@click.argument("game")
@click.option("--view", "viewer", default="judge", show_default=True,
              help="Viewer to start with (change it with v VIEWER). " + _VIEW_HELP)
@click.option("--at", "start", type=click.IntRange(min=1), default=1, show_default=True,
              help="The seq to start at.")
@handle_errors
def step(game: str, viewer: str, start: int) -> None:
    """Step through GAME: the board and each event's verdict, one command per line.

    Commands: n/p next/previous event, N/P next/previous turn, g SEQ, v VIEWER, s (verdict
    in full), h (help), q (quit).

    \b
    Example:
        riftlog step g1
        printf 'n\\nN\\nv p1\\ng 30\\ns\\nq\\n' | riftlog step g1
    """
    from riftlog.step import HELP, Navigator, run

    store = open_store()
    nav = Navigator(store.read(game, verify=True))
    console = wide_console()
    console.print(HELP)
    run(nav, sys.stdin, console, viewer, start)


@main.command("transcript")
@db_option
@click.argument("game")
@click.option("--view", "viewer", default="spectator", show_default=True,
              help=_VIEW_HELP)
@handle_errors
def transcript_cmd(game: str, viewer: str) -> None:
    """Print GAME's events and the game actions they caused, cut for a viewer (JSON).

    \b
    Example:
        riftlog transcript g1 --view spectator:10
    """
    from riftlog.reducer import state_at
    from riftlog.views import parse_viewer, transcript

    store = open_store()
    created = state_at(store, game, 1).created
    assert created is not None
    _emit(transcript(store.read(game), parse_viewer(viewer, created)))


@main.command("demo")
@click.option("--dir", "directory", type=click.Path(file_okay=False), default="riftlog-demo",
              show_default=True, help="Where the demo puts its store and reports.")
@handle_errors
def demo(directory: str) -> None:
    """Record, replay and judge a few games on a fresh SQLite store (takes seconds).

    \b
    Example:
        riftlog demo --dir /tmp/riftlog-demo
    """
    from riftlog.demo import run_demo

    result = run_demo(Path(directory).absolute(), say=click.echo)
    click.echo(f"demo done in {result.seconds:.1f} s")
