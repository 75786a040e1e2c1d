"""``riftlog export`` and ``riftlog import``: match histories out of a store and back in.

Thin: parse the selection and options, call :mod:`riftlog.export` / :mod:`riftlog.bundle`
/ :mod:`riftlog.history`, show progress on stderr, say where the file went.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterable, Iterator, Sized
from pathlib import Path
from typing import IO, TYPE_CHECKING

import click

from riftlog import plural
from riftlog.cli import db_option, db_url, handle_errors, main

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress

    from riftlog.store import EventStore, GameInfo

#: the formats of riftlog.export.FORMATS (a test checks they agree): the library modules
#: (bundle, export, store) are imported lazily, inside the commands, for start-up time
FORMATS = ("bundle", "jsonl", "csv", "csv-players", "transcript")

#: Formats that are the full record (the judge's view); they cannot be cut to a view.
LOSSLESS = ("bundle", "jsonl")


def _err_console() -> Console:
    from rich.console import Console  # lazy: start-up time

    return Console(stderr=True, highlight=False, markup=False, soft_wrap=True)


def progress_bar(console: Console | None = None) -> Progress:
    """The progress bar riftlog shows on stderr for long steps (off when not a TTY: it
    then prints nothing at all, not even a blank line)."""
    from rich.progress import (  # lazy: start-up time
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    console = console or _err_console()
    return Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        console=console, transient=True, disable=not console.is_terminal,
    )


def open_store(db: str | None, *, create: bool = False) -> EventStore:
    """Open the store named by ``--db`` (else RIFTLOG_DB, else ./riftlog.db).

    With *create*, a SQLite file that does not exist yet is created and migrated.
    """
    from riftlog.store import EventStore  # lazy: start-up time

    if create:
        store = EventStore.open(db, check=False, create=True)
        try:
            if store.revision() is None:
                store.upgrade()
            store.check_schema()
        except BaseException:
            store.close()
            raise
        return store
    return EventStore.open(db)


#: What ``riftlog events`` and full exports say on stderr (their output stays clean).
JUDGE_VIEW_NOTE = ("note: this is the judge's view, the full record: deck orders, hands and "
                   "face-down cards included; use --view (transcript, csv) for what others may see")


@contextlib.contextmanager
def _output(path: str, private: bool = False) -> Iterator[IO[str]]:
    if path == "-":
        yield sys.stdout
        return
    from riftlog.export import ExportError  # lazy: start-up time

    target = Path(path)
    if not target.parent.is_dir():
        raise ExportError(f"-o {path}: no such directory {target.parent}")
    tmp = target.with_name(target.name + ".part")
    try:
        # the judge's view holds every deck order: readable by its owner only
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600 if private else 0o644)
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            yield fh
        tmp.replace(target)  # a failed export never leaves a half-written file
    finally:
        tmp.unlink(missing_ok=True)


def export_games(
    store: EventStore,
    games: Iterable[GameInfo],
    fmt: str,
    out: IO[str],
    *,
    view: str | None,
    selection: str,
    progress: Progress | None = None,
    bom: bool = False,
    total: int | None = None,
) -> int:
    """Write *games* to *out* in *fmt*; return the count of rows/events/games written.

    *games* may be streamed (:class:`riftlog.export.SelectedGames`); *total* is their
    number for the progress bar (default: ``len(games)`` when it has one).  *bom*: start
    a CSV with a UTF-8 byte order mark (refused for the other formats)."""
    from riftlog.bundle import write_bundle  # lazy: start-up time
    from riftlog.export import ExportError, write_jsonl

    if total is None and isinstance(games, Sized):
        total = len(games)
    task = progress.add_task(f"exporting {fmt}", total=total) if progress else None

    def tick(_info: GameInfo, _n: int) -> None:
        if progress is not None and task is not None:
            progress.advance(task)

    if fmt in LOSSLESS and view not in (None, "judge"):
        raise ExportError(
            f"--format {fmt} is the full record (the judge's view) and cannot be cut to view "
            f"{view!r}; use --format transcript or csv for a redacted export"
        )
    if bom and not fmt.startswith("csv"):
        raise ExportError(f"--bom is for the csv formats, not --format {fmt}")
    if fmt == "bundle":
        return write_bundle(store, games, out, selection=selection, on_game=tick)
    if fmt == "jsonl":
        return write_jsonl(store, games, out, on_game=tick)
    from riftlog import history
    if fmt == "csv":
        return history.write_csv(store, games, out, view=view, on_game=tick, bom=bom)
    if fmt == "csv-players":
        return history.write_csv_players(store, games, out, view=view, on_game=tick, bom=bom)
    return history.write_transcripts(store, games, out, view=view, on_game=tick)


@main.command("export")
@click.argument("game_ids", metavar="[GAME]...", nargs=-1)
@click.option("--match", "match_id", metavar="M", help="Every game of match M.")
@click.option("--tournament", "tournament_id", metavar="T", help="Every game of tournament T.")
@click.option("--player", metavar="P", help="Games where player P (id or name) sat.")
@click.option("--since", metavar="DATE", help="Games played on or after DATE (YYYY-MM-DD).")
@click.option("--until", metavar="DATE", help="Games played on or before DATE (YYYY-MM-DD).")
@click.option("--legend", metavar="L",
              help="Games where some player's legend is L: its name (Dark Child), id "
                   "(OGS-017) or its champion's name (Annie).")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="bundle", show_default=True,
              help="bundle: lossless, re-importable JSON; jsonl: one event a line; csv: one row "
                   "per game; csv-players: one row per player and game; transcript: turn by turn.")
@click.option("--view", metavar="V", default=None,
              help="Whose view (judge, public, spectator, spectator:N for N events behind the "
                   "game, or a player id); csv and transcript never show what that view hides.  "
                   "Default: judge (the full record).")
@click.option("-o", "--output", "output", metavar="FILE", default="-",
              help="Where to write (default: standard output).")
@click.option("--bom", is_flag=True,
              help="csv formats: start the file with a UTF-8 byte order mark, for spreadsheet "
                   "programs that need one to read accented names right.")
@db_option
@handle_errors
def export_cmd(
    game_ids: tuple[str, ...], match_id: str | None, tournament_id: str | None,
    player: str | None, since: str | None, until: str | None, legend: str | None,
    fmt: str, view: str | None, output: str, bom: bool,
) -> None:
    """Export games (one, a match, a tournament, or a filter) as a bundle, JSON Lines, CSV or transcript.

    Filters combine (AND).  With no GAME and no filter, every game is exported.

    CSV is made safe for spreadsheets: a cell that starts with = + - @, a tab or a
    carriage return (a player named "=SUM(1+1)") is written with a leading single quote
    ('=SUM(1+1)), so a spreadsheet shows it as text and never runs it as a formula.

    \b
    Example:
        riftlog export g1 -o g1.bundle.json
        riftlog export --match m1 --format csv -o m1.csv
        riftlog export --format csv-players --bom -o players.csv
        riftlog export --player alice --since 2026-04-01 --format jsonl -o alice.jsonl
        riftlog export g1 --format transcript --view spectator
    """
    from riftlog.export import (  # lazy: start-up time
        ExportError,
        SelectedGames,
        Selection,
        parse_day,
    )

    sel = Selection(
        game_ids=game_ids, match_id=match_id, tournament_id=tournament_id, player=player,
        since=parse_day(since, "--since") if since else None,
        until=parse_day(until, "--until") if until else None, legend=legend,
    )
    err = _err_console()
    judge = fmt in LOSSLESS or view in (None, "judge")
    with open_store(db_url()) as store:
        # streamed (issue 26): a first pass counts the games, the export walks them again
        matched = exported = 0
        for info in SelectedGames(store, sel):
            matched += 1
            if info.last_seq > 0:
                exported += 1
            else:  # issue 16: say it, don't crash
                err.print(f"note: game {info.id} has no events (its creation never "
                          "completed): not exported", markup=False, highlight=False)
        if not matched:
            raise ExportError(f"no game in {store.where} matches {sel.describe()}")
        if not exported:
            raise ExportError(f"nothing to export: every game matching {sel.describe()} "
                              "has no events")
        games = SelectedGames(store, sel, with_events=True)
        with progress_bar(err) as bar, _output(output, private=judge) as out:
            count = export_games(store, games, fmt, out, view=view, selection=sel.describe(),
                                 progress=bar if exported > 1 else None, bom=bom,
                                 total=exported)
    if judge:  # once written: a refused export says only why
        click.echo(JUDGE_VIEW_NOTE, err=True)
    if output != "-":
        what = plural(exported, "game")
        if fmt == "jsonl":
            what += f" ({plural(count, 'event')})"
        elif fmt.startswith("csv"):
            what += f" ({plural(count, 'row')})"
        click.echo(f"wrote {fmt} of {what} to {output}")


@main.command("import")
@click.argument("files", metavar="FILE...", nargs=-1, required=True,
                type=click.Path(dir_okay=False))
@click.option("--public-key", "public_keys", multiple=True, metavar="KEY|FILE",
              help="Require every game to carry a checkpoint signed by this organiser key "
              "(riftlog-ed25519:..., or a file of them) that its events match "
              "(default: the keys of $RIFTLOG_TRUSTED_KEYS, if set).")
@db_option
@handle_errors
def import_cmd(files: tuple[str, ...], public_keys: tuple[str, ...]) -> None:
    """Import bundles into the store, after verifying every game's hash chain.

    A tampered bundle is refused naming the game and the first bad seq, and nothing of it
    is written.  Importing a bundle whose games are already stored is a no-op that says
    so.  Each FILE is imported in its own transaction.  A SQLite file that does not
    exist yet is created.  Signed checkpoints are checked and imported with their games;
    with --public-key a game rewritten after it was signed, or never signed, is refused.

    \b
    Example:
        riftlog import replays/duel-01.json --db demo.db
        riftlog import replays/*.json
        riftlog import club.bundle.json --public-key organiser.pub
    """
    from riftlog.bundle import import_file  # lazy: start-up time
    from riftlog.store.signing import trusted_keys

    trusted = trusted_keys(public_keys) or None
    err = _err_console()
    with open_store(db_url(), create=True) as store:
        store.check_writable("importing")
        for path in files:
            with progress_bar(err) as bar:
                task = bar.add_task(f"importing {Path(path).name}", total=None)

                def tick(done: int, total: int, _task: object = task, _bar: Progress = bar) -> None:
                    _bar.update(_task, completed=done, total=total)  # type: ignore[arg-type]

                report = import_file(store, path, progress=tick, trusted=trusted)
            for line in report.lines():
                click.echo(line)


__all__ = ["export_cmd", "export_games", "import_cmd", "open_store", "progress_bar"]
