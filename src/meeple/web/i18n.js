// meeple: the page's words in the reader's language. The page loads its
// language's messages once (GET /api/lang/{lang}/messages: the gettext
// catalogs of src/meeple/i18n, by key) and writes every word with t(key,
// values): the views carry keys and named values, never finished sentences,
// so each person at a table reads their own language. The language is the
// one chosen here (kept in localStorage, and with the account when logged
// in), else the browser's Accept-Language as the server reads it.
"use strict";
const I18N = (() => {

const STORE = "meeple:lang";
const state = {lang: "en", messages: {}, plural: {}, languages: [], rules: null};

function stored() {
  try { return localStorage.getItem(STORE); } catch (e) { return null; }
}

// the language to read: the account's, else this browser's choice, else Accept-Language
async function load() {
  let info = null;
  try {
    const r = await fetch("/api/lang");
    if (r.ok) info = await r.json();
  } catch (e) {}
  const offered = info ? info.languages.map((l) => l.code) : ["en"];
  const mine = stored();
  let lang = (info && info.account) || (mine && (offered.includes(mine) || mine === "qps") ? mine : null) ||
    (info && info.lang) || "en";
  if (info) state.languages = info.languages;
  try {
    const r = await fetch("/api/lang/" + encodeURIComponent(lang) + "/messages");
    if (!r.ok) throw new Error(r.statusText);
    const body = await r.json();
    state.messages = body.messages; state.plural = body.plural; state.lang = body.lang;
  } catch (e) { lang = "en"; }
  // the pseudo-locale counts, writes numbers and breaks lines as English does
  const tag = state.lang === "qps" ? "en" : state.lang;
  state.rules = new Intl.PluralRules(tag);
  state.numbers = new Intl.NumberFormat(tag);
  state.lists = Intl.ListFormat ? new Intl.ListFormat(tag, {type: "conjunction"}) : null;
  document.documentElement.lang = tag;
  return state.lang;
}

// remember a choice (this browser, the server's cookie, the account) and read it at once
async function choose(lang) {
  try { localStorage.setItem(STORE, lang); } catch (e) {}
  try {
    await fetch("/api/lang", {method: "PUT", headers: {"content-type": "application/json"}, body: JSON.stringify({lang})});
  } catch (e) {}
  location.reload();
}

const value = (v) => typeof v === "number" ? state.numbers.format(v)
  : Array.isArray(v) ? (state.lists ? state.lists.format(v.map(String)) : v.join(", ")) : String(v);

// the message `key` with its named values ({count} picks a counted message's form)
function t(key, values) {
  let msg = state.messages[key];
  if (msg === undefined) return key;   // shows as a key: the completeness tests catch it
  if (Array.isArray(msg)) {
    const n = values && typeof values.count === "number" ? values.count : 0;
    msg = msg[state.plural[state.rules.select(n)] || 0] || msg[msg.length - 1];
  }
  if (!values) return msg.replace(/\{\{/g, "{").replace(/\}\}/g, "}");
  return msg.replace(/\{\{|\}\}|\{([a-z_0-9]+)\}/g, (m, name) =>
    m === "{{" ? "{" : m === "}}" ? "}" : name in values ? value(values[name]) : m);
}
const has = (key) => key in state.messages;
// the same, as a list of strings and nodes: a value that is a node (a
// player's tag, a link) goes into the sentence where its placeholder is
function nodes(key, values) {
  const nodeVals = {}, plain = {};
  for (const [k, v] of Object.entries(values || {})) {
    if (v instanceof Node || Array.isArray(v) && v.some((x) => x instanceof Node)) nodeVals[k] = v; else plain[k] = v;
  }
  for (const k of Object.keys(nodeVals)) plain[k] = "\u0000" + k + "\u0000";
  return t(key, plain).split("\u0000").map((part, i) => i % 2 ? nodeVals[part] : part).flat();
}

// the switch in the page's header: each language by its own name
function picker() {
  const pick = document.createElement("select");
  pick.id = "lang-pick";
  pick.setAttribute("aria-label", t("page.lang.choose"));
  pick.title = t("page.lang.choose");
  for (const l of state.languages) {
    const o = document.createElement("option");
    o.value = l.code; o.textContent = l.name; o.selected = l.code === state.lang;
    pick.append(o);
  }
  pick.addEventListener("change", () => choose(pick.value));
  return pick;
}

// started at once: the other scripts wait for it before they write a word
const ready = load();
return {ready, choose, t, has, nodes, picker, value, get lang() { return state.lang; }};
})();
const t = I18N.t;
