// meeple: Ethnos on the browser table (registered with the shell in app.js).
"use strict";
(() => {

const KCOL = {althea: "#2e7d32", duris: "#6a1b9a", ithys: "#e65100", pelagon: "#546e7a", rhea: "#c62828", straton: "#1565c0"};
const EM = () => META.games.ethnos;

const tribeOf = (c) => c === "skeleton" ? "skeleton" : c.split(":")[0];
const kingdomOf = (c) => c === "skeleton" ? null : c.split(":")[1];
const cardWords = (c) => c === "?" ? "hidden card" : (kingdomOf(c) ? cap(tribeOf(c)) + " of " + cap(kingdomOf(c)) : "Skeleton");
function cardEl(c, opts) {
  opts = opts || {};
  const t = tribeOf(c), k = kingdomOf(c);
  const help = (META && EM().help[t]) || t;
  const label = cardWords(c);
  const attrs = {class: "card" + (c === "?" ? " back" : "") + (opts.selected ? " sel" : "") + (opts.leader ? " leader" : ""),
                 title: c === "?" ? "a card you cannot see" : label + " — " + help,
                 "data-card": c, style: k ? "--k:" + KCOL[k] : null};
  const inner = c === "?" ? [el("span", {class: "ct"}, "?")] :
    [el("span", {class: "ct"}, cap(t)), el("span", {class: "ck"}, k ? cap(k) : "any")];
  if (opts.onclick) {
    return el("button", Object.assign(attrs, {type: "button", onclick: opts.onclick, disabled: opts.disabled,
      "aria-pressed": opts.pressable ? String(!!opts.selected) : null, "aria-label": (opts.verb ? opts.verb + " " : "") + label}), inner);
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
  if (w[0] === "place") return "Place a marker in " + cap(w[1]);
  if (w[0] === "troll") return "Take troll token " + w[1];
  if (w[0] === "draw") return "Draw " + (v.state.pending && v.state.pending.arg || "") + " cards (wizard)";
  if (w[0] === "pass") return "Pass";
  if (w[0] === "cash") return "Cash your orc horde";
  if (w[0] === "keep") return "Keep your orc horde for later";
  if (w[0] === "swap") {
    const seat = +w[1], j = +w[2];
    const band = v.state.seats[seat].bands[j];
    return "Swap with " + v.seats[seat].name + "'s band " + (j + 1) + (band ? " (" + band.cards.length + " cards, led by " + cardWords(band.leader) + ")" : "");
  }
  return m;
}

// a whole move in words (the advisor's hints name recruits and bands too)
function moveWords(v, m) {
  const w = m.split(" ");
  if (w[0] === "recruit") return w[1] === "deck" ? "Recruit the top card of the deck" : "Recruit " + cardWords(w[1]) + " from the market";
  if (w[0] === "band") return "Play a band of " + (w.length - 1) + " led by " + cardWords(w[1]) +
    (w.length > 2 ? " with " + w.slice(2).map(cardWords).join(", ") : "");
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
    return cardEl(c, {selected, pressable: true, disabled: !enabled, verb: selected ? "Unselect" : "Select", onclick: () => {
      if (selected) T.sel.splice(T.sel.lastIndexOf(c), 1); else T.sel.push(c);
      render();
    }});
  });
  return el("section", {class: "panel", "aria-label": "your hand"},
    el("h2", {}, "Your hand (" + hand.length + ")"), el("div", {class: "cards hand"}, cards.length ? cards : el("p", {class: "hint"}, "empty")));
}

function marketPanel(v) {
  const d = v.decision;
  const can = d && d.seat === v.you && (d.kind === "turn") && !T.replay;
  const market = v.state.market.slice().sort();
  return el("section", {class: "panel", "aria-label": "market"},
    el("h2", {}, "Market (" + market.length + ")"),
    el("div", {class: "cards", id: "market"},
      market.map((c) => can && d.recruit.includes(c) ?
        cardEl(c, {verb: "Recruit", onclick: () => send("recruit " + c)}) : cardEl(c)),
      can && d.deck ? el("button", {type: "button", id: "deck-btn", class: "card back", "data-move": "recruit deck",
        "aria-label": "Recruit the top card of the deck", onclick: () => send("recruit deck")},
        el("span", {class: "ct"}, "Deck"), el("span", {class: "ck"}, v.state.deck.length + " cards")) : null));
}

function kingdomsPanel(v) {
  const s = v.state, p = v.seats.length;
  const d = v.decision;
  const placing = d && d.seat === v.you && (d.kind === "place" || d.kind === "merfolk") && !T.replay;
  return el("section", {class: "panel", "aria-label": "kingdoms"},
    el("h2", {}, "Kingdoms"),
    el("div", {class: "kingdoms"}, EM().kingdoms.map((k) => {
      const kd = s.kingdoms[k];
      const orcs = s.seats.map((sd, i) => sd.orc.includes(k) ? i : -1).filter((i) => i >= 0);
      const move = "place " + k;
      return el("div", {class: "kingdom", style: "--k:" + KCOL[k], "data-kingdom": k},
        el("h3", {}, cap(k)),
        el("div", {class: "glory", title: "glory tokens (slot I, II" + (kd.glory.length > 2 ? ", III" : "") + ")"},
          kd.glory.map((g, i) => el("span", {class: "token" + (i === s.age - 1 ? " now" : "")}, ["I", "II", "III"][i] + ":" + g))),
        el("div", {class: "markers"}, kd.markers.map((n, i) => n ? el("span", {class: "ptag p" + i, title: v.seats[i].name + ": " + n + " marker(s)"},
          el("span", {class: "picon", "aria-hidden": "true"}, ICONS[i]), "×" + n) : null)),
        orcs.length ? el("div", {class: "horde", title: "orc horde markers on this kingdom's space"}, "Horde: ",
          orcs.map((i) => el("span", {class: "ptag p" + i}, ICONS[i]))) : null,
        placing && d.moves.includes(move) ? el("button", {type: "button", "data-move": move, onclick: () => send(move)}, "Place here") : null);
    })));
}

function merfolkPanel(v) {
  const s = v.state;
  if (!s.merfolk) return null;
  const end = EM().merfolk_end;
  const cells = [];
  for (let i = 0; i <= end; i++) {
    cells.push(el("div", {class: "mcell" + (EM().merfolk_symbols.includes(i) ? " sym" : ""), title: "space " + i + (EM().merfolk_symbols.includes(i) ? " (bonus marker)" : "")},
      el("span", {class: "mnum"}, i), s.merfolk.map((pos, seat) => pos === i ? el("span", {class: "ptag p" + seat}, ICONS[seat]) : null)));
  }
  return el("section", {class: "panel", "aria-label": "merfolk track"}, el("h2", {}, "Merfolk track"), el("div", {class: "mtrack"}, cells));
}

function bandsPanel(v) {
  const s = v.state;
  return el("section", {class: "panel", "aria-label": "bands in play"}, el("h2", {}, "Bands"),
    s.seats.map((sd, i) => el("div", {class: "bandrow"}, playerTag(v, i),
      sd.bands.length ? sd.bands.map((b, j) => el("div", {class: "band", title: "band " + (j + 1) + " led by " + cardWords(b.leader)},
        s.giant && s.giant.seat === i && s.giant.band === j ? el("span", {class: "giant", title: "giant token"}, "Giant") : null,
        b.cards.map((c, x) => cardEl(c, {leader: c === b.leader && b.cards.indexOf(c) === x})))) : el("span", {class: "hint"}, " no band"))));
}

function playersPanel(v) {
  const s = v.state, d = v.decision;
  return el("section", {class: "panel", "aria-label": "players"}, el("h2", {}, "Players"),
    el("ul", {class: "players"}, s.seats.map((sd, i) => el("li", {class: d && d.seat === i ? "active" : null},
      playerTag(v, i), guestMark(v.seats[i]), i === v.you ? " (you)" : "",
      v.seats[i].kind === "human" && !T.replay ? el("span", {class: "online", title: (v.online || []).includes(i) ? "online" : "offline"},
        (v.online || []).includes(i) ? " online" : " offline") : null,
      el("div", {class: "pstats"},
        el("span", {}, "Glory ", el("b", {class: "glory-" + i}, sd.glory)),
        el("span", {}, "Hand ", sd.hand.length),
        el("span", {}, "Bands ", sd.bands.length),
        sd.trolls.length ? el("span", {title: "troll tokens"}, "Trolls ", sd.trolls.join(",")) : null,
        sd.orc.length ? el("span", {title: "orc horde"}, "Horde ", sd.orc.map(cap).join(",")) : null,
        s.merfolk ? el("span", {}, "Merfolk ", s.merfolk[i]) : null,
        s.giant && s.giant.seat === i ? el("span", {class: "giant"}, "Giant") : null)))),
    s.tribes.includes("troll") ? el("p", {class: "hint", id: "troll-pool"}, "Troll pool: " + (s.troll_pool.join(", ") || "empty")) : null);
}


function scoringPanel(v) {
  if (!v.scoring || !v.scoring.length) return null;
  const p = v.seats.length;
  return el("section", {class: "panel", "aria-label": "age scoring"}, el("h2", {}, "Age scoring"),
    v.scoring.map((a) => el("table", {class: "scoring"},
      el("caption", {}, "End of age " + a.age),
      el("thead", {}, el("tr", {}, el("th", {}, ""), Array.from({length: p}, (_, i) => el("th", {scope: "col"}, playerTag(v, i))))),
      el("tbody", {},
        a.giant_taken ? el("tr", {}, el("th", {scope: "row"}, "Giant token taken"), a.giant_taken.map((x) => el("td", {}, x || ""))) : null,
        Object.entries(a.boards).map(([k, g]) => el("tr", {}, el("th", {scope: "row"}, cap(k)), g.map((x) => el("td", {}, x || "")))),
        el("tr", {}, el("th", {scope: "row"}, "Orc horde"), a.orc.map((x) => el("td", {}, x || ""))),
        el("tr", {}, el("th", {scope: "row"}, "Bands"), a.bands.map((x) => el("td", {}, x || ""))),
        a.total ? el("tr", {class: "total"}, el("th", {scope: "row"}, "Total"), a.total.map((x) => el("td", {}, x))) : null))));
}


function ethnosDecision(v, box) {
  const d = v.decision;
  if (d.kind === "turn" || d.kind === "centaur") {
    box.append(el("h2", {}, d.kind === "turn" ? "Your turn" : "Centaur: you may play another band"));
    const leaders = validLeaders(T.sel, d.leaders);
    if (T.sel.length) {
      box.append(el("p", {}, "Selected: " + T.sel.map(cardWords).join(", ")));
      if (leaders.length) {
        box.append(el("div", {class: "choices"}, leaders.map((L) => el("button", {type: "button", class: "primary", "data-band": L,
          "data-move": bandMove(T.sel, L), onclick: () => send(bandMove(T.sel, L))},
          "Play band of " + T.sel.length + " led by " + cardWords(L)))));
      } else {
        box.append(el("p", {class: "hint"}, "Add a card that can lead (not a skeleton)."));
      }
      box.append(el("button", {type: "button", onclick: () => { T.sel = []; render(); }}, "Clear selection"));
    } else {
      box.append(el("p", {class: "hint"}, d.kind === "turn" ?
        (d.recruit.length || d.deck ? "Recruit: pick a market card or draw from the deck. Or select cards in your hand for a band." :
          "Your hand is full: select cards for a band.") : "Select cards for another band, or pass."));
    }
    if (d.pass) box.append(el("button", {type: "button", "data-move": "pass", onclick: () => send("pass")}, "Pass"));
  } else if (d.kind === "keep") {
    box.append(el("h2", {}, "Elf: keep up to " + d.keep_max + " cards"),
      el("p", {class: "hint"}, "Select the cards to keep; the rest go to the market."),
      el("button", {type: "button", class: "primary", id: "keep-btn", "data-move": ["keep", ...T.sel.slice().sort()].join(" "),
        onclick: () => send(["keep", ...T.sel.slice().sort()].join(" "))}, "Keep " + T.sel.length + " card" + (T.sel.length === 1 ? "" : "s")));
  } else {
    const titles = {place: "Choose the kingdom for your marker", merfolk: "Merfolk: place a bonus marker",
      troll: "Troll: take a token", wizard: "Wizard: draw cards?", fairy: "Fairy: swap this band?", orc: "Orc horde"};
    box.append(el("h2", {}, titles[d.kind] || d.kind),
      el("div", {class: "choices"}, (d.moves || []).map((m) => el("button", {type: "button", "data-move": m, onclick: () => send(m)}, moveLabel(v, m)))));
  }
}

GAMES.ethnos = {
  name: "Ethnos",
  subtitle: (v) => " — Age " + v.state.age,
  stats(v) {
    const s = v.state;
    return [
      el("span", {class: "stat"}, "Age ", el("b", {}, s.age)),
      el("span", {class: "stat", title: "dragons revealed; the third ends the age"}, "Dragons ", el("b", {id: "dragons"}, s.dragons + "/3")),
      el("span", {class: "stat"}, "Deck ", el("b", {id: "deck-size"}, s.deck.length)),
      el("span", {class: "stat"}, "Tribes: ", s.tribes.map((t) => el("span", {class: "tribe", title: EM().help[t]}, cap(t))).reduce((a, b) => a.concat([b, " "]), []))];
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
