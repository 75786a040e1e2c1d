"""Where RUP4 (2026-07-16) and v1.3 differ in what the engine checks or does (our own
summaries).

Each :class:`Rup4Difference` names the v1.3 rule(s) the engine encodes (empty when the
RUP4 rule has no v1.3 counterpart), the RUP4 rule(s) that say something else, a one-line
summary in our words, and its status:

* ``implemented`` - the engine reads ``state.edition`` and does the RUP4 thing (``where``);
* ``unsupported`` - a game judged under RUP4 that reaches it raises
  :class:`riftlog.rules.editions.EditionUnsupported` naming the RUP4 rule (``where``), so
  the event is judged unverifiable, never by the v1.3 rule;
* ``equivalent`` - the texts differ but nothing the engine models behaves differently
  (``note`` says why).

Found by reading, for every section the engine cites, the two texts through the
correspondence (``v13_to_rup4.json``) and ``rup4-changes-selected.md`` of the reference.

:data:`NOT_IN_RUP4` - v1.3 rule ids whose check RUP4 dropped (violations not enforced).
:data:`ID_FIXES` - v1.3 -> RUP4 correspondences checked by hand where the text matcher
finds none or the wrong one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["DIFFERENCES", "ID_FIXES", "NOT_IN_RUP4", "REFUSED_ACTIONS", "REFUSED_CARDS",
           "RefusedCard", "Rup4Difference"]

Status = Literal["implemented", "unsupported", "equivalent"]


@dataclass(frozen=True, slots=True)
class Rup4Difference:
    """One behavioural difference between v1.3 (encoded) and RUP4."""

    key: str
    v13: tuple[str, ...]
    rup4: tuple[str, ...]
    summary: str
    status: Status
    where: str = ""
    note: str = ""


DIFFERENCES: tuple[Rup4Difference, ...] = (
    # --- costs --------------------------------------------------------------------------
    Rup4Difference(
        "multi-domain-c", ("135.2.e.6.b",), ("135.2.e.6.b", "135.2.e.6.c"),
        "RUP4 pays the Power of a card of several domains only with Power of one of its "
        "domains (or universal Power); v1.3 lets Power of any domain pay it",
        "implemented", "riftlog/rules/board/resources.py card_cost"),
    Rup4Difference(
        "accelerate-cost", ("805.1.a", "805.1.a.1", "805.1.a.2"),
        ("805.1.a", "805.1.a.1", "805.1.a.2"),
        "RUP4 Accelerate costs [1][C]: on a unit of several domains its Power must be of one "
        "of them; v1.3 takes Power of any domain there",
        "implemented", "riftlog/rules/playing/play.py accelerate_cost"),
    Rup4Difference(
        "pay-optional", ("742.1.b",), ("444", "444.2", "444.2.a", "444.2.b"),
        "RUP4 makes an instruction to pay Energy or Power from the pool optional for the "
        "instructed player (the new Pay action); declining undoes the play or skips the "
        "effect the payment is for",
        "equivalent", "riftlog/rules/interpreter/triggers_chain.py (742.1.b 'you may pay')",
        "every encoded card that instructs a payment asks whether to pay (742.1.b: declining "
        "is allowed and its effect is not performed); Bullet Time's any amount includes 0 "
        "(but see pay-on-resolution); the cards of other sets that instruct a Pay are "
        "refused naming RUP4 444 (REFUSED_CARDS)"),
    Rup4Difference(
        "pay-on-resolution", ("356.2",), ("204.3.b", "444"),
        "RUP4 has a cost within a spell's instructions (Bullet Time's any amount of Power) "
        "paid as the spell resolves; the engine takes it as an additional cost as the spell "
        "is played",
        "unsupported", "riftlog/rules/editions/differences_rup4.py REFUSED_CARDS (refuse_rup4_card)",
        "Bullet Time (OGN-268) played in a game judged under RUP4 is refused naming RUP4 "
        "204.3.b; an Add ability's pay instruction (Hextech Anomaly, Ancient Henge) is paid "
        "with the activation, which is its resolution (429.2; riftlog/rules/playing/pay_to_add.py)"),
    # --- new game actions and keywords ----------------------------------------------------
    Rup4Difference(
        "new-actions", (), ("440", "441", "442", "443"),
        "RUP4 adds the game actions Burn, Empower, Disempower and Skip",
        "unsupported", "riftlog/rules/editions/differences_rup4.py REFUSED_CARDS (refuse_rup4_card)",
        "no encoded card burns, empowers, disempowers or skips: a card that does is refused "
        "as it is played naming the action's rule (440-443), or its keyword's (827-829)"),
    Rup4Difference(
        "new-keywords", (), ("827", "828", "829"),
        "RUP4 adds the keywords Empower, Empowered and Flow",
        "unsupported", "riftlog/rules/playing/play.py (editions.refuse_rup4_card)"),
    # --- replacement effects --------------------------------------------------------------
    Rup4Difference(
        "replacement-order-controller", ("372",), ("372",),
        "RUP4 has the controller of the object acted on order several replacement effects "
        "of one event; v1.3 its owner",
        "implemented", "riftlog/rules/interpreter/replacement_effects.py _decider"),
    Rup4Difference(
        "replacement-before-unmodified", ("373",), ("373.1.a",),
        "RUP4 performs a replacement's instructions before the unmodified events that "
        "happen at the same time (a death replaced while other units die)",
        "implemented", "riftlog/rules/interpreter/replacement_effects.py _apply",
        "the engine performs a replacement's instructions as it applies it, and kills the "
        "units left unmodified only once every replacement is applied: RUP4's order"),
    Rup4Difference(
        "replacement-events", ("369", "370.1.a", "371.1"),
        ("369.1", "369.3", "370.1.a", "370.1.a.1", "370.1.a.2", "370.1.b.1", "370.1.c",
         "370.4", "371.1", "371.2"),
        "RUP4 defines events, 'as' and 'enters' replacements and replacements of a leaving "
        "object; 'once each turn' becomes 'N times each turn'",
        "equivalent", "",
        "the engine replaces only deaths and the tie recall, each a single event of one "
        "kill (370.1.a.2); 'enters ready' is the same result whether read as a replacement "
        "(369.3) or not; a death replaced together with other deaths is refused "
        "(replacement-before-unmodified); the engine's once-each-turn replacements are N = 1"),
    Rup4Difference(
        "damage-assignment-replacement", ("460.2.c",), ("465.2.c.5",),
        "RUP4 applies damage-changing replacement effects to the combat damage assignment",
        "unsupported", "riftlog/rules/interpreter/replacement_effects.py replace_damage",
        "combat damage a prevention would change is refused as it is dealt"),
    Rup4Difference(
        "bonus-damage-prevented", ("417.1.e.1", "715.4"), ("715.4", "715.4.a"),
        "RUP4 counts Bonus Damage in the total a prevention reduces (prevent 3 against 3 + 1 "
        "Bonus leaves 1); v1.3 adds no Bonus Damage when the prevention stops the whole deal",
        "implemented", "riftlog/rules/interpreter/effects_steps.py bonus_damage"),
    # --- triggers, plays, delayed abilities -------------------------------------------------
    Rup4Difference(
        "played-this-turn-finalized", ("812.2", "419.4"), ("812.2", "419.4.b"),
        "RUP4 has Legion and other 'played this turn' checks count finalized cards (a "
        "countered card counts)",
        "equivalent", "riftlog/rules/playing/play.py apply_card_played",
        "the engine notes a card for Legion when it is finalized (359), before it resolves, "
        "so a countered card already counts"),
    Rup4Difference(
        "when-i-die", ("323.4", "808.1.d"), ("323.4", "808.1.d", "808.1.d.1"),
        "RUP4 treats every 'when I die' trigger like Deathknell (triggers in the cleanup, "
        "removed from the chain when the death is replaced)",
        "implemented", "riftlog/rules/interpreter/triggers_firing.py fire",
        "the engine fires every trigger on its source's own death as it fires Deathknell: "
        "after a completed kill only, with the facts noted before the move (Draven, "
        "Audacious, SFD-148)"),
    Rup4Difference(
        "delayed-windows", ("390",), ("390", "390.4", "390.5", "390.5.a", "390.5.b"),
        "RUP4 gives delayed abilities windows of applicability, linked to an object or the "
        "source staying in a zone",
        "equivalent", "riftlog/rules/playing/abilities_after_play.py",
        "the engine's delayed abilities last for the turn or the next matching event; a "
        "window that ends before it is made is never met by an encoded card"),
    Rup4Difference(
        "once-each-turn", ("383.3.f", "383.3.f.1", "383.3.f.2"),
        ("383.3.e", "383.3.e.1", "383.3.e.2.a", "383.3.e.2.b"),
        "RUP4 counts a use of a once-each-turn triggered ability as it is performed (a "
        "declined 'you may' or an ability that never resolves leaves it unused; two "
        "triggered at once both go on the chain, the second is not performed); v1.3 counts "
        "it as it is put on the chain",
        "implemented", "riftlog/rules/interpreter/once_each_turn.py performing"),
    # --- objects -----------------------------------------------------------------------------
    Rup4Difference(
        "tokens-category", ("176",), ("179", "185.1", "185.1.a", "185.1.b"),
        "RUP4 makes token an intrinsic category that cannot be gained or lost",
        "equivalent", "",
        "the engine's objects are tokens or cards from their creation and never change"),
    Rup4Difference(
        "multiple-types", (), ("177", "178", "178.1", "178.2", "178.3"),
        "RUP4 defines objects of several types",
        "equivalent", "",
        "every card of the catalog has one type; refuse_rup4_card refuses several"),
    Rup4Difference(
        "new-choices", ("188.2", "355.5"), ("750", "751", "752", "753", "753.1", "754", "755"),
        "RUP4 defines making new choices for a finalized chain item",
        "equivalent", "riftlog/rules/playing/spell_control.py ctl_take_spell",
        "Mystic Reversal (OGN-080) is the only encoded card: its new choices are judged as "
        "they would be as the spell is played, may keep the old ones, and pay no cost again "
        "(753, 753.1, 755); no encoded card triggers on being chosen (754); Rebuttal is "
        "refused naming RUP4 751 (REFUSED_CARDS)"),
    Rup4Difference(
        "untargetability", (), ("756", "757", "758", "758.1", "758.2", "758.2.a"),
        "RUP4 defines objects that can't be chosen by a category of spells and abilities",
        "unsupported", "riftlog/rules/editions/differences_rup4.py REFUSED_CARDS (refuse_rup4_card)",
        "no encoded card is untargetable: those that are are refused naming RUP4 757"),
    Rup4Difference(
        "naming-cards", (), ("759", "760", "761", "762", "763"),
        "RUP4 defines naming (or guessing) a card, type or tag",
        "unsupported", "riftlog/rules/editions/differences_rup4.py REFUSED_CARDS (refuse_rup4_card)",
        "no encoded card names a card, type or tag: those that do are refused naming RUP4 760"),
    Rup4Difference(
        "ignoring-abilities", (), ("764", "765", "766", "767"),
        "RUP4 defines ignoring abilities while performing a game action or procedure",
        "unsupported", "riftlog/rules/editions/differences_rup4.py REFUSED_CARDS (refuse_rup4_card)",
        "no encoded card ignores an ability (ignoring a cost is another thing, 356): those "
        "that do are refused naming RUP4 765"),
    # --- cleanup and modes ------------------------------------------------------------------
    Rup4Difference(
        "contested-cleanup", ("187.3.b",), ("323.11", "323.11.a"),
        "RUP4 removes Contested status in the cleanup from a battlefield without the "
        "contester's units and without a showdown or combat there, and then a player whose "
        "units are at a battlefield they do not control contests it",
        "implemented", "riftlog/rules/flow/showdown.py _uncontest_rup4"),
    Rup4Difference(
        "match-battlefields-reused", ("481.5",), ("486.5.a", "486.6.a"),
        "RUP4 lets a drawn game's battlefields be used again, and in games 4-5 of a best "
        "of five any removed battlefield",
        "unsupported", "riftlog/rules/flow/setup.py build_state",
        "the engine excludes the battlefields the game was created with as used (481.5) and "
        "cannot tell a drawn game's: a RUP4 match game created with used battlefields is "
        "refused (486.6.a from game 4, else 486.5.a)"),
)

#: v1.3 rule ids whose check RUP4 dropped (none found among the rules the engine checks)
NOT_IN_RUP4: frozenset[str] = frozenset()

#: v1.3 -> RUP4 correspondences checked by hand (the text matcher misses or mismatches them)
ID_FIXES: dict[str, str | None] = {
    "357.2": "357.2",          # non-standard costs in any order (an example added)
    "323.11": "323.12",        # the turn player picks a staged showdown (renumbered)
    "323.12": "323.12",        # a staged showdown and combat: folded into 323.12
    "390": "390",              # delayed abilities (reworded)
}

#: Game actions (by the v1.3 rule they cite) whose RUP4 behaviour the engine does not
#: implement -> (difference key, RUP4 rule to name).  Empty: each refusal is made at its
#: mechanic (see ``where``), where the state shows whether the rules differ.
REFUSED_ACTIONS: dict[str, tuple[str, str]] = {}


@dataclass(frozen=True, slots=True)
class RefusedCard:
    """A card a game judged under RUP4 refuses as it is played, naming the RUP4 rule of
    what it does that the engine does not implement (``what``: our words).  ``always``:
    refused even if the card is encoded (its encoding follows v1.3); otherwise only while
    it is not (an encoding added later takes the rule on)."""

    rule: str
    what: str
    always: bool = False


#: card id -> the RUP4 rule it is refused by (the cards met through the catalog's texts;
#: cards refused by a RUP4 keyword first, 827-829, and battlefields or legends, which are
#: never played, are not listed)
REFUSED_CARDS: dict[str, RefusedCard] = {
    # Burn (440)
    "VEN-002": RefusedCard("440", "makes a player burn cards"),
    "VEN-095": RefusedCard("440", "lets its controller burn a card"),
    "VEN-108": RefusedCard("440", "makes its controller burn a card"),
    # Empower (441) and Disempower (442) without the Empower keywords
    "VEN-062": RefusedCard("441", "empowers"),
    "VEN-089": RefusedCard("441", "empowers"),
    "VEN-082": RefusedCard("442", "empowers and disempowers"),
    "VEN-099": RefusedCard("442", "empowers and disempowers"),
    # Skip (443)
    "VEN-022": RefusedCard("443", "skips its controller's Draw Phase (and burns, 440)"),
    # Pay (444)
    "UNL-079": RefusedCard("444", "instructs a Pay of Energy"),
    "OGN-268": RefusedCard("204.3.b", "pays its any amount of Power as it resolves (444), not "
                           "as it is played", always=True),
    # making new choices (750-755), untargetability (756-758), naming (759-763), ignoring
    # abilities (764-767)
    "VEN-152": RefusedCard("751", "makes new choices for a spell"),
    "SFD-105": RefusedCard("757", "can't be chosen by enemy spells and abilities"),
    "UNL-057": RefusedCard("757", "makes other units untargetable"),
    "UNL-059": RefusedCard("757", "can't be chosen by enemy spells and abilities"),
    "UNL-147": RefusedCard("757", "can't be chosen by enemy spells and abilities"),
    "VEN-038": RefusedCard("757", "can't be chosen by enemy spells and abilities"),
    "UNL-138": RefusedCard("760", "names a tag"),
    "VEN-132": RefusedCard("760", "names a spell"),
    "VEN-004": RefusedCard("765", "ignores an ability while damage is assigned"),
    "VEN-061": RefusedCard("765", "ignores Deflect while its cost is paid"),
}
