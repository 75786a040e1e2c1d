// The game list: GET /web/games with the filters of the form (kept in the page's query
// string, so a filtered list can be shared too); each game links to its replay.

import { el, getJSON, tokenForm } from "./api.js";

const form = document.getElementById("filters");
const body = document.querySelector("#games tbody");
const message = document.getElementById("message");
const countLine = document.getElementById("count");

function fillForm() {
  const q = new URLSearchParams(location.search);
  for (const field of form.elements) {
    if (field.name && q.has(field.name)) field.value = q.get(field.name);
  }
}

function query() {
  const q = new URLSearchParams();
  for (const field of form.elements) {
    if (field.name && field.value.trim()) q.set(field.name, field.value.trim());
  }
  return q;
}

function row(g) {
  const players = g.players.map((p) => `${p.id} ${p.name} (${p.legend})`).join(" vs ");
  const verdict = g.illegal.length
    ? el("span", { class: "verdict-illegal" }, `illegal at seq ${g.illegal.join(", ")}`)
    : el("span", { class: "verdict-legal" }, "no illegal event");
  const live = g.status === "open" ? el("span", { class: "badge live-badge" }, "live") : "";
  return el("tr", { "data-game": g.id },
    el("td", { "data-label": "Game" }, el("a", { href: `/replay/${encodeURIComponent(g.id)}` }, g.id), " ", live),
    el("td", { "data-label": "Tournament" }, g.tournament_id || "–"),
    el("td", { "data-label": "Round" }, g.round ?? "–"),
    el("td", { "data-label": "Players" }, players),
    el("td", { "data-label": "Result" }, g.result),
    el("td", { "data-label": "Events" }, `${g.seen_seq}`),
    el("td", { "data-label": "Verdict" }, verdict));
}

async function load() {
  document.body.dataset.ready = "0";
  message.hidden = true;
  const q = query();
  history.replaceState(null, "", q.toString() ? `?${q}` : location.pathname);
  try {
    const data = await getJSON(`/web/games?${q}`);
    body.replaceChildren(...data.items.map(row));
    countLine.textContent = data.items.length
      ? `${data.items.length} game${data.items.length === 1 ? "" : "s"}`
      : "No game matches (or none is readable with this token).";
  } catch (err) {
    body.replaceChildren();
    countLine.textContent = "";
    message.textContent = err.message;
    message.hidden = false;
  }
  document.body.dataset.ready = "1";
}

form.addEventListener("submit", (e) => { e.preventDefault(); load(); });
form.addEventListener("reset", () => setTimeout(load, 0));
document.getElementById("token-slot").append(tokenForm(load));
fillForm();
load();
