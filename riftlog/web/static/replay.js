// The replay page: the board at the current event, the scrubber, step buttons and keys,
// the event log with each event's verdict, the dispute report for a judge, sharing
// (#seq=57&view=p1), downloads, the views the token allows, and a live game's feed.

import { download, el, follow, getJSON, tokenForm } from "./api.js";
import { installCardTips, renderBoard } from "./board.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const $ = (id) => document.getElementById(id);
const api = (what) => `/games/${encodeURIComponent(gameId)}/${what}`;

const page = {
  view: null,      // the view shown ("p1", "judge", "spectator:3" ...)
  seq: 1,          // the event shown
  log: null,       // GET /log: game, views, events, summary, dispute
  board: null,     // GET /board of the event shown
  byTurn: [],      // first seq of each turn, in order
  live: null,      // the live feed's AbortController
};

function say(text) {
  const m = $("message");
  m.textContent = text || "";
  m.hidden = !text;
}

function readHash() {
  const h = new URLSearchParams(location.hash.slice(1));
  const seq = parseInt(h.get("seq") || "", 10);
  return { seq: Number.isFinite(seq) ? seq : null, view: h.get("view") };
}

function writeHash() {
  const h = new URLSearchParams({ seq: String(page.seq), view: page.view });
  history.replaceState(null, "", `#${h}`);
  $("share").href = location.href;
  $("share").textContent = `#${h}`;
}

function entries() {
  return page.log ? page.log.events : [];
}

function lastSeq() {
  const ev = entries();
  return ev.length ? ev[ev.length - 1].seq : 1;
}

function entry(seq) {
  return entries()[seq - 1] || null;
}

// --- the event log -----------------------------------------------------------------

function verdictClass(e) {
  if (e.voided) return "voided";
  return e.verdict.verdict;
}

function logLine(e) {
  const tags = [];
  if (e.verdict.verdict !== "legal") tags.push(el("span", { class: `tag ${e.verdict.verdict}` }, e.verdict.verdict));
  if (e.judge) tags.push(el("span", { class: "tag judge" }, "judge"));
  if (e.voided) tags.push(el("span", { class: "tag voided" }, "voided"));
  return el("li", { class: `ev ${verdictClass(e)}`, "data-seq": e.seq },
    el("button", { type: "button", class: "ev-button", "data-seq": e.seq,
      onclick: () => go(e.seq, true) },
    el("span", { class: "seq" }, `${e.seq}`), " ",
    el("span", { class: "line" }, e.notation), " ", tags,
    e.words ? el("span", { class: "words" }, e.words) : ""));
}

function renderLog() {
  $("log").replaceChildren(...entries().map(logLine));
}

function currentDetails(e) {
  if (!e) return [];
  const v = e.verdict;
  const out = [
    el("h2", {}, `Event ${e.seq} · turn ${e.turn}${e.phase ? ` · ${e.phase}` : ""}`),
    el("p", { class: "cur-line" }, el("span", { class: "notation" }, e.notation)),
    e.words ? el("p", { class: "cur-words" }, e.words) : "",
    el("p", { class: `verdict v-${v.verdict}` }, `Verdict: ${v.verdict}`,
      e.judge ? " · a judge's event" : "", e.voided ? " · voided by a judge's rewind" : ""),
  ];
  if (v.rules && v.rules.length) out.push(el("p", { class: "rules" }, `Rule: ${v.rules.join("; ")}`));
  if (v.reasons && v.reasons.length) {
    out.push(el("ul", { class: "reasons", "aria-label": "why" }, v.reasons.map((r) => el("li", {}, r))));
  }
  if (v.verdict !== "legal" && v.awaited) out.push(el("p", {}, `The game awaited: ${v.awaited}`));
  if (v.options && v.options.length) {
    out.push(el("h3", {}, "Legal options"),
      el("ul", { class: "options" }, v.options.map((o) => el("li", {}, el("code", {}, o)))));
  } else if (v.verdict === "illegal") {
    out.push(el("p", { class: "note" }, "The legal options are shown to a judge and the player who had them."));
  }
  if (v.voided_by) out.push(el("p", {}, `Voided by the rewind at seq ${v.voided_by}.`));
  if (v.corrected_by) out.push(el("p", {}, `Corrected at seq ${v.corrected_by}.`));
  return out;
}

function renderDispute() {
  const d = page.log.dispute;
  const box = $("dispute");
  if (!d) { box.hidden = true; return; }
  const c = d.counts;
  box.hidden = false;
  box.replaceChildren(
    el("h2", {}, "Dispute report"),
    el("p", {}, d.ok ? "Every event that counts is legal." : "An event that counts is not legal.",
      ` ${c.legal} legal, ${c.illegal} illegal, ${c.unverifiable} unverifiable, ${c.divergent} divergent.`),
    d.first_illegal ? el("p", {}, "First illegal event: ",
      el("button", { type: "button", class: "linkish", onclick: () => go(d.first_illegal, true) },
        `seq ${d.first_illegal}`)) : "",
    d.judge_events.length ? el("ul", { class: "judge-events" }, d.judge_events.map((j) =>
      el("li", {}, el("button", { type: "button", class: "linkish", onclick: () => go(j.seq, true) },
        `seq ${j.seq}`), ` ${j.type}${j.actor ? ` by ${j.actor}` : ""}`))) : "",
    el("p", {}, `Result: ${d.result}`));
}

// --- moving ------------------------------------------------------------------------

function turnStart(delta) {
  const cur = entry(page.seq);
  if (!cur) return page.seq;
  if (delta > 0) {
    const n = entries().find((e) => e.seq > page.seq && e.turn > cur.turn);
    return n ? n.seq : lastSeq();
  }
  // back: the start of this turn, or of the previous one when already at its start
  const first = entries().find((e) => e.turn === cur.turn);
  if (first && first.seq < page.seq) return first.seq;
  const prev = entries().find((e) => e.turn === cur.turn - 1) ||
    [...entries()].reverse().find((e) => e.turn < cur.turn);
  return prev ? entries().find((e) => e.turn === prev.turn).seq : 1;
}

// boards already asked for, by view and seq (an event's board never changes; the
// neighbours of the board shown are asked for ahead, so a step draws at once)
const boards = new Map();

function boardAt(seq, view) {
  const key = `${view} ${seq}`;
  let pending = boards.get(key);
  if (!pending) {
    pending = getJSON(`${api("board")}?seq=${seq}&view=${encodeURIComponent(view)}`);
    boards.set(key, pending);
    pending.catch(() => boards.delete(key));
    if (boards.size > 64) boards.delete(boards.keys().next().value);
  }
  return pending;
}

let drawing = 0;

async function showBoard() {
  const seq = page.seq, view = page.view, mine = ++drawing;
  delete document.body.dataset.boardSeq;  // until this board is drawn
  try {
    const board = await boardAt(seq, view);
    if (mine !== drawing) return;  // the visitor has moved on
    page.board = board;
    $("board").replaceChildren(renderBoard(board));
    document.body.dataset.boardView = board.viewer;
    document.body.dataset.boardSeq = String(board.seq);
    for (const next of [seq + 1, seq - 1]) {
      if (next >= 1 && next <= lastSeq()) boardAt(next, view).catch(() => {});
    }
  } catch (err) {
    if (mine === drawing) say(err.message);
  }
}

function go(seq, focusLog = false) {
  const last = lastSeq();
  page.seq = Math.max(1, Math.min(last, seq));
  $("scrubber").max = String(last);
  $("scrubber").value = String(page.seq);
  $("position").textContent = `event ${page.seq} of ${last}`;
  for (const li of document.querySelectorAll("#log li.current")) li.classList.remove("current");
  const li = document.querySelector(`#log li[data-seq="${page.seq}"]`);
  if (li) {
    li.classList.add("current");
    li.scrollIntoView({ block: "nearest" });
    if (focusLog) li.querySelector("button").setAttribute("aria-current", "true");
  }
  for (const b of document.querySelectorAll('#log button[aria-current]')) {
    if (b.dataset.seq !== String(page.seq)) b.removeAttribute("aria-current");
  }
  $("current").replaceChildren(...currentDetails(entry(page.seq)));
  writeHash();
  showBoard();
}

function onKey(e) {
  const t = e.target;
  const typing = t && (t.tagName === "INPUT" && t.type !== "range" || t.tagName === "SELECT" || t.tagName === "TEXTAREA");
  if (typing || e.altKey || e.ctrlKey || e.metaKey) return;
  const moves = { ArrowLeft: () => page.seq - 1, ArrowRight: () => page.seq + 1,
    ArrowUp: () => turnStart(-1), ArrowDown: () => turnStart(1), Home: () => 1, End: () => lastSeq() };
  const move = moves[e.key];
  if (!move || !page.log) return;
  e.preventDefault();
  go(move());
}

// --- loading, views, live -------------------------------------------------------------

function describeGame(log) {
  const s = log.summary;
  const players = s.players.map((p) => `${p.id} ${p.name} (${p.legend})`).join(" vs ");
  const g = log.game;
  const where = [g.tournament_id && `tournament ${g.tournament_id}`, `game ${g.game_number}`,
    g.mode, `rules ${g.rules_edition}`].filter(Boolean).join(" · ");
  return `${players} — ${s.result} — ${where}`;
}

function fillViews(views) {
  const select = $("view");
  select.replaceChildren(...views.map((v) => el("option", { value: v, selected: v === page.view }, viewLabel(v))));
  $("download-bundle").hidden = !views.includes("judge");
}

function viewLabel(v) {
  if (v === "judge") return "judge (everything)";
  if (v === "public") return "public";
  if (v.startsWith("spectator")) {
    const d = v.split(":")[1];
    return d ? `spectator (${d} events behind)` : "spectator";
  }
  const p = page.log && page.log.summary.players.find((x) => x.id === v);
  return p ? `${v} ${p.name}` : v;
}

async function load(wantSeq, wantView, note = "") {
  document.body.dataset.ready = "0";
  say(note);
  const view = wantView ? `?view=${encodeURIComponent(wantView)}` : "";
  let log;
  try {
    log = await getJSON(`${api("log")}${view}`);
  } catch (err) {
    if (wantView && err.status === 403) {  // a shared link's view this token may not read
      return load(wantSeq, null, `${err.message} — showing your own view.`);
    }
    say(err.message);
    $("title").textContent = `Game ${gameId}`;
    document.body.dataset.ready = "1";
    return;
  }
  page.log = log;
  page.view = log.viewer;
  document.body.dataset.view = page.view;
  $("title").textContent = `Game ${gameId}`;
  document.title = `${gameId} · riftlog`;
  $("game-meta").textContent = describeGame(log);
  // an open game can be recorded from its recorder page (a recorder's or judge's token)
  $("record-link").href = `/record/${encodeURIComponent(gameId)}`;
  $("record-link").hidden = log.game.status !== "open";
  fillViews(log.views);
  renderLog();
  renderDispute();
  go(wantSeq ?? lastSeq());
  startLive();
  document.body.dataset.ready = "1";
}

let refreshTimer = null;

function startLive() {
  if (page.live) page.live.abort();
  page.live = null;
  const g = page.log.game;
  const badge = $("live");
  if (g.status !== "open") { badge.hidden = true; return; }
  const ctl = new AbortController();
  page.live = ctl;
  badge.hidden = false;
  badge.textContent = page.view.startsWith("spectator:")
    ? `live (you see it ${page.view.split(":")[1]} events behind)` : "live";
  const from = lastSeq() + 1;
  follow(`${api("live")}?view=${encodeURIComponent(page.view)}&from_seq=${from}`, (name) => {
    if (name !== "game-event" && name !== "end") return;
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => refresh(ctl), 150);
  }, ctl.signal).catch((err) => {
    if (err.name === "AbortError" || ctl.signal.aborted) return;
    // the connection dropped: say so, and follow again from the last event shown
    badge.textContent = `live feed interrupted (${err.message}); reconnecting…`;
    setTimeout(() => { if (page.live === ctl) startLive(); }, 2000);
  });
}

async function refresh(ctl) {
  if (ctl.signal.aborted) return;
  const atEnd = page.seq >= lastSeq();
  try {
    const log = await getJSON(`${api("log")}?view=${encodeURIComponent(page.view)}`);
    if (ctl.signal.aborted) return;
    page.log = log;
    boards.clear();
    $("game-meta").textContent = describeGame(log);
    renderLog();
    renderDispute();
    go(atEnd ? lastSeq() : page.seq);
    if (log.game.status !== "open") $("live").textContent = "the game is over";
  } catch (err) {
    say(err.message);
  }
}

function wire() {
  $("token-slot").append(tokenForm(() => load(page.seq, null)));
  $("first").addEventListener("click", () => go(1));
  $("prev").addEventListener("click", () => go(page.seq - 1));
  $("next").addEventListener("click", () => go(page.seq + 1));
  $("last").addEventListener("click", () => go(lastSeq()));
  $("prev-turn").addEventListener("click", () => go(turnStart(-1)));
  $("next-turn").addEventListener("click", () => go(turnStart(1)));
  $("scrubber").addEventListener("input", (e) => go(parseInt(e.target.value, 10)));
  $("view").addEventListener("change", (e) => load(page.seq, e.target.value));
  $("copy-link").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      say("");
      $("position").textContent = "link copied";
    } catch (err) {
      $("share").focus();
    }
  });
  $("download-bundle").addEventListener("click", () =>
    download(`${api("export")}?format=bundle`, `${gameId}.json`).catch((err) => say(err.message)));
  $("download-transcript").addEventListener("click", () =>
    download(`${api("export")}?format=transcript&view=${encodeURIComponent(page.view)}`,
      `${gameId}-${page.view.replace(":", "-")}.txt`).catch((err) => say(err.message)));
  document.addEventListener("keydown", onKey);
  // the skip link focuses the controls without touching the URL's #seq=&view=
  document.querySelector(".skip").addEventListener("click", (e) => {
    e.preventDefault();
    $("first").focus();
  });
  window.addEventListener("hashchange", () => {
    const h = readHash();
    if (h.view && h.view !== page.view) load(h.seq, h.view);
    else if (h.seq && h.seq !== page.seq) go(h.seq);
  });
  installCardTips(document.body, () => page.board);
}

wire();
const start = readHash();
load(start.seq, start.view);
