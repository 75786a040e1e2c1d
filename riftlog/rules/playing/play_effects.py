"""Playing a card as an effect (v1.3 419.3), and power paid as a triggered ability's cost
while it is finalized (742.1.b).

A spell or ability that instructs a player to play a card (from the Main Deck after a
look or a reveal, the trash, the banishment or the hand) does it in two parts, as the
process of play says (353-359):

1. *begin* (354): while the effect resolves, the player's chosen card is recorded as a
   play in progress (``ctx["pe_plays"]``, a *permit*: card, player, the zone it is
   played from, which base costs are ignored (356.1.b.1 / 356.1.b.2), an Energy discount
   (356.4), a place a unit must go to, whether it is recycled after it resolves).  The
   card stays where it is: the resolving effect finishes its own instructions first
   (354.3).  GameAction ``play_begins`` (public).
2. *finish* (355-359), the Custom step ``pe_finish_plays`` that ends the encoding of
   every card using this module: each play in the order it began (337.1.b) is finalized
   with the normal playing steps of :mod:`riftlog.rules.playing.play` - choices (location,
   targets, mode), total cost with optional costs such as Accelerate (356.1.b.3),
   payment, legality, then a unit enters the board, a spell becomes a finalized chain
   item, and ``after_play`` runs (Legion marks, passives, "when you play" triggers).
   Its player answers a recorded ChoiceMade (kind "custom", validator
   ``effect_play``): ``{"destination", "targets", "mode", "accelerate", "payment":
   {"exhaust": [...], "recycle": [...]}, "choices"}`` (the keys of a CardPlayed); the
   request lists legal answers found by the engine under ``choices``.  It is not asked
   when the only legal answer pays nothing and chooses nothing.  A play with no legal
   answer is cancelled (358.4, GameAction ``play_cancelled``); a card that left its zone
   meanwhile is not played (419.3.c).

While a play is finalized, ``state.extra["effect_play"]`` holds its permit; the hooks in
:mod:`riftlog.rules.playing.play` (``effect_permit``) then accept the card from that zone without
the usual timing (419.3.b) and apply the cost changes.

Triggered abilities with ``finalize_cost=(Custom("pe_pay_power", (domain, n)),)`` ask
their controller, before they go on the chain, a ChoiceMade ``{"pay": null}`` (not paid:
the ability is not put on the chain, 742.1.b) or ``{"pay": {"exhaust": [], "recycle":
[runes]}}`` (validator ``pe_power_payment``).
"""

from __future__ import annotations

import itertools
from typing import Any

from pydantic import ValidationError

from riftlog.cards import vocab as V
from riftlog.errors import ImpossibleDecision, UnsupportedRule
from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed
from riftlog.rules.board import gear_pool, hooks, spell_pool
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.resources import Cost, card_facts, find_payment, pay, payment_violations
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions
from riftlog.rules.interpreter import effects, triggers
from riftlog.rules.playing import abilities, play
from riftlog.rules.playing.play_keywords import play_keywords

__all__ = [
    "ANSWER_KEYS",
    "ask_player",
    "begin",
    "decision",
    "finish_plays",
    "legal_answers",
    "permit",
    "power_payments",
    "recycle_payments",
]

#: The keys an answer to a play's finalization may have (those of a CardPlayed).
ANSWER_KEYS = frozenset({"destination", "targets", "mode", "accelerate", "payment", "choices"})
_KEY = "effect_play"
_MAX_ANSWERS = 8


# --- part 1: a play begins while the effect resolves ----------------------------------------


def permit(card: str, player: str, origin: str, *, ignore: str | None = None, reduce: int = 0,
           to: str | None = None, recycle_after: bool = False) -> dict[str, Any]:
    """What an effect lets *player* do with *card*: play it from zone *origin*, ignoring
    its whole cost (``"cost"``, 356.1.b.1), its Energy or Power cost (``"energy"`` /
    ``"power"``, 356.1.b.2), *reduce* Energy off (356.4), a unit to *to*, and recycle a
    spell after it resolves."""
    return {"card": card, "player": player, "from": origin, "ignore": ignore, "reduce": reduce,
            "to": to, "recycle_after": recycle_after}


def begin(state: GameState, ctx: dict[str, Any], log: list[GameAction], p: dict[str, Any]) -> None:
    """Record the start of a play as an effect (354); it is finished by ``pe_finish_plays``."""
    ctx.setdefault("pe_plays", []).append(p)
    obj = state.objects[p["card"]]
    log.append(GameAction("play_begins", p["player"], (p["card"],),
                          {"card": obj.card, "from": p["from"], "ignore": p["ignore"],
                           "reduce": p["reduce"], "by": ctx["card"]}, "public", "419.3",
                          p["player"]))


# --- part 2: finishing the plays --------------------------------------------------------------


def decision(p: dict[str, Any], answer: dict[str, Any]) -> CardPlayed:
    """The CardPlayed that *answer* describes for the play *p* (raises ValidationError /
    TypeError for a malformed answer)."""
    targets: Any = answer.get("targets") or {}
    if isinstance(targets, dict):
        targets = {str(k): tuple(v) for k, v in targets.items()}
    else:
        targets = tuple(targets)
    return CardPlayed(player=p["player"], card=p["card"], destination=answer.get("destination"),
                      payment=Payment(**(answer.get("payment") or {})),
                      accelerate=bool(answer.get("accelerate", False)), targets=targets,
                      choices=dict(answer.get("choices") or {}), mode=answer.get("mode"))


def legal_answers(state: GameState, p: dict[str, Any], limit: int = _MAX_ANSWERS) -> list[dict[str, Any]]:
    """Up to *limit* legal answers for finalizing play *p* (its permit must be active):
    each location, a few target choices per mode, with and without Accelerate, each with a
    payment the engine finds.  Raises UnsupportedCard for a card the engine cannot play."""
    oid, player = p["card"], p["player"]
    facts = card_facts(state.objects[oid].card)
    facts.require_supported()
    kind = facts.type
    if kind == "Spell":
        places: list[str | None] = [None]
    elif kind == "Gear":
        places = ["base"]
    elif p.get("to"):
        places = [p["to"]]
    else:
        places = ["base", *(bf.oid for bf in state.battlefields)]
    plans: list[tuple[str | None, dict[str, Any]]] = [(None, {})]
    if kind == "Spell" and play._framework(facts.id):
        plans = [(m, dict(t)) for m in abilities.spell_modes(facts.id)
                 for t in abilities.target_options(state, player, oid, m)]
    accelerate = [False, True] if kind == "Unit" and "Accelerate" in \
        play_keywords(state, player, oid) else [False]  # issue 24: also one given as played
    out: list[dict[str, Any]] = []
    for place, (mode, targets), acc in itertools.product(places, plans, accelerate):
        cost = play.total_cost(state, player, oid, accelerate=acc, targets=targets)
        if kind == "Spell":
            cost = spell_pool.rest_of_cost(state, player, cost)
        if kind == "Gear":  # issue 24: gear-only resources first
            cost = gear_pool.rest_of_cost(state, player, cost)
        payment = find_payment(state, player, cost)
        if payment is None:
            continue
        answer: dict[str, Any] = {"destination": place, "targets": {k: list(v) for k, v in targets.items()},
                                  "mode": mode, "accelerate": acc,
                                  "payment": {"exhaust": list(payment.exhaust),
                                              "recycle": list(payment.recycle)}}
        if not play.check_card_played(state, decision(p, answer)):
            out.append(answer)
            if len(out) >= limit:
                break
    return out


def _has_cost_choices(card: str) -> bool:
    """Whether the card's encoding has costs chosen as it is played (356.2), which
    :func:`legal_answers` does not enumerate."""
    enc = effects.encoding(card)
    kinds = (V.AdditionalCost, V.RepeatCost, V.PayAnyPower)
    return enc is not None and any(isinstance(ab, kinds) for ab in enc.abilities)


def _nothing_to_decide(state: GameState, p: dict[str, Any], answers: list[dict[str, Any]]) -> bool:
    """Whether the one legal answer found is the only possible one: it pays nothing,
    chooses no target or mode, and the card offers no optional cost."""
    if len(answers) != 1:
        return False
    a = answers[0]
    card = state.objects[p["card"]].card
    if a["targets"] or a["mode"] is not None or a["payment"]["exhaust"] or a["payment"]["recycle"]:
        return False
    return "Accelerate" not in play_keywords(state, p["player"], p["card"]) and \
        not _has_cost_choices(card)


def _ask(state: GameState, ctx: dict[str, Any], pid: str, options: dict[str, Any], rule: str) -> None:
    """Ask *pid* (the controller or another player) for a ChoiceMade, then resume ctx."""
    opts = {"source": ctx.get("source"), "card": ctx["card"], **options}
    state.queue.append(hooks.await_entry("choice", pid, ["ChoiceMade"], rule, opts,
                                         then={"kind": "effects", "ctx": ctx}))


def finish_plays(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> bool | None:
    """Finalize every play begun by this effect, in order (337.1.b); False while waiting
    for a player's answer."""
    plays: list[dict[str, Any]] = ctx.get("pe_plays") or []
    key = str(ctx["pc"])
    while ctx.get("pe_done", 0) < len(plays):
        p = plays[ctx.get("pe_done", 0)]
        obj = state.objects.get(p["card"])
        answer = ctx["answers"].pop(key, None)
        if obj is None or obj.zone != p["from"]:  # it left that zone: nothing to play (419.3.c)
            log.append(GameAction("play_cancelled", p["player"], (p["card"],),
                                  {"why": f"it is no longer in {p['from']}"}, "public", "419.3.c",
                                  p["player"]))
            ctx["pe_done"] = ctx.get("pe_done", 0) + 1
            continue
        state.extra[_KEY] = dict(p)
        if answer is None:
            answers = legal_answers(state, p)
            if not answers and _has_cost_choices(obj.card):
                raise UnsupportedRule(
                    f"{state.edition} 356.2: {card_facts(obj.card)} played as an effect could only "
                    "be legal through its additional-cost choices, which the engine does not "
                    "search for; finishing this play (419.3) is not judged")
            if not answers:  # no legal way to finish playing it: it stays where it is (358.4)
                state.extra.pop(_KEY, None)
                log.append(GameAction("play_cancelled", p["player"], (p["card"],),
                                      {"card": obj.card, "why": "no legal choices or payment"},
                                      "public", "358.4", p["player"]))
                ctx["pe_done"] = ctx.get("pe_done", 0) + 1
                continue
            if not _nothing_to_decide(state, p, answers):
                _ask(state, ctx, p["player"], {"kind": "custom", "validator": _KEY,
                                               "play": p["card"], "choices": answers,
                                               "what": "how to play the card (355-357)"}, "419.3")
                return False
            answer = answers[0]
        try:
            d = decision(p, answer)
        except (ValidationError, TypeError, ValueError) as exc:
            raise ImpossibleDecision(f"{state.edition} 419.3: malformed answer for playing "
                                     f"{p['card']}: {exc}") from exc
        play.apply_card_played(state, d, log)  # 355-359 (raises when it cannot be paid)
        state.extra.pop(_KEY, None)
        if p.get("recycle_after"):
            for item in state.chain:
                if item.source == p["card"] and item.kind == "spell":
                    item.choices["pe_recycle"] = True
        ctx["pe_done"] = ctx.get("pe_done", 0) + 1
    return None


def _answer_violations(state: GameState, options: dict[str, Any], choice: dict[str, Any]) -> list[str]:
    """Judge an answer to a play's finalization with the checker of CardPlayed."""
    p = state.extra.get(_KEY)
    if not p or p["card"] != options.get("play"):
        return ["no card is being played as an effect now (419.3)"]
    extra = sorted(set(choice) - ANSWER_KEYS)
    if extra:
        return [f"unknown keys {extra}: answer with {sorted(ANSWER_KEYS)}"]
    try:
        d = decision(p, choice)
    except (ValidationError, TypeError, ValueError) as exc:
        return [f"malformed answer: {exc}"]
    return [str(v) for v in play.check_card_played(state, d)]


effects.ANSWER_VALIDATORS[_KEY] = _answer_violations


def _before_finish(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> None:
    """A begun play must be finished by the effect (an encoding error otherwise); a spell
    played by an effect saying so is recycled once it has resolved, not trashed."""
    plays = ctx.get("pe_plays")
    if plays and ctx.get("pe_done", 0) < len(plays):
        raise UnsupportedRule(f"{state.edition} 419.3: {ctx['card']} began playing a card but "
                              "its encoding never finishes the play (add Custom('pe_finish_plays'))")
    if not (ctx.get("choices") or {}).get("pe_recycle"):
        return
    finish = ctx.get("finish")
    runs_left = finish == "repeat" and ctx.get("run", 1) <= len(ctx["choices"].get("repeat") or [])
    obj = state.objects.get(ctx.get("source") or "")
    if finish not in ("spell", "repeat") or runs_left or obj is None or obj.zone != "chain":
        return

    actions.recycle(state, [obj.oid], log, player=ctx["controller"])


effects.BEFORE_FINISH.append(_before_finish)


# --- a triggered ability's power cost, paid as it is finalized (742.1.b) -----------------------


def recycle_payments(state: GameState, pid: str, cost: Cost) -> list[dict[str, list[str]]]:
    """The ways to pay a power-only *cost*: the pool as it is, or recycling a set of the
    player's runes (runes of one card and state are interchangeable: one of each kind)."""
    if not payment_violations(state, pid, cost, Payment()):
        return [{"exhaust": [], "recycle": []}]
    runes = [o for o in state.players[pid].base if effects._type(state.objects[o].card) == "Rune"]
    out: list[dict[str, list[str]]] = []
    seen: set[tuple[tuple[str, bool], ...]] = set()
    for k in range(1, sum(cost.power.values()) + 1):
        for combo in itertools.combinations(runes, k):
            sig = tuple(sorted((state.objects[o].card, state.objects[o].exhausted) for o in combo))
            if sig in seen:
                continue
            seen.add(sig)
            if not payment_violations(state, pid, cost, Payment(recycle=combo)):
                out.append({"exhaust": [], "recycle": list(combo)})
        if out:
            break
    return out


def ask_player(state: GameState, ctx: dict[str, Any], pid: str, options: dict[str, Any],
               rule: str) -> None:
    """Ask *pid* (maybe not the controller) for a ChoiceMade, then resume ctx."""
    _ask(state, ctx, pid, options, rule)


def power_payments(state: GameState, pid: str, cost: Cost) -> list[dict[str, list[str]]]:
    """A few ways for *pid* to pay a power-only *cost* now (the pool, or runes recycled)."""
    ways = recycle_payments(state, pid, cost)
    found = find_payment(state, pid, cost)
    if found is not None:
        way = {"exhaust": list(found.exhaust), "recycle": list(found.recycle)}
        if way not in ways:
            ways.append(way)
    return ways[:_MAX_ANSWERS]


def _cost_node(t: dict[str, Any]) -> V.Custom | None:
    ab = effects.ability(t["card"], t["ability"])
    for node in getattr(ab, "finalize_cost", ()):
        if isinstance(node, V.Custom) and node.name == "pe_pay_power":
            return node
    return None


def _power_question(state: GameState, t: dict[str, Any]) -> dict[str, Any] | None:
    node = _cost_node(t)
    if node is None:
        return None
    cost = Cost(0, {node.args[0]: node.args[1]})
    ways = power_payments(state, t["controller"], cost)
    if not ways:
        return None  # it cannot be paid: the ability is not put on the chain (742.1.b)
    return {"validator": "pe_power_payment", "cost": cost.to_json(),
            "choices": [{"pay": None}, *({"pay": w} for w in ways)],
            "what": "pay the cost to put the ability on the chain, or not"}


triggers.COST_CHOICES.append(_power_question)


def _payment_violations(state: GameState, options: dict[str, Any], choice: dict[str, Any]) -> list[str]:
    if set(choice) != {"pay"}:
        return ['answer {"pay": null} or {"pay": {"exhaust": [...], "recycle": [...]}}']
    if choice["pay"] is None:
        return []
    cost = Cost.from_json(options["cost"])
    player = hooks.answering(state).get("player") or ""
    try:
        payment = Payment(**choice["pay"])
    except (ValidationError, TypeError) as exc:
        return [f"malformed payment: {exc}"]
    return [str(v) for v in payment_violations(state, player, cost, payment)]


effects.ANSWER_VALIDATORS["pe_power_payment"] = _payment_violations


def pay_power(state: GameState, ctx: dict[str, Any], log: list[GameAction],
              domain: str, n: int) -> bool | None:
    """The finalize cost: pay *n* power of *domain* the way the recorded answer says; False
    when the player declined or could not pay (the ability is not put on the chain, 742.1.b)."""
    answer = ctx["answers"].get("0")
    if not answer or answer.get("pay") is None:
        return False
    pay(state, ctx["controller"], Cost(0, {domain: n}), Payment(**answer["pay"]), log)
    return None
