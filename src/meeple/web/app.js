// meeple: the browser table for Ethnos. Plain JS, no build step, no CDN.
// Lobby at /, a table at /game/<id>#seat=S&token=T, a replay at /replay/<id>.
"use strict";

const ICONS = ["●", "▲", "■", "◆", "★", "✚"];
const SHAPES = ["circle", "triangle", "square", "diamond", "star", "cross"];
const KCOL = {althea: "#2e7d32", duris: "#6a1b9a", ithys: "#e65100", pelagon: "#546e7a", rhea: "#c62828", straton: "#1565c0"};
let META = null;

// ------------------------------------------------------------------ helpers
function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat()) {
    if (kid === null || kid === undefined || kid === false) continue;
    e.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return e;
}
function toast(msg, bad) {
  const t = document.getElementById("toast");
  t.textContent = msg;
  t.className = bad ? "show bad" : "show";
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.className = ""; }, bad ? 6000 : 2500);
}
async function api(method, path, body) {
  const r = await fetch(path, {method, headers: body ? {"content-type": "application/json"} : {},
                               body: body ? JSON.stringify(body) : undefined});
  let data = null;
  try { data = await r.json(); } catch (e) { data = {error: r.statusText}; }
  if (!r.ok) throw new Error(data.error || ("HTTP " + r.status));
  return data;
}
const cap = (s) => s ? s[0].toUpperCase() + s.slice(1) : s;
const tribeOf = (c) => c === "skeleton" ? "skeleton" : c.split(":")[0];
const kingdomOf = (c) => c === "skeleton" ? null : c.split(":")[1];
function playerTag(view, s, extra) {
  const seat = view.seats[s];
  return el("span", {class: "ptag p" + s + (extra ? " " + extra : ""), title: seat.name + " (" + SHAPES[s] + ")"},
            el("span", {class: "picon", "aria-hidden": "true"}, ICONS[s]), " ", seat.name);
}
function cardEl(c, opts) {
  opts = opts || {};
  const t = tribeOf(c), k = kingdomOf(c);
  const help = (META && META.help[t]) || t;
  const label = c === "?" ? "hidden card" : (k ? cap(t) + " of " + cap(k) : "Skeleton");
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

// -------------------------------------------------------------------- lobby
function lobby() {
  document.getElementById("title").textContent = "Ethnos — new game";
  const app = document.getElementById("app");
  app.replaceChildren();
  const levels = [["human", "Human (invite)"], ["bot:easy", "Bot — easy"], ["bot:medium", "Bot — medium"],
                  ["bot:hard", "Bot — hard"], ["bot:random", "Bot — random"], ["bot:greedy", "Bot — greedy"],
                  ["bot:ismcts:0.5s", "Bot — ISMCTS 0.5 s"]];
  const seatsBox = el("div", {id: "seats"});
  const players = el("select", {id: "players", "aria-label": "number of players"},
    [2, 3, 4, 5, 6].map((n) => el("option", {value: n, selected: n === 4}, n + " players")));
  const tribeBox = el("fieldset", {id: "tribes", class: "tribes", hidden: true},
    el("legend", {}, "Choose the tribes"),
    META.tribes.map((t) => el("label", {title: META.help[t]}, el("input", {type: "checkbox", value: t, name: "tribe"}), " " + cap(t))));
  const tribeMode = el("select", {id: "tribe-mode", "aria-label": "tribes"},
    el("option", {value: "random"}, "Random tribes"), el("option", {value: "random+fairy"}, "Random tribes, Fairy possible"),
    el("option", {value: "chosen"}, "I choose the tribes"));
  tribeMode.addEventListener("change", () => { tribeBox.hidden = tribeMode.value !== "chosen"; needHint(); });
  const hint = el("p", {class: "hint", id: "tribe-hint"});
  function needHint() { hint.textContent = tribeMode.value === "chosen" ? "Pick " + META.tribes_needed[players.value] + " tribes." : ""; }
  function drawSeats() {
    const n = +players.value;
    const old = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    seatsBox.replaceChildren(...Array.from({length: n}, (_, i) => el("label", {class: "seatrow"},
      el("span", {class: "ptag p" + i}, el("span", {class: "picon", "aria-hidden": "true"}, ICONS[i]), " Seat " + (i + 1)),
      el("select", {id: "seat-" + i, "aria-label": "seat " + (i + 1)},
        levels.map(([v, l]) => el("option", {value: v, selected: (old[i] || (i === 0 ? "human" : "bot:easy")) === v}, l))))));
    needHint();
  }
  players.addEventListener("change", drawSeats);
  const seed = el("input", {id: "seed", type: "number", min: 0, placeholder: "random", "aria-label": "seed (optional)"});
  const out = el("div", {id: "invites", "aria-live": "polite"});
  const create = el("button", {id: "create", type: "button", class: "primary", onclick: async () => {
    const n = +players.value;
    const body = {game: "ethnos", players: n, seats: [...seatsBox.querySelectorAll("select")].map((s) => s.value)};
    if (seed.value !== "") body.seed = +seed.value;
    if (tribeMode.value === "chosen") body.options = {tribes: [...tribeBox.querySelectorAll("input:checked")].map((i) => i.value)};
    else if (tribeMode.value === "random+fairy") body.options = {fairy: true};
    create.disabled = true;
    try {
      const g = await api("POST", "/api/games", body);
      showInvites(g, out);
      recent();
    } catch (e) { toast(e.message, true); }
    create.disabled = false;
  }}, "Create game");
  const list = el("div", {id: "recent"});
  app.append(el("section", {class: "panel lobby"},
    el("h1", {}, "New game of Ethnos"),
    el("div", {class: "row"}, players, tribeMode, el("label", {}, "Seed ", seed)),
    seatsBox, tribeBox, hint, create, out),
    el("section", {class: "panel"}, el("h2", {}, "Recent games"), list));
  drawSeats();
  async function recent() {
    try {
      const r = await api("GET", "/api/games?limit=20");
      list.replaceChildren(r.games.length ? el("ul", {}, r.games.map((g) => el("li", {},
        el("a", {href: (g.status === "finished" ? "/replay/" : "/game/") + g.id}, (g.status === "finished" ? "Replay " : "Watch ") + g.id),
        " — " + g.players + " players, " + g.status + ", " + new Date(g.created_at * 1000).toLocaleString()))) :
        el("p", {}, "No games yet."));
    } catch (e) { list.textContent = e.message; }
  }
  recent();
}

function showInvites(g, out) {
  const base = location.origin + "/game/" + g.id;
  const humans = g.seats.filter((s) => s.kind === "human");
  out.replaceChildren(el("h2", {}, "Game " + g.id + " created"),
    humans.length ? el("p", {}, "Each link below is one seat's secret key: send it only to that player.") : null,
    el("ul", {class: "invite"}, humans.map((s) => {
      const url = base + "#seat=" + s.seat + "&token=" + s.token;
      return el("li", {}, el("span", {class: "ptag p" + s.seat}, ICONS[s.seat] + " Seat " + (s.seat + 1) + " "),
        el("a", {href: url, "data-seat": s.seat, class: "seat-link"}, "Play seat " + (s.seat + 1)), " ",
        el("button", {type: "button", onclick: () => copy(url)}, "Copy link"));
    }), el("li", {}, el("a", {href: base, class: "watch-link"}, "Watch as a spectator"), " ",
        el("button", {type: "button", onclick: () => copy(base)}, "Copy link"))));
}
async function copy(text) {
  try { await navigator.clipboard.writeText(text); toast("Link copied"); }
  catch (e) { window.prompt("Copy this link:", text); }
}

// -------------------------------------------------------------------- table
const T = {view: null, events: [], ws: null, seat: null, token: null, id: null, sel: [], retry: 0, replay: false};

function tableFromUrl(id) {
  T.id = id;
  const h = new URLSearchParams(location.hash.slice(1));
  const key = "meeple:" + id;
  if (h.get("seat") !== null && h.get("token")) {
    T.seat = +h.get("seat"); T.token = h.get("token");
    try { localStorage.setItem(key, JSON.stringify({seat: T.seat, token: T.token})); } catch (e) {}
    history.replaceState(null, "", location.pathname);   // keep the key out of the address bar
  } else {
    try { const s = JSON.parse(localStorage.getItem(key) || "null"); if (s) { T.seat = s.seat; T.token = s.token; } } catch (e) {}
  }
  connect();
}

function connect() {
  const q = T.seat !== null ? "?seat=" + T.seat + "&token=" + encodeURIComponent(T.token) : "";
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/api/games/" + T.id + "/ws" + q);
  T.ws = ws;
  setConn("connecting…");
  ws.onopen = () => { T.retry = 0; setConn("online"); };
  ws.onmessage = (m) => {
    const msg = JSON.parse(m.data);
    if (msg.type === "view") {
      T.events = T.events.slice(0, msg.events_from).concat(msg.events);
      T.moves = (T.moves || []).slice(0, msg.moves_from).concat(msg.moves);
      msg.moves = T.moves;
      const newPly = !T.view || T.view.ply !== msg.ply;
      T.view = msg;
      if (newPly) T.sel = [];
      render();
    } else if (msg.type === "error") {
      toast(msg.error, true);
      if (msg.status === 403 || msg.status === 404) { T.fatal = msg.error; }
      busy(false);
    } else if (msg.type === "ack") {
      busy(false);
    }
  };
  ws.onclose = (e) => {
    setConn("offline");
    if (T.fatal || e.code >= 4000) {
      document.getElementById("app").replaceChildren(el("section", {class: "panel"}, el("h1", {}, "Cannot open this game"),
        el("p", {}, T.fatal || e.reason || "closed"), el("p", {}, el("a", {href: "/"}, "Back to the lobby"))));
      return;
    }
    T.retry = Math.min(T.retry + 1, 6);
    setTimeout(connect, 300 * T.retry);
  };
}
function setConn(text) {
  const c = document.getElementById("conn");
  c.textContent = text; c.dataset.state = text;
}
function busy(on) {
  document.body.dataset.busy = on ? "1" : "0";
  document.querySelectorAll("#decision button, .hand button, #market button, #deck-btn").forEach((b) => { if (on) b.disabled = true; });
}
function send(move) {
  if (!T.ws || T.ws.readyState !== 1) { toast("not connected", true); return; }
  busy(true);
  T.ws.send(JSON.stringify({type: "move", move, ply: T.view.ply}));
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

function render() {
  const v = T.view;
  if (!v) return;
  const s = v.state;
  const me = v.you;
  const d = v.decision;
  const mine = d && me !== null && d.seat === me;
  document.body.dataset.ply = v.ply;
  document.body.dataset.mine = mine ? "1" : "0";
  document.body.dataset.status = v.status;
  document.body.dataset.busy = "0";
  document.getElementById("title").textContent = (T.replay ? "Replay " : "Ethnos ") + v.id + " — Age " + s.age +
    (me !== null && me !== undefined ? " — you are " + v.seats[me].name : " — spectating");
  const app = document.getElementById("app");
  const focusId = document.activeElement && document.activeElement.id;
  app.replaceChildren(
    el("div", {class: "layout"},
      el("div", {class: "col main"},
        statusBar(v),
        decisionPanel(v),
        handPanel(v),
        marketPanel(v),
        kingdomsPanel(v),
        merfolkPanel(v),
        bandsPanel(v)),
      el("div", {class: "col side"},
        playersPanel(v),
        v.ranking ? rankingPanel(v) : null,
        scoringPanel(v),
        logPanel(v))));
  if (focusId) { const f = document.getElementById(focusId); if (f) f.focus(); }
  const lg = document.getElementById("log-list");
  if (lg) lg.scrollTop = lg.scrollHeight;
}

function statusBar(v) {
  const s = v.state, d = v.decision;
  let who = "";
  if (v.status === "finished") who = "Game over";
  else if (d) who = (d.seat === v.you ? "Your move" : v.seats[d.seat].name + " to move") + " (" + d.kind + ")";
  return el("section", {class: "panel status", "aria-label": "game status"},
    el("span", {class: "stat"}, "Age ", el("b", {}, s.age)),
    el("span", {class: "stat", title: "dragons revealed; the third ends the age"}, "Dragons ", el("b", {id: "dragons"}, s.dragons + "/3")),
    el("span", {class: "stat"}, "Deck ", el("b", {id: "deck-size"}, s.deck.length)),
    el("span", {class: "stat"}, "Tribes: ", s.tribes.map((t) => el("span", {class: "tribe", title: META.help[t]}, cap(t))).reduce((a, b) => a.concat([b, " "]), [])),
    el("span", {class: "stat turn", id: "turn"}, who),
    v.undo ? el("button", {type: "button", id: "undo-btn", onclick: () => { busy(true); T.ws.send(JSON.stringify({type: "undo"})); }}, "Undo my move") : null,
    v.status === "finished" ? el("a", {href: "/replay/" + v.id, id: "replay-link"}, "Watch the replay") : null);
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
    return "Swap with " + v.seats[seat].name + "'s band " + (j + 1) + (band ? " (" + band.cards.length + " cards, led by " + band.leader + ")" : "");
  }
  return m;
}

function decisionPanel(v) {
  const d = v.decision;
  const box = el("section", {class: "panel decision", id: "decision", "aria-label": "your decision",
                            "data-kind": d && d.seat === v.you ? d.kind : ""});
  if (T.replay) {
    box.append(replayControls(v));
    return box;
  }
  if (!d) { box.append(el("p", {}, "The game is over.")); return box; }
  if (d.seat !== v.you) {
    box.append(el("p", {}, v.you === null || v.you === undefined ? "Spectating. " : "", "Waiting for ", playerTag(v, d.seat), " (" + d.kind + ")…"));
    return box;
  }
  const hand = v.state.seats[v.you].hand;
  if (d.kind === "turn" || d.kind === "centaur") {
    box.append(el("h2", {}, d.kind === "turn" ? "Your turn" : "Centaur: you may play another band"));
    const leaders = validLeaders(T.sel, d.leaders);
    if (T.sel.length) {
      box.append(el("p", {}, "Selected: " + T.sel.join(", ")));
      if (leaders.length) {
        box.append(el("div", {class: "choices"}, leaders.map((L) => el("button", {type: "button", class: "primary", "data-band": L,
          "data-move": bandMove(T.sel, L), onclick: () => send(bandMove(T.sel, L))},
          "Play band of " + T.sel.length + " led by " + L))));
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
  return box;
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
    el("div", {class: "kingdoms"}, META.kingdoms.map((k) => {
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
  const end = META.merfolk_end;
  const cells = [];
  for (let i = 0; i <= end; i++) {
    cells.push(el("div", {class: "mcell" + (META.merfolk_symbols.includes(i) ? " sym" : ""), title: "space " + i + (META.merfolk_symbols.includes(i) ? " (bonus marker)" : "")},
      el("span", {class: "mnum"}, i), s.merfolk.map((pos, seat) => pos === i ? el("span", {class: "ptag p" + seat}, ICONS[seat]) : null)));
  }
  return el("section", {class: "panel", "aria-label": "merfolk track"}, el("h2", {}, "Merfolk track"), el("div", {class: "mtrack"}, cells));
}

function bandsPanel(v) {
  const s = v.state;
  return el("section", {class: "panel", "aria-label": "bands in play"}, el("h2", {}, "Bands"),
    s.seats.map((sd, i) => el("div", {class: "bandrow"}, playerTag(v, i),
      sd.bands.length ? sd.bands.map((b, j) => el("div", {class: "band", title: "band " + (j + 1) + " led by " + b.leader},
        s.giant && s.giant.seat === i && s.giant.band === j ? el("span", {class: "giant", title: "giant token"}, "Giant") : null,
        b.cards.map((c, x) => cardEl(c, {leader: c === b.leader && b.cards.indexOf(c) === x})))) : el("span", {class: "hint"}, " no band"))));
}

function playersPanel(v) {
  const s = v.state, d = v.decision;
  return el("section", {class: "panel", "aria-label": "players"}, el("h2", {}, "Players"),
    el("ul", {class: "players"}, s.seats.map((sd, i) => el("li", {class: d && d.seat === i ? "active" : null},
      playerTag(v, i), i === v.you ? " (you)" : "",
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
    el("p", {class: "hint"}, "Troll pool: " + (s.troll_pool.join(", ") || "empty")));
}

function rankingPanel(v) {
  return el("section", {class: "panel ranking", id: "ranking", "aria-label": "final ranking"}, el("h2", {}, "Final ranking"),
    el("ol", {}, v.ranking.map((r) => el("li", {"data-seat": r.seat, "data-place": r.place},
      "#" + r.place + " ", playerTag(v, r.seat), " — " + r.glory + " glory, " + r.markers + " markers" + (r.winner ? " — winner" : "")))));
}

function scoringPanel(v) {
  if (!v.scoring || !v.scoring.length) return null;
  const p = v.seats.length;
  return el("section", {class: "panel", "aria-label": "age scoring"}, el("h2", {}, "Age scoring"),
    v.scoring.map((a) => el("table", {class: "scoring"},
      el("caption", {}, "End of age " + a.age),
      el("thead", {}, el("tr", {}, el("th", {}, ""), Array.from({length: p}, (_, i) => el("th", {scope: "col"}, el("span", {class: "ptag p" + i}, ICONS[i] + " " + (i + 1)))))),
      el("tbody", {},
        Object.entries(a.boards).map(([k, g]) => el("tr", {}, el("th", {scope: "row"}, cap(k)), g.map((x) => el("td", {}, x || "")))),
        el("tr", {}, el("th", {scope: "row"}, "Orc horde"), a.orc.map((x) => el("td", {}, x || ""))),
        el("tr", {}, el("th", {scope: "row"}, "Bands"), a.bands.map((x) => el("td", {}, x || ""))),
        a.total ? el("tr", {class: "total"}, el("th", {scope: "row"}, "Total"), a.total.map((x) => el("td", {}, x))) : null))));
}

function logPanel(v) {
  const evs = T.replay ? v.events : T.events;
  return el("section", {class: "panel", "aria-label": "game log"}, el("h2", {}, "Log"),
    el("ol", {class: "log", id: "log-list", tabindex: "0"}, evs.slice(-200).map((e) =>
      el("li", {class: "ev-" + e.kind}, e.seat !== null && e.seat !== undefined && typeof e.seat === "number" && v.seats[e.seat] ?
        el("span", {class: "ptag p" + e.seat, "aria-hidden": "true"}, ICONS[e.seat] + " ") : null, e.text))));
}

// ------------------------------------------------------------------- replay
async function replayPage(id) {
  T.replay = true; T.id = id;
  const first = await api("GET", "/api/games/" + id + "/replay?ply=0").catch((e) => { toast(e.message, true); return null; });
  if (!first) { document.getElementById("app").replaceChildren(el("p", {}, "No replay: the game must exist and be finished. ", el("a", {href: "/"}, "Lobby"))); return; }
  T.total = first.total;
  showReplay(first);
}
function showReplay(r) {
  T.rply = r.ply;
  T.view = {id: r.id, ply: r.ply, seats: r.seats, state: r.state, decision: r.decision, you: null, events: r.events,
            scoring: r.scoring, ranking: r.ranking, status: r.ranking ? "finished" : "active", move: r.move};
  render();
}
async function stepReplay(ply) {
  ply = Math.max(0, Math.min(T.total, ply));
  try { showReplay(await api("GET", "/api/games/" + T.id + "/replay?ply=" + ply)); } catch (e) { toast(e.message, true); }
}
function replayControls(v) {
  const last = v.move ? v.seats[v.move.seat].name + ": " + v.move.move : "start of the game";
  const slider = el("input", {type: "range", min: 0, max: T.total, value: v.ply, id: "replay-slider", "aria-label": "move number"});
  slider.addEventListener("change", () => stepReplay(+slider.value));
  return el("div", {class: "replay"},
    el("h2", {}, "Replay — move " + v.ply + " of " + T.total),
    el("p", {id: "replay-move"}, "Last move: " + last),
    el("div", {class: "choices"},
      el("button", {type: "button", id: "rp-first", onclick: () => stepReplay(0)}, "⏮ Start"),
      el("button", {type: "button", id: "rp-prev", onclick: () => stepReplay(T.rply - 1)}, "◀ Back"),
      el("button", {type: "button", id: "rp-next", onclick: () => stepReplay(T.rply + 1)}, "Next ▶"),
      el("button", {type: "button", id: "rp-last", onclick: () => stepReplay(T.total)}, "End ⏭")),
    slider, el("p", {class: "hint"}, "Keys: ← and → step through the moves."));
}
document.addEventListener("keydown", (e) => {
  if (!T.replay || e.target.tagName === "INPUT") return;
  if (e.key === "ArrowRight") stepReplay(T.rply + 1);
  if (e.key === "ArrowLeft") stepReplay(T.rply - 1);
});

// ---------------------------------------------------------------------- boot
(async function boot() {
  try { META = await api("GET", "/api/meta"); } catch (e) { toast("server unreachable: " + e.message, true); return; }
  const parts = location.pathname.split("/").filter(Boolean);
  if (parts[0] === "game" && parts[1]) tableFromUrl(parts[1]);
  else if (parts[0] === "replay" && parts[1]) replayPage(parts[1]);
  else lobby();
})();
