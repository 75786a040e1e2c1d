"""Permissions to play a card later this turn on other terms (issue 24: Jayce, Man of
Progress, SFD-084: a gear from the hand, Energy cost at most N, ignoring its Energy cost).

A permission is plain data in ``state.extra["play_permissions"]``: ``{"player", "turn",
"type", "from", "max_energy", "ignore", "source"}``, granted by an effect
(``card_api.grant_play_permission``) and lasting the turn it was granted.  The player uses
it by playing a card it covers with ``CardPlayed.choices["permission"] = True``: its base
Energy cost is then set to zero (RUP4/v1.3 356.1.b.2; additional costs and the Power cost
still apply, 356.1.b.3) and the permission is used up as the card is played.  Claiming one
that does not cover the card is refused (356.1.b).
"""

from __future__ import annotations

from typing import Any

from riftlog.events.play import CardPlayed
from riftlog.rules.board.core import GameAction, Violation
from riftlog.rules.board.resources import Cost, card_cost, card_facts
from riftlog.rules.board.state import GameState

__all__ = ["base_cost", "covering", "grant", "use", "violations"]

KEY = "play_permissions"


def grant(state: GameState, player: str, *, card_type: str, from_zone: str, max_energy: int,
          ignore: str, source: str) -> None:
    """Give *player* a permission for the rest of this turn (see the module doc)."""
    perms = [p for p in state.extra.get(KEY) or [] if p["turn"] == state.turn]
    perms.append({"player": player, "turn": state.turn, "type": card_type, "from": from_zone,
                  "max_energy": max_energy, "ignore": ignore, "source": source})
    state.extra[KEY] = perms


def covering(state: GameState, player: str, oid: str) -> dict[str, Any] | None:
    """The first permission of *player* this turn that covers playing *oid* now, or None."""
    perms = state.extra.get(KEY)
    if not perms:
        return None
    obj = state.objects.get(oid)
    if obj is None:
        return None
    facts = card_facts(obj.card)
    for p in perms:
        if p["player"] == player and p["turn"] == state.turn and facts.type == p["type"] \
                and obj.zone == p["from"] and obj.owner == player \
                and (facts.energy or 0) <= p["max_energy"]:
            return dict(p)
    return None


def base_cost(state: GameState, player: str, oid: str, cost: Cost,
              choices: Any) -> Cost:
    """*cost* (the base cost) with the claimed permission's ignored part set to zero."""
    if not choices or not choices.get("permission"):
        return cost
    perm = covering(state, player, oid)
    if perm is None or perm["ignore"] != "energy":
        return cost
    printed = card_cost(state.objects[oid].card, state.edition)
    return Cost(max(0, cost.energy - printed.energy), dict(cost.power))  # 356.1.b.2


def violations(state: GameState, d: CardPlayed) -> list[Violation]:
    """A play.PLAY_RESTRICTIONS entry: a claimed permission must cover the card."""
    claim = d.choices.get("permission") if d.choices else None
    if claim is None:
        return []
    if claim is not True:
        return [Violation("356.1.b", 'answer "permission": true (or leave it out)', state.edition)]
    if covering(state, d.player, d.card) is None:
        return [Violation("356.1.b", f"{d.player} has no permission this turn to play "
                          f"{card_facts(state.objects[d.card].card).name} ignoring its Energy "
                          "cost", state.edition)]
    return []


def use(state: GameState, d: CardPlayed, log: list[GameAction]) -> None:
    """Use up the claimed permission as the card is played."""
    if not d.choices or d.choices.get("permission") is not True:
        return
    perm = covering(state, d.player, d.card)
    if perm is None:
        return
    perms = list(state.extra.get(KEY) or [])
    perms.remove(perm)
    if perms:
        state.extra[KEY] = perms
    else:
        state.extra.pop(KEY, None)
    log.append(GameAction("permission_used", d.player, (d.card,), {"source": perm["source"]},
                          "public", "356.1.b.2", d.player))
