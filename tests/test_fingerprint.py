"""Behaviour identical across the issue-18 refactoring: the engine's fingerprint of every
sample replay, of seeded bot games in every mode and of ``riftlog cards coverage`` equals
the one recorded before the move (``tests/fingerprint.json``; see ``tests/fingerprint.py``)."""

from __future__ import annotations

import json
import os

import pytest

from tests import fingerprint as fp

RECORDED: dict[str, str] = json.loads(fp.FILE.read_text())


@pytest.mark.parametrize(("key", "game"), list(fp.sample_games()), ids=lambda x: x if isinstance(x, str) else "")
def test_sample_replay_unchanged(key: str, game: object) -> None:
    assert fp.sample_fingerprint(game) == RECORDED[key], f"{key}: verdict report or state hashes changed"


@pytest.mark.parametrize(("key", "game"), list(fp.sample_games()), ids=lambda x: x if isinstance(x, str) else "")
def test_sample_replay_judged_under_v1_2_unchanged(key: str, game: object) -> None:
    old = RECORDED[key.replace("sample:", "sample-v1.2:", 1)]
    assert fp.sample_fingerprint(game, "v1.2") == old, f"{key}: its v1.2 verdicts changed"


@pytest.mark.parametrize(("key", "mode", "seed"), fp.bot_keys(fp.FAST_SEEDS))
def test_bot_game_unchanged(key: str, mode: str, seed: int) -> None:
    assert fp.bot_fingerprint(mode, seed) == RECORDED[key], f"{key}: the bot game played differently"


def test_cards_coverage_unchanged() -> None:
    now = fp.coverage_fingerprint()
    assert now == {k: RECORDED[k] for k in now}


def test_recording_covers_every_sample_and_few_hundred_bot_games() -> None:
    assert {k for k, _ in fp.sample_games()} <= RECORDED.keys()
    assert sum(k.startswith("bot:") for k in RECORDED) == fp.FULL_SEEDS * len(fp.MODES) >= 300


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("RIFTLOG_FINGERPRINT_FULL"),
                    reason="the few-hundred-game run: RIFTLOG_FINGERPRINT_FULL=1 -m slow "
                           "(or python -m tests.fingerprint)")
@pytest.mark.parametrize(("key", "mode", "seed"), fp.bot_keys(fp.FULL_SEEDS))
def test_bot_game_unchanged_full(key: str, mode: str, seed: int) -> None:
    assert fp.bot_fingerprint(mode, seed) == RECORDED[key], f"{key}: the bot game played differently"
