"""``riftlog judge ...``: judge events (ruling, rewind, penalty, loss, correct), appended by
a judge only.  Thin over :class:`riftlog.recorder.Recorder`; ``judge time`` is in
:mod:`riftlog.cli.matches`."""

from __future__ import annotations

import json
from typing import Any

import click

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


def judge_done(game: str, res: Any) -> None:
    """Say which judge events were stored."""
    click.echo(f"game {game}: stored " + ", ".join(f"{e.seq} {e.type}" for e in res.events))


def open_recorder(game: str) -> Any:
    """The recorder of *game* in the store named by --db, acting as --as says."""
    from riftlog.recorder import Recorder

    return Recorder.open(store := open_store(), game, seed_keeper(store), actor=acting())


def judge_identity(judge_name: str | None) -> Any:
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


def judge_option(fn: Any) -> Any:
    """Decorator: the ``--as`` and ``--judge NAME`` options of a judge command."""
    fn = as_option(fn)
    return click.option("--judge", "judge_name", default=None, metavar="NAME",
                        help="The judge who acts: short for --as judge:NAME (required unless "
                             "--as or RIFTLOG_AS names a judge).")(fn)


@judge.command("ruling")
@db_option
@click.argument("game")
@judge_option
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
    judge_done(game, open_recorder(game).ruling(judge_identity(judge_name), text, rules, about))


@judge.command("rewind")
@db_option
@click.argument("game")
@judge_option
@click.option("--to", "to_seq", type=click.IntRange(min=1), required=True, help="Back up to this seq.")
@click.option("--reason", default="", help="Why, in the judge's words.")
@handle_errors
def judge_rewind(game: str, judge_name: str | None, to_seq: int, reason: str) -> None:
    """Back GAME up to a seq; later events stay stored but are voided; play goes on from there.

    \b
    Example:
        riftlog judge rewind g1 --to 30 --judge Ann --reason "illegal move at 31"
    """
    judge_done(game, open_recorder(game).rewind(to_seq, judge_identity(judge_name), reason))


@judge.command("penalty")
@db_option
@click.argument("game")
@judge_option
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
    judge_done(game, open_recorder(game).penalty(judge_identity(judge_name), player, penalty_, reason, rules))


@judge.command("loss")
@db_option
@click.argument("game")
@judge_option
@click.option("--player", required=True, help="The player id who loses the game, e.g. p2.")
@click.option("--reason", default="", help="Why, in the judge's words.")
@handle_errors
def judge_loss(game: str, judge_name: str | None, player: str, reason: str) -> None:
    """Award a player a game loss; the game ends.

    \b
    Example:
        riftlog judge loss g1 --judge Ann --player p2 --reason "marked cards"
    """
    judge_done(game, open_recorder(game).game_loss(judge_identity(judge_name), player, reason))


@judge.command("correct")
@db_option
@click.argument("game")
@judge_option
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
    judge_done(game, open_recorder(game).correct(judge_identity(judge_name), seq, field_path, parsed, reason))
