"""The effect steps of the vocabulary (:mod:`riftlog.cards.vocab_steps`), registered in
``STEPS``: stun, buff, ready, damage with Bonus Damage, kills (with replacements, triggers and
credit), moves, draws, tokens, discards, looking at the deck, points, Might and custom steps.
Part of :mod:`riftlog.rules.interpreter.effects`, which re-exports every name here."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from riftlog.cards import vocab as V
from riftlog.rules.board import copied_text, hooks, layers
from riftlog.rules.board.core import GameAction, rules_module
from riftlog.rules.board.point_limits import gain_refused
from riftlog.rules.board.spell_pool import add_spells_only
from riftlog.rules.board.state import BOARD_ZONES, GameObject, GameState
from riftlog.rules.board.zones import base_of, change_zone
from riftlog.rules.game_actions import actions
from riftlog.rules.game_actions.movement import move_restriction
from riftlog.rules.interpreter.custom_effects import CUSTOM
from riftlog.rules.interpreter.effects_conditions import (
    _note_deaths,
    amount,
    done_dying,
    note_dying,
    objects,
)
from riftlog.rules.interpreter.effects_run import STEPS, StepFn, ask, step
from riftlog.rules.interpreter.effects_targets import (
    Ctx,
    _board_lists,
    _type,
    encoding,
    encoding_fact,
    unsupported,
)

# --- the steps ----------------------------------------------------------------------------


def _each(kind: str) -> StepFn:
    def fn(state: GameState, ctx: Ctx, node: Any, log: list[GameAction]) -> None:
        for oid in objects(state, ctx, node.what):
            if state.objects[oid].zone not in ("base", "battlefield") and not (
                    kind in ("ready", "exhaust") and state.objects[oid].zone == "legend"):
                continue
            if kind == "stun":
                if actions.stun(state, oid, log, player=ctx["controller"]):
                    from riftlog.rules.interpreter import (
                        triggers,  # "stuns" event
                    )

                    triggers.fire(state, "stuns", obj=oid, player=ctx["controller"])
            elif kind == "buff":
                actions.buff(state, oid, log, player=ctx["controller"])
            elif kind == "ready":
                actions.ready(state, oid, log)
            elif kind == "exhaust":
                actions.exhaust(state, oid, log)
            elif kind == "heal":
                actions.heal(state, oid, log, player=ctx["controller"])
            elif kind == "recall":
                actions.recall(state, oid, log, responsible=ctx["controller"])
    return fn


for _cls, _kind in ((V.Stun, "stun"), (V.Buff, "buff"), (V.Ready, "ready"),
                    (V.Exhaust, "exhaust"), (V.Heal, "heal"), (V.Recall, "recall")):
    STEPS[_cls] = _each(_kind)


@step(V.Deal)
def _deal(state: GameState, ctx: Ctx, node: V.Deal, log: list[GameAction]) -> None:
    n = amount(state, ctx, node.amount)
    for oid in objects(state, ctx, node.to):
        if state.objects[oid].zone in ("base", "battlefield"):
            bonus = bonus_damage(state, oid, n) + controller_bonus_damage(state, ctx["controller"])
            bonus += spell_bonus_damage(state, ctx)  # Ravenborn Tome
            actions.deal(state, oid, n + bonus if n > 0 else n, log,
                         source=ctx.get("source"), player=ctx["controller"],
                         kind="spell" if ctx.get("finish") in ("spell", "repeat") else "ability")


# Bonus Damage of the battlefield a unit is at (712-715), and Delay.
def bonus_damage(state: GameState, oid: str, amount: int | None = None) -> int:
    """The Bonus Damage a spell or ability dealing damage to *oid* deals (summed, 714;
    never negative, 714.2): from ``vocab.BonusDamageHere`` of the battlefield it is at.
    With *amount*: none when the unit's Prevent would stop all of it (no Deal happens,
    v1.3 417.1.e.1, 715.4); under RUP4 the prevention counts the Bonus Damage in the total
    instead (RUP4 715.4.a: prevent 3 against 3 + 1 Bonus leaves 1)."""
    obj = state.objects[oid]
    if obj.zone != "battlefield" or not obj.location:
        return 0
    shield = obj.mods.get("prevent")
    if amount is not None and shield is not None and state.edition != "RUP4" and (
            shield == "all" or int(shield) >= amount):
        return 0
    bf = state.objects.get(obj.location)
    enc = encoding(bf.card) if bf is not None else None
    if enc is None:
        return 0
    return max(0, sum(a.n for a in enc.abilities if isinstance(a, V.BonusDamageHere)))


def spell_bonus_damage(state: GameState, ctx: Ctx) -> int:
    """the Bonus Damage given to this spell as it was played (a ForTurn
    "next_spell_bonus", marked on its chain item in ``state.extra["spell_bonus"]``)."""
    if ctx.get("finish") != "spell":
        return 0
    mark = (state.extra.get("spell_bonus") or {}).get(str(ctx.get("item")))
    return int(mark) if mark else 0


def controller_bonus_damage(state: GameState, player: str) -> int:
    """the Bonus Damage *player*'s spells and abilities deal (vocab.BonusDamageYours
    of the permanents they control, summed, 714; never negative, 714.2).  Custom effects
    dealing spell/ability damage should add it too."""
    total = 0
    objects = state.objects
    for lst in _board_lists(state):
        for oid in lst:
            obj = objects[oid]
            if obj.controller == player:  # replay-perf: the sum remembered per card
                own = encoding_fact(obj.card, _bonus_damage_yours, 0)
                if own:  # once more per copy of its text (issue 24, Svellsongur; summed, 714)
                    total += own * (1 + copied_text.copies(state, oid))
            if obj.attached_to is not None:  # an Equipment's Effect Text: its wearer's (718.3)
                worn = encoding_fact(obj.card, _bonus_damage_worn, 0)
                top = objects.get(obj.attached_to) if worn else None
                if top is not None and top.controller == player:
                    total += worn
    return max(0, total)


def _bonus_damage_yours(enc: V.Encoding) -> int:
    """The card's vocab.BonusDamageYours outside an Effect Text, summed (an encoding_fact)."""
    text = getattr(enc, "effect_text", ())
    return sum(a.n for i, a in enumerate(enc.abilities)
               if isinstance(a, V.BonusDamageYours) and i not in text)


def _bonus_damage_worn(enc: V.Encoding) -> int:
    """The card's vocab.BonusDamageYours in its Effect Text (136.2), summed."""
    text = getattr(enc, "effect_text", ())
    return sum(a.n for i, a in enumerate(enc.abilities)
               if isinstance(a, V.BonusDamageYours) and i in text)


@step(V.SaveFromNextDeath)
def _save_from_next_death(state: GameState, ctx: Ctx, node: V.SaveFromNextDeath,
                          log: list[GameAction]) -> None:
    """a one-shot "would die" replacement on each object, for this turn."""
    for oid in objects(state, ctx, node.what):
        state.extra.setdefault("death_shields", []).append(
            {"oid": oid, "turn": state.turn, "card": ctx["card"], "controller": ctx["controller"]})
        log.append(GameAction("shield", ctx["controller"], (oid,), {"card": ctx["card"]},
                              "public", "369", ctx["controller"]))


def move_forbidden(state: GameState, obj: GameObject, destination: str) -> bool:
    """An effect's move that a "can't" forbids is not done (054, 359.3.e.6)."""

    return move_restriction(state, obj, destination) is not None


@step(V.Delay)
def _delay(state: GameState, ctx: Ctx, node: V.Delay, log: list[GameAction]) -> None:
    """390.2: the card's ability #node.ability triggers at its event later this turn
    (triggers.fire reads ``state.extra["delayed"]``)."""
    state.extra.setdefault("delayed", []).append({
        "card": ctx["card"], "source": ctx.get("source"), "ability": node.ability,
        "controller": ctx["controller"], "turn": state.turn,
        **({"every": True} if node.every else {}),  # mechanics helper
        **({"objects": list(ctx["targets"].get(node.on, []))} if node.on else {})})


_stun_each = STEPS[V.Stun]


def _stun_then_fire(state: GameState, ctx: Ctx, node: Any, log: list[GameAction]) -> None:
    """a Stun step; then "stuns_enemies" (player = the controller) once
    if it newly stunned one or more of their opponents' units."""
    opponents = state.opponents(ctx["controller"])
    before = {o for o in objects(state, ctx, node.what)
              if state.objects[o].controller in opponents and not state.objects[o].stunned}
    _stun_each(state, ctx, node, log)
    if any(state.objects[o].stunned for o in before):
        from riftlog.rules.interpreter import triggers

        triggers.fire(state, "stuns_enemies", player=ctx["controller"])


STEPS[V.Stun] = _stun_then_fire


@step(V.Kill)
def _kill(state: GameState, ctx: Ctx, node: V.Kill, log: list[GameAction]) -> bool | None:
    oids = [o for o in objects(state, ctx, node.what) if state.objects[o].zone in BOARD_ZONES]
    if oids:
        from riftlog.rules.interpreter.replacement_effects import (
            resumable,  # replacement helper (373)
        )

        attribution = [ctx["source"]] if ctx.get("source") else []
        with resumable({"kind": "effects", "ctx": ctx}, attribution=attribution,
                       player=ctx["controller"]) as box:
            kill(state, oids, log, attribution=attribution, player=ctx["controller"])
        if box["suspended"]:  # a replacement choice is awaited; the next instruction follows
            ctx["pc"] += 1
            return False
    return None


#: issue 24: facts of a unit noted as it dies (RUP4 808.1.d.3), read by EventFlag conditions
#: of its own "dies" triggers: "died_mighty" (Mighty, 708) and "died_alone" (no other unit of
#: its controller at its location, those dying with it included); "died_in_combat" (an
#: attacker or defender of the combat under way, 454.1; noted only for cards that read it).
DEATH_FACTS = ("died_mighty", "died_alone", "died_in_combat")


def _reads_death_facts(enc: V.Encoding) -> bool:
    return any(isinstance(a, V.Triggered) and a.when.event == "dies"
               and isinstance(a.condition, V.EventFlag) and a.condition.key in DEATH_FACTS
               for a in enc.abilities)


def _death_facts(state: GameState, oid: str) -> dict[str, bool]:
    obj = state.objects[oid]
    if obj.zone == "battlefield" and obj.location:
        here = state.battlefield(obj.location).units
    elif obj.zone == "base" and obj.controller in state.players:
        here = state.players[obj.controller].base
    else:
        here = []
    alone = not any(o != oid and state.objects[o].controller == obj.controller
                    and state.objects[o].attached_to is None
                    and layers.printed_type(state.objects[o].card) == "Unit" for o in here)
    facts = {"died_mighty": layers.is_mighty(state, oid), "died_alone": alone}
    if encoding_fact(obj.card, _reads_combat_death, False):  # Draven, Audacious (SFD-148)
        sd = state.showdown
        facts["died_in_combat"] = sd is not None and sd.combat and \
            obj.designation in ("attacker", "defender")
    return facts


def _reads_combat_death(enc: V.Encoding) -> bool:
    return any(isinstance(a, V.Triggered) and isinstance(a.condition, V.EventFlag)
               and a.condition.key == "died_in_combat" for a in enc.abilities)


#: fn(state, oids, log) -> the oids still dying, called by :func:`kill` (installed by
#: riftlog.rules.interpreter.replacement_effects: shields and vocab Replacements, with their choices).
DEATH_REPLACEMENTS: list[Callable[[GameState, list[str], list[GameAction]], list[str]]] = []


def kill(state: GameState, oids: list[str], log: list[GameAction], *,
         attribution: Sequence[str] = (), player: str | None = None,
         responsible: str | None = actions.PERFORMER) -> None:
    """actions.kill, then the "dies" triggers (Deathknell 808) of what died, then the
    "kills" triggers of whoever killed them (riftlog.rules.interpreter.kills; *responsible* None = a
    cleanup kill by lethal damage, credited from the damage marks, 428.5.c)."""
    kills, triggers = rules_module("kills"), rules_module("triggers")  # replay-perf: no import
    oids = list(oids)  # SaveFromNextDeath shields: riftlog.rules.interpreter.replacement_effects
    for replace in DEATH_REPLACEMENTS:  # replacement effects (367-373; may wait for a choice)
        oids = replace(state, oids, log)
    if not oids:
        return
    before = {o: (state.objects[o].controller, state.objects[o].location) for o in oids}
    buffed = {o: state.objects[o].buffed for o in oids}  # 808.1.d.3
    worn = _worn(state, oids)  # 719.5: Equipment detach as their unit leaves the board
    noted = {o: _death_facts(state, o) for o in oids  # issue 24: RUP4 808.1.d.3, on demand
             if encoding_fact(state.objects[o].card, _reads_death_facts, False)}
    units = [o for o in oids if _type(state.objects[o].card) == "Unit"]
    # issue #5 (K1): who killed each one, and with what (428.5); the log carries it
    credits = kills.credit(state, oids, attribution, player, passive=responsible is None)
    seen = kills.snapshot(state, oids)
    for oid in oids:
        c = credits[oid]
        actions.kill(state, [oid], log, attribution=list(attribution) or list(c.sources),
                     player=player, responsible=responsible,
                     credit={"killer": list(c.killers), "by": list(c.by)} if c.killers else None)
    _note_deaths(state, units, {o: before[o][0] for o in units})
    dying = note_dying(state, units)  # 2v2: a teammate's deaths are friendly (489.8.e)
    for oid in oids:
        controller, location = before[oid]
        if oid in worn:  # its appended Effect Text's Deathknell still triggers (718.3)
            triggers.fire(state, "dies", obj=oid, player=controller, battlefield=location,
                          buffed=buffed[oid], worn=worn[oid], **noted.get(oid, {}))
            continue
        triggers.fire(state, "dies", obj=oid, player=controller, battlefield=location,
                      buffed=buffed[oid], **noted.get(oid, {}))
    done_dying(state, dying)
    for side in sorted({before[o][0] for o in units if before[o][0] is not None}):
        # mechanics helper: "when one or more units of a player die", once per kill action
        triggers.fire(state, "units_die", player=side)
    kills.fire_kills(state, oids, seen, credits)  # issue #5 (K1): "kills" (383.2.c.1)


def _worn(state: GameState, oids: list[str]) -> dict[str, list[str]]:
    """The Equipment attached to each of *oids* that has any (716)."""
    out: dict[str, list[str]] = {}
    for oid in oids:
        gear = layers._attached(state, state.objects[oid])
        if gear:
            out[oid] = [g.oid for g in gear]
    return out


@step(V.Banish)
def _banish(state: GameState, ctx: Ctx, node: V.Banish, log: list[GameAction]) -> None:
    oids = objects(state, ctx, node.what)
    if oids:
        actions.banish(state, oids, log, player=ctx["controller"])


@step(V.ReturnToHand)
def _return(state: GameState, ctx: Ctx, node: V.ReturnToHand, log: list[GameAction]) -> None:
    for oid in objects(state, ctx, node.what):
        obj = state.objects[oid]
        origin = obj.location
        change_zone(state, obj, "hand")
        log.append(GameAction("return_to_hand", ctx["controller"], (oid,),
                              {"card": obj.card, "from": origin}, "public", "420",
                              ctx["controller"]))


@step(V.Move)
def _move(state: GameState, ctx: Ctx, node: V.Move, log: list[GameAction]) -> None:
    for oid in objects(state, ctx, node.what):
        obj = state.objects[oid]
        if node.to == "base":
            dest = base_of(obj.controller)
        elif isinstance(node.to, V.Chosen):
            chosen = ctx["targets"].get(node.to.name, [])
            if not chosen:
                continue
            dest = chosen[0]
        elif node.to == "here":  # to the source's battlefield
            src = state.objects.get(ctx.get("source") or "")
            if src is None or src.zone != "battlefield" or not src.location:
                continue
            dest = src.location
        else:
            raise unsupported(ctx["card"], f"Move(to={node.to!r}) is not interpreted")
        if obj.location != dest and not move_forbidden(state, obj, dest):
            actions.move(state, oid, dest, log, player=ctx["controller"])


@step(V.Draw)
def _draw(state: GameState, ctx: Ctx, node: V.Draw, log: list[GameAction]) -> None:
    actions.draw(state, ctx["controller"], log, amount(state, ctx, node.n))


@step(V.Channel)
def _channel(state: GameState, ctx: Ctx, node: V.Channel, log: list[GameAction]) -> None:
    actions.channel(state, ctx["controller"], log, amount(state, ctx, node.n),
                    exhausted=node.exhausted)


@step(V.AddResource)
def _add(state: GameState, ctx: Ctx, node: V.AddResource, log: list[GameAction]) -> None:
    if node.spells_only:  # mechanics helper: restricted to playing spells (165, 429)
        add_spells_only(state, ctx["controller"], log, energy=node.energy,
                        power=dict(node.power), source=ctx.get("source"))
        return
    actions.add(state, ctx["controller"], log, energy=node.energy, power=dict(node.power))


@step(V.GiveMight)
def _give_might(state: GameState, ctx: Ctx, node: V.GiveMight, log: list[GameAction]) -> None:
    oids = [o for o in objects(state, ctx, node.what) if state.objects[o].zone in ("base", "battlefield")]
    if not oids:
        return
    effect: dict[str, Any] = {"source": ctx.get("source"), "layer": "arithmetic",
                              "affects": {"oids": oids}, "might": node.n, "until": node.until}
    if node.minimum is not None:
        effect["min"] = node.minimum
    layers.add_effect(state, effect)
    log.append(GameAction("give_might", ctx["controller"], tuple(oids),
                          {"might": node.n, "until": node.until}, "public", "471",
                          ctx["controller"]))


@step(V.GrantKeyword)
def _grant(state: GameState, ctx: Ctx, node: V.GrantKeyword, log: list[GameAction]) -> None:
    oids = [o for o in objects(state, ctx, node.what) if state.objects[o].zone in ("base", "battlefield")]
    if not oids:
        return
    layers.add_effect(state, {"source": ctx.get("source"), "layer": "ability",
                              "affects": {"oids": oids}, "grant": [node.keyword],
                              "until": node.until})
    log.append(GameAction("grant", ctx["controller"], tuple(oids),
                          {"keyword": node.keyword, "until": node.until}, "public", "471",
                          ctx["controller"]))


@step(V.CreateToken)
def _create(state: GameState, ctx: Ctx, node: V.CreateToken, log: list[GameAction]) -> None:
    pid = ctx["controller"]
    if node.where == "base":
        where = base_of(pid)
    elif node.where == "here":
        src = state.objects.get(ctx.get("source") or "")
        if src is None or src.zone not in ("base", "battlefield", "battlefield_card"):
            return
        where = src.oid if src.zone == "battlefield_card" else (src.location or base_of(pid))
    else:
        raise unsupported(ctx["card"], f"CreateToken(where={node.where!r}) is not interpreted")
    # issue 24: a token "played exhausted" (a Gold gear token, v1.3 184.5) enters exhausted
    entry = True if node.exhausted else (False if node.ready else None)
    for _ in range(node.n):
        actions.create(state, node.card, pid, log, location=where, exhausted=entry)


@step(V.Discard)
def _discard(state: GameState, ctx: Ctx, node: V.Discard, log: list[GameAction]) -> bool | None:
    hand = state.players[ctx["controller"]].hand
    n = min(node.n, len(hand))
    if n == 0:
        return None
    if n == len(hand):
        picked = list(hand)
    else:
        answer = ctx["answers"].get(str(ctx["pc"]))
        if answer is None:
            ask(state, ctx, "cards", {"from": list(hand), "count": n}, "422.1")
            return False
        picked = list(answer["cards"])
    actions.discard(state, picked, log)
    from riftlog.rules.interpreter import triggers

    for oid in picked:
        triggers.fire(state, "discarded", obj=oid, player=ctx["controller"])
    triggers.fire(state, "discards", player=ctx["controller"])  # once per discard
    return None


@step(V.LookAtTop)
def _look(state: GameState, ctx: Ctx, node: V.LookAtTop, log: list[GameAction]) -> bool | None:
    pid = ctx["controller"]
    deck = state.players[pid].main_deck
    if not deck:
        return None
    key = str(ctx["pc"])
    answer = ctx["answers"].get(key)
    if answer is None:
        looked = ctx.setdefault("looked", {})  # issue #5 (K2): looked once, even when resumed
        if key not in looked:
            looked[key] = deck[0]
            log.append(GameAction("look", pid, (deck[0],), {"card": state.objects[deck[0]].card,
                                  "count": 1, "zone": "main_deck"}, f"private:{pid}", "817.1.b", pid))
        # issue #5 (K2): abilities of a card seen on top (riftlog.rules.playing.deck_seen)
        if not hooks.offer_seen_card(state, ctx, pid, [looked[key]], log):
            return False
        if not node.may_recycle or not hooks.still_in_deck(state, [looked[key]]):
            return None
        ask(state, ctx, "may", {"use": [True, False], "what": "recycle the top card"}, "817.1.b")
        return False
    if answer.get("use") and deck:  # 416: to the bottom of the same deck; which card stays private
        top = deck.pop(0)
        deck.append(top)
        log.append(GameAction("recycle", pid, (top,), {"count": 1, "zone": "main_deck"},
                              f"private:{pid}", "416.1", pid))
    return None


# --- GainPoints, DoubleMight ---------------------------------------


@step(V.GainPoints)
def _gain_points(state: GameState, ctx: Ctx, node: V.GainPoints, log: list[GameAction]) -> None:
    p = state.players[ctx["controller"]]
    why = gain_refused(state, p.id)  # issue 24: a "can't gain points" (054)
    if why is not None:
        log.append(GameAction("gain_prevented", p.id, (), {"points": node.n, "why": why},
                              "public", "054", ctx["controller"]))
        return
    p.points += node.n  # 466.1.a.1: not a Score, no Winning Point restriction; 467 at cleanup
    log.append(GameAction("gain_points", ctx["controller"], (),
                          {"points": node.n, "total": p.points, "reason": "effect",
                           "card": ctx["card"]}, "public", "466.1.a.1", ctx["controller"]))


@step(V.ApplyEffect)
def _apply_effect(state: GameState, ctx: Ctx, node: V.ApplyEffect, log: list[GameAction]) -> None:
    e = dict(node.effect)
    affects = dict(e.get("affects") or {})
    for key in ("controller", "not_controller"):
        if affects.get(key) == "you":
            affects[key] = ctx["controller"]
    e["affects"] = affects
    e["source"] = ctx.get("source")
    e.setdefault("until", "end_of_turn")
    added = layers.add_effect(state, e)
    log.append(GameAction("effect", ctx["controller"], (), {"effect": added["id"],
                          "card": ctx["card"], "until": e["until"]}, "public", "471",
                          ctx["controller"]))


@step(V.DoubleMight)
def _double_might(state: GameState, ctx: Ctx, node: V.DoubleMight, log: list[GameAction]) -> None:
    for oid in objects(state, ctx, node.what):
        if state.objects[oid].zone in ("base", "battlefield"):
            now = layers.might_of(state, oid)  # 432.1.a: + its current Might, this turn
            actions.double(state, oid, max(0, now), log, player=ctx["controller"])


@step(V.Counter)
def _counter(state: GameState, ctx: Ctx, node: V.Counter, log: list[GameAction]) -> None:
    for item_id in objects(state, ctx, node.what):
        actions.counter(state, item_id, log, player=ctx["controller"])


#: replay-perf: custom effects that kill nothing, deal no damage and run no effect of
#: another card (they ready, recycle or channel runes, move a card between hand, trash and
#: Champion Zone, spend a buff and draw - a burn out only recycles and gives a point -,
#: gain points, win): replacement_effects.run_custom's guard - a kill meeting
#: a death replacement, the Deal kind read from RUNNING - never acts for them, so _custom
#: calls them directly (tests/rules/test_custom_no_deaths.py).
_NO_DEATHS = frozenset({
    "ready_up_to_runes", "recycle_a_rune", "that_player_channels",
    "that_player_gains_points", "spend_buff_to_draw",
    "champion_back", "win_with_units_here", "ogs_card_of_type_from_trash",
})


@step(V.Custom)
def _custom(state: GameState, ctx: Ctx, node: V.Custom, log: list[GameAction]) -> bool | None:
    fn = CUSTOM.get(node.name)
    if fn is None:
        raise unsupported(ctx["card"], f"custom effect {node.name!r} is not defined")
    result: bool | None  # False: waiting for a choice
    if node.name in _NO_DEATHS:  # replay-perf: run_custom's guard would have nothing to do
        result = fn(state, ctx, log, *node.args)
    else:  # replacement helper: 417.6, 373
        result = rules_module("replacement_effects").run_custom(state, ctx, log, fn,
                                                                 tuple(node.args))
    return result
