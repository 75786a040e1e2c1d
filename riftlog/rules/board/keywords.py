"""The keyword glossary as data (v1.3 804-826): what each keyword is and who enforces it.

Every keyword the catalog can print has a :class:`KeywordInfo` record in :data:`KEYWORDS`:
its rule id in the edition the engine judges under, its kind (passive, triggered,
permissive, ...), whether it carries a value (``"Assault 2"``) and what happens when a
card has it more than once (the values add up, the instances are redundant, or each
instance works separately), and the engine module that enforces it, if any.

:data:`IMPLEMENTED_KEYWORDS` lists only the keywords whose effect is really enforced by
code that exists *and* is tested (``tests/rules/test_keywords*.py`` checks that each
claimed module names the keyword in its ``ENFORCED_KEYWORDS``).  The card catalog uses it
to decide whether a card whose text is only keywords is playable; a keyword missing from
it makes such a card unsupported rather than silently inert.

Tokens are parsed with :func:`parse_keyword` (``"Assault 2"`` -> ``("Assault", 2)``,
``"Assault"`` -> ``("Assault", 1)``: an omitted value is 1, 807.1.b.3) and combined per
object with :func:`combine_keywords` (summed values for Assault, Deflect, Shield and Hunt:
807.2, 809.2, 814.2, 823.2).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "IMPLEMENTED_KEYWORDS",
    "KEYWORDS",
    "KeywordInfo",
    "combine_keywords",
    "format_keyword",
    "keyword_info",
    "parse_keyword",
]

Kind = Literal[
    "passive", "triggered", "permissive", "activated", "optional_cost", "dependent",
    "deck_constraint", "prerequisite",
]
#: How several instances on one object combine.
Stacking = Literal["sum", "redundant", "separate"]


@dataclass(frozen=True, slots=True)
class KeywordInfo:
    """One keyword of the glossary.

    ``rule``: the glossary entry (``"807"``) in v1.3, or ``None`` when the keyword is not
    in v1.3 at all (added by a later edition).  ``valued``: the keyword carries a number
    (``Assault 2``); ``default`` is the value when it is omitted.  ``stacking``: several
    instances add their values (``sum``), are redundant, or each works on its own
    (``separate``).  ``present_on``: the card types it appears on per its glossary entry.
    ``module``: the engine module enforcing it, ``None`` while not implemented;
    ``note``: what is (not yet) covered, in our words.
    """

    name: str
    rule: str | None
    kind: Kind
    valued: bool = False
    default: int | None = None
    stacking: Stacking = "redundant"
    present_on: tuple[str, ...] = ("Unit",)
    module: str | None = None
    note: str = ""

    @property
    def implemented(self) -> bool:
        return self.module is not None

    @property
    def citation(self) -> str:
        return f"v1.3 {self.rule}" if self.rule else "not in v1.3"


_LAYERS = "riftlog.rules.board.layers"
_COMBAT = "riftlog.rules.flow.combat_damage"

_RECORDS: tuple[KeywordInfo, ...] = (
    KeywordInfo("Accelerate", "805", "optional_cost", module="riftlog.rules.playing.play",
                note="optional additional cost as the unit is played; enters ready"),
    KeywordInfo("Action", "806", "permissive",
                present_on=("Spell", "Unit", "Gear", "Ability"), module="riftlog.rules.playing.play",
                note="timing permission: showdowns on any turn"),
    KeywordInfo("Assault", "807", "passive", valued=True, default=1, stacking="sum",
                module=_LAYERS,
                note="+X Might while the unit has the Attacker designation (arithmetic layer)"),
    KeywordInfo("Deathknell", "808", "triggered", stacking="separate",
                present_on=("Unit", "Gear"), module="riftlog.rules.interpreter.triggers",
                note="trigger when the permanent dies (encoded as Triggered(When(\"dies\")))"),
    KeywordInfo("Deflect", "809", "passive", valued=True, default=1, stacking="sum",
                present_on=("Unit", "Gear"),
                module="riftlog.rules.interpreter.effects",
                note="opponents' spells and abilities choosing it cost X more power of any "
                     "domain (effects.deflect_power; triggered abilities: UnsupportedRule)"),
    KeywordInfo("Ganking", "810", "passive", module="riftlog.rules.game_actions.movement",
                note="standard move between battlefields"),
    KeywordInfo("Hidden", "811", "prerequisite", present_on=("Spell", "Unit", "Gear"),
                module="riftlog.rules.playing.abilities",
                note="the Hide action and play from facedown"),
    KeywordInfo("Legion", "812", "dependent", stacking="separate",
                present_on=("Spell", "Unit", "Gear"), module="riftlog.rules.interpreter.effects",
                note="dependent ability active once another card was played this turn"),
    KeywordInfo("Reaction", "813", "permissive",
                present_on=("Spell", "Unit", "Gear", "Ability"), module="riftlog.rules.playing.play",
                note="timing permission: closed states on any turn"),
    KeywordInfo("Shield", "814", "passive", valued=True, default=1, stacking="sum",
                module=_LAYERS,
                note="+X Might while the unit has the Defender designation (arithmetic layer)"),
    KeywordInfo("Tank", "815", "passive", module=_COMBAT,
                note="must be assigned lethal combat damage before its controller's other units"),
    KeywordInfo("Temporary", "816", "triggered", present_on=("Unit", "Gear"),
                module="riftlog.rules.interpreter.triggers",
                note="killed at the start of its controller's Beginning Phase"),
    KeywordInfo("Vision", "817", "triggered", stacking="separate",
                present_on=("Unit", "Gear"), module="riftlog.rules.interpreter.triggers", note="look at the top card, may recycle it"),
    KeywordInfo("Equip", "818", "activated", stacking="separate", present_on=("Gear",),
                module="riftlog.rules.playing.keyword_mechanics",
                note="pay the cost: attach to a unit you control (cost and Might bonus from "
                     "the encoding: vocab.equip, might_bonus=)"),
    KeywordInfo("Quick-Draw", "819", "triggered", present_on=("Gear",),
                module="riftlog.rules.playing.keyword_mechanics",
                note="has Reaction; attaches itself when played"),
    KeywordInfo("Repeat", "820", "optional_cost", stacking="separate",
                present_on=("Spell",), module="riftlog.rules.playing.keyword_mechanics",
                note="pay again to execute the spell again (vocab.RepeatCost)"),
    KeywordInfo("Weaponmaster", "821", "triggered", stacking="separate",
                module="riftlog.rules.playing.keyword_mechanics",
                note="play effect: attach an Equipment at a discount"),
    KeywordInfo("Ambush", "822", "passive", module="riftlog.rules.playing.play",
                note="may be played as a Reaction to a battlefield with friendly units"),
    KeywordInfo("Hunt", "823", "triggered", valued=True, default=1, stacking="sum",
                module="riftlog.rules.playing.keyword_mechanics", note="gain XP on conquer or hold"),
    KeywordInfo("Level", "824", "dependent", valued=True, stacking="separate",
                present_on=("Unit", "Gear", "Spell"), module="riftlog.rules.playing.keyword_mechanics",
                note="dependent ability active while the controller has N XP"),
    KeywordInfo("Unique", "825", "deck_constraint", present_on=("Unit", "Gear", "Spell"),
                module="riftlog.cards.deckcheck",
                note="deck construction only; no effect during play (825.3)"),
    KeywordInfo("Backline", "826", "passive", module=_COMBAT,
                note="must be assigned lethal combat damage after its controller's other units"),
    # Printed on the newest cards but defined only by a later edition (RUP4, 827-829).
    KeywordInfo("Empower", None, "activated", present_on=("Unit",),
                note="defined by the RUP4 edition, which riftlog does not hold"),
    KeywordInfo("Empowered", None, "dependent", present_on=("Unit",),
                note="defined by the RUP4 edition, which riftlog does not hold"),
    KeywordInfo("Flow", None, "passive", present_on=("Unit",),
                note="defined by the RUP4 edition, which riftlog does not hold"),
)

#: Every known keyword by name.
KEYWORDS: dict[str, KeywordInfo] = {k.name: k for k in _RECORDS}

#: Keywords whose effect the engine really enforces (and tests).  See the module docstring.
IMPLEMENTED_KEYWORDS: frozenset[str] = frozenset(k.name for k in _RECORDS if k.implemented)

_TOKEN = re.compile(r"^\s*\[?\s*(?P<name>[A-Za-z][A-Za-z\-]*?)\s*(?P<value>\d+)?\s*\]?\s*$")
_CANONICAL = {k.casefold(): k for k in KEYWORDS}


def keyword_info(name: str) -> KeywordInfo:
    """The record of keyword *name* (any case); ``KeyError`` for an unknown keyword."""
    canonical = _CANONICAL.get(name.casefold())
    if canonical is None:
        raise KeyError(f"unknown keyword {name!r}")
    return KEYWORDS[canonical]


def parse_keyword(token: str) -> tuple[str, int | None]:
    """Split a keyword token into its canonical name and value.

    ``"Assault 2"`` -> ``("Assault", 2)``; ``"Assault"`` -> ``("Assault", 1)`` (an omitted
    value is 1: v1.3 807.1.b.3, 809.1.b.3, 814.1.b.3, 823.1.c.2); ``"Tank"`` ->
    ``("Tank", None)``; ``"[Shield 3]"`` (the bracketed form) is accepted too.  Unknown
    names are returned as written, so engine-internal tokens pass through.
    """
    match = _TOKEN.match(token)
    if match is None:
        raise ValueError(f"not a keyword token: {token!r}")
    raw = match.group("name")
    value = match.group("value")
    canonical = _CANONICAL.get(raw.casefold())
    if canonical is None:
        return (token.strip(), None) if value is None else (raw, int(value))
    info = KEYWORDS[canonical]
    if value is not None:
        if not info.valued:
            raise ValueError(f"keyword {canonical} takes no value: {token!r}")
        return canonical, int(value)
    return canonical, info.default


def format_keyword(name: str, value: int | None) -> str:
    """The token for *name* and *value*: ``("Assault", 2)`` -> ``"Assault 2"``."""
    return name if value is None else f"{name} {value}"


def combine_keywords(tokens: Iterable[str]) -> dict[str, int | None]:
    """Combine keyword tokens of one object into ``{name: value}``.

    Valued keywords that stack (Assault, Deflect, Shield, Hunt) add their values
    (v1.3 807.2, 809.2, 814.2, 823.2: Assault 1 plus Assault 3 is Assault 4); redundant
    keywords appear once (815.2, 826.5, ...).  For a valued keyword whose instances work
    separately (Level), the highest value is kept here; the dependent abilities
    themselves are the card encoding's business.
    """
    out: dict[str, int | None] = {}
    for token in tokens:
        name, value = parse_keyword(token)
        add_keyword(out, name, value)
    return out


def add_keyword(into: dict[str, int | None], name: str, value: int | None) -> None:
    """Add one keyword instance to a combined ``{name: value}`` map (see above)."""
    info = KEYWORDS.get(name)
    if name not in into:
        into[name] = value
        return
    old = into[name]
    if info is None or not info.valued or value is None or old is None:
        return
    into[name] = old + value if info.stacking == "sum" else max(old, value)
