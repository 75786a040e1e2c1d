"""What a card adds as it is revealed from its owner's Main Deck
(:class:`riftlog.cards.vocab_reveal.AsRevealedAdd`, Undertitan SFD-175): a replacement effect
of the "as" kind, so the reveal becomes the reveal plus the Add (RUP4 369.1, 370.1.b.1).
Registered on import in ``actions.REVEAL_HOOKS`` (the engine's extensions list)."""

from __future__ import annotations

from riftlog.cards import vocab as V
from riftlog.cards.vocab_reveal import AsRevealedAdd
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameObject, GameState
from riftlog.rules.game_actions import actions
from riftlog.rules.interpreter import effects

__all__ = ["add_as_revealed"]


def _energy(enc: V.Encoding) -> int:
    return sum(a.energy for a in enc.abilities if isinstance(a, AsRevealedAdd))


def add_as_revealed(state: GameState, revealed: list[tuple[GameObject, str]],
                    log: list[GameAction]) -> None:
    """Each card of *revealed* (object, the zone it was revealed from) revealed from a Main
    Deck with an :class:`AsRevealedAdd` adds its Energy to its owner's pool."""
    for obj, zone in revealed:
        if zone != "main_deck":
            continue
        n = effects.encoding_fact(obj.card, _energy, 0)
        if n and obj.owner in state.players:
            actions.add(state, obj.owner, log, energy=n, responsible=obj.owner)


if add_as_revealed not in actions.REVEAL_HOOKS:
    actions.REVEAL_HOOKS.append(add_as_revealed)
