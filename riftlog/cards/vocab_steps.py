"""The encoding vocabulary, part 2: effect steps (what a resolving ability does).

Package-private: import these names from :mod:`riftlog.cards.vocab`, which re-exports them
(see its docstring for the whole vocabulary).  The interpreter of each step is
``riftlog.rules.interpreter.effects.STEPS``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from riftlog.cards.vocab_conditions import Amount, Chosen, Condition, Who, _present_as_vocab

__all__ = [
    "AddResource", "ApplyEffect", "AttachMe", "Banish", "Buff", "Channel", "Counter",
    "CreateToken", "Custom", "Deal", "Delay", "Discard", "DoubleMight", "Draw", "Exhaust",
    "ForTurn", "GainPoints", "GainXP", "GiveMight", "GrantKeyword", "Heal", "If", "Kill",
    "LookAtTop", "May", "Move", "Ready", "Recall", "ReplacementCost", "ReturnToHand",
    "SaveFromNextDeath", "ShieldNextDeath", "Step", "Stun", "Unsupported", "WeaponmasterAttach",
]


# --- effect steps -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deal:
    amount: Amount
    to: Who


@dataclass(frozen=True, slots=True)
class Kill:
    what: Who


@dataclass(frozen=True, slots=True)
class Stun:
    what: Who


@dataclass(frozen=True, slots=True)
class Buff:
    what: Who


@dataclass(frozen=True, slots=True)
class Ready:
    what: Who


@dataclass(frozen=True, slots=True)
class Exhaust:
    what: Who


@dataclass(frozen=True, slots=True)
class Heal:
    what: Who


@dataclass(frozen=True, slots=True)
class Recall:
    what: Who


@dataclass(frozen=True, slots=True)
class Banish:
    what: Who


@dataclass(frozen=True, slots=True)
class ReturnToHand:
    what: Who


@dataclass(frozen=True, slots=True)
class Move:
    """Move units to ``to``: "base" or a :class:`Chosen` battlefield."""

    what: Who
    to: Chosen | str = "base"


@dataclass(frozen=True, slots=True)
class Draw:
    n: Amount = 1


@dataclass(frozen=True, slots=True)
class Discard:
    """The controller discards *n* cards of their choice (a ChoiceMade when it is a choice)."""

    n: int = 1


@dataclass(frozen=True, slots=True)
class Channel:
    n: Amount = 1
    exhausted: bool = False


@dataclass(frozen=True, slots=True)
class AddResource:
    """Add Energy / Power (429); power by domain, "Any" for universal power."""

    energy: int = 0
    power: tuple[tuple[str, int], ...] = ()
    spells_only: bool = False  # mechanics helper: may only be spent to play spells (rules/spell_pool)


@dataclass(frozen=True, slots=True)
class GiveMight:
    """+n (or -n) Might ``until`` "end_of_turn" (a layers arithmetic effect)."""

    n: int
    what: Who
    until: str = "end_of_turn"
    minimum: int | None = None


@dataclass(frozen=True, slots=True)
class GrantKeyword:
    keyword: str
    what: Who
    until: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class CreateToken:
    """Create *n* tokens of catalog card *card* at ``where``: "base" or "here"."""

    card: str
    n: int = 1
    where: str = "base"
    ready: bool = False  # the token enters ready
    # the token is played exhausted (a gear token, e.g. a Gold, v1.3 184.5, enters ready
    # otherwise); issue 24
    exhausted: bool = False


@dataclass(frozen=True, slots=True)
class LookAtTop:
    """Look at the top card of your Main Deck (privately); with *may_recycle*, you may
    recycle it (a ChoiceMade).  Vision (817) is this as a play effect."""

    may_recycle: bool = True


@dataclass(frozen=True, slots=True)
class Counter:
    """Counter a spell on the chain (chosen as a Target of kind "spell")."""

    what: Who


@dataclass(frozen=True, slots=True)
class If:
    """Do *then* when *cond* holds as this step resolves (else *otherwise*)."""

    cond: Condition
    then: tuple[Any, ...]
    otherwise: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class May:
    """"You may": the controller chooses (a recorded ChoiceMade) whether to do *steps*."""

    steps: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Custom:
    """Plain Python in :mod:`riftlog.rules.interpreter.custom_effects` under *name* (the unusual card)."""

    name: str
    args: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class Unsupported:
    """A part of a card the framework cannot express yet; the card stays unsupported."""

    why: str


Step = (Deal | Kill | Stun | Buff | Ready | Exhaust | Heal | Recall | Banish | ReturnToHand | Move
        | Draw | Discard | Channel | AddResource | GiveMight | GrantKeyword | CreateToken | Counter
        | LookAtTop | If | May | Custom | Unsupported)

# --- steps outside the Step union ---------------------------------------------------------


# effects lasting the rest of the turn, kept in state.extra["turn_effects"].
@dataclass(frozen=True, slots=True)
class ForTurn:
    """For the rest of this turn: ``kind`` "cannot_play" (the players can't play cards),
    "next_unit_ready" (the next unit they play enters ready), "units_ready" (every unit
    they play this turn enters ready;), "next_spell_cheaper" (the
    next spell they play costs *n* Energy less), "next_spell_bonus" (the next spell they play
    deals *n* Bonus Damage with each Deal step).  ``players``: "you" or "opponents"."""

    kind: str
    players: str = "you"
    n: int = 0


# delayed triggers
@dataclass(frozen=True, slots=True)
class Delay:
    """Schedule this card's ability #*ability* (a :class:`Triggered` whose When subject is
    "delayed") to trigger once at its event later this turn (390.2, delayed triggers).
    ``on``: the name of a chosen target; then only an event about one of those objects
    triggers it (e.g. "the next time it takes damage this turn")."""

    ability: int
    on: str | None = None
    every: bool = False  # mechanics helper: triggers every time its event occurs this turn (389)


# generic steps
@dataclass(frozen=True, slots=True)
class GainPoints:
    """The controller gains *n* points (not a Score: 466.1.a.1)."""

    n: int = 1


@dataclass(frozen=True, slots=True)
class DoubleMight:
    """Double the Might of *what* this turn (432: + its current Might)."""

    what: Who


@dataclass(frozen=True, slots=True)
class ApplyEffect:
    """Start a layers effect from the source as this step resolves (default "until":
    "end_of_turn"); an ``affects`` value "you" for "controller"/"not_controller" is the
    ability's controller."""

    effect: tuple[tuple[str, Any], ...]

    @staticmethod
    def of(**effect: Any) -> ApplyEffect:
        return ApplyEffect(tuple(effect.items()))


# a one-shot death replacement
@dataclass(frozen=True, slots=True)
class SaveFromNextDeath:
    """Step: this turn, the next time *what* would die, it is healed, exhausted and recalled
    instead (a one-shot replacement effect, 369-373; interpreted in effects.kill)."""

    what: Who


# replacement helper (issue 4): an optional death replacement and its cost
@dataclass(frozen=True, slots=True)
class ReplacementCost:
    """replacement helper (issue 4): what applying a replacement costs, paid as it applies
    (the answer carries the Payment): ``power`` ((domain, n), ... - "Any" for [A]),
    ``exhaust_me`` (exhaust its source, which must be ready), ``spend_its_buff`` (spend the
    buff of the unit the event acts on, 702.2.b)."""

    power: tuple[tuple[str, int], ...] = ()
    exhaust_me: bool = False
    spend_its_buff: bool = False


@dataclass(frozen=True, slots=True)
class ShieldNextDeath:
    """replacement helper (issue 4) - step: this turn, the next time *what* would die, its
    controller may (with *cost*) have it healed, exhausted and recalled instead (a delayed,
    optional replacement effect, 367-373; riftlog.rules.interpreter.replacement_effects)."""

    what: Who
    cost: ReplacementCost | None = None
    optional: bool = True


# mechanics helper: Equip (818), Hunt/XP (823, 728), Weaponmaster (821)
@dataclass(frozen=True, slots=True)
class AttachMe:
    """Step: attach the source (a gear on the board) to the unit *to* (434, 818.1.c.2); does
    nothing when either left the board or the unit is no longer its controller's."""

    to: Who = Chosen("t")  # noqa: RUF009 - a frozen dataclass, immutable


@dataclass(frozen=True, slots=True)
class GainXP:
    """Step: the controller gains *n* XP (730.1); ``None`` = the source's Hunt value (823)."""

    n: int | None = None


@dataclass(frozen=True, slots=True)
class WeaponmasterAttach:
    """Step (Weaponmaster, 821.1.c): the controller may pick an Equipment they control and pay
    its Equip cost less one [A] to attach it to the source (a custom ChoiceMade)."""


# This part is package-private: what it defines presents itself as riftlog.cards.vocab's.
_present_as_vocab(globals())
