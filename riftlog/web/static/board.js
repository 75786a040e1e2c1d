// Draws a board: the JSON of GET /games/{id}/board (a state view the server already cut
// for the visitor's view, with "mights" and "cards"). Only what that JSON holds is shown:
// a hidden card is "a hidden card", a zone the view may not see is a count.

import { el } from "./api.js";


/** The facts of a card id of the board (name, type, cost, Might, tags, keywords). */
function facts(board, cardId) {
  return (board.cards && board.cards[cardId]) || null;
}

function objectOf(board, oid) {
  return board.state.objects[oid] || null;
}

function isRune(board, obj) {
  const f = obj && facts(board, obj.card);
  return !!f && f.type === "Rune";
}

/** A card as a focusable chip: its name, and its facts on hover or focus. */
export function cardChip(board, oid, extra = []) {
  const obj = objectOf(board, oid);
  if (!obj || !obj.card) {
    return el("span", { class: "card hidden-card", "data-oid": oid }, "hidden card");
  }
  const f = facts(board, obj.card);
  const name = f ? f.name : obj.card;
  return el("span", { class: "card", tabindex: 0, "data-oid": oid, "data-card": obj.card,
    "aria-describedby": "card-tip" }, name, ...extra);
}

function badge(text, cls, label) {
  return el("span", { class: `badge ${cls}`, title: label, "aria-label": label }, text);
}

/** A unit or gear on the board with its Might, damage, marks and attachments. */
function permanent(board, oid) {
  const obj = objectOf(board, oid);
  if (!obj) return el("li", { class: "unit" }, cardChip(board, oid));
  const marks = [];
  const might = board.mights ? board.mights[oid] : undefined;
  if (might !== undefined) marks.push(badge(`${might}`, "might", `Might ${might}`));
  if (obj.damage) marks.push(badge(`${obj.damage} dmg`, "damage", `${obj.damage} damage`));
  if (obj.exhausted) marks.push(badge("exhausted", "exhausted", "exhausted"));
  if (obj.buffed) marks.push(badge("buff", "buff", "buffed (+1 Might)"));
  if (obj.stunned) marks.push(badge("stunned", "stun", "stunned"));
  if (obj.face_down) marks.push(badge("face-down", "facedown", "face-down"));
  if (obj.designation) marks.push(badge(obj.designation, "role", obj.designation));
  if (obj.token) marks.push(badge("token", "token", "token"));
  const attached = Object.values(board.state.objects)
    .filter((o) => o.attached_to === oid).map((o) => o.oid);
  const li = el("li", { class: `unit${obj.exhausted ? " is-exhausted" : ""}`,
    "data-controller": obj.controller || "" }, cardChip(board, oid), " ", marks);
  if (attached.length) {
    li.append(el("ul", { class: "attached", "aria-label": "attached" },
      attached.map((a) => el("li", {}, "attached: ", cardChip(board, a)))));
  }
  return li;
}

function permanents(board, oids, label) {
  const list = (oids || []).filter((oid) => {
    const o = objectOf(board, oid);
    return !o || !o.attached_to;
  });
  if (!list.length) return el("p", { class: "empty" }, `${label}: none`);
  return el("ul", { class: "units", "aria-label": label }, list.map((o) => permanent(board, o)));
}

/** A zone that is a list of cards the view shows, or a count of cards it hides. */
function zone(board, value, label) {
  if (value && !Array.isArray(value)) {
    const n = value.count || 0;
    return el("span", { class: "zone hidden-zone" }, `${n} card${n === 1 ? "" : "s"} (hidden)`);
  }
  const list = value || [];
  if (!list.length) return el("span", { class: "zone empty" }, "none");
  return el("span", { class: "zone", "aria-label": label },
    list.flatMap((oid, i) => (i ? [", ", cardChip(board, oid)] : [cardChip(board, oid)])));
}

function count(value) {
  return Array.isArray(value) ? value.length : (value && value.count) || 0;
}

function facedown(board, value) {
  if (!Array.isArray(value)) {
    const n = (value && value.count) || 0;
    return n ? [el("li", { class: "unit facedown-card" }, `${n} face-down card${n === 1 ? "" : "s"}`)] : [];
  }
  return value.map((oid) => el("li", { class: "unit facedown-card" },
    badge("face-down", "facedown", "face-down"), " ", cardChip(board, oid)));
}

function pool(p) {
  const bits = [`${p.pool.energy} energy`];
  for (const [domain, n] of Object.entries(p.pool.power || {})) {
    if (n) bits.push(`${n} ${domain} power`);
  }
  return bits.join(", ");
}

function runes(board, p) {
  const base = Array.isArray(p.base) ? p.base : [];
  const list = base.filter((oid) => isRune(board, objectOf(board, oid)));
  const ready = list.filter((oid) => !objectOf(board, oid).exhausted).length;
  const byName = {};
  for (const oid of list) {
    const f = facts(board, objectOf(board, oid).card);
    const n = f ? f.name.replace(/ Rune$/, "") : "rune";
    byName[n] = (byName[n] || 0) + 1;
  }
  const kinds = Object.entries(byName).map(([n, k]) => `${k} ${n}`).join(", ");
  return `${list.length} (${ready} ready, ${list.length - ready} exhausted)${kinds ? ` — ${kinds}` : ""}`;
}

function seat(board, pid) {
  const s = board.state;
  const p = s.players[pid];
  const base = (Array.isArray(p.base) ? p.base : []).filter((oid) => !isRune(board, objectOf(board, oid)));
  const status = [];
  if (p.eliminated) status.push("eliminated");
  if (p.conceded) status.push("conceded");
  if (s.turn_player === pid) status.push("turn");
  if (s.priority === pid) status.push("priority");
  const row = (term, ...value) => [el("dt", {}, term), el("dd", {}, ...value)];
  return el("section", { class: "seat", "data-seat": pid, "aria-label": `${pid} ${p.name}` },
    el("h3", {}, `${pid} ${p.name}`, " ",
      el("span", { class: "points", "data-points": p.points }, `${p.points} / ${s.victory_score} points`),
      status.length ? el("span", { class: "status" }, ` · ${status.join(", ")}`) : ""),
    el("dl", {},
      row("Legend", zone(board, p.legend, "legend")),
      row("Champion", zone(board, p.champion, "champion zone")),
      row("Pool", pool(p)),
      row("Runes", runes(board, p)),
      row("Hand", Array.isArray(p.hand) ? zone(board, p.hand, "hand")
        : `${count(p.hand)} card${count(p.hand) === 1 ? "" : "s"}`),
      row("Decks", `main ${count(p.main_deck)}, runes ${count(p.rune_deck)}`),
      row("Trash", el("details", {}, el("summary", {}, `${count(p.trash)} card${count(p.trash) === 1 ? "" : "s"}`),
        zone(board, p.trash, "trash"))),
      count(p.banishment) ? row("Banished", zone(board, p.banishment, "banishment")) : [],
      count(p.setaside) ? row("Set aside", zone(board, p.setaside, "set aside")) : []),
    el("h4", {}, "Base"),
    permanents(board, base, `base of ${pid}`));
}

function battlefield(board, bf) {
  const s = board.state;
  const show = s.showdown && s.showdown.battlefield === bf.oid;
  const ctl = bf.controller ? `${bf.controller} ${s.players[bf.controller]?.name || ""}`.trim() : "nobody";
  const units = (bf.units || []).filter((oid) => {
    const o = objectOf(board, oid);
    return !o || !o.attached_to;
  });
  return el("section", { class: `battlefield${show ? " in-showdown" : ""}`, "data-oid": bf.oid },
    el("h3", {}, cardChip(board, bf.oid)),
    el("p", { class: "bf-meta" }, `controlled by ${ctl}`,
      bf.contested_by ? ` · contested by ${bf.contested_by}` : "",
      show ? ` · ${s.showdown.combat ? "combat" : "showdown"} (${s.showdown.step})` : ""),
    el("ul", { class: "units", "aria-label": `units at ${bf.oid}` },
      units.map((o) => permanent(board, o)), facedown(board, bf.facedown),
      (bf.gear || []).map((o) => permanent(board, o))),
    units.length || count(bf.facedown) || (bf.gear || []).length ? "" : el("p", { class: "empty" }, "no units"));
}

function chain(board) {
  const items = board.state.chain || [];
  if (!items.length) return el("p", { class: "empty" }, "The chain is empty.");
  return el("ol", { class: "chain-items" }, items.map((c) =>
    el("li", {}, `${c.kind} by ${c.controller}`, c.source ? [": ", cardChip(board, c.source)] : "",
      c.legal ? "" : " (pending)")));
}

/** The board of *board* (GET /games/{id}/board) as an element. */
export function renderBoard(board) {
  const s = board.state;
  if (!s) return el("section", { class: "board" }, el("p", {}, "No game state yet (the game is being set up)."));
  const head = [`Turn ${s.turn}`, `${s.phase} phase`];
  if (s.turn_player) head.push(`turn of ${s.turn_player}`);
  if (s.priority) head.push(`priority ${s.priority}`);
  head.push(`${s.victory_score} points win`);
  const out = el("section", { class: "board", "aria-label": "board", "data-seq": board.seq },
    el("p", { class: "board-head" }, head.join(" · ")));
  if (s.winner) {
    out.append(el("p", { class: "winner" }, `Game over: ${s.winner.length ? `winner ${s.winner.join(", ")}` : "a draw"}`
      + (s.end_reason ? ` (${String(s.end_reason).replace(/_/g, " ")})` : "")));
  }
  if (board.stopped) {
    out.append(el("p", { class: "stopped" }, `Game stopped at seq ${board.stopped.seq}: ${board.stopped.message}`));
  }
  out.append(el("div", { class: "battlefields" }, s.battlefields.map((bf) => battlefield(board, bf))));
  out.append(el("div", { class: "seats" }, s.seating.map((pid) => seat(board, pid))));
  out.append(el("section", { class: "chain", "aria-label": "chain" }, el("h3", {}, "Chain"), chain(board)));
  return out;
}

/** Card facts on hover and focus: fills the page's #card-tip for the card under it. */
export function installCardTips(root, getBoard) {
  let tip = document.getElementById("card-tip");
  if (!tip) {
    tip = el("div", { id: "card-tip", role: "tooltip", hidden: true });
    document.body.append(tip);
  }
  const show = (target) => {
    const chip = target.closest && target.closest(".card[data-card]");
    if (!chip) return;
    const f = facts(getBoard(), chip.dataset.card);
    if (!f) return;
    tip.replaceChildren(
      el("strong", {}, f.name),
      el("div", {}, [f.supertype, f.type].filter(Boolean).join(" ")),
      f.energy !== null && f.energy !== undefined
        ? el("div", {}, `cost ${f.energy} energy${f.power ? `, ${f.power} power` : ""}`) : "",
      f.might !== null && f.might !== undefined ? el("div", {}, `Might ${f.might}`) : "",
      f.domains && f.domains.length ? el("div", {}, `domains: ${f.domains.join(", ")}`) : "",
      f.tags && f.tags.length ? el("div", {}, `tags: ${f.tags.join(", ")}`) : "",
      f.keywords && f.keywords.length ? el("div", {}, `keywords: ${f.keywords.join(", ")}`) : "");
    const r = chip.getBoundingClientRect();
    tip.hidden = false;
    tip.style.left = `${Math.max(4, Math.min(window.scrollX + r.left, window.scrollX + document.documentElement.clientWidth - 260))}px`;
    tip.style.top = `${window.scrollY + r.bottom + 4}px`;
  };
  const hide = () => { tip.hidden = true; };
  root.addEventListener("mouseover", (e) => show(e.target));
  root.addEventListener("focusin", (e) => show(e.target));
  root.addEventListener("mouseout", hide);
  root.addEventListener("focusout", hide);
}

