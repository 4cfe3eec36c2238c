// meeple: the rules at hand. A "Rules" button in the page's header opens a
// dialog with the game's rules in short and a searchable glossary (GET
// /api/rules/{game}: the words of the rulebooks, each with the section it
// comes from). At a table, the names the board shows (kingdoms, factions,
// regions, locations, councils, houses, tracks) get the glossary's words as
// their title, which a hover or a tap (cardinfo.js) reads.
"use strict";
const Rules = (() => {

const CACHE = {};
const GAME_TITLES = {ethnos: "Ethnos", okc: "The Old King's Crown", anunnaki: "Anunnaki: Dawn of the Gods"};

function make(tag, attrs, ...kids) {
  const n = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== undefined) n.setAttribute(k, v);
  for (const k of kids.flat(Infinity)) if (k !== null && k !== undefined) n.append(k instanceof Node ? k : String(k));
  return n;
}

async function load(game) {
  if (!CACHE[game]) {
    CACHE[game] = fetch("/api/rules/" + encodeURIComponent(game)).then(async (r) => {
      const body = await r.json();
      if (!r.ok) throw new Error(body.error || r.statusText);
      body.byId = Object.fromEntries(body.terms.map((t) => [t.id, t]));
      return body;
    });
    CACHE[game].catch(() => { delete CACHE[game]; });
  }
  return CACHE[game];
}

const norm = (s) => s.normalize("NFKC").toLowerCase().replace(/['’]s\b/g, "").replace(/[\s_\-–—/()]+/g, " ").trim();
const cited = (sources) => "From: " + sources.map((s) => s.words).join("; ");

// ------------------------------------------------------------- the dialog
function dialog() {
  let d = document.getElementById("rules-dialog");
  if (d) return d;
  const pick = make("select", {id: "rules-game", "aria-label": "game"},
    Object.entries(GAME_TITLES).map(([g, t]) => make("option", {value: g}, t)));
  const find = make("input", {type: "search", id: "rules-find", placeholder: "Find a term (e.g. a tribe, a card, a god)",
    "aria-label": "find a term", autocomplete: "off", maxlength: "80"});
  d = make("dialog", {id: "rules-dialog", "aria-labelledby": "rules-head"},
    make("div", {class: "rules-top"},
      make("h2", {id: "rules-head"}, "Rules"), pick,
      make("button", {type: "button", class: "rules-close", "aria-label": "close the rules"}, "Close")),
    make("div", {class: "rules-body"},
      make("section", {id: "rules-summary", "aria-label": "the rules in short"}),
      make("section", {id: "rules-glossary", "aria-label": "glossary"}, make("h3", {}, "Glossary"), find,
        make("p", {id: "rules-count", class: "hint", "aria-live": "polite"}), make("div", {id: "rules-terms"}))));
  document.body.append(d);
  d.querySelector(".rules-close").addEventListener("click", () => d.close());
  d.addEventListener("click", (e) => { if (e.target === d) d.close(); });  // a tap beside the box
  pick.addEventListener("change", () => fill(pick.value));
  find.addEventListener("input", () => filter());
  return d;
}

async function fill(game) {
  const d = dialog();
  d.querySelector("#rules-game").value = game;
  const sum = d.querySelector("#rules-summary"), terms = d.querySelector("#rules-terms");
  sum.replaceChildren(make("p", {class: "hint"}, "Loading the rules…"));
  terms.replaceChildren();
  let doc;
  try { doc = await load(game); } catch (e) {
    sum.replaceChildren(make("p", {class: "hint"}, "The rules could not be loaded: " + e.message));
    return;
  }
  d.querySelector("#rules-head").textContent = doc.title + ": the rules";
  sum.replaceChildren(...doc.summary.map((s) => make("div", {class: "rules-part", "data-part": s.id},
    make("h3", {}, s.title),
    make("ul", {}, s.sentences.map((x) => make("li", {}, x.text))),
    make("p", {class: "rules-from"}, cited(s.sources)))));
  const groups = {};
  for (const t of doc.terms) (groups[t.kind] = groups[t.kind] || []).push(t);
  terms.replaceChildren(...Object.entries(groups).map(([kind, list]) => make("div", {class: "rules-kind", "data-kind": kind},
    make("h4", {}, doc.kinds[kind] || kind),
    make("dl", {}, list.map((t) => [
      make("dt", {id: "term-" + t.id.replace(".", "-"), "data-term-id": t.id,
        "data-find": norm([t.name, ...t.aliases].join(" ")), "data-text": norm(t.text)}, t.name),
      make("dd", {"data-term-id": t.id}, make("span", {}, t.text), make("span", {class: "rules-from"}, cited(t.sources)))])))));
  filter();
}

function filter() {
  const d = dialog();
  const words = norm(d.querySelector("#rules-find").value).split(" ").filter(Boolean);
  let shown = 0;
  for (const dt of d.querySelectorAll("#rules-terms dt")) {
    const hay = dt.dataset.find + " " + dt.dataset.text;
    const ok = words.every((w) => hay.includes(w));
    dt.hidden = !ok;
    dt.nextElementSibling.hidden = !ok;
    if (ok) shown++;
  }
  for (const k of d.querySelectorAll(".rules-kind")) k.hidden = !k.querySelector("dt:not([hidden])");
  d.querySelector("#rules-count").textContent = words.length ? shown + (shown === 1 ? " term" : " terms") + " found" : "";
}

function open(game, term) {
  const d = dialog();
  const g = game || document.body.dataset.game || d.querySelector("#rules-game").value || "ethnos";
  if (!d.open) d.showModal();
  const find = d.querySelector("#rules-find");
  find.value = term || "";
  return fill(g).then(() => { if (term) find.focus(); });
}

// ---------------------------------------------------- names on the board
// [selector, the glossary id of a matched element] per game
const SPOTS = {
  ethnos: [["[data-kingdom] > h3", (e) => "kingdom." + e.parentElement.dataset.kingdom]],
  okc: [
    ["[data-region] > h3", (e) => "region." + e.parentElement.dataset.region],
    ["[data-location] > b", (e) => "location." + e.parentElement.dataset.location.replace(/-/g, "_")],
    ["[data-council] > b", (e) => "council." + e.parentElement.dataset.council],
    [".fac", (e) => "faction." + ([...e.classList].find((c) => c.startsWith("f-")) || "f-").slice(2)],
  ],
  anunnaki: [],
};

async function explain(root) {
  const game = document.body.dataset.game;
  if (!game || !GAME_TITLES[game]) return;
  let doc;
  try { doc = await load(game); } catch (e) { return; }
  const spots = [...(SPOTS[game] || []), ["[data-term]", (e) => e.dataset.term]];
  for (const [sel, idOf] of spots) {
    for (const n of root.querySelectorAll(sel)) {
      const t = doc.byId[idOf(n)];
      if (!t) continue;
      const said = t.name + ": " + t.text;
      if (n.getAttribute("title") !== said) n.setAttribute("title", said);
    }
  }
}

function button() {
  const top = document.querySelector("header.top");
  if (!top || document.getElementById("rules-btn")) return;
  const b = make("button", {type: "button", id: "rules-btn", class: "rules-btn", "aria-haspopup": "dialog"}, "Rules");
  b.addEventListener("click", () => open());
  const account = document.getElementById("account");
  top.insertBefore(b, account);
}

window.addEventListener("DOMContentLoaded", () => {
  button();
  const app = document.getElementById("app");
  if (app) new MutationObserver(() => explain(app)).observe(app, {childList: true, subtree: true});
});

return {open, load, explain};
})();
