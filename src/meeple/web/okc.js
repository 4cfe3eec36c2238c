// meeple: The Old King's Crown on the browser table (registered with the shell in app.js).
// What a seat sees comes from the server's view (its own hand and face-down cards;
// others' as backs). Simultaneous choices (bids, face-down cards, jousts, the
// advanced setup) are made here and sent as one move; the reveal is the server's.
"use strict";
(() => {

const OM = () => META.games.okc;
const SIMUL = ["bid", "facedown", "joust", "advanced"];
const ROMAN = ["I", "II", "III"];
// traits and commands on a card face, in the rulebook's words (the title tells what each does)
const SHORT = {invulnerable: "okc.trait.invulnerable", pathfinder: "okc.trait.pathfinder", resilient: "okc.trait.resilient",
  ambush: "okc.command.ambush", retreat: "okc.command.retreat", flank: "okc.command.flank", "rally-self": "okc.command.rally_self",
  "rally-two": "okc.command.rally_two", deploy: "okc.command.deploy", deadly: "okc.command.deadly",
  "ambush-from-discard": "okc.command.ambush_from_discard", "retreat-journey": "okc.command.retreat_journey"};
const nice = (s) => cap(String(s).replace(/-/g, " "));
const word = (x) => SHORT[x] ? t(SHORT[x]) : nice(x);
// a game term by the game data's identifier ("harvest-field" -> okc.location.harvest_field), else the identifier in words
const term = (kind, id) => { const k = "okc." + kind + "." + String(id).replace(/-/g, "_"); return I18N.has(k) ? t(k) : nice(id); };
const region = (r) => term("region", r), location = (l) => term("location", l), council = (c) => term("council", c);
const faction = (f) => term("faction", f);
const archetype = (a) => term("card", a);
const localOf = (c) => c.includes(":") ? c.split(":")[1] : c;
const facOf = (c) => c.includes(":") ? c.split(":")[0] : null;
// a faction card's name without its faction ("Captain 7"), for a tile already coloured and marked by it:
// its archetype and what tells it from its namesakes (a follower's strength)
function cardShort(c) {
  const i = OM().cards[c];
  if (!i) return nice(localOf(c));
  const rest = localOf(c).slice(i.archetype.length).replace(/^-/, "");
  return rest ? t("page.okc.card_numbered", {card: archetype(i.archetype), n: nice(rest)}) : archetype(i.archetype);
}
// the same with its faction first ("Nobility captain 7")
const cardName = (c) => facOf(c) ? t("page.okc.card_of", {faction: faction(facOf(c)), card: cardShort(c)}) : cardShort(c);
// a kingdom card's name and text ("Trade 1"), by the catalog's okc.kingdom.<suit>.<n>
function kParts(k) { const [suit, n] = k.split("-"); return {suit, n: String(+n)}; }
const kName = (k) => { const p = kParts(k); return t("okc.kingdom.name", {suit: term("suit", p.suit), number: p.n}); };
const kText = (k) => { const p = kParts(k), key = "okc.kingdom." + p.suit + "." + p.n; return I18N.has(key) ? t(key) : OM().kingdom[k] || ""; };
const you = (v) => (v.you === null || v.you === undefined || T.replay) ? null : v.you;

// ---------------------------------------------------------------- pieces
function cardTitle(c) {
  const i = OM().cards[c];
  if (!i) return c;
  const bits = [cardName(c), t("page.okc.strength", {n: i.strength})];
  if (i.traits.length) bits.push(t("page.okc.traits", {list: i.traits.map(word).join(", ")}));
  if (i.commands.length) bits.push(t("page.okc.commands", {list: i.commands.map(word).join(", ")}));
  bits.push(t(i.cost ? "page.okc.votes_lore_cost" : "page.okc.votes_lore", {votes: i.votes, lore: i.lore, cost: i.cost}));
  if (i.text && I18N.lang === "en") bits.push(i.text);
  return bits.join(" — ");
}
// a faction card: face up (name known) or a back ("<faction>:?" or "?")
function cardEl(c, opts) {
  opts = opts || {};
  const back = c === "?" || c.endsWith(":?");
  const fac = facOf(c);
  const i = back ? null : OM().cards[c];
  const label = back ? (fac ? t("page.okc.facedown_of", {faction: faction(fac)}) : t("page.okc.hidden_card")) : cardName(c);
  const cls = "ocard" + (back ? " back" : "") + (fac ? " f-" + fac : "") + (opts.selected ? " sel" : "") + (opts.cls ? " " + opts.cls : "");
  const inner = back ? [el("span", {class: "fm", "aria-hidden": "true"}, fac ? faction(fac) : "?"), el("span", {class: "cn"}, "?")] : [
    el("span", {class: "fm", "aria-hidden": "true"}, faction(fac)),
    el("span", {class: "cs"}, i.strength),
    el("span", {class: "cn"}, cardShort(c)),
    el("span", {class: "ct"}, i.traits.concat(i.commands).map(word).join(", "))];
  const attrs = {class: cls, title: opts.title || (back ? label : cardTitle(c)), "data-card": c, id: opts.id};
  if (opts.onclick) {
    return el("button", Object.assign(attrs, {type: "button", onclick: opts.onclick, disabled: opts.disabled,
      "data-move": opts.move, "aria-pressed": opts.pressable ? String(!!opts.selected) : null,
      "aria-label": opts.verb ? t(opts.verb, {card: label}) : label}), inner);
  }
  return el("span", Object.assign(attrs, {role: "img", "aria-label": label}), inner);
}
function kcardEl(k, extra) {
  if (!k) return el("span", {class: "kcard empty", "aria-label": t("page.hands.empty")}, "—");
  if (k === "?") return el("span", {class: "kcard back", title: t("page.okc.hidden_kingdom")}, "?");
  const suit = k.split("-")[0];
  const text = kText(k);
  const off = OM().kingdom_not_implemented.includes(k) ? " " + t("page.okc.not_played") : "";
  return el("span", {class: "kcard s-" + suit, title: t("page.okc.kingdom_card", {name: kName(k), text}) + off, "data-kingdom": k},
    el("b", {}, kName(k)), extra ? el("span", {class: "kocc"}, extra) : null,
    el("span", {class: "ktext"}, text));
}
function seatTag(v, s) {
  const f = v.state.seats[s].faction;
  return el("span", {class: "seat-fac"}, playerTag(v, s), el("span", {class: "fac f-" + f, title: t("page.okc.faction")}, " " + faction(f)));
}

// ---------------------------------------------------------------- phases
function phase(v) {
  const pend = v.state.pending;
  if (!pend) return v.status === "finished" ? t("page.turn.game_over") : "";
  const todo = pend.todo || [];
  const step = (n) => todo.find((x) => x[0] === n);
  if (pend.kind === "advanced" || step("advanced_reveal")) return t("okc.term.advanced_setup");
  if (!step("winter")) return t("okc.season.winter");
  const a = step("autumn");
  if (!a || a[1] > 0) return t("okc.season.autumn");
  const c = step("clashes");
  if (!c || c[1] > 0 || step("clash")) return t("page.okc.phase.clashes");
  if (!step("markers")) return t("page.okc.phase.markers");
  const sp = step("spring");
  if (!sp || sp[1] > 0) return t("okc.season.spring");
  if (!step("facedown")) return t("page.okc.phase.facedown");
  if (step("bids")) return t("page.okc.phase.new_year");
  return t("page.okc.phase.bids");
}

// ---------------------------------------------------------------- panels
function handPanel(v) {
  const me = you(v);
  if (me === null) return null;
  const sd = v.state.seats[me];
  const hand = sd.hand.slice().sort((a, b) => OM().cards[a].strength - OM().cards[b].strength || a.localeCompare(b));
  const cards = hand.map((c) => cardEl(c));
  return el("section", {class: "panel", "aria-label": t("page.ethnos.hand_label")},
    el("h2", {}, t("page.okc.hand", {n: hand.length, size: sd.hand_size}) + (sd.bid ? " — " + t("page.okc.your_bid") + " " : ""),
      sd.bid ? cardEl(sd.bid, {cls: "mini"}) : null,
      sd.joust ? [" — " + t("page.okc.your_joust") + " ", cardEl(sd.joust, {cls: "mini"})] : null),
    el("div", {class: "ocards hand"}, cards.length ? cards : el("p", {class: "hint"}, t("page.hands.empty"))),
    el("p", {class: "hint"}, t("page.okc.deck_discard", {n: sd.deck.length}) + " ",
      sd.discard.length ? sd.discard.map((c) => el("span", {class: "discc", title: cardTitle(c)}, cardName(c))).map((x, i) => [i ? ", " : "", x]).flat() : t("page.hands.empty"),
      sd.site.length ? " · " + t("page.okc.site") + " " : "",
      sd.site.map((c) => el("span", {class: "sitec", title: cardTitle(c)}, cardName(c) + " " + t("page.okc.cost_lore", {count: OM().cards[c].cost}))).map((x, i) => [i ? ", " : "", x]).flat()));
}

function mapPanel(v) {
  const s = v.state, p = v.seats.length, me = you(v);
  return el("section", {class: "panel", "aria-label": t("page.okc.map")},
    el("h2", {}, t("page.okc.map")),
    el("div", {class: "regions"}, OM().regions.map((r, ri) => {
      const rd = s.regions[r];
      const n = s.clash_order.indexOf(r);
      const locs = OM().locations.filter((l) => OM().location_region[l] === r);
      const km = (s.kingdom_map && s.kingdom_map.regions && s.kingdom_map.regions[r]) || [];
      const sup = s.seats.map((sd, i) => sd.supporters.map[ri] ? el("span", {class: "ptag p" + i, title: v.seats[i].name + ": " + t("page.okc.supporters_n", {count: sd.supporters.map[ri]}) +
          (sd.supporters.counted[ri] ? ", " + t("page.okc.counted", {n: sd.supporters.counted[ri]}) : "")},
        el("span", {class: "picon", "aria-hidden": "true"}, ICONS[i]), "×" + sd.supporters.map[ri]) : null);
      return el("div", {class: "region", "data-region": r},
        el("h3", {}, region(r), n >= 0 ? el("span", {class: "marker", title: t("page.okc.clash_n", {n: n + 1})}, " " + t("page.okc.clash_n", {n: n + 1})) : null),
        el("div", {class: "locs"}, locs.map((l) => {
          const heralds = s.seats.map((sd, i) => sd.herald === l ? el("span", {class: "ptag p" + i, title: t("page.okc.herald_of", {name: v.seats[i].name})},
            ICONS[i] + " " + t("okc.term.herald")) : null);
          const toks = s.seats.map((sd, i) => sd.tokens[l] ? el("span", {class: "ptag p" + i, title: v.seats[i].name + ": " + t("okc.term.faction_token")},
            ICONS[i] + " ⬢" + sd.tokens[l]) : null);
          const lk = (s.kingdom_map && s.kingdom_map.locations && s.kingdom_map.locations[l]) || [];
          return el("div", {class: "loc", "data-location": l},
            el("b", {}, location(l)), el("span", {class: "hint"}, " +" + t("okc.count.influence", {count: OM().location_influence[l]})),
            l === "harvest-field" && s.favour.holder === null ? el("span", {class: "favour", title: t("page.okc.favour_here")}, " ✦ " + t("okc.term.favour")) : null,
            el("div", {}, heralds, toks, lk.map((x) => kcardEl(x.kingdom, v.seats[x.seat].name))));
        })),
        km.length ? el("div", {}, km.map((x) => kcardEl(x.kingdom, v.seats[x.seat].name))) : null,
        el("div", {class: "sup"}, t("page.okc.supporters") + " ", sup.some((x) => x) ? sup : el("span", {class: "hint"}, t("page.okc.none"))),
        el("div", {class: "zone"}, el("span", {class: "zl"}, t("page.okc.face_down")),
          el("div", {class: "ocards"}, rd.facedown.length ? rd.facedown.map((c) => cardEl(c, {cls: "small" + (me !== null && facOf(c) === s.seats[me].faction && !c.endsWith(":?") ? " own" : "")})) : el("span", {class: "hint"}, t("page.okc.none")))),
        el("div", {class: "zone"}, el("span", {class: "zl"}, t("page.okc.active")),
          el("div", {class: "ocards"}, rd.active.length ? rd.active.map((e) => cardEl(e.card, {cls: "small" + (e.counted ? " counted" : "") + (e.blank ? " blank" : ""),
            title: cardTitle(e.card) + (e.blank ? " — " + t("page.okc.blank_here") : "") +
              (e.counted ? " — " + t("page.okc.clashed") : "") + (e.deploy !== null ? " — " + t("page.okc.deployed") : "") +
              (e.gained_traits && e.gained_traits.length ? " — " + t("page.okc.gained", {list: e.gained_traits.map(word).join(", ")}) : "") +
              (e.gained_commands.length ? " — " + t("page.okc.gained", {list: e.gained_commands.map(word).join(", ")}) : "")})) :
            el("span", {class: "hint"}, t("page.okc.none")))));
    })));
}

function roadPanel(v) {
  const s = v.state;
  return el("section", {class: "panel", "aria-label": t("page.okc.road_label")},
    el("h2", {}, t("okc.term.great_road")),
    el("div", {class: "road"}, s.road.map((k, i) => el("div", {class: "slot",
      title: t(i === s.road.length - 1 ? "page.okc.road_space_last" : "page.okc.road_space", {n: i + 1})}, kcardEl(k))),
      el("span", {class: "hint"}, t("page.okc.kingdom_deck", {deck: s.kingdom_deck.length, discard: s.kingdom_discard.length}))),
    el("h2", {}, t("page.okc.councils")),
    el("div", {class: "councils"}, OM().councils.map((c) => el("div", {class: "council", "data-council": c},
      el("b", {}, council(c)), el("div", {class: "ocards"}, (s.councils[c] || []).length ? s.councils[c].map((x) => cardEl(x, {cls: "small"})) :
        el("span", {class: "hint"}, t("page.hands.empty")))))),
    s.lost.length ? el("p", {class: "hint"}, t("okc.term.lost_pile") + ": ", s.lost.map((c) => el("span", {class: "lostc", title: cardTitle(c)}, cardName(c))).map((x, i) => [i ? ", " : "", x]).flat()) : null);
}

function playersPanel(v) {
  const s = v.state, d = v.decision, me = you(v);
  const fav = s.favour;
  return el("section", {class: "panel", "aria-label": t("page.players.label")}, el("h2", {}, t("page.players.title")),
    el("p", {class: "order"}, t("okc.term.order_track") + ": ", s.order.map((x, i) => [i ? " › " : "", playerTag(v, x)]).flat()),
    el("p", {class: "hint"}, t("page.okc.favour", {where: fav.holder === null ? t("page.okc.on_harvest_field") : v.seats[fav.holder].name, count: fav.uses})),
    el("ul", {class: "players okc-players"}, s.seats.map((sd, i) => {
      const waiting = d && (d.seats || []).includes(i);
      const bid = sd.bid ? cardEl(sd.bid, {cls: "mini"}) : null;
      return el("li", {class: waiting ? "active" : null, "data-seat": i},
        seatTag(v, i), guestMark(v.seats[i]), i === me ? " " + t("page.players.you") : "",
        v.seats[i].kind === "human" && !T.replay ? onlineMark(v, i) : null,
        el("div", {class: "pstats"},
          el("span", {title: t("page.okc.influence_title")}, t("okc.term.influence") + " ", el("b", {class: "infl-" + i}, sd.influence)),
          el("span", {title: t("page.okc.lore_title")}, t("okc.term.lore") + " ", sd.lore + (sd.site_lore ? " " + t("page.okc.on_site", {n: sd.site_lore}) : "")),
          el("span", {}, t("page.ethnos.stat.hand") + " " + sd.hand.length + "/" + sd.hand_size),
          el("span", {}, t("okc.term.deck") + " " + sd.deck.length),
          el("span", {title: t("page.okc.supporters_title")}, t("page.okc.stat.supporters") + " " + sd.supporters.board + "/" +
            sd.supporters.map.reduce((a, b) => a + b, 0) + "/" + sd.supporters.lost),
          el("span", {}, t("okc.term.herald") + " " + (sd.herald ? location(sd.herald) : "—")),
          el("span", {title: t("page.okc.tokens_title")}, t("page.okc.tokens") + " " + Object.values(sd.tokens).reduce((a, b) => a + b, 0)),
          el("span", {title: t("page.okc.tactics_title")}, t("page.okc.tactics") + " " + sd.tactics.map((u) => u < 0 ? "✗" : u).join(" ")),
          bid ? el("span", {}, t("okc.term.bid") + " ", bid) : null),
        el("div", {class: "kboard"}, sd.board.map((sp) => sp ? kcardEl(sp.kingdom, t("page.okc.occupied_by", {card: cardName(sp.occupier)})) : kcardEl(null)),
          (sd.kingdom_supply || []).map((k) => kcardEl(k, t("okc.term.supply")))),
        sd.hq.length ? el("div", {class: "hint"}, t("okc.card.hq") + ": ", sd.hq.map((c) => el("span", {class: "hqc", title: cardTitle(c)}, cardName(c))).map((x, i) => [i ? ", " : "", x]).flat()) : null);
    })));
}

function simulPanel(v) {
  const d = v.decision;
  if (!d || !SIMUL.includes(d.kind) || T.replay) return null;
  const chosen = d.chosen || [];
  const words = {bid: "page.okc.secret.bid", facedown: "page.okc.secret.facedown", joust: "page.okc.secret.joust",
                 advanced: "page.okc.secret.advanced"}[d.kind];
  return el("section", {class: "panel simul", id: "simul", "aria-live": "polite", "aria-label": t("page.okc.secret_label")},
    el("h2", {}, t(words)),
    el("ul", {class: "simul-list"}, v.state.order.map((s) => chosen.includes(s) ?
      el("li", {class: "done", "data-seat": s}, "✓ ", I18N.nodes("page.okc.has_chosen", {who: playerTag(v, s)})) :
      (d.seats.includes(s) ? el("li", {class: "wait", "data-seat": s}, "… ", I18N.nodes("page.okc.is_choosing", {who: playerTag(v, s)})) : null))),
    el("p", {class: "hint"}, t("page.okc.secret_hint")));
}

function clashPanel(v) {
  const sc = v.scoring || [];
  if (!sc.length) return null;
  const last = sc.slice(-6);
  return el("section", {class: "panel", "aria-label": t("page.okc.clash_results")}, el("h2", {}, t("page.okc.phase.clashes")),
    el("table", {class: "scoring"}, el("thead", {}, el("tr", {}, el("th", {}, t("okc.term.round")), el("th", {}, t("okc.term.region")),
      el("th", {}, t("okc.term.strength")), el("th", {}, t("page.okc.won_by")))),
      el("tbody", {}, last.map((c) => el("tr", {},
        el("td", {}, c.round), el("td", {}, region(c.region)),
        el("td", {}, c.totals ? c.seats.map((s, i) => [i ? ", " : "", playerTag(v, s), " " + c.totals[i]]).flat() : "…"),
        el("td", {}, c.winner === null ? "…" : c.winner < 0 ? t("page.okc.draw") : playerTag(v, c.winner)))))));
}

// -------------------------------------------------------------- decisions
function optionButton(o) {
  // data-words: the label is the presenter's (English until its options carry keys and values)
  const attrs = {type: "button", "data-move": o.move, onclick: () => send(o.move), id: "opt-" + o.move.replace(/[^a-z0-9]+/gi, "-"),
                 "data-words": "presenter"};
  if (o.card && OM().cards[o.card]) attrs.title = cardTitle(o.card);
  if (o.kingdom) attrs.title = t("page.okc.kingdom_card", {name: kName(o.kingdom), text: kText(o.kingdom)});
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
  box.append(el("h2", {}, askText(d)),
    el("p", {class: "hint"}, t("page.okc.fd.click", {regions: d.regions.map(region).join(", ")}) +
      (declared.length ? " " + t("page.okc.fd.declared", {regions: declared.map(region).join(", ")}) : "") + " " +
      (d.cards < n - declared.length ? t("page.okc.fd.fewer", {n: d.cards}) : t(declared.length ? "page.okc.fd.each_undeclared" : "page.okc.fd.each")) +
      " " + t("page.okc.fd.take_back")),
    el("div", {class: "fd-slots"}, d.regions.map((r, i) => el("div", {class: "fd-slot", "data-region": r},
      el("span", {class: "zl"}, region(r)),
      declared.includes(r) ? el("span", {class: "hint"}, t("page.okc.fd.no_card")) : T.sel[i] ?
        cardEl(T.sel[i], {verb: "page.okc.fd.take_back_card", cls: "small", id: "fd-slot-" + i, onclick: () => { T.sel[i] = null; render(); }}) :
        el("span", {class: "hint"}, t("page.hands.empty"))))),
    el("div", {class: "choices"},
      el("button", {type: "button", class: "primary", id: "fd-confirm", disabled: placed !== d.cards,
        "data-move": v.you + ": facedown " + T.sel.slice(0, n).map((c) => c ? localOf(c) : "-").join(" "),
        onclick: () => send(v.you + ": facedown " + T.sel.slice(0, n).map((c) => c ? localOf(c) : "-").join(" "))},
        placed === d.cards ? t("page.okc.fd.confirm") : t("page.okc.fd.more", {count: d.cards - placed})),
      el("button", {type: "button", id: "fd-clear", disabled: !placed, onclick: () => { T.sel = []; render(); }}, t("page.okc.clear"))));
  box.append(el("div", {class: "ocards hand in-decision"}, d.hand.map((c) => {
    const sel = T.sel.includes(c);
    return cardEl(c, {selected: sel, pressable: true, cls: "fd-pick", verb: sel ? "page.okc.fd.take_back_card" : "page.okc.fd.place_card",
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
  box.append(el("h2", {}, askText(d)),
    el("p", {class: "hint"}, t("page.okc.adv.step1")),
    el("div", {class: "choices"}, d.offer.map((k) => el("button", {type: "button", class: "kpick" + (a.kingdom === k ? " sel" : ""),
      "aria-pressed": String(a.kingdom === k), "data-kingdom": k, id: "adv-k-" + k, title: t("page.okc.kingdom_card", {name: kName(k), text: kText(k)}),
      onclick: () => { T.adv = Object.assign({}, T.adv, {kingdom: k}); render(); }}, kName(k) + " — " + kText(k)))),
    el("p", {class: "hint"}, t("page.okc.adv.step2")),
    el("div", {class: "ocards in-decision"}, hand.map((c) => cardEl(c, {selected: a.card === c, pressable: true, cls: "adv-card",
      verb: "page.okc.adv.occupy_with", id: "adv-c-" + localOf(c),
      onclick: () => { T.adv = Object.assign({}, T.adv, {card: c}); render(); }}))),
    el("button", {type: "button", class: "primary", id: "adv-confirm", disabled: !move, "data-move": move, onclick: () => send(move)},
      move ? t("page.okc.adv.keep", {name: kName(a.kingdom), card: cardName(a.card)}) : t("page.okc.adv.choose")));
}

function okcDecision(v, box) {
  const d = v.decision;
  if (d.kind === "facedown") return facedownDecision(v, box);
  if (d.kind === "advanced") return advancedDecision(v, box);
  box.append(el("h2", {}, askText(d)));
  const opts = d.options || (d.moves || []).map((m) => ({move: m, label: m, verb: m.split(" ")[0]}));
  if (d.kind === "bid" || d.kind === "joust") {
    box.append(el("p", {class: "hint"}, t(d.kind === "bid" ? "page.okc.bid_hint" : "page.okc.joust_hint")),
      el("div", {class: "ocards in-decision"}, opts.map((o) => cardEl(o.card, {move: o.move, cls: "pickable",
        verb: d.kind === "bid" ? "page.okc.bid_card" : "page.okc.joust_card", onclick: () => send(o.move)}))));
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

// each decision's question (declared with the decision in the rules), in the reader's language
const PROMPTS = {gather: "page.okc.prompt.gather", peek: "page.okc.prompt.peek", uswap_fd: "page.okc.prompt.uswap_fd",
  uswap_with: "page.okc.prompt.uswap_with", clans_herald: "page.okc.prompt.clans_herald", clans_sup: "page.okc.prompt.clans_sup",
  location: "page.okc.prompt.location", relics: "page.okc.prompt.relics", castle: "page.okc.prompt.castle",
  wilderness: "page.okc.prompt.wilderness", shrine: "page.okc.prompt.shrine", council: "page.okc.prompt.council",
  necropolis: "page.okc.prompt.necropolis", necro_discard: "page.okc.prompt.necro_discard", kingdom: "page.okc.prompt.kingdom",
  joust: "page.okc.prompt.joust", joust_win: "page.okc.prompt.joust_win", site: "page.okc.prompt.site",
  set_order: "page.okc.prompt.set_order", bid: "page.okc.prompt.bid", herald: "page.okc.prompt.herald",
  resolve: "page.okc.prompt.resolve", space: "page.okc.prompt.space", kplace: "page.okc.prompt.kplace",
  advanced: "page.okc.prompt.advanced", tactic_bid: "page.okc.prompt.tactic_bid", lock: "page.okc.prompt.lock",
  purge: "page.okc.prompt.purge", gain: "page.okc.prompt.gain", ktake: "page.okc.prompt.ktake",
  koccupy: "page.okc.prompt.koccupy", recall: "page.okc.prompt.recall", udiscard: "page.okc.prompt.udiscard",
  uswap_opp: "page.okc.prompt.uswap_opp", revive: "page.okc.prompt.revive", kpick: "page.okc.prompt.kpick",
  swap1: "page.okc.prompt.swap1", swap2: "page.okc.prompt.swap2", purge3: "page.okc.prompt.purge3",
  recall1: "page.okc.prompt.recall1", day: "page.okc.prompt.day", ambush: "page.okc.prompt.ambush", tie: "page.okc.prompt.tie",
  retreat: "page.okc.prompt.retreat", flank: "page.okc.prompt.flank", flank_sup: "page.okc.prompt.flank_sup",
  reward: "page.okc.prompt.reward", autumn: "page.okc.prompt.autumn", rally: "page.okc.prompt.rally",
  deploy: "page.okc.prompt.deploy", rgovern: "page.okc.prompt.rgovern", secrets: "page.okc.prompt.secrets",
  secrets_order: "page.okc.prompt.secrets_order", oaths: "page.okc.prompt.oaths", site_lore: "page.okc.prompt.site_lore",
  buy: "page.okc.prompt.buy", fd_declare: "page.okc.prompt.fd_declare", facedown: "page.okc.prompt.facedown",
  spring: "page.okc.prompt.spring", markers: "page.okc.prompt.markers", trim: "page.okc.prompt.trim"};

GAMES.okc = {
  name: "The Old King's Crown",
  nameKey: "common.game.okc",
  subtitle: (v) => " — " + t("page.okc.round_of", {round: v.state.round, rounds: v.state.rounds}),
  // the tie-breaks' words (the presenter's ranking measures)
  rankWord(w) {
    let m = /^(\d+) influence$/.exec(w);
    if (m) return t("okc.count.influence", {count: +m[1]});
    m = /^is number (\d+) on it$/.exec(w);
    if (m) return t("page.okc.tie.number", {n: +m[1]});
    const words = {"influence": "okc.term.influence", "the Kingdom's Favour": "okc.term.favour", "the order track": "okc.term.order_track",
                   "holds it": "page.okc.tie.holds", "does not hold it": "page.okc.tie.not_holds"};
    return words[w] ? t(words[w]) : w;
  },
  rankTotal: (r) => r.influence === undefined ? null : t("okc.count.influence", {count: r.influence}),
  prompt: (d) => d.kind === "instead" || !PROMPTS[d.kind] ? null : t(PROMPTS[d.kind]),
  optionWords: {
    rounds: {label: "page.okc.option.rounds", help: "page.okc.option.rounds_help",
             choice: (n) => t(n === 6 ? "page.okc.option.rounds_full" : "page.okc.option.rounds_skirmish", {count: n})},
    advanced: {label: "okc.term.advanced_setup", help: "page.okc.option.advanced_help"},
    factions: {label: "page.okc.option.factions", help: "page.okc.option.factions_help", item: "page.okc.option.faction", choice: faction},
  },
  stats(v) {
    const s = v.state;
    return [
      el("span", {class: "stat"}, t("okc.term.round") + " ", el("b", {id: "okc-round"}, s.round + "/" + s.rounds)),
      el("span", {class: "stat"}, t("page.okc.season") + " ", el("b", {id: "okc-phase"}, phase(v))),
      el("span", {class: "stat"}, t("page.okc.order") + " ", s.order.map((x) => el("span", {class: "ptag p" + x, title: v.seats[x].name}, ICONS[x])))];
  },
  decision: okcDecision,
  handCards: (hand) => el("div", {class: "ocards"}, hand.map((c) => cardEl(c, {cls: "mini"}))),
  render(v) {
    return {main: [handPanel(v), mapPanel(v), roadPanel(v)],
            side: [simulPanel(v), playersPanel(v), clashPanel(v)]};
  },
};
})();
