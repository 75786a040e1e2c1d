"""Every command of the CLI has help with an example, and every option has help text
(issue 15): a walk of the whole click command tree."""

from __future__ import annotations

from collections.abc import Iterator

import click
import pytest
from click.testing import CliRunner

from riftlog.cli import main


def _commands(group: click.Group = main, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    for name, cmd in sorted(group.commands.items()):
        yield (*path, name)
        if isinstance(cmd, click.Group):
            yield from _commands(cmd, (*path, name))


def _command(path: tuple[str, ...]) -> click.Command:
    cmd: click.Command = main
    for name in path:
        assert isinstance(cmd, click.Group)
        cmd = cmd.commands[name]
    return cmd


ALL = list(_commands())


def test_the_walk_finds_the_commands() -> None:
    assert ("new",) in ALL and ("judge", "ruling") in ALL and ("deck", "check") in ALL
    assert len(ALL) > 25


@pytest.mark.parametrize("path", [(), *ALL], ids=lambda p: " ".join(p) or "riftlog")
def test_every_command_has_help_with_an_example(path: tuple[str, ...]) -> None:
    res = CliRunner().invoke(main, [*path, "--help"])
    assert res.exit_code == 0, res.output
    assert "Example:" in res.output, res.output
    assert f"riftlog {' '.join(path)}".rstrip() in res.output


@pytest.mark.parametrize("path", [(), *ALL], ids=lambda p: " ".join(p) or "riftlog")
def test_every_option_has_help(path: tuple[str, ...]) -> None:
    cmd = _command(path)
    missing = [p.opts[0] for p in cmd.params
               if isinstance(p, click.Option) and not p.hidden and not (p.help or "").strip()]
    assert not missing, f"riftlog {' '.join(path)}: options without help: {missing}"


@pytest.mark.parametrize("path", [("state",), ("transcript",), ("step",), ("export",)],
                         ids=" ".join)
def test_the_spectator_delay_says_its_unit(path: tuple[str, ...]) -> None:
    res = CliRunner().invoke(main, [*path, "--help"], terminal_width=200)
    assert "spectator:N" in res.output and "events behind the game" in " ".join(res.output.split())


def test_deck_check_help_describes_the_file_format_in_words() -> None:
    res = CliRunner().invoke(main, ["deck", "check", "--help"], terminal_width=200)
    text = " ".join(res.output.split())
    assert "riftlog.cards" not in text  # not a pointer to a Python module
    for words in ("Legend:", "Champion:", "Main Deck:", "Runes:", "Battlefields:", "#",
                  "3 Flash"):
        assert words in text, words
