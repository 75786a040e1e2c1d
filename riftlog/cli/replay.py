"""``riftlog replay``: verify and re-validate stored games and print their verdicts and
dispute reports, streamed.  Thin over :mod:`riftlog.bulk` and :mod:`riftlog.replay`."""

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
    db_option,
    handle_errors,
    main,
    open_store,
)
from riftlog.cli.games import edition_named, wide_console
from riftlog.errors import RecorderError, UnknownGame

if TYPE_CHECKING:
    from rich.console import Console

#: Exit status of ``replay`` when an event that still counts is illegal or divergent.
EXIT_DISPUTE = 2
#: Exit status of ``replay`` stopped by Ctrl-C (SIGINT), as shells report it.
EXIT_INTERRUPTED = 130


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
    console = wide_console(cast(IO[str], stdout))
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
