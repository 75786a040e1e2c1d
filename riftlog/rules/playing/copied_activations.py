"""Activated abilities of a unit's text copied into an Equipment's Effect Text (issue 24;
Svellsongur, SFD-059: ``rules/board/copied_text``, kind ``Activated``).

While such an Equipment is attached to a unit, the copy of the unit's text is appended to
the unit's own rules text (RUP4 136.2.c, 718.3, 719.1), so the unit has each of its
activated abilities twice: its own and the copy's.  They are two abilities, each activated
separately by paying its own cost, as the rules say of two instances of an activated
keyword (818.4 Equip, 827.3 Empower); one exhaust symbol is paid once, so both can be used
in one turn only if the unit is readied between them.  A limit such as "not used yet this
turn" is kept per ability (:func:`activation_key`).

The decision names the copy: an :class:`~riftlog.events.abilities.AbilityActivated` whose
``source`` is the unit (the copy's "me", 136.2.d), ``ability`` the index of the ability in
the unit's encoding and ``choices["ability_of"]`` the Equipment carrying the copy (the seam
a legend uses for a battlefield's ability, :mod:`riftlog.rules.playing.borrowed`).  The copy
ends as the Equipment is detached or the unit leaves the board (718.1, 719.5): naming it
then is refused, citing 136.2.b (its Effect Text is inactive) or 719.1 (it is attached to
another unit, whose text it copies now).

Hooks: :func:`copied` is called by :func:`riftlog.rules.playing.borrowed.lent`;
:func:`copies_on` by the activation candidates of
:mod:`riftlog.rules.playing.abilities_activated` (bots and ``riftlog moves``).
"""

from __future__ import annotations

from typing import Any

from riftlog.cards import vocab as V
from riftlog.events.abilities import AbilityActivated
from riftlog.rules.board import copied_text
from riftlog.rules.board.core import Violation
from riftlog.rules.board.resources import card_facts
from riftlog.rules.board.state import BOARD_ZONES, GameObject, GameState
from riftlog.rules.interpreter import effects

__all__ = ["activation_key", "carries_copy", "copied", "copies_on", "copy_named"]


def carries_copy(state: GameState, oid: object) -> bool:
    """Whether *oid* is an object whose card's Effect Text copies its wearer's text (an
    Equipment such as Svellsongur), wherever it is."""
    obj = state.objects.get(oid) if isinstance(oid, str) else None
    return obj is not None and copied_text_card(obj.card)


def copied_text_card(card_id: str) -> bool:
    """Whether the card's encoding has the copy-the-wearer's-text ability."""
    enc = effects.encoding(card_id)
    return enc is not None and any(type(a).__name__ == "CopyWearerText" for a in enc.abilities)


def copy_named(state: GameState, d: AbilityActivated) -> str | None:
    """The Equipment whose copy *d* names (``choices["ability_of"]``), or None when *d*
    names none (an own ability, or another object's through :mod:`borrowed`)."""
    gear = d.choices.get("ability_of")
    return gear if isinstance(gear, str) and carries_copy(state, gear) else None


def copies_on(state: GameState, unit: str) -> list[str]:
    """The Equipment carrying a copy of *unit*'s text now (attached to it, the unit on the
    board), in the order they were attached."""
    return [gear for gear, wearer in copied_text.copying(state) if wearer == unit]


def copied(state: GameState, d: AbilityActivated,
           obj: GameObject) -> tuple[V.Activated | None, list[Violation]]:
    """The copied activated ability *d* names (its Equipment in ``choices["ability_of"]``,
    check :func:`copy_named` first), or the violations: the Equipment no longer carries a
    copy of *obj*'s text (136.2.b, 719.1), or the text has no activated ability of that
    index (377.1)."""
    ed = state.edition
    gear = state.objects[d.choices["ability_of"]]
    gear_name, unit_name = card_facts(gear.card), card_facts(obj.card)
    if gear.attached_to is None or gear.zone not in BOARD_ZONES:
        return None, [Violation("136.2.b", f"{gear_name} ({gear.oid}) is not attached to a unit: "
                                "its Effect Text is inactive, so it carries no copy of "
                                f"{unit_name}'s abilities", ed)]
    if gear.attached_to != d.source or gear.oid not in copies_on(state, d.source):
        return None, [Violation("719.1", f"{gear_name} ({gear.oid}) is attached to "
                                f"{gear.attached_to}, not to {d.source}: its copied abilities "
                                f"are not {unit_name}'s", ed)]
    enc = effects.encoding(obj.card)
    ab = enc.abilities[d.ability] if enc is not None and 0 <= d.ability < len(enc.abilities) \
        else None
    if not isinstance(ab, V.Activated):
        return None, [Violation("377.1", f"the copy of {unit_name}'s text in {gear_name} has no "
                                f"activated ability #{d.ability}", ed)]
    return ab, []


def activation_key(state: GameState, d: AbilityActivated) -> dict[str, Any] | None:
    """The event data naming which instance of the ability *d* activates, for limits kept
    per ability ("not used yet this turn", ``vocab.NotActivatedThisTurn``): the copy's
    Equipment, or None for the unit's own ability."""
    gear = copy_named(state, d)
    return None if gear is None else {"equipment": gear}
