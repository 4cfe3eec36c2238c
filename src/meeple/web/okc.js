// meeple: The Old King's Crown on the browser table (registered with the shell in app.js).
// What a seat sees comes from the server's view (its own hand and face-down cards;
// others' as backs). Simultaneous choices (bids, face-down cards, jousts, the
// advanced setup) are made here and sent as one move; the reveal is the server's.
"use strict";
(() => {

const OM = () => META.games.okc;
const SIMUL = ["bid", "facedown", "joust", "advanced"];
const ROMAN = ["I", "II", "III"];
// traits and commands on a card face, in words (the title tells what each does)
const SHORT = {invulnerable: "Invulnerable", pathfinder: "Pathfinder", resilient: "Resilient", ambush: "Ambush", retreat: "Retreat",
  flank: "Flank", "rally-self": "Rally", "rally-two": "Rally two", deploy: "Deploy", deadly: "Deadly",
  "ambush-from-discard": "Ambush from discard", "retreat-journey": "Retreat on a journey"};
const word = (t) => SHORT[t] || nice(t);
const nice = (s) => cap(String(s).replace(/-/g, " "));
const localOf = (c) => c.includes(":") ? c.split(":")[1] : c;
const facOf = (c) => c.includes(":") ? c.split(":")[0] : null;
// a faction card's name in words, its faction first ("Nobility captain 7", "Uprising agent 5 (blank opponents)")
const cardName = (c) => (OM().cards[c] && OM().cards[c].title) || (facOf(c) ? nice(facOf(c)) + " " : "") + nice(localOf(c));
// the same without the faction, for a tile already coloured and marked by it
const cardShort = (c) => facOf(c) ? cardName(c).replace(new RegExp("^" + nice(facOf(c)) + " "), "") : cardName(c);
// a kingdom card's name in words ("Trade 1")
const kName = (k) => (OM().kingdom_names && OM().kingdom_names[k]) || nice(k);
const you = (v) => (v.you === null || v.you === undefined || T.replay) ? null : v.you;

// ---------------------------------------------------------------- pieces
function cardTitle(c) {
  const i = OM().cards[c];
  if (!i) return c;
  const bits = [cardName(c), "strength " + i.strength, i.archetype];
  if (i.traits.length) bits.push("traits: " + i.traits.map(word).join(", "));
  if (i.commands.length) bits.push("commands: " + i.commands.map(word).join(", "));
  bits.push("votes " + i.votes + ", lore " + i.lore + (i.cost ? ", cost " + i.cost : ""));
  if (i.text) bits.push(i.text);
  return bits.join(" — ");
}
// a faction card: face up (name known) or a back ("<faction>:?" or "?")
function cardEl(c, opts) {
  opts = opts || {};
  const back = c === "?" || c.endsWith(":?");
  const fac = facOf(c);
  const i = back ? null : OM().cards[c];
  const label = back ? (fac ? "face-down " + nice(fac) + " card" : "hidden card") : cardName(c);
  const cls = "ocard" + (back ? " back" : "") + (fac ? " f-" + fac : "") + (opts.selected ? " sel" : "") + (opts.cls ? " " + opts.cls : "");
  const inner = back ? [el("span", {class: "fm", "aria-hidden": "true"}, fac ? nice(fac) : "?"), el("span", {class: "cn"}, "?")] : [
    el("span", {class: "fm", "aria-hidden": "true"}, nice(fac)),
    el("span", {class: "cs"}, i.strength),
    el("span", {class: "cn"}, cardShort(c)),
    el("span", {class: "ct"}, i.traits.concat(i.commands).map(word).join(", "))];
  const attrs = {class: cls, title: opts.title || (back ? label : cardTitle(c)), "data-card": c, id: opts.id};
  if (opts.onclick) {
    return el("button", Object.assign(attrs, {type: "button", onclick: opts.onclick, disabled: opts.disabled,
      "data-move": opts.move, "aria-pressed": opts.pressable ? String(!!opts.selected) : null,
      "aria-label": (opts.verb ? opts.verb + " " : "") + label}), inner);
  }
  return el("span", Object.assign(attrs, {role: "img", "aria-label": label}), inner);
}
function kcardEl(k, extra) {
  if (!k) return el("span", {class: "kcard empty", "aria-label": "empty"}, "—");
  if (k === "?") return el("span", {class: "kcard back", title: "hidden kingdom card"}, "?");
  const suit = k.split("-")[0];
  const text = OM().kingdom[k] || "";
  const off = OM().kingdom_not_implemented.includes(k) ? " (text not played by the engine)" : "";
  return el("span", {class: "kcard s-" + suit, title: "Kingdom card " + kName(k) + ": " + text + off, "data-kingdom": k},
    el("b", {}, kName(k)), extra ? el("span", {class: "kocc"}, extra) : null,
    el("span", {class: "ktext"}, text));
}
function seatTag(v, s) {
  const f = v.state.seats[s].faction;
  return el("span", {class: "seat-fac"}, playerTag(v, s), el("span", {class: "fac f-" + f, title: "faction"}, " " + nice(f)));
}

// ---------------------------------------------------------------- phases
function phase(v) {
  const pend = v.state.pending;
  if (!pend) return v.status === "finished" ? "Game over" : "";
  const todo = pend.todo || [];
  const step = (n) => todo.find((t) => t[0] === n);
  if (pend.kind === "advanced" || step("advanced_reveal")) return "Advanced setup";
  if (!step("winter")) return "Winter";
  const a = step("autumn");
  if (!a || a[1] > 0) return "Autumn";
  const c = step("clashes");
  if (!c || c[1] > 0 || step("clash")) return "Clashes";
  if (!step("markers")) return "Clash markers";
  const sp = step("spring");
  if (!sp || sp[1] > 0) return "Spring";
  if (!step("facedown")) return "Face-down cards";
  if (step("bids")) return "New year";
  return "Bids";
}

// ---------------------------------------------------------------- panels
function handPanel(v) {
  const me = you(v);
  if (me === null) return null;
  const sd = v.state.seats[me];
  const hand = sd.hand.slice().sort((a, b) => OM().cards[a].strength - OM().cards[b].strength || a.localeCompare(b));
  const cards = hand.map((c) => cardEl(c));
  return el("section", {class: "panel", "aria-label": "your hand"},
    el("h2", {}, "Your hand (" + hand.length + " of " + sd.hand_size + ")" + (sd.bid ? " — your bid: " : ""), sd.bid ? cardEl(sd.bid, {cls: "mini"}) : null,
      sd.joust ? [" — your joust card: ", cardEl(sd.joust, {cls: "mini"})] : null),
    el("div", {class: "ocards hand"}, cards.length ? cards : el("p", {class: "hint"}, "empty")),
    el("p", {class: "hint"}, "Deck " + sd.deck.length + " · discard: ", sd.discard.length ? sd.discard.map((c) => el("span", {class: "discc", title: cardTitle(c)}, cardName(c))).map((x, i) => [i ? ", " : "", x]).flat() : "empty",
      sd.site.length ? " · Site of Power (buy with lore): " : "", sd.site.map((c) => el("span", {class: "sitec", title: cardTitle(c)}, cardName(c) + " (cost " + OM().cards[c].cost + " lore)")).map((x, i) => [i ? ", " : "", x]).flat()));
}

function mapPanel(v) {
  const s = v.state, p = v.seats.length, me = you(v);
  return el("section", {class: "panel", "aria-label": "the map"},
    el("h2", {}, "The map"),
    el("div", {class: "regions"}, OM().regions.map((r, ri) => {
      const rd = s.regions[r];
      const n = s.clash_order.indexOf(r);
      const locs = OM().locations.filter((l) => OM().location_region[l] === r);
      const km = (s.kingdom_map && s.kingdom_map.regions && s.kingdom_map.regions[r]) || [];
      const sup = s.seats.map((sd, i) => sd.supporters.map[ri] ? el("span", {class: "ptag p" + i, title: v.seats[i].name + ": " + sd.supporters.map[ri] + " supporter(s)" + (sd.supporters.counted[ri] ? ", " + sd.supporters.counted[ri] + " already counted" : "")},
        el("span", {class: "picon", "aria-hidden": "true"}, ICONS[i]), "×" + sd.supporters.map[ri]) : null);
      return el("div", {class: "region", "data-region": r},
        el("h3", {}, nice(r), n >= 0 ? el("span", {class: "marker", title: "clash " + ROMAN[n]}, " clash " + ROMAN[n]) : null),
        el("div", {class: "locs"}, locs.map((l) => {
          const heralds = s.seats.map((sd, i) => sd.herald === l ? el("span", {class: "ptag p" + i, title: v.seats[i].name + "'s Herald"}, ICONS[i] + " Herald") : null);
          const toks = s.seats.map((sd, i) => sd.tokens[l] ? el("span", {class: "ptag p" + i, title: v.seats[i].name + ": faction tokens"}, ICONS[i] + " ⬢" + sd.tokens[l]) : null);
          const lk = (s.kingdom_map && s.kingdom_map.locations && s.kingdom_map.locations[l]) || [];
          return el("div", {class: "loc", "data-location": l},
            el("b", {}, nice(l)), el("span", {class: "hint"}, " +" + OM().location_influence[l] + " influence"),
            l === "harvest-field" && s.favour.holder === null ? el("span", {class: "favour", title: "the Kingdom's Favour lies here"}, " ✦ Favour") : null,
            el("div", {}, heralds, toks, lk.map((x) => kcardEl(x.kingdom, v.seats[x.seat].name))));
        })),
        km.length ? el("div", {}, km.map((x) => kcardEl(x.kingdom, v.seats[x.seat].name))) : null,
        el("div", {class: "sup"}, "Supporters: ", sup.some((x) => x) ? sup : el("span", {class: "hint"}, "none")),
        el("div", {class: "zone"}, el("span", {class: "zl"}, "Face down"),
          el("div", {class: "ocards"}, rd.facedown.length ? rd.facedown.map((c) => cardEl(c, {cls: "small" + (me !== null && facOf(c) === s.seats[me].faction && !c.endsWith(":?") ? " own" : "")})) : el("span", {class: "hint"}, "none"))),
        el("div", {class: "zone"}, el("span", {class: "zl"}, "Active"),
          el("div", {class: "ocards"}, rd.active.length ? rd.active.map((e) => cardEl(e.card, {cls: "small" + (e.counted ? " counted" : "") + (e.blank ? " blank" : ""),
            title: cardTitle(e.card) + (e.blank ? " — BLANK here: its printed traits, commands, votes, lore and text are ignored" : "") +
              (e.counted ? " — already clashed this round" : "") + (e.deploy !== null ? " — deployed with a Deploy token" : "") +
              (e.gained_traits && e.gained_traits.length ? " — gained: " + e.gained_traits.map(word).join(", ") : "") +
              (e.gained_commands.length ? " — gained: " + e.gained_commands.map(word).join(", ") : "")})) : el("span", {class: "hint"}, "none"))));
    })));
}

function roadPanel(v) {
  const s = v.state;
  return el("section", {class: "panel", "aria-label": "Great Road and councils"},
    el("h2", {}, "The Great Road"),
    el("div", {class: "road"}, s.road.map((k, i) => el("div", {class: "slot", title: "road space " + (i + 1) + (i === s.road.length - 1 ? " (rightmost: discarded first)" : "")}, kcardEl(k))),
      el("span", {class: "hint"}, "Kingdom deck " + s.kingdom_deck.length + " · discard " + s.kingdom_discard.length)),
    el("h2", {}, "Councils"),
    el("div", {class: "councils"}, OM().councils.map((c) => el("div", {class: "council", "data-council": c},
      el("b", {}, nice(c)), el("div", {class: "ocards"}, (s.councils[c] || []).length ? s.councils[c].map((x) => cardEl(x, {cls: "small"})) : el("span", {class: "hint"}, "empty"))))),
    s.lost.length ? el("p", {class: "hint"}, "Lost pile: ", s.lost.map((c) => el("span", {class: "lostc", title: cardTitle(c)}, cardName(c))).map((x, i) => [i ? ", " : "", x]).flat()) : null);
}

function playersPanel(v) {
  const s = v.state, d = v.decision, me = you(v);
  const fav = s.favour;
  return el("section", {class: "panel", "aria-label": "players"}, el("h2", {}, "Players"),
    el("p", {class: "order"}, "Order track: ", s.order.map((x, i) => [i ? " › " : "", playerTag(v, x)]).flat()),
    el("p", {class: "hint"}, "Kingdom's Favour: " + (fav.holder === null ? "on the Harvest Field" : v.seats[fav.holder].name) + " (" + fav.uses + " uses)"),
    el("ul", {class: "players okc-players"}, s.seats.map((sd, i) => {
      const waiting = d && (d.seats || []).includes(i);
      const bid = sd.bid ? cardEl(sd.bid, {cls: "mini"}) : null;
      return el("li", {class: waiting ? "active" : null, "data-seat": i},
        seatTag(v, i), guestMark(v.seats[i]), i === me ? " (you)" : "",
        v.seats[i].kind === "human" && !T.replay ? onlineMark(v, i) : null,
        el("div", {class: "pstats"},
          el("span", {title: "influence (victory points)"}, "Influence ", el("b", {class: "infl-" + i}, sd.influence)),
          el("span", {title: "lore buys Site of Power cards"}, "Lore ", sd.lore + (sd.site_lore ? " (+" + sd.site_lore + " on site)" : "")),
          el("span", {}, "Hand " + sd.hand.length + "/" + sd.hand_size),
          el("span", {}, "Deck " + sd.deck.length),
          el("span", {title: "supporters on the board / on the map / lost"}, "Supporters " + sd.supporters.board + "/" + sd.supporters.map.reduce((a, b) => a + b, 0) + "/" + sd.supporters.lost),
          el("span", {}, "Herald " + (sd.herald ? nice(sd.herald) : "—")),
          el("span", {title: "votes per council"}, "Tokens " + Object.values(sd.tokens).reduce((a, b) => a + b, 0)),
          el("span", {title: "uses left per tactic tile"}, "Tactics " + sd.tactics.map((u) => u < 0 ? "✗" : u).join(" ")),
          bid ? el("span", {}, "Bid ", bid) : null),
        el("div", {class: "kboard"}, sd.board.map((sp) => sp ? kcardEl(sp.kingdom, "occupied by " + cardName(sp.occupier)) : kcardEl(null)),
          (sd.kingdom_supply || []).map((k) => kcardEl(k, "supply"))),
        sd.hq.length ? el("div", {class: "hint"}, "HQ: ", sd.hq.map((c) => el("span", {class: "hqc", title: cardTitle(c)}, cardName(c))).map((x, i) => [i ? ", " : "", x]).flat()) : null);
    })));
}

function simulPanel(v) {
  const d = v.decision;
  if (!d || !SIMUL.includes(d.kind) || T.replay) return null;
  const chosen = d.chosen || [];
  const words = {bid: "bid", facedown: "face-down cards", joust: "joust card", advanced: "setup choice"}[d.kind];
  return el("section", {class: "panel simul", id: "simul", "aria-live": "polite", "aria-label": "secret choices"},
    el("h2", {}, "Secret " + words),
    el("ul", {class: "simul-list"}, v.state.order.map((s) => chosen.includes(s) ?
      el("li", {class: "done", "data-seat": s}, "✓ ", playerTag(v, s), " has chosen") :
      (d.seats.includes(s) ? el("li", {class: "wait", "data-seat": s}, "… ", playerTag(v, s), " is choosing") : null))),
    el("p", {class: "hint"}, "Nobody sees another's choice until all have chosen; then all are revealed together."));
}

function clashPanel(v) {
  const sc = v.scoring || [];
  if (!sc.length) return null;
  const last = sc.slice(-6);
  return el("section", {class: "panel", "aria-label": "clash results"}, el("h2", {}, "Clashes"),
    el("table", {class: "scoring"}, el("thead", {}, el("tr", {}, el("th", {}, "Round"), el("th", {}, "Region"), el("th", {}, "Strength"), el("th", {}, "Won by"))),
      el("tbody", {}, last.map((c) => el("tr", {},
        el("td", {}, c.round), el("td", {}, nice(c.region)),
        el("td", {}, c.totals ? c.seats.map((s, i) => [i ? ", " : "", playerTag(v, s), " " + c.totals[i]]).flat() : "…"),
        el("td", {}, c.winner === null ? "…" : c.winner < 0 ? "draw" : playerTag(v, c.winner)))))));
}

// -------------------------------------------------------------- decisions
function optionButton(o) {
  const attrs = {type: "button", "data-move": o.move, onclick: () => send(o.move), id: "opt-" + o.move.replace(/[^a-z0-9]+/gi, "-")};
  if (o.card && OM().cards[o.card]) attrs.title = cardTitle(o.card);
  if (o.kingdom) attrs.title = "Kingdom card " + kName(o.kingdom) + ": " + (OM().kingdom[o.kingdom] || "");
  const cls = ["opt"];
  if (["done", "pass"].includes(o.verb)) cls.push("quiet");
  attrs.class = cls.join(" ");
  return el("button", attrs, o.label, o.text ? el("small", {class: "opt-text"}, " — " + o.text) : null);
}

function facedownDecision(v, box) {
  const d = v.decision;
  const n = d.regions.length;
  const declared = d.empty || [];   // regions declared empty in turn order: no card there
  while (T.sel.length < n) T.sel.push(null);
  const placed = T.sel.slice(0, n).filter((x) => x).length;
  box.append(el("h2", {}, d.prompt),
    el("p", {class: "hint"}, "Click cards in your hand: each goes to the next empty region (" + d.regions.map(nice).join(", ") + ")." +
      (declared.length ? " You declared no card in " + declared.map(nice).join(", ") + "." : "") +
      (d.cards < n - declared.length ? " You have fewer cards than regions: place " + d.cards + "." : " Place one card in each region" + (declared.length ? " you did not declare." : ".")) + " Click a placed card to take it back."),
    el("div", {class: "fd-slots"}, d.regions.map((r, i) => el("div", {class: "fd-slot", "data-region": r},
      el("span", {class: "zl"}, nice(r)),
      declared.includes(r) ? el("span", {class: "hint"}, "no card (declared)") : T.sel[i] ? cardEl(T.sel[i], {verb: "Take back from " + nice(r), cls: "small", id: "fd-slot-" + i, onclick: () => { T.sel[i] = null; render(); }}) :
        el("span", {class: "hint"}, "empty")))),
    el("div", {class: "choices"},
      el("button", {type: "button", class: "primary", id: "fd-confirm", disabled: placed !== d.cards,
        "data-move": v.you + ": facedown " + T.sel.slice(0, n).map((c) => c ? localOf(c) : "-").join(" "),
        onclick: () => send(v.you + ": facedown " + T.sel.slice(0, n).map((c) => c ? localOf(c) : "-").join(" "))},
        placed === d.cards ? "Place these face down" : "Choose " + (d.cards - placed) + " more"),
      el("button", {type: "button", id: "fd-clear", disabled: !placed, onclick: () => { T.sel = []; render(); }}, "Clear")));
  box.append(el("div", {class: "ocards hand in-decision"}, d.hand.map((c) => {
    const sel = T.sel.includes(c);
    return cardEl(c, {selected: sel, pressable: true, cls: "fd-pick", verb: sel ? "Take back" : "Place face down",
      id: "fd-" + localOf(c), disabled: !sel && placed >= d.cards, onclick: () => {
        const i = T.sel.indexOf(c);
        if (i >= 0) T.sel[i] = null;
        else { const j = T.sel.findIndex((x, k) => !x && k < n && !declared.includes(d.regions[k])); if (j >= 0) T.sel[j] = c; }
        render();
      }});
  })));
}

function advancedDecision(v, box) {
  const d = v.decision;
  if (T.advPly !== v.ply) { T.adv = null; T.advPly = v.ply; }
  const a = T.adv || {};
  const hand = v.state.seats[v.you].hand;
  const move = a.kingdom && a.card ? v.you + ": advanced " + a.kingdom + " " + localOf(a.card) : null;
  box.append(el("h2", {}, d.prompt),
    el("p", {class: "hint"}, "1. Choose the kingdom card to keep (the others go back to the deck)."),
    el("div", {class: "choices"}, d.offer.map((k) => el("button", {type: "button", class: "kpick" + (a.kingdom === k ? " sel" : ""),
      "aria-pressed": String(a.kingdom === k), "data-kingdom": k, id: "adv-k-" + k, title: "Kingdom card " + kName(k) + ": " + (OM().kingdom[k] || ""),
      onclick: () => { T.adv = Object.assign({}, T.adv, {kingdom: k}); render(); }}, kName(k) + " — " + (OM().kingdom[k] || "")))),
    el("p", {class: "hint"}, "2. Choose its occupier from your hand."),
    el("div", {class: "ocards in-decision"}, hand.map((c) => cardEl(c, {selected: a.card === c, pressable: true, cls: "adv-card", verb: "Occupy with", id: "adv-c-" + localOf(c),
      onclick: () => { T.adv = Object.assign({}, T.adv, {card: c}); render(); }}))),
    el("button", {type: "button", class: "primary", id: "adv-confirm", disabled: !move, "data-move": move, onclick: () => send(move)},
      move ? "Keep kingdom card " + kName(a.kingdom) + " occupied by " + cardName(a.card) : "Choose a kingdom card and an occupier"));
}

function okcDecision(v, box) {
  const d = v.decision;
  if (d.kind === "facedown") return facedownDecision(v, box);
  if (d.kind === "advanced") return advancedDecision(v, box);
  box.append(el("h2", {}, d.prompt));
  const opts = d.options || (d.moves || []).map((m) => ({move: m, label: m, verb: m.split(" ")[0]}));
  if (d.kind === "bid" || d.kind === "joust") {
    box.append(el("p", {class: "hint"}, d.kind === "bid" ?
      "Your bid stays face down until everyone has bid; the strongest bid chooses first on the Great Road." :
      "Everyone picks a card in secret; duplicates are discarded; the highest wins."),
      el("div", {class: "ocards in-decision"}, opts.map((o) => cardEl(o.card, {move: o.move, cls: "pickable",
        verb: d.kind === "bid" ? "Bid" : "Joust with", onclick: () => send(o.move)}))));
    return;
  }
  const withCard = opts.filter((o) => o.card && !["done", "pass"].includes(o.verb));
  const rest = opts.filter((o) => !withCard.includes(o));
  // actions that name a hand card: grouped by verb, each a labelled button with the card's text as title
  const groups = {};
  withCard.forEach((o) => { (groups[o.verb] = groups[o.verb] || []).push(o); });
  Object.values(groups).forEach((g) => box.append(el("div", {class: "choices"}, g.map(optionButton))));
  if (rest.length) box.append(el("div", {class: "choices"}, rest.map(optionButton)));
}

GAMES.okc = {
  name: "The Old King's Crown",
  nameKey: "page.game.okc",
  subtitle: (v) => " — round " + v.state.round + "/" + v.state.rounds,
  stats(v) {
    const s = v.state;
    return [
      el("span", {class: "stat"}, "Round ", el("b", {id: "okc-round"}, s.round + "/" + s.rounds)),
      el("span", {class: "stat"}, "Season ", el("b", {id: "okc-phase"}, phase(v))),
      el("span", {class: "stat"}, "Order ", s.order.map((x) => el("span", {class: "ptag p" + x, title: v.seats[x].name}, ICONS[x])))];
  },
  decision: okcDecision,
  handCards: (hand) => el("div", {class: "ocards"}, hand.map((c) => cardEl(c, {cls: "mini"}))),
  render(v) {
    return {main: [handPanel(v), mapPanel(v), roadPanel(v)],
            side: [simulPanel(v), playersPanel(v), clashPanel(v)]};
  },
};
})();
