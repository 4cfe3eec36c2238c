// meeple: Ethnos on the browser table (registered with the shell in app.js).
"use strict";
(() => {

const KCOL = {althea: "#2e7d32", duris: "#6a1b9a", ithys: "#e65100", pelagon: "#546e7a", rhea: "#c62828", straton: "#1565c0"};
const EM = () => META.games.ethnos;

const tribeOf = (c) => c === "skeleton" ? "skeleton" : c.split(":")[0];
const kingdomOf = (c) => c === "skeleton" ? null : c.split(":")[1];
// a card's tribe as one ally of it ("Centaur"), a kingdom by its name
const ALLY = {centaur: "page.ethnos.ally.centaur", dwarf: "page.ethnos.ally.dwarf", elf: "page.ethnos.ally.elf",
              giant: "page.ethnos.ally.giant", halfling: "page.ethnos.ally.halfling", merfolk: "page.ethnos.ally.merfolk",
              minotaur: "page.ethnos.ally.minotaur", orc: "page.ethnos.ally.orc", skeleton: "page.ethnos.ally.skeleton",
              troll: "page.ethnos.ally.troll", wingfolk: "page.ethnos.ally.wingfolk", wizard: "page.ethnos.ally.wizard",
              fairy: "page.ethnos.ally.fairy"};
const ally = (tribe) => ALLY[tribe] ? t(ALLY[tribe]) : cap(tribe);
const kingdom = (k) => I18N.has("ethnos.kingdom." + k) ? t("ethnos.kingdom." + k) : cap(k);
const tribes = (tr) => I18N.has("ethnos.tribe." + tr) ? t("ethnos.tribe." + tr) : cap(tr);
// a tribe's power in words: its entry of the rules at hand, in the reader's language (loaded once)
let RULES = null;
Rules.load("ethnos").then((doc) => { RULES = doc; if (T.view && T.view.game === "ethnos") render(); }).catch(() => {});
function tribeHelp(tr) {
  const x = RULES && RULES.byId["tribe." + tr];
  return x ? Rules.termName("ethnos", x) + ": " + Rules.termText(x) : (META && EM().help[tr]) || tr;
}
const cardWords = (c) => c === "?" ? t("page.ethnos.hidden_card") :
  (kingdomOf(c) ? t("page.ethnos.card", {tribe: ally(tribeOf(c)), kingdom: kingdom(kingdomOf(c))}) : ally("skeleton"));
function cardEl(c, opts) {
  opts = opts || {};
  const tr = tribeOf(c), k = kingdomOf(c);
  const help = tribeHelp(tr);
  const label = cardWords(c);
  const attrs = {class: "card" + (c === "?" ? " back" : "") + (opts.selected ? " sel" : "") + (opts.leader ? " leader" : ""),
                 title: c === "?" ? t("page.ethnos.unseen_card") : label + " — " + help,
                 "data-card": c, style: k ? "--k:" + KCOL[k] : null};
  const inner = c === "?" ? [el("span", {class: "ct"}, "?")] :
    [el("span", {class: "ct"}, ally(tr)), el("span", {class: "ck"}, k ? kingdom(k) : t("page.ethnos.any_kingdom"))];
  if (opts.onclick) {
    return el("button", Object.assign(attrs, {type: "button", onclick: opts.onclick, disabled: opts.disabled,
      "aria-pressed": opts.pressable ? String(!!opts.selected) : null, "aria-label": opts.verb ? t(opts.verb, {card: label}) : label}), inner);
  }
  return el("span", Object.assign(attrs, {role: "img", "aria-label": label}), inner);
}


function validLeaders(sel, leaders) {
  const non = sel.filter((c) => c !== "skeleton");
  const out = [];
  for (const L of new Set(non)) {
    if (!leaders.includes(L)) continue;
    const [lt, lk] = L.split(":");
    if (non.every((c) => tribeOf(c) === lt) || non.every((c) => kingdomOf(c) === lk)) out.push(L);
  }
  return out.sort();
}
function bandMove(sel, L) {
  const rest = sel.slice();
  rest.splice(rest.indexOf(L), 1);
  return ["band", L, ...rest.sort()].join(" ");
}


function moveLabel(v, m) {
  const w = m.split(" ");
  if (w[0] === "place") return t("page.ethnos.move.place", {kingdom: kingdom(w[1])});
  if (w[0] === "troll") return t("page.ethnos.move.troll", {n: w[1]});
  if (w[0] === "draw") return t("page.ethnos.move.draw", {count: +(v.state.pending && v.state.pending.arg || 0)});
  if (w[0] === "pass") return t("page.ethnos.move.pass");
  if (w[0] === "cash") return t("page.ethnos.move.cash");
  if (w[0] === "keep") return t("page.ethnos.move.keep_horde");
  if (w[0] === "swap") {
    const seat = +w[1], j = +w[2];
    const band = v.state.seats[seat].bands[j];
    return band ? t("page.ethnos.move.swap_band", {name: v.seats[seat].name, n: j + 1, count: band.cards.length, leader: cardWords(band.leader)})
      : t("page.ethnos.move.swap", {name: v.seats[seat].name, n: j + 1});
  }
  return m;
}

// a whole move in words (the advisor's hints name recruits and bands too)
function moveWords(v, m) {
  const w = m.split(" ");
  if (w[0] === "recruit") return w[1] === "deck" ? t("page.ethnos.move.recruit_deck") : t("page.ethnos.move.recruit", {card: cardWords(w[1])});
  if (w[0] === "band") return w.length > 2 ?
    t("page.ethnos.move.band_with", {count: w.length - 1, leader: cardWords(w[1]), cards: w.slice(2).map(cardWords)}) :
    t("page.ethnos.move.band", {count: 1, leader: cardWords(w[1])});
  return moveLabel(v, m);
}


function handPanel(v) {
  const me = v.you;
  if (me === null || me === undefined || T.replay) return null;
  const d = v.decision;
  const hand = v.state.seats[me].hand.slice().sort();
  const mine = d && d.seat === me;
  const band = mine && (d.kind === "turn" || d.kind === "centaur");
  const keep = mine && d.kind === "keep";
  const selCount = {};
  T.sel.forEach((c) => { selCount[c] = (selCount[c] || 0) + 1; });
  const used = {};
  const cards = hand.map((c) => {
    used[c] = (used[c] || 0) + 1;
    const selected = used[c] <= (selCount[c] || 0);
    let enabled = false;
    if (band) enabled = selected || (T.sel.length < d.max_band && validLeaders(T.sel.concat([c]), d.leaders).length > 0);
    if (keep) enabled = selected || T.sel.length < d.keep_max;
    if (!band && !keep) return cardEl(c);
    return cardEl(c, {selected, pressable: true, disabled: !enabled, verb: selected ? "page.ethnos.unselect" : "page.ethnos.select", onclick: () => {
      if (selected) T.sel.splice(T.sel.lastIndexOf(c), 1); else T.sel.push(c);
      render();
    }});
  });
  return el("section", {class: "panel", "aria-label": t("page.ethnos.hand_label")},
    el("h2", {}, t("page.ethnos.hand", {n: hand.length})),
    el("div", {class: "cards hand"}, cards.length ? cards : el("p", {class: "hint"}, t("page.hands.empty"))));
}

function marketPanel(v) {
  const d = v.decision;
  const can = d && d.seat === v.you && (d.kind === "turn") && !T.replay;
  const market = v.state.market.slice().sort();
  return el("section", {class: "panel", "aria-label": t("page.ethnos.market_label")},
    el("h2", {}, t("page.ethnos.market", {n: market.length})),
    el("div", {class: "cards", id: "market"},
      market.map((c) => can && d.recruit.includes(c) ?
        cardEl(c, {verb: "page.ethnos.recruit_card", onclick: () => send("recruit " + c)}) : cardEl(c)),
      can && d.deck ? el("button", {type: "button", id: "deck-btn", class: "card back", "data-move": "recruit deck",
        "aria-label": t("page.ethnos.move.recruit_deck"), onclick: () => send("recruit deck")},
        el("span", {class: "ct"}, t("page.ethnos.deck")), el("span", {class: "ck"}, t("common.count.cards", {count: v.state.deck.length}))) : null));
}

function kingdomsPanel(v) {
  const s = v.state, p = v.seats.length;
  const d = v.decision;
  const placing = d && d.seat === v.you && (d.kind === "place" || d.kind === "merfolk") && !T.replay;
  return el("section", {class: "panel", "aria-label": t("page.ethnos.kingdoms_label")},
    el("h2", {}, t("page.ethnos.kingdoms")),
    el("div", {class: "kingdoms"}, EM().kingdoms.map((k) => {
      const kd = s.kingdoms[k];
      const orcs = s.seats.map((sd, i) => sd.orc.includes(k) ? i : -1).filter((i) => i >= 0);
      const move = "place " + k;
      return el("div", {class: "kingdom", style: "--k:" + KCOL[k], "data-kingdom": k},
        el("h3", {}, kingdom(k)),
        el("div", {class: "glory", title: t(kd.glory.length > 2 ? "page.ethnos.glory_slots_3" : "page.ethnos.glory_slots_2")},
          kd.glory.map((g, i) => el("span", {class: "token" + (i === s.age - 1 ? " now" : "")}, ["I", "II", "III"][i] + ":" + g))),
        el("div", {class: "markers"}, kd.markers.map((n, i) => n ? el("span", {class: "ptag p" + i, title: v.seats[i].name + ": " + t("page.ethnos.markers", {count: n})},
          el("span", {class: "picon", "aria-hidden": "true"}, ICONS[i]), "×" + n) : null)),
        orcs.length ? el("div", {class: "horde", title: t("page.ethnos.horde_title")}, t("page.ethnos.horde") + ": ",
          orcs.map((i) => el("span", {class: "ptag p" + i}, ICONS[i]))) : null,
        placing && d.moves.includes(move) ? el("button", {type: "button", "data-move": move, onclick: () => send(move)}, t("page.ethnos.place_here")) : null);
    })));
}

function merfolkPanel(v) {
  const s = v.state;
  if (!s.merfolk) return null;
  const end = EM().merfolk_end;
  const cells = [];
  for (let i = 0; i <= end; i++) {
    cells.push(el("div", {class: "mcell" + (EM().merfolk_symbols.includes(i) ? " sym" : ""), title: t(EM().merfolk_symbols.includes(i) ? "page.ethnos.space_bonus" : "page.ethnos.space", {n: i})},
      el("span", {class: "mnum"}, i), s.merfolk.map((pos, seat) => pos === i ? el("span", {class: "ptag p" + seat}, ICONS[seat]) : null)));
  }
  return el("section", {class: "panel", "aria-label": t("page.ethnos.merfolk_track")}, el("h2", {}, t("page.ethnos.merfolk_track")),
    el("div", {class: "mtrack"}, cells));
}

function bandsPanel(v) {
  const s = v.state;
  return el("section", {class: "panel", "aria-label": t("page.ethnos.bands_label")}, el("h2", {}, t("page.ethnos.bands")),
    s.seats.map((sd, i) => el("div", {class: "bandrow"}, playerTag(v, i),
      sd.bands.length ? sd.bands.map((b, j) => el("div", {class: "band", title: t("page.ethnos.band_title", {n: j + 1, leader: cardWords(b.leader)})},
        s.giant && s.giant.seat === i && s.giant.band === j ? el("span", {class: "giant", title: t("ethnos.token.giant")}, t("page.ethnos.giant")) : null,
        b.cards.map((c, x) => cardEl(c, {leader: c === b.leader && b.cards.indexOf(c) === x})))) :
        el("span", {class: "hint"}, " " + t("page.ethnos.no_band")))));
}

function playersPanel(v) {
  const s = v.state, d = v.decision;
  return el("section", {class: "panel", "aria-label": t("page.players.label")}, el("h2", {}, t("page.players.title")),
    el("ul", {class: "players"}, s.seats.map((sd, i) => el("li", {class: d && d.seat === i ? "active" : null},
      playerTag(v, i), guestMark(v.seats[i]), i === v.you ? " " + t("page.players.you") : "",
      v.seats[i].kind === "human" && !T.replay ? onlineMark(v, i) : null,
      el("div", {class: "pstats"},
        el("span", {}, t("page.ethnos.stat.glory") + " ", el("b", {class: "glory-" + i}, sd.glory)),
        el("span", {}, t("page.ethnos.stat.hand") + " ", sd.hand.length),
        el("span", {}, t("page.ethnos.bands") + " ", sd.bands.length),
        sd.trolls.length ? el("span", {title: t("page.ethnos.troll_tokens")}, t("page.ethnos.stat.trolls") + " ", sd.trolls.join(",")) : null,
        sd.orc.length ? el("span", {title: t("page.ethnos.orc_horde")}, t("page.ethnos.horde") + " ", sd.orc.map(kingdom).join(", ")) : null,
        s.merfolk ? el("span", {}, t("page.ethnos.stat.merfolk") + " ", s.merfolk[i]) : null,
        s.giant && s.giant.seat === i ? el("span", {class: "giant"}, t("page.ethnos.giant")) : null)))),
    s.tribes.includes("troll") ? el("p", {class: "hint", id: "troll-pool"},
      t("page.ethnos.troll_pool", {tokens: s.troll_pool.join(", ") || t("page.hands.empty")})) : null);
}


function scoringPanel(v) {
  if (!v.scoring || !v.scoring.length) return null;
  const p = v.seats.length;
  return el("section", {class: "panel", "aria-label": t("page.ethnos.scoring")}, el("h2", {}, t("page.ethnos.scoring")),
    v.scoring.map((a) => el("table", {class: "scoring"},
      el("caption", {}, t("page.ethnos.age_end", {age: a.age})),
      el("thead", {}, el("tr", {}, el("th", {}, ""), Array.from({length: p}, (_, i) => el("th", {scope: "col"}, playerTag(v, i))))),
      el("tbody", {},
        a.giant_taken ? el("tr", {}, el("th", {scope: "row"}, t("page.ethnos.giant_taken")), a.giant_taken.map((x) => el("td", {}, x || ""))) : null,
        Object.entries(a.boards).map(([k, g]) => el("tr", {}, el("th", {scope: "row"}, boardRow(k)), g.map((x) => el("td", {}, x || "")))),
        el("tr", {}, el("th", {scope: "row"}, t("page.ethnos.orc_horde")), a.orc.map((x) => el("td", {}, x || ""))),
        el("tr", {}, el("th", {scope: "row"}, t("page.ethnos.bands")), a.bands.map((x) => el("td", {}, x || ""))),
        a.total ? el("tr", {class: "total"}, el("th", {scope: "row"}, t("page.ethnos.total")), a.total.map((x) => el("td", {}, x))) : null))));
}
// an age's scoring row: a kingdom, or the giant's and the merfolk's glory
function boardRow(k) {
  if (k === "giant") return t("page.ethnos.row.giant");
  if (k === "merfolk") return t("page.ethnos.row.merfolk");
  return kingdom(k);
}


function ethnosDecision(v, box) {
  const d = v.decision;
  if (d.kind === "turn" || d.kind === "centaur") {
    box.append(el("h2", {}, d.kind === "turn" ? t("page.ethnos.your_turn") : t("page.ethnos.centaur_again")));
    const leaders = validLeaders(T.sel, d.leaders);
    if (T.sel.length) {
      box.append(el("p", {}, t("page.ethnos.selected", {cards: T.sel.map(cardWords).join(", ")})));
      if (leaders.length) {
        box.append(el("div", {class: "choices"}, leaders.map((L) => el("button", {type: "button", class: "primary", "data-band": L,
          "data-move": bandMove(T.sel, L), onclick: () => send(bandMove(T.sel, L))},
          t("page.ethnos.play_band", {count: T.sel.length, leader: cardWords(L)})))));
      } else {
        box.append(el("p", {class: "hint"}, t("page.ethnos.need_leader")));
      }
      box.append(el("button", {type: "button", onclick: () => { T.sel = []; render(); }}, t("page.ethnos.clear")));
    } else {
      box.append(el("p", {class: "hint"}, d.kind === "turn" ?
        (d.recruit.length || d.deck ? t("page.ethnos.hint_turn") : t("page.ethnos.hint_full")) : t("page.ethnos.hint_centaur")));
    }
    if (d.pass) box.append(el("button", {type: "button", "data-move": "pass", onclick: () => send("pass")}, t("page.ethnos.move.pass")));
  } else if (d.kind === "keep") {
    box.append(el("h2", {}, t("page.ethnos.keep_title", {count: d.keep_max})),
      el("p", {class: "hint"}, t("page.ethnos.keep_hint")),
      el("button", {type: "button", class: "primary", id: "keep-btn", "data-move": ["keep", ...T.sel.slice().sort()].join(" "),
        onclick: () => send(["keep", ...T.sel.slice().sort()].join(" "))}, t("page.ethnos.keep", {count: T.sel.length})));
  } else {
    const titles = {place: "page.ethnos.title.place", merfolk: "page.ethnos.prompt.merfolk",
      troll: "page.ethnos.title.troll", wizard: "page.ethnos.prompt.wizard", fairy: "page.ethnos.prompt.fairy", orc: "page.ethnos.orc_horde"};
    box.append(el("h2", {}, titles[d.kind] ? t(titles[d.kind]) : askText(d)),
      el("div", {class: "choices"}, (d.moves || []).map((m) => el("button", {type: "button", "data-move": m, onclick: () => send(m)}, moveLabel(v, m)))));
  }
}

// each decision's question (the presenter's PROMPTS, in the reader's language)
const PROMPTS = {turn: "page.ethnos.prompt.turn", band: "page.ethnos.prompt.band", centaur: "page.ethnos.prompt.centaur",
                 keep: "page.ethnos.prompt.keep", place: "page.ethnos.prompt.place", merfolk: "page.ethnos.prompt.merfolk",
                 troll: "page.ethnos.prompt.troll", wizard: "page.ethnos.prompt.wizard", fairy: "page.ethnos.prompt.fairy",
                 orc: "page.ethnos.prompt.orc"};
// the ranking's words: the sources of glory (presenter's GLORY_SOURCE) and the tie-breaks
const RANK_WORDS = {"Kingdoms": "page.ethnos.src.kingdoms", "Bands": "page.ethnos.src.bands", "The largest Giant": "page.ethnos.src.giant",
                    "Merfolk track": "page.ethnos.src.merfolk", "Orc hordes": "page.ethnos.src.orcs",
                    "kingdom markers": "page.ethnos.tie.markers", "the largest bands": "page.ethnos.tie.bands"};
function rankWord(w) {
  if (RANK_WORDS[w]) return t(RANK_WORDS[w]);
  let m = /^(\d+) glory$/.exec(w);
  if (m) return t("ethnos.count.glory", {count: +m[1]});
  if (w === "glory") return t("page.ethnos.tie.glory");
  m = /^has (\d+)$/.exec(w);
  if (m) return t("page.ethnos.tie.has", {n: +m[1]});
  m = /^has bands of (.+)$/.exec(w);
  if (m) return t("page.ethnos.tie.has_bands", {sizes: m[1]});
  if (w === "has no band") return t("page.ethnos.tie.no_band");
  return w;
}

GAMES.ethnos = {
  name: "Ethnos",
  nameKey: "common.game.ethnos",
  subtitle: (v) => " — " + t("page.ethnos.age", {age: v.state.age}),
  prompt: (d) => PROMPTS[d.kind] ? t(PROMPTS[d.kind]) : null,
  rankWord,
  rankTotal: (r) => r.glory === undefined ? null : t("ethnos.count.glory", {count: r.glory}),
  rankSummary: (v, r) => r.glory === undefined ? null : t("page.ethnos.summary", {glory: r.glory, markers: r.markers}),
  optionWords: {
    tribes: {label: "page.ethnos.option.tribes", help: "page.ethnos.option.tribes_help", item: "page.ethnos.option.tribe", choice: tribes},
    fairy: {label: "page.ethnos.option.fairy", help: "page.ethnos.option.fairy_help"},
  },
  stats(v) {
    const s = v.state;
    return [
      el("span", {class: "stat"}, t("page.ethnos.stat.age") + " ", el("b", {}, s.age)),
      el("span", {class: "stat", title: t("page.ethnos.dragons_title")}, t("page.ethnos.stat.dragons") + " ", el("b", {id: "dragons"}, s.dragons + "/3")),
      el("span", {class: "stat"}, t("page.ethnos.deck") + " ", el("b", {id: "deck-size"}, s.deck.length)),
      el("span", {class: "stat"}, t("page.ethnos.stat.tribes") + " ",
        s.tribes.map((tr) => el("span", {class: "tribe", title: tribeHelp(tr)}, tribes(tr))).reduce((a, b) => a.concat([b, " "]), []))];
  },
  decision: ethnosDecision,
  moveWords,
  handCards: (hand) => el("div", {class: "cards"}, hand.slice().sort().map((c) => cardEl(c))),
  render(v) {
    return {main: [handPanel(v), marketPanel(v), kingdomsPanel(v), merfolkPanel(v), bandsPanel(v)],
            side: [playersPanel(v), scoringPanel(v)]};
  },
};
})();
