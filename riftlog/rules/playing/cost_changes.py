"""Cost changes that read the play itself (issue 24, Spiritforged costs lane): its targets,
its optional additional costs, combat, and points scored by holding.

Registered in :data:`riftlog.rules.playing.play.PLAY_COST_CHANGES` (applied by
``play.total_cost`` after the card's own encoded costs and before ``COST_MODIFIERS``).  In
the order of 356: cost increases (356.3), then discounts of one component of the cost
(356.4.c: an optional additional cost's own discount, Ezreal, Prodigy), then discounts of
the total (356.4.d); a discount's minimum limits only that discount (356.4.e); nothing goes
below 0 (356.6).  The vocabulary is :mod:`riftlog.cards.vocab_costs`:

* :class:`~riftlog.cards.vocab_costs.CostsLessPer` - a card's own discount per point of a
  count; ``Count("hold_points")`` is the points its player scored by holding this turn,
  recorded at the Scoring Step (315.2.b) by :func:`note_hold_points` only in games where a
  card reads it (no other game's state changes);
* :class:`~riftlog.cards.vocab_costs.SpellsCost` - while the source is in combat
  (v1.3 741.3), friendly or enemy spells cost more or less;
* :class:`~riftlog.cards.vocab_costs.ChoosingMeCostsLess` - a player's spells that choose
  the source cost one Energy or one power less;
* :class:`~riftlog.cards.vocab_costs.OptionalCostsLess` - each optional additional cost
  the player pays costs one Energy or one power less.

"One Energy or one power": the player decides, in ``CardPlayed.choices["less"]``
("energy", the default, or "power"); one answer for every such discount of the play.  A
discount of power takes universal power first, then the domain the cost asks most of.

A refused payment names what made the cost (issue 19): a cost increase that alone makes
the pool fall short is cited by 356.3 (:func:`blame`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from riftlog.cards import vocab as V
from riftlog.cards.vocab_costs import (
    ChoosingMeCostsLess,
    CostsLessPer,
    OptionalCostsLess,
    SpellsCost,
)
from riftlog.events.play import CardPlayed
from riftlog.rules.board import copied_text, hooks, layers
from riftlog.rules.board.core import Violation
from riftlog.rules.board.resources import Cost, card_facts, find_payment
from riftlog.rules.board.seats import friendly
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import effects
from riftlog.rules.playing import cost_blame, play
from riftlog.rules.playing.abilities_spells import play_targets, spell_effect

__all__ = ["HOLD_POINTS", "blame", "candidates", "change_cost", "hold_points", "less_violations",
           "note_hold_points"]

#: the Count that reads the points a player scored by holding this turn
HOLD_POINTS = "hold_points"
_KINDS = (CostsLessPer, SpellsCost, ChoosingMeCostsLess, OptionalCostsLess)


def _changes_of(enc: V.Encoding) -> tuple[Any, ...]:
    return tuple(a for a in enc.abilities if isinstance(a, _KINDS))


def _changes(card_id: str) -> tuple[Any, ...]:
    return effects.encoding_fact(card_id, _changes_of, ())


# --- points scored by holding (Count("hold_points")) ---------------------------------------


def _reads_hold_points(enc: V.Encoding) -> bool:
    return any(isinstance(a, CostsLessPer) and isinstance(a.per, V.Count)
               and a.per.what == HOLD_POINTS for a in enc.abilities)


def note_hold_points(state: GameState, pid: str, gained: int) -> None:
    """The Scoring Step (315.2.b): *pid* scored *gained* points by holding.  Recorded in
    ``turn_marks["hold_points"]`` (with ``"hold_points_turn"``) only when a card of the
    game reads it."""
    if gained <= 0 or not any(effects.encoding_fact(o.card, _reads_hold_points, False)
                              for o in state.objects.values()):
        return
    marks = state.players[pid].turn_marks
    if marks.get("hold_points_turn") != state.turn:
        marks["hold_points_turn"] = state.turn
        marks["hold_points"] = 0
    marks["hold_points"] += gained


def hold_points(state: GameState, pid: str) -> int:
    """The points *pid* scored by holding this turn (0 in a game where no card reads it)."""
    marks = state.players[pid].turn_marks
    return int(marks.get("hold_points", 0)) if marks.get("hold_points_turn") == state.turn else 0


def _per(state: GameState, player: str, oid: str, per: object) -> int:
    if isinstance(per, V.Count) and per.what == HOLD_POINTS:
        return hold_points(state, player) * per.times
    if isinstance(per, V.Count):
        return effects.count(state, player, oid, per)
    raise TypeError(f"CostsLessPer of {state.objects[oid].card}: {per!r} is not a Count")


# --- the cost changes -------------------------------------------------------------------------


def _less_power(power: dict[str, int], n: int) -> dict[str, int]:
    """*power* with *n* power taken off: universal first, then the domain asked most of."""
    power = dict(power)
    for _ in range(n):
        keys = [k for k, v in power.items() if v > 0]
        if not keys:
            break
        key = "Any" if "Any" in keys else max(sorted(keys), key=lambda k: power[k])
        power[key] -= 1
    return {k: v for k, v in power.items() if v > 0}


def _in_combat(state: GameState, oid: str) -> bool:
    """v1.3 741.3: at the battlefield of the combat under way, with a combat designation."""
    sd = state.showdown
    obj = state.objects[oid]
    return sd is not None and sd.combat and obj.zone == "battlefield" and \
        obj.location == sd.battlefield and obj.designation in ("attacker", "defender")


def _board(state: GameState) -> list[str]:
    out: list[str] = []
    for p in state.players.values():
        out += p.base
    for bf in state.battlefields:
        out += bf.units
        out += bf.gear
    return out


def _optional_parts(state: GameState, oid: str, accelerate: bool,
                    choices: Mapping[str, Any] | None) -> list[Cost]:
    """The optional additional costs chosen for the play of *oid*, each as a Cost."""
    card = state.objects[oid].card
    parts: list[Cost] = []
    if accelerate:
        parts.append(play.accelerate_cost(card, state.edition))
    enc = effects.encoding(card)
    if enc is None or not choices:
        return parts
    if choices.get("additional") is True:
        extra = next((a for a in enc.abilities if isinstance(a, V.AdditionalCost)), None)
        if extra is not None and extra.optional and (extra.energy or extra.power):
            parts.append(Cost(extra.energy, dict(extra.power)))
    repeats = [a for a in enc.abilities if isinstance(a, V.RepeatCost)]
    for i in choices.get("repeat") or ():
        if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(repeats):
            parts.append(Cost(repeats[i].energy, dict(repeats[i].power)))
    return parts


def change_cost(state: GameState, player: str, oid: str, cost: Cost, accelerate: bool,
                choices: Mapping[str, Any] | None, targets: Any) -> Cost:
    """A ``play.PLAY_COST_CHANGES`` entry: *cost* of *player* playing *oid* with this module's
    changes applied (see the module doc)."""
    obj = state.objects[oid]
    own = _changes(obj.card)
    sources = [(o, a) for o in _board(state)  # each copy of a unit's text too (356.4)
               for a in copied_text.with_copies(state, o, _changes(state.objects[o].card))]
    if not own and not sources:  # replay-perf: nothing on the board changes costs
        return cost
    is_spell = layers.printed_type(obj.card) == "Spell"
    take_power = (choices or {}).get("less") == "power"
    energy, power = cost.energy, dict(cost.power)
    in_combat = [(o, a) for o, a in sources if isinstance(a, SpellsCost) and is_spell
                 and _in_combat(state, o)]
    # 356.3: increases
    for src, ab in in_combat:
        if ab.energy >= 0 and ab.power >= 0 and _applies(state, player, src, ab):
            energy += ab.energy
            if ab.power:
                power["Any"] = power.get("Any", 0) + ab.power
    # 356.4.c: discounts of an optional additional cost, as it is added
    for src, ab in sources:
        if isinstance(ab, OptionalCostsLess) and state.objects[src].controller == player:
            for part in _optional_parts(state, oid, accelerate, choices):
                if take_power and part.power:
                    power = _less_power(power, 1)
                elif not take_power and part.energy:
                    energy -= 1
    # 356.4.d: discounts of the total
    for src, ab in in_combat:
        if ab.energy <= 0 and ab.power <= 0 and _applies(state, player, src, ab):
            if -ab.energy:
                energy = energy if energy <= ab.minimum else max(ab.minimum, energy + ab.energy)
            power = _less_power(power, -ab.power)
    if is_spell and targets:
        chosen = {o for ids in play_targets(obj.card, targets).values() for o in ids}
        for src, ab in sources:
            if isinstance(ab, ChoosingMeCostsLess) and src in chosen and \
                    state.objects[src].controller == player:
                if take_power:
                    power = _less_power(power, 1)
                else:
                    energy -= 1
    for ab in own:
        if isinstance(ab, CostsLessPer):
            n = _per(state, player, oid, ab.per)
            energy -= ab.energy * n
            power = _less_domains(power, tuple((dm, k * n) for dm, k in ab.power))
    return Cost(max(0, energy), {k: v for k, v in power.items() if v > 0})


def _applies(state: GameState, player: str, src: str, ab: SpellsCost) -> bool:
    mine = friendly(state, player, state.objects[src].controller)
    return mine if ab.whose == "friendly" else not mine


def _less_domains(power: dict[str, int], less: tuple[tuple[str, int], ...]) -> dict[str, int]:
    for domain, k in less:
        power[domain] = max(0, power.get(domain, 0) - k)
    return {k: v for k, v in power.items() if v > 0}


def _per_words(per: object) -> str:
    if isinstance(per, V.Count) and per.what == HOLD_POINTS:
        return "points scored by holding this turn"
    return f"{getattr(per, 'what', per)}"


# --- checks -----------------------------------------------------------------------------------


def less_violations(state: GameState, d: CardPlayed) -> list[Violation]:
    """A ``play.PLAY_RESTRICTIONS`` entry: ``choices["less"]`` is "energy" or "power" (356.4)."""
    less = d.choices.get("less")
    if less is None or less in ("energy", "power"):
        return []
    return [Violation("356.4", f'answer "less" with "energy" or "power" (which part of the '
                      f"cost a one-Energy-or-one-power discount takes off), not {less!r}",
                      state.edition)]


def blame(state: GameState, d: CardPlayed, cost: Cost, short: str) -> list[Violation] | None:
    """A ``cost_blame.BLAMES`` entry: the pool falls short only because of a cost increase
    of a unit in combat (356.3), or by a card's own discount per point (CostsLessPer) the
    player counted once more than there is (356.4)."""
    card = state.objects[d.card].card
    for ab in _changes(card):
        if isinstance(ab, CostsLessPer):
            power = _less_domains(dict(cost.power), ab.power)
            if cost_blame.pays(state, d, Cost(cost.energy - ab.energy, power)):
                n = _per(state, d.player, d.card, ab.per)
                return [Violation("356.4", f"{short}: {card_facts(card).name}'s own cost "
                                  f"reduction counts {n} now ({_per_words(ab.per)}), and the "
                                  "payment takes one more", state.edition)]
    if state.showdown is None or layers.printed_type(card) != "Spell":
        return None
    energy, power = cost.energy, dict(cost.power)
    for src in _board(state):  # the increases taken off one by one (each copy's too)
        for ab in copied_text.with_copies(state, src, _changes(state.objects[src].card)):
            if isinstance(ab, SpellsCost) and ab.energy >= 0 and ab.power >= 0 and \
                    _in_combat(state, src) and _applies(state, d.player, src, ab):
                energy -= ab.energy
                if ab.power:
                    power["Any"] = power.get("Any", 0) - ab.power
                if power.get("Any", 0) >= 0 and cost_blame.pays(state, d, Cost(energy, power)):
                    name = card_facts(state.objects[src].card).name
                    return [Violation("356.3", f"{short}: the cost increase of {name} ({src}, "
                                      f"in combat) is not paid", state.edition)]
    return None


if change_cost not in play.PLAY_COST_CHANGES:
    play.PLAY_COST_CHANGES.append(change_cost)
if less_violations not in play.PLAY_RESTRICTIONS:
    play.PLAY_RESTRICTIONS.append(less_violations)
if blame not in cost_blame.BLAMES:
    cost_blame.BLAMES.append(blame)


# --- moves: the "one Energy or one power" discounts taken as power ----------------------------


@hooks.candidates
def candidates(state: GameState, player: str) -> list[Any]:
    """Plays that take a one-Energy-or-one-power discount as power (``choices["less"]``):
    spells from the hand choosing the player's ChoosingMeCostsLess unit (their first target),
    and units played with Accelerate while an OptionalCostsLess unit of theirs is on the
    board.  The plain candidates take it as Energy."""
    p = state.players.get(player)
    if p is None:
        return []
    mine = [(o, a) for o in _board(state) if state.objects[o].controller == player
            for a in _changes(state.objects[o].card)
            if isinstance(a, ChoosingMeCostsLess | OptionalCostsLess)]
    if not mine:
        return []
    out: list[Any] = []
    choices: dict[str, Any] = {"less": "power"}
    for oid in p.hand:
        card = state.objects[oid].card
        facts = card_facts(card)
        if not facts.supported:
            continue
        if facts.type == "Spell":
            specs = effects.targets_of(card, spell_effect(card)[0])
            for src, ab in mine:
                if not isinstance(ab, ChoosingMeCostsLess) or not specs:
                    continue
                if src not in effects.target_candidates(state, player, oid, specs[0]):
                    continue
                targets: dict[str, tuple[str, ...]] = {specs[0].name: (src,)}
                out += _priced(state, player, oid, None, False, targets, choices)
        elif facts.type == "Unit" and "Accelerate" in facts.keywords and \
                any(isinstance(a, OptionalCostsLess) for _, a in mine):
            out += _priced(state, player, oid, "base", True, {}, choices)
    return out


def _priced(state: GameState, player: str, oid: str, dest: str | None, accelerate: bool,
            targets: dict[str, tuple[str, ...]], choices: dict[str, Any]) -> list[Any]:
    cost = play.total_cost(state, player, oid, accelerate=accelerate, choices=choices,
                           targets=targets)
    payment = find_payment(state, player, cost)
    if payment is None:
        return []
    return [CardPlayed(player=player, card=oid, destination=dest, payment=payment,
                       accelerate=accelerate, targets=targets, choices=choices)]
