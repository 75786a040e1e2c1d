// The recorder page: the legal moves of the player to act as buttons and small forms
// (GET /games/{id}/move-forms), the board beside them (GET /games/{id}/board, drawn by
// board.js), each decision appended with POST /games/{id}/events, a refusal shown with the
// rule it breaks, and undo as a judge rewind after a confirmation (POST /games/{id}/undo).

import { ServiceError, el, follow, getJSON, token, tokenForm } from "./api.js";
import { installCardTips, renderBoard } from "./board.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const $ = (id) => document.getElementById(id);
const api = (what) => `/games/${encodeURIComponent(gameId)}/${what}`;

const page = {
  forms: null,  // GET /move-forms
  board: null,  // GET /board
  undo: null,   // GET /undo (null: not for this token)
  busy: false,
  live: null,   // the live feed's AbortController
  timer: null,  // a reload the live feed asked for
};

/** POST a JSON body with the visitor's token (or *bearer*); the answer, or a ServiceError. */
async function postJSON(path, body, bearer) {
  const headers = { "Content-Type": "application/json", Accept: "application/json" };
  const t = bearer || token();
  if (t) headers.Authorization = `Bearer ${t}`;
  const res = await fetch(path, { method: "POST", headers, body: JSON.stringify(body) });
  if (!res.ok) {
    let problem;
    try { problem = await res.json(); } catch (e) { problem = { detail: `${res.status} ${res.statusText}` }; }
    throw new ServiceError(res.status, problem);
  }
  return res.json();
}

// --- messages ----------------------------------------------------------------------

function refuse(err) {
  const box = $("refusal");
  const p = err instanceof ServiceError ? err.problem : { detail: String(err) };
  const parts = [el("strong", {}, p.title || "Refused")];
  if (p.rule) parts.push(" — ", el("span", { class: "rule" }, `rule ${p.rule}`));
  const broken = p.violations && p.violations.length;
  if (!broken) parts.push(el("p", { class: "detail" }, p.detail || ""));
  if (broken) {
    parts.push(el("ul", { class: "violations" }, p.violations.map((v) =>
      el("li", {}, v.rule ? el("span", { class: "rule" }, `${v.edition ? `${v.edition} ` : ""}${v.rule}`) : "",
        v.rule ? ": " : "", v.message || ""))));
  }
  parts.push(el("p", { class: "note" }, "Nothing was recorded."));
  box.replaceChildren(...parts);
  box.hidden = false;
  $("done").hidden = true;
}

function done(text) {
  $("refusal").hidden = true;
  $("done").textContent = text;
  $("done").hidden = !text;
}

// --- the forms ---------------------------------------------------------------------

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

function fieldInput(form, f, i, initial) {
  const id = `${form.key}-${f.name}`.replace(/[^A-Za-z0-9_-]/g, "_");
  if (f.kind === "select") {
    const at = Math.max(0, f.options.findIndex((o) => same(o.value, initial)));
    return el("label", { class: "field", for: id }, `${f.label} `,
      el("select", { id, "data-field": i },
        f.options.map((o, k) => el("option", { value: k, selected: k === at }, o.label))));
  }
  if (f.kind === "toggle") {
    return el("label", { class: "field" },
      el("input", { type: "checkbox", id, "data-field": i, checked: !!initial }), ` ${f.label}`);
  }
  if (f.kind === "checks") {
    const picked = initial || [];
    return el("fieldset", { class: "field checks", "data-field": i },
      el("legend", {}, f.label),
      f.options.map((o, k) => el("label", { class: "check" },
        el("input", { type: "checkbox", "data-option": k, checked: picked.some((v) => same(v, o.value)) }),
        ` ${o.label}`)));
  }
  if (f.kind === "amounts") {
    const given = initial || {};
    const sum = el("span", { class: "sum", "aria-live": "polite" });
    const inputs = f.options.map((o, k) => {
      const lethal = f.lethal ? f.lethal[o.value] : null;
      const note = f.notes && f.notes[o.value];
      return el("label", { class: "amount" },
        el("span", { class: "who" }, o.label),
        el("span", { class: "lethal" }, lethal === null || lethal === undefined ? "no lethal" : `lethal ${lethal}`),
        el("input", { type: "number", min: 0, max: f.total, step: 1, "data-option": k,
          value: given[o.value] || 0, "aria-label": `damage to ${o.label}` }),
        note ? el("span", { class: "note" }, note) : "");
    });
    const box = el("fieldset", { class: "field amounts", "data-field": i },
      el("legend", {}, f.label), inputs, sum);
    const update = () => {
      const n = [...box.querySelectorAll("input")].reduce((a, x) => a + (parseInt(x.value, 10) || 0), 0);
      sum.textContent = `assigned ${n} of ${f.total}`;
      sum.className = `sum${n === f.total ? "" : " off"}`;
    };
    box.addEventListener("input", update);
    update();
    return box;
  }
  return el("span", {}, f.label);
}

function readField(node, f) {
  if (f.kind === "select") return f.options[parseInt(node.querySelector("select").value, 10)].value;
  if (f.kind === "toggle") return node.querySelector("input").checked;
  if (f.kind === "checks") {
    return [...node.querySelectorAll("input[data-option]")].filter((x) => x.checked)
      .map((x) => f.options[parseInt(x.dataset.option, 10)].value);
  }
  if (f.kind === "amounts") {
    const out = {};
    for (const x of node.querySelectorAll("input[data-option]")) {
      out[f.options[parseInt(x.dataset.option, 10)].value] = parseInt(x.value, 10) || 0;
    }
    return out;
  }
  return null;
}

/** The decision the form's fields say: the listed variant they pick, or one built from
 * them (the payment left to the service) for the rules engine to judge. */
function decisionOf(form, values) {
  const hit = form.variants.find((v) => Object.keys(values).every((k) => same(v.values[k], values[k])));
  if (hit) return { decision: hit.decision, notation: hit.notation, then: hit.then || [] };
  const d = JSON.parse(JSON.stringify(form.variants[0].decision));
  for (const [k, v] of Object.entries(values)) {
    if (k.startsWith("targets.")) {
      d.targets = (d.targets && !Array.isArray(d.targets)) ? d.targets : {};
      d.targets[k.slice(8)] = v;
    } else if (k === "variant") {
      return { decision: form.variants[v].decision, notation: form.variants[v].notation };
    } else {
      d[k] = v;
    }
  }
  delete d.payment;
  delete d.order;
  return { decision: d, notation: null };
}

function renderForm(form, idx) {
  const initial = form.variants[0].values;
  const fields = form.fields.map((f, i) => fieldInput(form, f, i, initial[f.name]));
  const bare = !form.fields.length;
  const label = !bare ? form.button : (WORDLESS.has(form.verb) ? form.button : capital(form.title));
  const node = el("form", { class: `move-form verb-${form.verb}${bare ? " bare" : ""}`, "data-key": form.key,
    "data-verb": form.verb, "data-notation": form.variants[0].notation,
    "aria-label": form.title },
  form.fields.length ? el("h3", {}, capital(form.title)) : "",
  fields,
  form.constraint ? el("p", { class: "constraint" }, form.constraint) : "",
  el("button", { type: "submit", class: `go${idx === 0 ? " first" : ""}`,
    title: form.variants.length === 1 ? form.variants[0].notation : null }, label),
  bare && (!WORDLESS.has(form.verb) || form.verb === "pass-all")
    ? el("code", { class: "line" }, form.variants[0].notation) : "");
  node.addEventListener("submit", (e) => {
    e.preventDefault();
    const values = {};
    form.fields.forEach((f, i) => {
      values[f.name] = readField(node.querySelector(`[data-field="${i}"]`).closest(".field") || node, f);
    });
    record(decisionOf(form, values));
  });
  return node;
}

// verbs whose button says it all ("End turn", "Pass", "Concede")
const WORDLESS = new Set(["end", "pass", "pass-all", "concede"]);

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

function renderForms() {
  const doc = page.forms;
  const box = $("forms");
  if (!doc) { box.replaceChildren(); return; }
  const common = doc.forms.filter((f) => f.verb !== "concede");
  const rare = doc.forms.filter((f) => f.verb === "concede");
  if (!doc.forms.length) {
    box.replaceChildren(el("p", { class: "empty" }, doc.over ? "The game is over."
      : doc.note || `Nothing to record now: the game awaits ${doc.awaited}.`));
    return;
  }
  box.replaceChildren(...common.map(renderForm),
    rare.length ? el("details", { class: "rare" }, el("summary", {}, "More (concede)"),
      rare.map(renderForm)) : "");
}

// --- recording ---------------------------------------------------------------------

async function record({ decision, notation, then = [] }) {
  if (page.busy) return;
  page.busy = true;
  const events = [decision, ...then].map(({ type, ...payload }) =>
    ({ type, payload, client_event_id: `web-${crypto.randomUUID()}` }));
  const body = { expected_seq: page.forms.seq, events };
  try {
    const res = await postJSON(api("events"), body);
    const line = notation || type;
    for (const ev of res.events) {
      $("recorded").append(el("li", {}, el("span", { class: "seq" }, `${ev.seq}`), " ",
        el("code", {}, ev.seq === res.events[0].seq ? line : ev.type)));
    }
    done(`Recorded: ${line} (seq ${res.events[0].seq}).`);
    await load();
    const first = document.querySelector("#forms button");
    if (first) first.focus();
  } catch (err) {
    refuse(err);
    if (err instanceof ServiceError && err.status === 409) await load();
  } finally {
    page.busy = false;
  }
}

// --- undo --------------------------------------------------------------------------

function renderUndo() {
  const u = page.undo;
  const button = $("undo");
  button.disabled = !u || u.seq === null;
  $("undo-what").textContent = u && u.seq !== null ? `last: seq ${u.seq}, ${u.decision}` : "";
}

function askUndo() {
  const u = page.undo;
  if (!u || u.seq === null) return;
  $("undo-text").textContent = `Undo seq ${u.seq}: ${u.decision}? This records a judge rewind `
    + `to seq ${u.to_seq}.`;
  $("undo-token").value = "";
  $("undo-dialog").returnValue = "";
  $("undo-dialog").showModal();
  $("undo-cancel").focus();
}

async function undoClosed() {
  const dialog = $("undo-dialog");
  const u = page.undo;
  const bearer = $("undo-token").value.trim();
  $("undo-token").value = "";
  if (dialog.returnValue !== "confirm" || !u) {
    done("Not undone.");
    return;
  }
  try {
    const res = await postJSON(api("undo"), { seq: u.seq, expected_seq: u.last_seq }, bearer || null);
    const ev = res.events[0];
    $("recorded").append(el("li", { class: "judge" }, el("span", { class: "seq" }, `${ev.seq}`), " ",
      el("code", {}, `judge rewind to seq ${u.to_seq}`)));
    done(`Undone: seq ${u.seq} no longer counts (judge rewind at seq ${ev.seq}).`);
    await load();
  } catch (err) {
    refuse(err);
  }
}

// --- loading -----------------------------------------------------------------------

async function load() {
  try {
    const forms = await getJSON(api("move-forms"));
    const board = await getJSON(api(`board?seq=${forms.seq}`)).catch(() => null);
    let undo = null;
    try {
      undo = await getJSON(api("undo"));
    } catch (err) {
      if (!(err instanceof ServiceError)) throw err;
    }
    page.forms = forms;
    page.board = board;
    page.undo = undo;
    $("status").textContent = forms.over ? `seq ${forms.seq} · the game is over`
      : forms.player ? `seq ${forms.seq} · turn ${forms.turn} · ${forms.player} ${forms.player_name || ""} `
        + `to act (${String(forms.request).replace(/_/g, " ")})`
        : `seq ${forms.seq} · awaiting ${forms.awaited}`;
    renderForms();
    renderUndo();
    $("board").replaceChildren(board ? renderBoard(board) : el("p", { class: "empty" }, "No board."));
  } catch (err) {
    page.forms = null;
    renderForms();
    refuse(err);
  }
}

// --- the live feed: what another recorder or a player's device appends shows here too ----

function watch() {
  if (page.live) page.live.abort();
  if (!page.forms || page.forms.over) return;
  const ctl = new AbortController();
  page.live = ctl;
  follow(api(`live?from_seq=${page.forms.seq + 1}`), (name, data) => {
    if (name !== "game-event" || !page.forms || data.seq <= page.forms.seq) return;
    clearTimeout(page.timer);
    page.timer = setTimeout(() => { if (!page.busy) load(); }, 150);
  }, ctl.signal).catch(() => {});
}

function start() {
  $("title").textContent = `Record game ${gameId}`;
  document.title = `Record ${gameId} · riftlog`;
  $("replay-link").href = `/replay/${encodeURIComponent(gameId)}`;
  $("token-slot").replaceChildren(tokenForm(() => { done(""); load().then(watch); }));
  $("undo").addEventListener("click", askUndo);
  $("undo-dialog").addEventListener("close", undoClosed);
  installCardTips($("board"), () => page.board);
  load().then(watch);
}

start();
