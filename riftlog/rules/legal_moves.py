"""Every legal decision of a player now (issue 20): what ``riftlog moves`` lists.

:func:`legal_moves` answers "what may this player do?" for the state as it stands.  Each
move is a decision :func:`riftlog.rules.engine.check` accepts, built from the pending
request and every generator the engine registers with
:func:`riftlog.rules.board.hooks.candidates` (the ones the bot draws from, so whatever the
bot does is listed), widened here to the choices those generators leave out:

* a card is played to its base and to every battlefield, with and without Accelerate,
  with every set of targets (per target, every combination of legal objects; at most
  :data:`MAX_TARGET_SETS` sets a card);
* units move alone and together (every group of units that may go to one place, as long
  as a player has at most :data:`MAX_GROUP` ready units; beyond that, single units and
  all the units of one place);
* answers to a choice: yes / no, every combination of cards or targets asked for;
* an Equipment's Equip ability (818) on every unit it may be attached to.

Two kinds of choice are *collapsed*: a payment is the one canonical payment of
:func:`riftlog.rules.board.resources.find_payment` (the pool first, recycling only for power
the pool lacks, exhausting only for missing Energy), and a combat damage split is one legal
split with its constraints in words (:attr:`LegalMove.constraint`): any split that keeps
them is legal too.  Conceding (650) is always legal and is listed last.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from riftlog.cards import vocab as V
from riftlog.errors import RiftlogError
from riftlog.events.abilities import AbilityActivated, ChoiceMade
from riftlog.events.combat import CombatDamageAssigned
from riftlog.events.decisions import GameConceded, MulliganChosen
from riftlog.events.play import CardPlayed, StandardMove
from riftlog.events.registry import Payload
from riftlog.rules import bot, editions, engine
from riftlog.rules.board import gear_pool, hooks, unknown_cards
from riftlog.rules.board.core import Request
from riftlog.rules.board.resources import card_facts, find_payment
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import effects
from riftlog.rules.playing import abilities, move_destinations, play_permissions
from riftlog.rules.playing.play import total_cost

__all__ = ["MAX_GROUP", "MAX_TARGET_SETS", "LegalMove", "legal_decisions", "legal_moves"]

#: units moved together are enumerated as every group while a player has at most this many
MAX_GROUP = 6
#: target sets enumerated per card (or per answer to a targets choice)
MAX_TARGET_SETS = 60


@dataclass(frozen=True)
class LegalMove:
    """A legal decision; ``constraint`` says, for a collapsed numeric choice (a damage
    split), what every legal alternative must keep."""

    decision: Payload
    constraint: str = ""


def legal_decisions(state: GameState, player: str | None = None) -> list[Payload]:
    """The decisions of :func:`legal_moves`, without their constraints."""
    return [m.decision for m in legal_moves(state, player)]


def legal_moves(state: GameState, player: str | None = None) -> list[LegalMove]:
    """Every legal decision *player* (default: the one the game awaits) may make now.

    A player the game does not await may only concede.  A random outcome is no player's
    decision: nothing is listed then (but conceding).  In a paper or seat game (issue 21)
    a move that names a card the record does not know is not listed (it would be a guess
    at a hidden card), but a mulligan, which only counts them.
    """
    reqs = engine.pending(state)
    if not reqs:
        return []
    req = reqs[0]
    who = player or req.player
    if who is None:
        return []
    out: list[LegalMove] = []
    if who == req.player:
        seen: set[str] = set()
        unknown = unknown_cards.unknown(state)
        for cand in _candidates(state, req):
            key = cand.model_dump_json()
            if unknown and isinstance(cand, MulliganChosen):
                key = f"mulligan {len(cand.set_aside)}"
            elif unknown and any(f'"{oid}"' in key for oid in unknown):
                continue
            if key in seen:
                continue
            seen.add(key)
            try:
                if engine.check(state, cand):
                    continue
            except RiftlogError:
                continue
            out.append(LegalMove(cand, _constraint(state, req, cand)))
    concede = GameConceded(player=who)
    if who in state.players and not engine.check(state, concede):
        out.append(LegalMove(concede))
    return out


# --- candidates -----------------------------------------------------------------------


def _candidates(state: GameState, req: Request) -> list[Payload]:
    pid = req.player
    assert pid is not None
    cands: list[Payload] = list(bot.flow_candidates(state, req))
    for fn in hooks.CANDIDATES:
        try:
            cands += [c for c in fn(state, pid) if c.type in req.decisions]
        except RiftlogError:
            continue
    if "CardPlayed" in req.decisions:
        cands += _plays(state, pid)
    if "UnitsMoved" in req.decisions:
        cands += _group_moves(state, pid, [c for c in cands if isinstance(c, StandardMove)])
    if "ChoiceMade" in req.decisions:
        cands += _answers(state, pid, req)
    if "AbilityActivated" in req.decisions:
        cands += _equips(state, [c for c in cands if isinstance(c, AbilityActivated)])
    return cands


def _equips(state: GameState, activations: list[AbilityActivated]) -> list[Payload]:
    """An Equip activation (the bot names one unit) to every unit it may target (818.1.b.1)."""
    out: list[Payload] = []
    for d in activations:
        obj = state.objects.get(d.source)
        if obj is None or not isinstance(d.ability, int) or list(d.targets) != ["t"]:
            continue
        ab = effects.ability(obj.card, d.ability)
        if not isinstance(ab, V.Activated) or not any(isinstance(x, V.AttachMe) for x in ab.effect):
            continue
        (spec,) = effects.targets_of(obj.card, d.ability) or (None,)
        if spec is None:
            continue
        for unit in effects.target_candidates(state, d.player, d.source, spec)[:MAX_TARGET_SETS]:
            out.append(d.model_copy(update={"targets": {"t": (unit,)}}))
    return out


def _plays(state: GameState, pid: str) -> list[Payload]:
    """Cards of the hand and the Champion Zone to every place, accelerated or not, with
    every set of targets, each with its canonical payment."""
    out: list[Payload] = []
    p = state.players[pid]
    places = ["base", *(bf.oid for bf in state.battlefields)]
    for oid in [*p.hand, *p.champion, *_own_facedown(state, pid)]:
        facts = card_facts(state.objects[oid].card)
        if not facts.supported or facts.type not in ("Unit", "Gear", "Spell"):
            continue
        try:
            if facts.type == "Spell":
                for mode, targets in _spell_targets(state, pid, oid):
                    for choices in move_destinations.options(  # issue 24: 355.4
                            state, state.objects[oid].card, targets, MAX_TARGET_SETS):
                        out += _priced(state, pid, oid, None, False, targets, mode, choices)
                continue
            for dest in places if facts.type == "Unit" else ["base"]:
                for acc in (False, True) if facts.type == "Unit" else (False,):
                    out += _priced(state, pid, oid, dest, acc, (), None)
            if play_permissions.covering(state, pid, oid) is not None:  # issue 24 (356.1.b.2)
                out += _priced(state, pid, oid, "base", False, (), None, {"permission": True})
        except RiftlogError:
            continue
    return out


def _own_facedown(state: GameState, pid: str) -> list[str]:
    return [o for bf in state.battlefields for o in bf.facedown
            if state.objects[o].controller == pid]


def _priced(state: GameState, pid: str, oid: str, dest: str | None, accelerate: bool,
            targets: Any, mode: str | None, choices: dict[str, Any] | None = None) -> list[Payload]:
    cost = total_cost(state, pid, oid, accelerate=accelerate, targets=targets, choices=choices)
    if card_facts(state.objects[oid].card).type == "Gear":  # issue 24: gear-only resources
        cost = gear_pool.rest_of_cost(state, pid, cost)
    payment = find_payment(state, pid, cost)
    if payment is None:
        return []
    return [CardPlayed(player=pid, card=oid, destination=dest, payment=payment,
                       accelerate=accelerate, targets=targets, mode=mode, choices=choices or {})]


def _spell_targets(state: GameState, pid: str, oid: str) -> list[tuple[str | None, Any]]:
    card = state.objects[oid].card
    out: list[tuple[str | None, Any]] = []
    for mode in abilities.spell_modes(card):
        specs = effects.targets_of(card, abilities.spell_effect(card, mode)[0])
        if not specs:
            out.append((mode, {}))
            continue
        per = []
        for spec in specs:
            legal = effects.target_candidates(state, pid, oid, spec)
            n = min(spec.count, len(legal))
            per.append([tuple(c) for c in itertools.islice(itertools.combinations(legal, n),
                                                           MAX_TARGET_SETS)])
        names = [s.name for s in specs]
        for combo in itertools.islice(itertools.product(*per), MAX_TARGET_SETS):
            out.append((mode, dict(zip(names, combo, strict=True))))
    return out


def _group_moves(state: GameState, pid: str, singles: list[StandardMove]) -> list[Payload]:
    """Units that may each go to a place, moved there together (144.3)."""
    by_dest: dict[str, list[str]] = {}
    for m in singles:
        by_dest.setdefault(m.destination, []).extend(m.units)
    out: list[Payload] = []
    for dest, units in by_dest.items():
        units = list(dict.fromkeys(units))
        if len(units) <= MAX_GROUP:
            groups: list[tuple[str, ...]] = [
                g for n in range(2, len(units) + 1) for g in itertools.combinations(units, n)]
        else:  # all the units of one place, and all of them
            where: dict[str | None, list[str]] = {}
            for u in units:
                where.setdefault(state.objects[u].location, []).append(u)
            groups = [tuple(g) for g in where.values() if len(g) > 1] + [tuple(units)]
        out += [StandardMove(player=pid, units=g, destination=dest) for g in groups]
    return out


def _answers(state: GameState, pid: str, req: Request) -> list[Payload]:
    o = req.options
    kind = o.get("kind")
    out: list[Payload] = []
    if kind == "may":
        out += [ChoiceMade(player=pid, choice={"use": u}) for u in (True, False)]
    elif kind == "cards":
        sizes = range(0, o["count"] + 1) if o.get("up_to") else [o["count"]]
        for n in sizes:
            out += [ChoiceMade(player=pid, choice={"cards": list(c)})
                    for c in itertools.islice(itertools.combinations(o["from"], n),
                                              MAX_TARGET_SETS)]
    elif kind == "targets":
        names = list(o["targets"])
        per = [[list(c) for c in itertools.islice(itertools.combinations(
            o["targets"][n]["from"], min(o["targets"][n]["count"], len(o["targets"][n]["from"]))),
            MAX_TARGET_SETS)] for n in names]
        for combo in itertools.islice(itertools.product(*per), MAX_TARGET_SETS):
            out.append(ChoiceMade(player=pid, choice={"targets": dict(zip(names, combo,
                                                                          strict=True))}))
    elif kind == "custom" and o.get("choices"):
        out += [ChoiceMade(player=pid, choice=dict(c)) for c in o["choices"]]
    return out


# --- constraints ----------------------------------------------------------------------


def _constraint(state: GameState, req: Request, d: Payload) -> str:
    if not isinstance(d, CombatDamageAssigned):
        return ""
    total = req.options.get("total")
    if state.edition != editions.RUP4:  # v1.3 and v1.2: the text as it was
        lethal, excess, order = "460.2.c.3", "460.2.c.4", "460.2.c.5-7"
    else:  # RUP4's own ids (issue 19: RUP4 465.2.c.3, ...)
        lethal, excess = (editions.cite(r, state.edition) for r in ("460.2.c.3", "460.2.c.4"))
        order = ", ".join(editions.cite(r, state.edition)
                          for r in ("460.2.c.5", "460.2.c.6", "460.2.c.7"))
    return (f"any split of all {total} damage among the units listed, lethal damage in full "
            f"to one unit before the next ({lethal}), no excess while units remain "
            f"({excess}), Tank first and Backline / 'assigned last' after ({order})")
