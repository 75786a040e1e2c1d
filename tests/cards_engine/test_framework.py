"""The encoding framework itself: support rule, choices, trigger order, JSON state."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from riftlog.cards import abilities, load_catalog
from riftlog.cards import vocab as V
from riftlog.errors import UnsupportedCard
from riftlog.events.abilities import AbilityActivated, ChoiceMade, TriggersOrdered
from riftlog.events.play import CardPlayed
from riftlog.rules import bot, engine
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import custom_effects as custom
from riftlog.rules.interpreter import effects
from tests.cards_engine.helpers import (
    CALM_RUNE,
    ORDER_RUNE,
    SKULKER,
    choose,
    game,
    pass_all,
    pay_for,
    play,
    put,
    runes,
    violations,
)

ROOKIE = "OGN-136"   # Pit Rookie: a unit with text, not encoded in the project (tests only)
HERDER = "OGN-061"   # Poro Herder: idem
MONK = "OGN-257"     # Blind Monk legend (encoded)


def test_custom_registry_agrees_with_the_card_layer() -> None:
    assert set(custom.CUSTOM) == set(abilities.CUSTOM_EFFECTS)


def test_every_vocabulary_step_is_interpreted() -> None:
    control = {V.If, V.May, V.Unsupported}
    steps = [c for c in vars(V).values() if isinstance(c, type) and c.__module__ == V.__name__
             and c in V.Step.__args__]  # type: ignore[attr-defined]
    assert steps
    missing = [c.__name__ for c in steps if c not in effects.STEPS and c not in control]
    assert missing == []


def test_unsupported_parts_keep_the_card_unsupported(encode: Callable[..., V.Encoding]) -> None:
    cat = load_catalog()
    encode(ROOKIE, V.on_play(V.Unsupported("buff another friendly unit: needs X")))
    assert not cat.get(ROOKIE).supported
    assert "needs X" in cat.get(ROOKIE).support_reason()[1]
    encode(ROOKIE, V.on_play(V.Custom("not-defined")))
    with pytest.raises(UnsupportedCard, match="not-defined"):
        cat.get(ROOKIE).require_supported()
    encode(ROOKIE, V.Replacement("once each turn"))
    assert not cat.get(ROOKIE).supported


def test_playing_an_unsupported_encoding_raises_naming_the_card(encode: Callable[..., V.Encoding]) -> None:
    encode(ROOKIE, V.on_play(V.Unsupported("not yet")))
    s = game()
    runes(s, "p1", 2, CALM_RUNE)
    unit = put(s, ROOKIE, "p1", "hand")
    with pytest.raises(UnsupportedCard, match="Pit Rookie"):
        engine.check(s, CardPlayed(player="p1", card=unit, destination="base"))


def test_trigger_targets_are_a_recorded_choice(encode: Callable[..., V.Encoding]) -> None:
    encode(ROOKIE, V.on_play(V.Buff(V.Target("unit", "friendly", other=True))))
    s = game()
    runes(s, "p1", 2, CALM_RUNE)
    a, b = put(s, SKULKER, "p1", "base"), put(s, SKULKER, "p1", "base")
    unit = put(s, ROOKIE, "p1", "hand")
    s = play(s, unit)
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.decisions == ("ChoiceMade",)
    assert req.options["targets"]["t"]["from"] == [a, b]
    assert violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [unit]}}))
    assert violations(s, ChoiceMade(player="p2", choice={"targets": {"t": [a]}}))
    assert any(isinstance(c, ChoiceMade) for c in _bot_candidates(s, "p1"))
    s = choose(s, "p1", targets={"t": [b]})
    assert s.chain[-1].targets == {"t": [b]}
    assert GameState.from_json(s.to_json()) == s
    s = pass_all(s)
    assert s.objects[b].buffed and not s.objects[a].buffed


def test_a_single_legal_target_is_chosen_automatically(encode: Callable[..., V.Encoding]) -> None:
    encode(ROOKIE, V.on_play(V.Buff(V.Target("unit", "friendly", other=True))))
    s = game()
    runes(s, "p1", 2, CALM_RUNE)
    a = put(s, SKULKER, "p1", "base")
    s = play(s, put(s, ROOKIE, "p1", "hand"))
    assert s.chain[-1].targets == {"t": [a]}


def test_you_may_and_discard_choices_during_resolution(encode: Callable[..., V.Encoding]) -> None:
    encode(ROOKIE, V.Triggered(V.When("played"), (V.Discard(1), V.Draw(1)), optional=True))
    s = game()
    runes(s, "p1", 2, CALM_RUNE)
    x, y = put(s, SKULKER, "p1", "hand"), put(s, SKULKER, "p1", "hand")
    s = play(s, put(s, ROOKIE, "p1", "hand"))
    assert engine.pending(s)[0].options["kind"] == "may"  # 383.3.a: chosen as it triggers
    assert violations(s, ChoiceMade(player="p1", choice={"use": "yes"}))
    s = choose(s, "p1", use=True)
    s = pass_all(s)  # resolving stops at the discard choice
    (req,) = engine.pending(s)
    assert req.options["kind"] == "cards" and sorted(req.options["from"]) == sorted([x, y])
    assert violations(s, ChoiceMade(player="p1", choice={"cards": [x, y]}))
    s = choose(s, "p1", cards=[y])
    assert s.objects[y].zone == "trash" and len(s.players["p1"].hand) == 2
    assert engine.pending(s)[0].kind == "main"


def test_declining_you_may_puts_nothing_on_the_chain(encode: Callable[..., V.Encoding]) -> None:
    encode(ROOKIE, V.Triggered(V.When("played"), (V.Draw(1),), optional=True))
    s = game()
    runes(s, "p1", 2, CALM_RUNE)
    s = play(s, put(s, ROOKIE, "p1", "hand"))
    s = choose(s, "p1", use=False)
    assert not s.chain and not s.players["p1"].hand


def test_simultaneous_triggers_are_ordered_by_their_controller(encode: Callable[..., V.Encoding]) -> None:
    encode(ROOKIE, V.on_play(V.Draw(1)))
    encode(HERDER, V.Triggered(V.When("played", "you", card_type="Unit"), (V.Draw(2),)))
    s = game()
    runes(s, "p1", 2, CALM_RUNE)
    watcher = put(s, HERDER, "p1", "base")
    unit = put(s, ROOKIE, "p1", "hand")
    s = play(s, unit)
    (req,) = engine.pending(s)
    assert req.kind == "trigger_order" and len(req.options["ids"]) == 2
    ids = req.options["ids"]
    assert violations(s, TriggersOrdered(player="p1", order=(ids[0],)))
    first = next(i for i in ids if s.extra["triggers"][ids.index(i)]["source"] == unit)
    other = next(i for i in ids if i != first)
    s, _ = engine.apply(s, TriggersOrdered(player="p1", order=(first, other)))
    assert [i.source for i in s.chain] == [unit, watcher]  # the first ordered goes on first
    s = pass_all(s)
    assert len(s.players["p1"].hand) == 3


def test_abilities_without_reaction_wait_for_an_open_state() -> None:
    s = game()
    runes(s, "p1", 6, ORDER_RUNE)
    runes(s, "p1", 1, CALM_RUNE)
    monk = put(s, MONK, "p1", "legend")
    mine = put(s, SKULKER, "p1", "base")
    foe = put(s, SKULKER, "p2", "base")
    s = play(s, put(s, "OGN-229", "p1", "hand"), targets=(foe,))
    d = AbilityActivated(player="p1", source=monk, ability=0, targets={"t": (mine,)},
                         payment=pay_for(s, "p1", cost=Cost(1)))
    assert "309.1.a" in violations(s, d)


def test_bot_games_with_encoded_cards_never_crash() -> None:
    import random

    encoded = ["OGN-137", "OGN-217", "OGN-012", "OGN-002", "OGN-096", "OGN-229"]
    s = game()
    for pid in s.players:
        runes(s, pid, 8, ORDER_RUNE)
        for card in encoded:
            put(s, card, pid, "hand")
    rng = random.Random(5)
    for _ in range(60):
        if s.is_over() or not engine.pending(s):
            break
        try:
            d = bot.choose(s, rng)
        except Exception as exc:  # the bot may run out of legal decisions on this toy board
            assert "no legal decision" in str(exc)
            break
        s, _ = engine.apply(s, d)
    assert engine.zone_problems(s) == []


def _bot_candidates(s: GameState, pid: str) -> list[object]:
    from riftlog.rules.board import hooks

    return [c for fn in hooks.CANDIDATES for c in fn(s, pid)]


def test_a_played_units_passive_lasts_while_it_is_on_the_board(encode: Callable[..., V.Encoding]) -> None:
    from riftlog.rules.board import layers

    encode(ROOKIE, V.Passive.of(layer="arithmetic", affects={"location": "source", "type": "Unit",
                                                              "other_than_source": True}, might=1))
    s = game()
    runes(s, "p1", 2, CALM_RUNE)
    friend = put(s, SKULKER, "p1", "base")
    away = put(s, SKULKER, "p1", "battlefield", "bf1")
    rookie = put(s, ROOKIE, "p1", "hand")
    s = play(s, rookie)
    assert layers.might_of(s, friend) == 4 and layers.might_of(s, away) == 3
    assert layers.might_of(s, rookie) == 2
    effects.kill(s, [rookie], [])
    assert layers.might_of(s, friend) == 3


def test_end_of_turn_triggers_resolve_before_the_expiration_step(encode: Callable[..., V.Encoding]) -> None:
    from riftlog.events.decisions import TurnEnded

    encode("OGN-251", V.Triggered(V.When("end_of_turn", "you"), (V.Draw(1),)))
    s = game()
    put(s, "OGN-251", "p1", "legend")
    s, _ = engine.apply(s, TurnEnded(player="p1"))
    (req,) = engine.pending(s)
    assert req.kind == "priority" and s.phase == "ending" and s.chain
    s = pass_all(s)
    assert len(s.players["p1"].hand) == 1
    assert s.turn_player == "p2"
