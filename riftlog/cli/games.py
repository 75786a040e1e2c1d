"""Game commands: ``new``, ``play``, ``bot``, ``replay``, ``state``, ``step``,
``transcript``, ``judge ...`` and ``demo``.  Thin over :mod:`riftlog.recorder`,
:mod:`riftlog.replay`, :mod:`riftlog.reducer`, :mod:`riftlog.views` and :mod:`riftlog.step`."""

from __future__ import annotations

import contextlib
import json
import signal
import sys
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, cast

import click

from riftlog import plural
from riftlog.cli import (
    EXIT_ERROR,
    acting,
    as_option,
    db_option,
    handle_errors,
    main,
    open_store,
    seed_keeper,
)
from riftlog.errors import RecorderError, UnknownGame

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

#: Exit status of ``replay`` when an event that still counts is illegal or divergent.
EXIT_DISPUTE = 2
#: Exit status of ``replay`` stopped by Ctrl-C (SIGINT), as shells report it.
EXIT_INTERRUPTED = 130


def _console(file: IO[str] | None = None) -> Console:
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


@main.command("replay")
@db_option
@click.argument("games", nargs=-1)
@click.option("--all", "all_games", is_flag=True, help="Replay every game of the store.")
@click.option("--rules", "edition", default=None, metavar="EDITION",
              callback=lambda _c, _p, v: edition_named(v) if v else v,
              help="Re-judge under another rules edition (RUP4, v1.3 or v1.2; any case; "
                   "default: the edition the game was created with) and list the events "
                   "whose verdicts differ.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the reports as JSON: one GAME's as an object; with --all or several "
                   "GAMEs, always a JSON array (streamed), even when it holds one game.")
@click.option("--baseline", type=click.Path(exists=True, dir_okay=False), default=None,
              help="A previous `replay --json` of the game: name the first seq whose state hash differs.")
@click.option("--check-snapshots", is_flag=True,
              help="Check every stored snapshot against the events (default: a sample, the "
                   "newest and those every 50 seqs; the verdicts never depend on snapshots).")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=0, show_default=True,
              help="Worker processes judging the games (0: one per core, at most one per "
                   "8 games; 1: in this process).")
@click.option("--public-key", "public_keys", multiple=True, metavar="KEY|FILE",
              help="Judge only games that carry a checkpoint signed by this organiser key "
                   "(or a file of keys; default: $RIFTLOG_TRUSTED_KEYS) that they still match; "
                   "the others are named as not judged.")
@handle_errors
def replay(games: tuple[str, ...], all_games: bool, edition: str | None, as_json: bool,
           baseline: str | None, check_snapshots: bool, jobs: int,
           public_keys: tuple[str, ...]) -> None:
    """Verify and re-validate every event of GAME(S); print the verdicts and dispute report.

    Each game's hash chain, head and seal are verified first.  Reports are printed as
    each game is judged, in order (--all streams: memory stays flat however many
    games the store holds).  Exit status 2 when an event that still counts is illegal or
    divergent (under the edition judged, --rules when given); 1 when a game could not be
    judged (unknown, tampered), after the others were.  Ctrl-C stops after the game in hand
    (a second Ctrl-C at once), with exit status 130: what was printed is whole (a --json
    array is closed) and stderr says how many games were judged.  With --rules the report is the one
    under that edition, followed by the events whose verdicts differ from the game's own
    edition and the known rules difference that explains each
    (riftlog.rules.editions.differences).

    \b
    Example:
        riftlog replay g1
        riftlog replay g1 --rules v1.2
        riftlog replay g1 --rules rup4
        riftlog replay g1 --rules v1.2 --json
        riftlog replay --all --check-snapshots
        riftlog replay --all --jobs 2 --json > verdicts.json
        riftlog replay --all --public-key organiser.pub
    """
    from riftlog.bulk import JudgeOptions, default_jobs, judge_games
    from riftlog.store.signing import trusted_keys

    store = open_store()
    # --all streams the ids from the store (pages of ids, never every game's row)
    ids: Iterable[str] = list(games) or (store.game_ids() if all_games else [])
    total = len(games) or (store.game_count() if all_games else 0)
    if not total:
        raise RecorderError("name a GAME (or --all)" if not all_games
                            else "the store holds no games")
    hashes = None
    if baseline:
        old = json.loads(Path(baseline).read_text(encoding="utf-8"))
        hashes = {int(e["seq"]): e.get("state_hash", "") for e in old.get("events", [])}
    options = JudgeOptions(edition=edition, check_snapshots=check_snapshots,
                           notable_only=not as_json, baseline=hashes)
    stdout = _WholeStdout()
    console = _console(cast(IO[str], stdout))
    bad = failed = False
    from rich.console import Console  # lazy: start-up time

    done = 0
    trusted = trusted_keys(public_keys)
    if trusted:  # a game rewritten after it was signed (or never signed) is not judged
        kept = []
        for game_id in ids:
            with contextlib.suppress(UnknownGame):  # named by the judging below
                report = store.verify_checkpoints(game_id, trusted, require=True)
                if not report.ok:
                    failed = True
                    click.echo(f"error: not judged: {report.lines()[0]}", err=True)
                    continue
            kept.append(game_id)
        ids, total = kept, len(kept)
    json_out = _JsonArray(stdout, single=total == 1 and not all_games)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    err = Console(stderr=True)
    interrupt = _Interrupt()
    try:
        with interrupt, Progress(TextColumn("{task.description}"), BarColumn(),
                                 MofNCompleteColumn(), console=err, transient=True,
                                 disable=not err.is_terminal) as bar, contextlib.closing(
                judge_games(store, ids, options, jobs=jobs or default_jobs(total))) as results:
            task = bar.add_task("replaying", total=total)
            for judged in results:
                bar.advance(task)
                done += 1
                if judged.report is None:
                    failed = True
                    click.echo(f"error: {judged.error}", err=True)
                else:
                    bad = bad or not judged.ok
                    if as_json:
                        json_out.add(judged.report)
                    else:
                        _print_report(console, judged.report)
                if interrupt.requested:
                    break
    except KeyboardInterrupt:  # a second Ctrl-C: stop at once
        sys.stdout.flush()
        click.echo(f"\ninterrupted at once after {plural(done, 'game')} of {total}: the "
                   "output is incomplete", err=True)
        sys.exit(EXIT_INTERRUPTED)
    if as_json:
        json_out.close()
    if interrupt.requested:
        click.echo(f"interrupted: stopped after {plural(done, 'game')} of {total}; the "
                   "output holds the reports of those" + (" (a complete JSON document)"
                                                          if as_json else ""), err=True)
        sys.exit(EXIT_INTERRUPTED)
    if failed:
        sys.exit(EXIT_ERROR)
    if bad:
        sys.exit(EXIT_DISPUTE)


class _Interrupt:
    """Ctrl-C (SIGINT) during ``replay``: the first one is noted (:attr:`requested`) and the
    game in hand finishes, so the output stays whole; a second raises KeyboardInterrupt.
    Installed only in the main thread, and not when SIGINT is ignored (``nohup``)."""

    def __init__(self) -> None:
        self.requested = False
        self._old: Any = None
        self._installed = False

    def __enter__(self) -> _Interrupt:
        old = signal.getsignal(signal.SIGINT)
        if old is not signal.SIG_IGN and threading.current_thread() is threading.main_thread():
            self._old = old
            signal.signal(signal.SIGINT, self._handle)
            self._installed = True
        return self

    def _handle(self, _signum: int, _frame: Any) -> None:
        if self.requested:
            raise KeyboardInterrupt
        self.requested = True

    def __exit__(self, *_exc: object) -> None:
        if self._installed:
            signal.signal(signal.SIGINT, self._old)
            self._installed = False


class _WholeStdout:
    """Standard output that writes every text whole.  A SIGINT can cut a write into a full
    pipe short, and CPython's buffered write then returns a short count, which print(),
    click and rich ignore: the rest of the text would be lost (a report cut in half)."""

    def write(self, text: str) -> int:
        stdout = sys.stdout
        stdout.flush()
        buffer = getattr(stdout, "buffer", None)
        if buffer is None:
            return stdout.write(text)
        data = memoryview(text.encode(stdout.encoding or "utf-8", stdout.errors or "strict"))
        while data:
            data = data[buffer.write(data):]
        buffer.flush()
        return len(text)

    def flush(self) -> None:
        sys.stdout.flush()

    def isatty(self) -> bool:
        return sys.stdout.isatty()

    @property
    def encoding(self) -> str:
        return sys.stdout.encoding or "utf-8"


class _JsonArray:
    """Reports written as they come: one GAME's as an object; with --all or several GAMEs
    the JSON array :func:`_emit` would print for the list of them (even of one)."""

    def __init__(self, out: _WholeStdout, single: bool) -> None:
        self.out = out
        self.single = single
        self.count = 0

    def add(self, data: dict[str, Any]) -> None:
        text = json.dumps(data, indent=1, sort_keys=True)
        if self.single:
            self.out.write(text + "\n")
        else:
            text = text.replace("\n", "\n ")
            self.out.write(("[\n " if self.count == 0 else ",\n ") + text)
        self.count += 1

    def close(self) -> None:
        if not self.single:
            self.out.write("\n]\n" if self.count else "[]\n")


def _print_differences(console: Console, data: dict[str, Any]) -> None:
    """The events whose verdicts differ between the game's edition and --rules."""
    from rich.markup import escape  # lazy: start-up time
    from rich.table import Table

    base, diffs, judged = data["compared_with"], data["differences"], data["edition"]
    if base == judged:
        console.print(f"the game was created under {base}: no other edition to compare with")
        return
    console.print(f"[bold]verdicts that differ between {base} (the game's edition) and "
                  f"{judged}: {plural(len(diffs), 'event')}[/]")
    if not diffs:
        return
    t = Table()
    for col in ("seq", "event", base, judged, "why", "explained by"):
        t.add_column(col)
    for d in diffs:
        why = "; ".join(d[f"{judged} reasons"] or d[f"{base} reasons"])
        t.add_row(str(d["seq"]), d["type"], d[base], d[judged], escape(why),
                  ", ".join(d.get("explained_by", [])) or "-")
    console.print(t)


def _print_report(console: Console, data: dict[str, Any]) -> None:
    """One game's report (:meth:`Report.to_json` with ``notable_only``: its events are the
    ones that are not plainly legal)."""
    from rich.markup import escape  # lazy: start-up time
    from rich.table import Table

    c = data["counts"]
    info = f" ({data['information']} information)" if data.get("information") else ""
    console.print(f"[bold]game {data['game_id']}[/] judged under {data['edition']}{info}: "
                  f"{plural(sum(c.values()), 'event')} in {data['seconds'] * 1000:.0f} ms: "
                  + ", ".join(f"{n} {k}" for k, n in c.items()) + f"; {data['seed']}")
    rows = data["events"]
    if rows:
        t = Table(title="events that are not plainly legal")
        for col in ("seq", "event", "by", "verdict", "why"):
            t.add_column(col)
        for v in rows:
            why = "; ".join(v.get("reasons", []))
            if v.get("voided_by"):
                why += f" [voided by seq {v['voided_by']}]"
            if v.get("corrected_by"):
                why += f" [corrected at seq {v['corrected_by']}]"
            t.add_row(str(v["seq"]), escape(v.get("decision") or v["type"]),
                      v.get("actor") or "chance", v["verdict"], escape(why))
        console.print(t)
    for j in data["judge_events"]:
        facts = ", ".join(f"{k}={_plain(j[k])}" for k in j
                          if k not in ("seq", "type", "actor", "judge", "voided", "voided_by")
                          and j[k] not in (None, "", [], ()))
        if j.get("voided"):
            facts += f"; voids seqs {_plain(j['voided'])}"
        if j.get("voided_by"):  # a ruling or penalty inside a range a later rewind voided
            facts += f" [voided by the rewind at seq {j['voided_by']}]"
        who = (j.get("actor") or j.get("judge") or j.get("author") or "an unnamed judge")
        who = " ".join(who.split(":", 1))  # "judge:Ann" reads "judge Ann"
        console.print(f"judge event seq {j['seq']}: {j['type']} by {who}: {escape(facts)}")
    if data["first_illegal"]:
        from riftlog.step import render_board

        first = next(v for v in data["events"] if v["seq"] == data["first_illegal"])
        console.print(f"[bold red]first illegal event: seq {first['seq']} {first['type']} "
                      f"by {first.get('actor') or 'chance'}[/]")
        if first.get("decision"):
            console.print(f"  decision: {escape(first['decision'])}")
        for line in first.get("reasons", []):
            console.print(f"  {escape(line)}")
        console.print(f"  the game awaited: {escape(first.get('awaited', ''))}")
        for opt in first.get("options", []):
            console.print(f"  legal option: {escape(opt)}")
        console.print("state just before it:")
        if data["state_before"] is not None:
            console.print(render_board(data["state_before"]))
        for line in data["consequences"]:
            console.print(f"  then: {escape(line)}")
    if "compared_with" in data:
        _print_differences(console, data)
    if "first_hash_difference" in data:
        first_diff = data["first_hash_difference"]
        console.print("state hashes agree with the baseline" if first_diff is None
                      else f"state hashes differ from the baseline first at seq {first_diff}")
    for s in data["snapshots"]:
        console.print(s)
    from riftlog.replay import describe_result

    console.print(f"result: {describe_result(data['result'])}")


def _plain(value: Any) -> str:
    """A fact of a judge event in plain words: lists joined, objects as JSON."""
    if isinstance(value, list | tuple) and value and all(type(v) is int for v in value):
        runs: list[list[int]] = []  # seqs as ranges: 13-32, 40
        for v in value:
            if runs and v == runs[-1][1] + 1:
                runs[-1][1] = v
            else:
                runs.append([v, v])
        return ", ".join(f"{a}-{b}" if b > a else str(a) for a, b in runs)
    if isinstance(value, list | tuple):
        return ", ".join(_plain(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, sort_keys=True, ensure_ascii=False)
    return str(value)


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

        _console().print(render_board(data))


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
    console = _console()
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


@main.group("judge")
def judge() -> None:
    """Judge events: ruling, rewind, penalty, loss, correct (new events; nothing is deleted).

    They are appended by a judge only, signed with the judge identity's name: pass
    --judge NAME (short for --as judge:NAME), --as judge:NAME, or set RIFTLOG_AS=judge:NAME.

    \b
    Example:
        riftlog judge rewind g1 --to 30 --judge "J. Doe" --reason "wrong player ended the turn"
        RIFTLOG_AS="judge:J. Doe" riftlog judge ruling g1 --text "The move stands."
    """


def _judge_done(game: str, res: Any) -> None:
    click.echo(f"game {game}: stored " + ", ".join(f"{e.seq} {e.type}" for e in res.events))


def _recorder(game: str) -> Any:
    from riftlog.recorder import Recorder

    return Recorder.open(store := open_store(), game, seed_keeper(store), actor=acting())



def _judge_identity(judge_name: str | None) -> Any:
    """The judge who acts: --judge NAME, else a judge identity from --as / RIFTLOG_AS."""
    from riftlog.errors import NotPermitted
    from riftlog.events.actor import Actor

    who = acting()
    if judge_name is not None:
        named = Actor.judge(judge_name)
        if who.role == "judge" and who != named:
            raise RecorderError(f"--judge {judge_name!r} and the identity {who} disagree; "
                                "give one of them")
        return named
    if who.role != "judge":
        raise NotPermitted(f"judge events are appended by a judge only, and you act as {who}: "
                           "pass --as judge:NAME (or --judge NAME, or set RIFTLOG_AS=judge:NAME)")
    return who


def _JUDGE(fn: Any) -> Any:
    fn = as_option(fn)
    return click.option("--judge", "judge_name", default=None, metavar="NAME",
                        help="The judge who acts: short for --as judge:NAME (required unless "
                             "--as or RIFTLOG_AS names a judge).")(fn)


@judge.command("ruling")
@db_option
@click.argument("game")
@_JUDGE
@click.option("--text", required=True, help="The ruling, in the judge's words.")
@click.option("--rule", "rules", multiple=True,
              help="A Core Rules id it cites, e.g. 144.3 (repeatable); it must be a rule of "
                   "the game's edition.")
@click.option("--about", type=click.IntRange(min=1), default=None, help="The seq it is about.")
@handle_errors
def judge_ruling(game: str, judge_name: str | None, text: str, rules: tuple[str, ...], about: int | None) -> None:
    """Record a ruling.

    \b
    Example:
        riftlog judge ruling g1 --judge Ann --text "The move stands." --rule 144.3 --about 31
    """
    _judge_done(game, _recorder(game).ruling(_judge_identity(judge_name), text, rules, about))


@judge.command("rewind")
@db_option
@click.argument("game")
@_JUDGE
@click.option("--to", "to_seq", type=click.IntRange(min=1), required=True, help="Back up to this seq.")
@click.option("--reason", default="", help="Why, in the judge's words.")
@handle_errors
def judge_rewind(game: str, judge_name: str | None, to_seq: int, reason: str) -> None:
    """Back GAME up to a seq; later events stay stored but are voided; play goes on from there.

    \b
    Example:
        riftlog judge rewind g1 --to 30 --judge Ann --reason "illegal move at 31"
    """
    _judge_done(game, _recorder(game).rewind(to_seq, _judge_identity(judge_name), reason))


@judge.command("penalty")
@db_option
@click.argument("game")
@_JUDGE
@click.option("--player", required=True, help="The player id penalised, e.g. p2.")
@click.option("--penalty", "penalty_", required=True, help="e.g. Warning.")
@click.option("--reason", default="", help="Why, in the judge's words.")
@click.option("--rule", "rules", multiple=True, help="A rule id it cites (repeatable).")
@handle_errors
def judge_penalty(game: str, judge_name: str | None, player: str, penalty_: str, reason: str,
                  rules: tuple[str, ...]) -> None:
    """Record a penalty (it changes nothing in the game).

    \b
    Example:
        riftlog judge penalty g1 --judge Ann --player p2 --penalty Warning --reason "acted out of turn"
    """
    _judge_done(game, _recorder(game).penalty(_judge_identity(judge_name), player, penalty_, reason, rules))


@judge.command("loss")
@db_option
@click.argument("game")
@_JUDGE
@click.option("--player", required=True, help="The player id who loses the game, e.g. p2.")
@click.option("--reason", default="", help="Why, in the judge's words.")
@handle_errors
def judge_loss(game: str, judge_name: str | None, player: str, reason: str) -> None:
    """Award a player a game loss; the game ends.

    \b
    Example:
        riftlog judge loss g1 --judge Ann --player p2 --reason "marked cards"
    """
    _judge_done(game, _recorder(game).game_loss(_judge_identity(judge_name), player, reason))


@judge.command("correct")
@db_option
@click.argument("game")
@_JUDGE
@click.option("--seq", type=click.IntRange(min=1), required=True, help="The event to correct.")
@click.option("--field", "field_path", required=True, help="Dotted path in its payload, e.g. reported.points.p1.")
@click.option("--value", required=True, help="New value (JSON: 3, true, null, \"text\", [..]).")
@click.option("--reason", default="", help="Why, in the judge's words.")
@handle_errors
def judge_correct(game: str, judge_name: str | None, seq: int, field_path: str, value: str, reason: str) -> None:
    """Correct a recorded outcome of an earlier event.

    \b
    Example:
        riftlog judge correct g1 --judge Ann --seq 31 --field reported.points.p1 --value 3
    """
    parsed: Any
    try:
        parsed = json.loads(value)
    except ValueError:
        parsed = value
    if isinstance(parsed, list | dict):
        parsed = value
    _judge_done(game, _recorder(game).correct(_judge_identity(judge_name), seq, field_path, parsed, reason))


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
