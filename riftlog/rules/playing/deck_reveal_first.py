"""A look at a deck's top card, with a recycle, before a reveal from that deck (issue 24;
Void Hatchling SFD-018, :class:`~riftlog.cards.vocab_deck_reveals.LookFirstBeforeDeckReveal`).

It is a replacement effect (RUP4 369-370: the reveal is replaced by "look at the top card,
may recycle it, then reveal"): :func:`look_first` is called by every effect that reveals
cards from a deck, *before* it works out which cards it reveals (so a recycled top card
is not among them unless the effect reaches it again).  For each such permanent the
revealing player controls on the board, in turn, they look at the top card of that deck
(a private look, 128.4; the seen card's own look ability is offered, deck_seen) and answer
a recorded ChoiceMade ``{"recycle_top": true | false}`` (the top card goes to the bottom
of its deck, 416.1).  Progress is kept in ``ctx["look_first"]``, so the effect runs again
after each answer without repeating anything.  Effects that reveal from a deck and call it:
apprentice_smith, battlefield_deck_rewards (reveal_top_spell_to_hand), blind_fury (each
opponent, asked themselves), dazzling_aurora, ornn_blacksmith, reksai_swarm_queen,
reveal_banish_play, teemo_strategist, twisted_fate_gambler (the rune deck).
"""

from __future__ import annotations

import functools
from typing import Any

from riftlog.cards import vocab as V
from riftlog.cards.vocab_deck_reveals import LookFirstBeforeDeckReveal
from riftlog.rules.board import copied_text
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import effects
from riftlog.rules.playing import deck_seen, play_effects

__all__ = ["look_first", "lookers"]


@functools.lru_cache(maxsize=4096)
def _has(card_id: str) -> bool:
    enc = effects.encoding(card_id)
    return isinstance(enc, V.Encoding) and \
        any(isinstance(a, LookFirstBeforeDeckReveal) for a in enc.abilities)


def lookers(state: GameState, player: str) -> list[str]:
    """The permanents on the board *player* controls that make them look first, each once
    per instance of the ability: a unit whose text an attached Equipment copies (issue 24,
    Svellsongur) is listed once more per copy, as each instance is a replacement effect of
    its own that applies to the reveal the other left (RUP4 370.2)."""
    return [o for lst in effects._board_lists(state) for o in lst
            if state.objects[o].controller == player and state.objects[o].attached_to is None
            and _has(state.objects[o].card)
            for _ in range(1 + copied_text.copies(state, o))]


def look_first(state: GameState, ctx: dict[str, Any], revealer: str, owner: str,
               log: list[GameAction], deck: str = "main_deck") -> bool:
    """Before *revealer* reveals cards from *owner*'s *deck* (``"main_deck"`` or
    ``"rune_deck"``): the replacement of each of their lookers (see the module doc).  False
    while an answer is awaited (the caller returns False and is run again)."""
    sources = lookers(state, revealer)
    if not sources:
        return True
    key = str(ctx["pc"])
    rec: dict[str, Any] = ctx.setdefault("look_first", {}).setdefault(f"{key}:{owner}:{deck}", {})
    done: list[str] = rec.setdefault("done", [])
    for n, src in enumerate(sources):
        seen = sources[:n].count(src)  # the copies of its text come after its own (370.2)
        key_src = src if not seen else f"{src}#copy{seen}"
        if key_src in done:
            continue
        cards = getattr(state.players[owner], deck)
        if not cards:
            done.append(key_src)
            continue
        top = cards[0]
        if rec.get("looked") != key_src:
            rec["looked"] = key_src
            log.append(GameAction("look", revealer, (top,),
                                  {"cards": [state.objects[top].card], "count": 1, "zone": deck},
                                  f"private:{revealer}", "128.4", revealer))
        if deck == "main_deck" and owner == revealer and \
                not deck_seen.offer(state, ctx, revealer, [top], log):
            return False
        answer = ctx["answers"].get(key)
        if not isinstance(answer, dict) or "recycle_top" not in answer:
            options = {"kind": "custom", "choices": [{"recycle_top": True}, {"recycle_top": False}],
                       "what": "recycle the top card looked at before the reveal",
                       "looker": src}
            play_effects.ask_player(state, ctx, revealer, options, "370")
            return False
        ctx["answers"].pop(key, None)
        cards = getattr(state.players[owner], deck)
        if answer["recycle_top"] and cards and cards[0] == top:
            setattr(state.players[owner], deck, [*cards[1:], top])  # to the bottom (416.1)
            log.append(GameAction("recycle", revealer, (top,), {"count": 1, "zone": deck},
                                  "public", "416.1", revealer))
        done.append(key_src)
        rec.pop("looked", None)
    return True
