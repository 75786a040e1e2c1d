// The pages' one way to the service: the visitor's token and the requests made with it.
// The token is entered once and kept in sessionStorage (this tab only, gone when it
// closes); it travels as an "Authorization: Bearer" header, never in a URL.

const KEY = "riftlog.token";

/** The visitor's token ("" for none: the public). */
export function token() {
  return sessionStorage.getItem(KEY) || "";
}

/** Keep (or, with "", forget) the visitor's token. */
export function setToken(value) {
  const t = (value || "").trim();
  if (t) sessionStorage.setItem(KEY, t);
  else sessionStorage.removeItem(KEY);
}

function headers(extra = {}) {
  const h = { ...extra };
  const t = token();
  if (t) h.Authorization = `Bearer ${t}`;
  return h;
}

/** An error the service answered (RFC 9457 problem details), in its own words. */
export class ServiceError extends Error {
  constructor(status, problem) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
  }
}

async function failure(res) {
  let problem = {};
  try {
    problem = await res.json();
  } catch (e) {
    problem = { detail: `${res.status} ${res.statusText}` };
  }
  return new ServiceError(res.status, problem);
}

/** GET a JSON document of the service (path and query), with the visitor's token. */
export async function getJSON(path, signal) {
  const res = await fetch(path, { headers: headers({ Accept: "application/json" }), signal });
  if (!res.ok) throw await failure(res);
  return res.json();
}

/** Download what the service answers at path as a file named filename. */
export async function download(path, filename) {
  const res = await fetch(path, { headers: headers() });
  if (!res.ok) throw await failure(res);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = el("a", { href: url, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/**
 * Follow a server-sent events feed (fetch, so the token goes in a header): calls
 * onEvent(name, data, id) for each event until the feed ends or signal aborts.
 */
export async function follow(path, onEvent, signal) {
  const res = await fetch(path, { headers: headers({ Accept: "text/event-stream" }), signal });
  if (!res.ok) throw await failure(res);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let name = "message", data = "", id = null;
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) continue;
        const [field, ...rest] = line.split(":");
        const text = rest.join(":").replace(/^ /, "");
        if (field === "event") name = text;
        else if (field === "data") data += text;
        else if (field === "id") id = text;
      }
      if (data) onEvent(name, JSON.parse(data), id);
    }
  }
}

/** A new element: el("a", {href: "/", class: "x"}, "text", child, ...). Text is text. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/** The token form of a page's header: enter a token once, or forget it. */
export function tokenForm(onChange) {
  const input = el("input", { type: "password", id: "token", name: "token",
    autocomplete: "off", placeholder: "rlt_…", "aria-label": "Access token" });
  const state = el("span", { class: "token-state", role: "status" });
  const show = () => {
    state.textContent = token() ? "token in use (this tab)" : "no token: public games only";
  };
  const form = el("form", { class: "token-form", onsubmit: (e) => {
    e.preventDefault();
    setToken(input.value);
    input.value = "";
    show();
    onChange();
  } },
    el("label", { for: "token" }, "Token"), input,
    el("button", { type: "submit" }, "Use"),
    el("button", { type: "button", onclick: () => { setToken(""); show(); onChange(); } },
      "Forget"),
    state);
  show();
  return form;
}
