"""Start-up: ``riftlog --help`` loads no store, engine or card catalog (they are imported
inside the commands that need them); the CLI's copies of their constants agree."""

from __future__ import annotations

import subprocess
import sys

from riftlog.cards.deckcheck import BATTLEFIELDS_BY_MODE
from riftlog.cli import cards as cli_cards
from riftlog.cli import export as cli_export
from riftlog.export import FORMATS

HEAVY = ("sqlalchemy", "alembic", "pydantic", "riftlog.rules", "riftlog.cards", "riftlog.store",
         "riftlog.bundle", "riftlog.events", "rich")


def _loaded_by(code: str) -> set[str]:
    probe = (f"import sys\n{code}\n"
             "print(' '.join(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_help_imports_nothing_heavy() -> None:
    loaded = _loaded_by("from riftlog.cli import main\n"
                        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass")
    heavy = sorted(m for m in loaded if m.split(".")[0] in HEAVY or m.startswith(HEAVY))
    assert heavy == []


def test_the_cli_copies_of_library_constants_agree() -> None:
    from riftlog.cli import games as cli_games
    from riftlog.rules.board import core

    assert (cli_games.NEW_GAME_EDITION, cli_games.EDITIONS) == (core.NEW_GAME_EDITION,
                                                                 core.EDITIONS)
    assert cli_export.FORMATS == FORMATS
    assert tuple(BATTLEFIELDS_BY_MODE) == cli_cards.MODES


def test_the_copies_of_deck_code_and_signing_constants_agree() -> None:
    from riftlog.cards import deckcodes
    from riftlog.cli import decks as cli_decks
    from riftlog.cli import keys as cli_keys
    from riftlog.store import signing

    assert cli_decks.VERSIONS == deckcodes.VERSIONS
    assert cli_decks.DEFAULT_VERSION == deckcodes.DEFAULT_VERSION
    assert cli_keys.KEY_FILE_ENV == signing.KEY_FILE_ENV
