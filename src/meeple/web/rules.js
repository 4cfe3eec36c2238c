// meeple: the rules at hand. A "Rules" button in the page's header opens a
// dialog with the game's rules in short and a searchable glossary (GET
// /api/rules/{game}: the words of the rulebooks, each with the section it
// comes from). At a table, the names the board shows (kingdoms, factions,
// regions, locations, councils, houses, tracks) get the glossary's words as
// their title, which a hover or a tap (cardinfo.js) reads.
"use strict";
const Rules = (() => {

const CACHE = {};
const GAME_TITLES = {ethnos: "common.game.ethnos", okc: "common.game.okc", anunnaki: "common.game.anunnaki"};
// the rulebooks by their seed, the glossary's kinds of term: in the reader's language
const SEED_TITLES = {"000": "page.rules.seed.000", "001": "page.rules.seed.001", "002": "page.rules.seed.002",
                     "003": "page.rules.seed.003", "004": "page.rules.seed.004"};
const KINDS = {tribe: "page.rules.kind.tribe", kingdom: "page.rules.kind.kingdom", component: "page.rules.kind.component",
  term: "page.rules.kind.term", faction: "page.rules.kind.faction", card: "page.rules.kind.card", trait: "page.rules.kind.trait",
  command: "page.rules.kind.command", region: "page.rules.kind.region", location: "page.rules.kind.location",
  council: "page.rules.kind.council", suit: "page.rules.kind.suit", house: "page.rules.kind.house", god: "page.rules.kind.god",
  weapon: "page.rules.kind.weapon", tile: "page.rules.kind.tile", track: "page.rules.kind.track", artifact: "page.rules.kind.artifact",
  objective: "page.rules.kind.objective", action: "page.rules.kind.action"};
// a text of the rules in the reader's language where the catalog has it, else as the rules at hand
// write it (their English is the rules' own: "Dwarf" in the glossary, where the catalog's tribe is "Dwarves")
const said = (key, text) => I18N.lang !== "en" && key && I18N.has(key) ? t(key) : text;
const termName = (game, x) => said(x.name_key, x.name);
const termText = (x) => x.sentences.map((s) => said(s.key, s.text)).join(" ");

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
      body.byId = Object.fromEntries(body.terms.map((x) => [x.id, x]));
      return body;
    });
    CACHE[game].catch(() => { delete CACHE[game]; });
  }
  return CACHE[game];
}

const norm = (s) => s.normalize("NFKC").toLowerCase().replace(/['’]s\b/g, "").replace(/[\s_\-–—/()]+/g, " ").trim();
const seedOf = (s) => s.seed.slice(0, 3);
const cited = (sources) => t("page.rules.from", {sources: sources.map((s) =>
  t("page.rules.source", {book: SEED_TITLES[seedOf(s)] ? t(SEED_TITLES[seedOf(s)]) : s.title, section: s.section, line: s.line})).join("; ")});

// ------------------------------------------------------------- the dialog
function dialog() {
  let d = document.getElementById("rules-dialog");
  if (d) return d;
  const pick = make("select", {id: "rules-game", "aria-label": t("page.lobby.game_label")},
    Object.entries(GAME_TITLES).map(([g, key]) => make("option", {value: g}, t(key))));
  const find = make("input", {type: "search", id: "rules-find", placeholder: t("page.rules.find_placeholder"),
    "aria-label": t("page.rules.find_label"), autocomplete: "off", maxlength: "80"});
  d = make("dialog", {id: "rules-dialog", "aria-labelledby": "rules-head"},
    make("div", {class: "rules-top"},
      make("h2", {id: "rules-head"}, t("page.rules.button")), pick,
      make("button", {type: "button", class: "rules-close", "aria-label": t("page.rules.close_label")}, t("page.rules.close"))),
    make("div", {class: "rules-body"},
      make("section", {id: "rules-summary", "aria-label": t("page.rules.summary_label")}),
      make("section", {id: "rules-glossary", "aria-label": t("page.rules.glossary_label")}, make("h3", {}, t("page.rules.glossary")), find,
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
  sum.replaceChildren(make("p", {class: "hint"}, t("page.rules.loading")));
  terms.replaceChildren();
  let doc;
  try { doc = await load(game); } catch (e) {
    sum.replaceChildren(make("p", {class: "hint"}, t("page.rules.failed", {why: e.message})));
    return;
  }
  d.querySelector("#rules-head").textContent = t("page.rules.title", {game: GAME_TITLES[game] ? t(GAME_TITLES[game]) : doc.title});
  sum.replaceChildren(...doc.summary.map((s) => make("div", {class: "rules-part", "data-part": s.id},
    make("h3", {}, said(game + ".summary." + s.id, s.title)),
    make("ul", {}, s.sentences.map((x) => make("li", {}, said(x.key, x.text)))),
    make("p", {class: "rules-from"}, cited(s.sources)))));
  const groups = {};
  for (const x of doc.terms) (groups[x.kind] = groups[x.kind] || []).push(x);
  terms.replaceChildren(...Object.entries(groups).map(([kind, list]) => make("div", {class: "rules-kind", "data-kind": kind},
    make("h4", {}, KINDS[kind] ? t(KINDS[kind]) : doc.kinds[kind] || kind),
    make("dl", {}, list.map((x) => [
      make("dt", {id: "term-" + x.id.replace(".", "-"), "data-term-id": x.id,
        "data-find": norm([x.name, termName(game, x), ...x.aliases].join(" ")), "data-text": norm(x.text + " " + termText(x))}, termName(game, x)),
      make("dd", {"data-term-id": x.id}, make("span", {}, termText(x)), make("span", {class: "rules-from"}, cited(x.sources)))])))));
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
  d.querySelector("#rules-count").textContent = words.length ? t("page.rules.found", {count: shown}) : "";
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
      const x = doc.byId[idOf(n)];
      if (!x) continue;
      const words = termName(game, x) + ": " + termText(x);
      if (n.getAttribute("title") !== words) n.setAttribute("title", words);
    }
  }
}

function button() {
  const top = document.querySelector("header.top");
  if (!top || document.getElementById("rules-btn")) return;
  const b = make("button", {type: "button", id: "rules-btn", class: "rules-btn", "aria-haspopup": "dialog"}, t("page.rules.button"));
  b.addEventListener("click", () => open());
  const account = document.getElementById("account");
  top.insertBefore(b, account);
}

window.addEventListener("DOMContentLoaded", async () => {
  await I18N.ready;
  button();
  const app = document.getElementById("app");
  if (app) new MutationObserver(() => explain(app)).observe(app, {childList: true, subtree: true});
});

return {open, load, explain, termName, termText};
})();
