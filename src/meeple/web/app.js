// meeple: the browser table. Plain JS, no build step, no CDN.
// Lobby at /, a table at /game/<id>#seat=S&token=T, a replay at /replay/<id>.
// This file is the shell (lobby, connection, turn flow, log, replay); each
// game's file (ethnos.js, okc.js, anunnaki.js) registers GAMES[name] with
//   name (the lobby's options form is drawn from the game's schema: optionsForm)
//   stats(v) -> nodes for the status bar
//   decision(v, box) -> fills the decision panel when the viewer must answer
//   render(v) -> {main: [panels], side: [panels]}
//   onView(v, prev) (optional) -> called when a new view arrives
"use strict";

const ICONS = ["●", "▲", "■", "◆", "★", "✚"];
const SHAPES = ["page.shape.circle", "page.shape.triangle", "page.shape.square", "page.shape.diamond", "page.shape.star",
                "page.shape.cross"];
const GAMES = {};
let META = null;

// ------------------------------------------------------------------ helpers
// one builder for HTML and SVG elements: attributes, "text", on<event>, children
function build(ns, tag, attrs, kids) {
  const e = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) listen(e, k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat()) {
    if (kid === null || kid === undefined || kid === false) continue;
    e.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return e;
}
// a node's handlers live in e.__on: a re-render that keeps the node (morph)
// hands it the new ones
function listen(e, type, fn) {
  if (!e.__on) e.__on = {};
  if (!(type in e.__on)) e.addEventListener(type, (ev) => { const f = e.__on && e.__on[type]; if (f) f(ev); });
  e.__on[type] = fn;
}
const el = (tag, attrs, ...kids) => build(null, tag, attrs, kids);
const svgEl = (tag, attrs, ...kids) => build("http://www.w3.org/2000/svg", tag, attrs, kids);
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
// a person's seat without an account is marked as chat marks a guest: nobody
// passes for a registered player by a name alone
const guestMark = (seat) => seat && seat.kind === "human" && !seat.account && !seat.open ? " " + t("page.seat.guest") : "";
function playerTag(view, s, extra) {
  const seat = view.seats[s];
  return el("span", {class: "ptag p" + s + (extra ? " " + extra : ""), title: seat.name + " (" + t(SHAPES[s]) + ")"},
            el("span", {class: "picon", "aria-hidden": "true"}, ICONS[s]), " ", seat.name);
}
// whether a person at the table has the page open
function onlineMark(v, i) {
  const on = (v.online || []).includes(i);
  return el("span", {class: "online", title: t(on ? "page.conn.online" : "page.conn.offline")}, " " + t(on ? "page.conn.online" : "page.conn.offline"));
}
function isMine(v) {
  const d = v.decision;
  return !!d && v.you !== null && v.you !== undefined && d.seat === v.you && (d.seats || [d.seat]).includes(v.you);
}
// what this seat is choosing: the decision as offered to it, without who is
// still to answer and who has (null when it is not this seat's choice)
function choiceKey(v) {
  if (!isMine(v)) return null;
  const offer = Object.assign({}, v.decision);
  for (const who of ["seats", "chosen", "chose"]) delete offer[who];
  return JSON.stringify(offer);
}
// buttons for a list of MOVEs (label(m) words them); each sends its move
function moveButtons(moves, label, attrs) {
  return el("div", Object.assign({class: "choices"}, attrs || {}), moves.map((m) =>
    el("button", {type: "button", "data-move": m, onclick: () => send(m)}, label ? label(m) : m)));
}
const LEVELS = [["human", "page.level.human"], ["bot:easy", "page.level.easy"], ["bot:medium", "page.level.medium"],
                ["bot:hard", "page.level.hard"], ["bot:random", "page.level.random"], ["bot:greedy", "page.level.greedy"],
                ["bot:ismcts:0.5s", "page.level.ismcts"]];
// a bot's level in words ("easy"); a level with no words (a search's setting) reads as it is written
const LEVEL_NAME = {easy: "page.level_name.easy", medium: "page.level_name.medium", hard: "page.level_name.hard",
                    random: "page.level_name.random", greedy: "page.level_name.greedy"};
const levelName = (level) => LEVEL_NAME[level] ? t(LEVEL_NAME[level]) : level;
const botWords = (level) => t("page.seat.bot", {level: levelName(level)});

// -------------------------------------------------------------------- lobby
// The new-game options of one game, drawn from the schema the server sends
// (GET /api/meta: games[g].options, declared once in the game's spec):
// "bool" a checkbox, "int" a select of its choices, "names" random or chosen,
// one per seat (count "seats") or a set of count[players] names.
function optionsForm(schema, words) {
  let players = 2;
  const parts = schema.map((o0) => {
    const w = (words || {})[o0.name] || {};
    const o = Object.assign({}, o0, {label: w.label ? t(w.label) : o0.label, help: w.help ? t(w.help) : o0.help,
                                     item: w.item ? t(w.item) : o0.item});
    const label = (c) => w.choice ? w.choice(c) : (o.labels || {})[c] || String(c);
    if (o.type === "bool") {
      const box = el("input", {type: "checkbox", id: "opt-" + o.name, checked: !!o.default});
      return {node: el("label", {title: o.help}, box, " " + o.label), value: () => box.checked || undefined};
    }
    if (o.type === "int") {
      const pick = el("select", {id: "opt-" + o.name, "aria-label": o.label, title: o.help},
        o.choices.map((c) => el("option", {value: c, selected: c === o.default}, label(c))));
      return {node: el("label", {}, o.label + " ", pick), value: () => +pick.value === o.default ? undefined : +pick.value};
    }
    const mode = el("select", {id: "opt-" + o.name + "-mode", "aria-label": o.label, title: o.help},
      el("option", {value: "random"}, t("page.options.random", {what: o.label.toLowerCase()})),
      el("option", {value: "chosen"}, t("page.options.chosen", {what: o.label.toLowerCase()})));
    const box = el("fieldset", {id: "opt-" + o.name, class: "tribes", hidden: true}, el("legend", {}, o.label));
    const hint = el("p", {class: "hint", id: "opt-" + o.name + "-hint"});
    const chosen = () => o.count === "seats" ? [...box.querySelectorAll("select")].map((s) => s.value)
      : [...box.querySelectorAll("input:checked")].map((i) => i.value);
    function check() {
      const vals = chosen();
      const need = o.count === "seats" ? players : o.count[players];
      hint.textContent = mode.value !== "chosen" ? ""
        : new Set(vals).size !== vals.length ? t("page.options.different", {item: o.item})
        : o.count !== "seats" && vals.length !== need ? t("page.options.pick", {count: need, item: o.item}) : "";
    }
    function draw() {
      if (o.count !== "seats") {
        if (!box.querySelector("input")) box.append(...o.choices.map((c) => el("label", {},
          el("input", {type: "checkbox", value: c, name: "opt-" + o.name, onchange: check}), " " + label(c))));
        return check();
      }
      const old = chosen();
      box.replaceChildren(el("legend", {}, o.label), ...Array.from({length: players}, (_, i) => el("label", {},
        el("span", {class: "ptag p" + i}, ICONS[i] + " " + t("page.seat.number", {n: i + 1})), " ",
        el("select", {id: "opt-" + o.name + "-" + i, "aria-label": t("page.options.of_seat", {item: o.item, n: i + 1}), onchange: check},
          o.choices.map((c) => el("option", {value: c, selected: (old[i] || o.choices[i]) === c}, label(c)))))));
      check();
    }
    mode.addEventListener("change", () => { box.hidden = mode.value !== "chosen"; check(); });
    return {node: el("div", {}, el("div", {class: "row"}, mode), box, hint), onPlayers: draw,
            value: () => mode.value === "chosen" ? chosen() : undefined};
  });
  return {
    nodes: parts.map((p) => p.node),
    onPlayers(n) { players = n; parts.forEach((p) => p.onPlayers && p.onPlayers()); },
    options() {
      const out = {};
      schema.forEach((o, i) => { const v = parts[i].value(); if (v !== undefined) out[o.name] = v; });
      return out;
    },
  };
}

function lobby() {
  const app = document.getElementById("app");
  const names = Object.keys(GAMES).filter((g) => META.games[g]);
  const params = new URLSearchParams(location.search);
  const pick = el("select", {id: "game", "aria-label": t("page.lobby.game_label")},
    names.map((g) => el("option", {value: g, selected: g === (params.get("game") || "ethnos")}, gameName(g))));
  const seatsBox = el("div", {id: "seats"});
  const players = el("select", {id: "players", "aria-label": t("page.lobby.players_label")});
  const extra = el("div", {id: "game-options"});
  const seed = el("input", {id: "seed", type: "number", min: 0, placeholder: t("page.lobby.seed_placeholder"),
                            "aria-describedby": "seed-hint", "aria-label": t("page.lobby.seed_label")});
  const out = el("div", {id: "invites", "aria-live": "polite"});
  const hints = hintsChoice(seatsBox);
  const heading = el("h1", {});
  let opts = null;
  function drawSeats() {
    const n = +players.value, m = META.games[pick.value];
    const levels = LEVELS.filter(([v]) => v === "human" || (m.levels || []).includes(v.slice(4)));
    const old = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    seatsBox.replaceChildren(...Array.from({length: n}, (_, i) => el("label", {class: "seatrow"},
      el("span", {class: "ptag p" + i}, el("span", {class: "picon", "aria-hidden": "true"}, ICONS[i]), " " + t("page.seat.number", {n: i + 1})),
      el("select", {id: "seat-" + i, "aria-label": t("page.seat.number", {n: i + 1})},
        levels.map(([v, l]) => el("option", {value: v, selected: (old[i] || (i === 0 ? "human" : "bot:easy")) === v}, t(l)))))));
    hints.follow();
    if (opts && opts.onPlayers) opts.onPlayers(n);
  }
  function drawGame() {
    const g = pick.value, m = META.games[g];
    document.getElementById("title").textContent = t("page.lobby.title", {game: gameName(g)});
    heading.textContent = t("page.lobby.heading", {game: gameName(g)});
    const keep = +players.value || 4;
    players.replaceChildren(...Array.from({length: m.max_players - m.min_players + 1}, (_, i) => m.min_players + i)
      .map((n) => el("option", {value: n, selected: n === Math.min(m.max_players, Math.max(m.min_players, keep))},
        t("page.lobby.players", {count: n}))));
    opts = optionsForm(m.options || [], GAMES[g].optionWords);
    extra.replaceChildren(...(opts ? opts.nodes : []));
    drawSeats();
  }
  pick.addEventListener("change", drawGame);
  players.addEventListener("change", drawSeats);
  const create = el("button", {id: "create", type: "button", class: "primary", onclick: async () => {
    const n = +players.value;
    const body = {game: pick.value, players: n, seats: [...seatsBox.querySelectorAll("select")].map((s) => s.value)};
    if (seed.value !== "") { body.seed = +seed.value; body.open_seed = true; }
    body.hints = hints.value();
    const o = opts && opts.options ? opts.options(n) : null;
    if (o && Object.keys(o).length) body.options = o;
    Social.tableSetup(body);
    create.disabled = true;
    try {
      const g = await api("POST", "/api/games", body);
      goToSeat(g, body.table && body.table.seat);
    } catch (e) { toast(e.message, true); }
    create.disabled = false;
  }}, t("page.lobby.create"));
  const list = el("div", {id: "recent"});
  app.replaceChildren(el("section", {class: "panel lobby"},
    heading,
    el("div", {class: "row"}, el("label", {}, t("page.lobby.game") + " ", pick), players,
      el("label", {}, t("page.lobby.seed") + " ", seed)),
    el("p", {class: "hint", id: "seed-hint"}, t("page.lobby.seed_hint")),
    extra, seatsBox, hints.node, create, out),
    el("section", {class: "panel"}, el("h2", {}, t("page.lobby.recent")), list));
  drawGame();
  Social.lobbyPanels(app, seatsBox);
  async function recent() {
    try {
      const r = await api("GET", "/api/games?limit=20");
      list.replaceChildren(r.games.length ? el("ul", {class: "tables"}, r.games.map((g) => el("li", {"data-game": g.id},
        el("a", {href: (g.status === "active" ? "/game/" : "/replay/") + g.id, class: "table-link"},
          tableWords(g)), (g.hints ? t("page.lobby.hints_allowed") : "") + (g.open_seed ? t("page.lobby.open_seed") : "") +
        " — " + new Date(g.created_at * 1000).toLocaleString(document.documentElement.lang)))) :
        el("p", {}, t("page.lobby.no_games")));
    } catch (e) { list.textContent = e.message; }
  }
  recent();
}

// "Create" takes the creator to their seat; the other people's invite links
// wait at the table (this browser only) until the creator puts them away
function goToSeat(g, seat) {
  const humans = g.seats.filter((s) => s.kind === "human" && s.token);
  const mine = humans.find((s) => s.seat === seat) || humans[0];
  try {
    if (mine) localStorage.setItem(seatKey(g.id), JSON.stringify({seat: mine.seat, token: mine.token}));
    const others = humans.filter((s) => s !== mine).map((s) => ({seat: s.seat, token: s.token}));
    if (others.length) localStorage.setItem("meeple:invites:" + g.id, JSON.stringify(others));
  } catch (e) {}
  location.href = "/game/" + g.id + (mine ? "#seat=" + mine.seat + "&token=" + mine.token : "");
}
// a game's name in the reader's language (each game's file names its key)
const gameName = (g) => GAMES[g] && GAMES[g].nameKey ? t(GAMES[g].nameKey) : (META.games[g] || {}).name || g;
// a table of the lobby's list in words: game, players and names, state
function tableWords(g) {
  const who = g.seats.map((spec, i) => g.names[i] ? g.names[i] + (g.accounts && !g.accounts[i] ? " " + t("page.seat.guest") : "") :
    (spec.startsWith("bot:") ? botWords(spec.slice(4)) :
    (g.open || []).includes(i) ? t("page.seat.open") : t("page.seat.player", {n: i + 1})));
  const won = (g.winners || []).map((s) => g.names[s] || (g.seats[s].startsWith("bot:") ? t("page.seat.a_bot") : t("page.seat.player", {n: s + 1})));
  const state = g.status === "finished" ? (won.length ? t("page.lobby.won_by", {names: won}) : t("page.lobby.finished")) :
    g.status === "closed" ? t("page.lobby.closed") : t("page.lobby.in_play");
  return t("page.lobby.table", {game: gameName(g.game), count: g.players, who: who.join(", "), state});
}
async function copy(text) {
  try { await navigator.clipboard.writeText(text); toast(t("page.link.copied")); }
  catch (e) { window.prompt(t("page.link.copy"), text); }
}

// -------------------------------------------------------------------- table
const T = {view: null, events: [], ws: null, seat: null, token: null, id: null, sel: [], retry: 0, replay: false};

const seatKey = (id) => "meeple:" + id;
function tableFromUrl(id) {
  T.id = id;
  const h = new URLSearchParams(location.hash.slice(1));
  const key = seatKey(id);
  if (h.get("seat") !== null && h.get("token")) {
    T.seat = +h.get("seat"); T.token = h.get("token");
    try { localStorage.setItem(key, JSON.stringify({seat: T.seat, token: T.token})); } catch (e) {}
    history.replaceState(null, "", location.pathname);   // keep the key out of the address bar
  } else {
    try { const s = JSON.parse(localStorage.getItem(key) || "null"); if (s) { T.seat = s.seat; T.token = s.token; } } catch (e) {}
  }
  connect();
}
// an invite link pasted into a tab that already shows the game takes the seat now
window.addEventListener("hashchange", () => {
  if (T.replay || !T.id || !new URLSearchParams(location.hash.slice(1)).get("token")) return;
  const old = T.ws;
  T.ws = null;
  if (old) { old.onclose = null; old.close(); }
  T.view = null; T.events = []; T.moves = []; T.fatal = null; T.retry = 0;
  tableFromUrl(T.id);
});
// a seat whose token the server refuses (a wrong or stale link) watches instead,
// and the refused key leaves this browser's storage
function dropSeat(why) {
  try { localStorage.removeItem(seatKey(T.id)); } catch (e) {}
  T.seat = null; T.token = null; T.fatal = null;
  toast(t("page.table.refused_watch", {why}), true);
}

function connect() {
  // the token travels as a websocket subprotocol, not in the URL, so a failed
  // connection's console message does not show it
  const q = T.seat !== null ? "?seat=" + T.seat : "";
  const protocols = T.seat !== null ? ["meeple", "token." + T.token] : [];
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/api/games/" + T.id + "/ws" + q, protocols);
  T.ws = ws;
  setConn("connecting");
  ws.onopen = () => { T.retry = 0; setConn("online"); };
  ws.onmessage = (m) => {
    const msg = JSON.parse(m.data);
    if (msg.type === "view") {
      T.events = T.events.slice(0, msg.events_from).concat(msg.events);
      T.moves = (T.moves || []).slice(0, msg.moves_from).concat(msg.moves);
      msg.moves = T.moves;
      // a half-made choice (cards picked, not yet sent) survives views that do
      // not change it, such as another seat's secret choice at a simultaneous step
      const key = choiceKey(msg);
      T.view = msg;
      if (T.lastMove === null) T.lastMove = T.events.length;
      if (key !== T.choiceKey) T.sel = [];
      T.choiceKey = key;
      render();
    } else if (msg.type === "error") {
      if (msg.status === 403 && !T.view && T.seat !== null) { T.refused = msg.error; return; }
      toast(msg.error, true);
      if (msg.status === 403 || msg.status === 404) { T.fatal = msg.error; }
      busy(false);
    } else if (msg.type === "ack") {
      // the table stays busy until the view after this move has come: the old
      // decision is not offered again in between
      if (!T.view || msg.ply === undefined || T.view.ply >= msg.ply) busy(false);
    } else if (msg.type === "presence") {
      // who is online changed, nothing else: a small message, not a new view
      if (T.view && JSON.stringify(T.view.online || []) !== JSON.stringify(msg.online)) { T.view.online = msg.online; render(); }
    } else if (msg.type === "chat" || msg.type === "rematch") {
      Social.message(msg);
    }
  };
  ws.onclose = (e) => {
    if (ws !== T.ws) return;            // replaced by a newer connection
    setConn("offline");
    if (T.refused || (e.code === 4403 && T.seat !== null)) {
      dropSeat(T.refused || e.reason || t("page.table.key_refused"));
      T.refused = null;
      connect();
      return;
    }
    if (T.fatal || e.code >= 4000) {
      document.getElementById("app").replaceChildren(el("section", {class: "panel"}, el("h1", {}, t("page.table.cannot_open")),
        el("p", {}, T.fatal || e.reason || t("page.table.closed")), el("p", {}, el("a", {href: "/"}, t("page.table.back")))));
      return;
    }
    T.retry = Math.min(T.retry + 1, 6);
    setTimeout(connect, 300 * T.retry);
  };
}
const CONN_WORDS = {connecting: "page.conn.connecting", online: "page.conn.online", offline: "page.conn.offline"};
function setConn(state) {
  const c = document.getElementById("conn");
  c.textContent = t(CONN_WORDS[state]); c.dataset.state = state;
}
function busy(on) {
  document.body.dataset.busy = on ? "1" : "0";
  // every action on the table waits for the server's answer (undo and replay stay)
  document.querySelectorAll(".col.main button:not(#undo-btn)").forEach((b) => { if (on) b.disabled = true; });
}
function send(move) {
  if (!T.ws || T.ws.readyState !== 1) { toast(t("page.conn.not_connected"), true); return; }
  busy(true);
  T.sel = []; T.choiceKey = null;  // the choice is made: the next one starts afresh
  T.lastMove = null;               // counted again from the view after this move
  T.ws.send(JSON.stringify({type: "move", move, ply: T.view.ply}));
}

function render() {
  const v = T.view;
  if (!v) return;
  const G = GAMES[v.game];
  if (!G) { document.getElementById("app").replaceChildren(el("p", {}, t("page.table.unknown_game", {game: v.game}))); return; }
  const me = v.you;
  const mine = isMine(v);
  document.body.dataset.game = v.game;
  document.body.dataset.ply = v.ply;
  document.body.dataset.mine = mine ? "1" : "0";
  document.body.dataset.status = v.status;
  document.body.dataset.busy = "0";
  document.getElementById("title").textContent = (T.replay ? t("page.replay.title", {id: v.id}) : gameName(v.game) + " " + v.id) +
    (G.subtitle ? G.subtitle(v) : "") + " — " +
    (me !== null && me !== undefined ? t("page.table.you_are", {name: v.seats[me].name}) : t("page.table.spectating"));
  const app = document.getElementById("app");
  const focus = focusKey(document.activeElement);
  const parts = G.render(v);
  const next = el("div", {class: "layout", "data-table": v.id},
      el("div", {class: "col main"}, resultPanel(v), statusBar(v, G), undoPanel(v), resignPanel(v), Social.invitePanel(v),
         decisionPanel(v, G), parts.main || []),
      el("div", {class: "col side"}, parts.side || [], handsPanel(v, G), Social.panels(v), logPanel(v)));
  const cur = app.firstElementChild;
  if (cur && app.childElementCount === 1 && cur.dataset.table === v.id) morph(cur, next);
  else app.replaceChildren(next);
  restoreFocus(focus);
  Social.onView(v);
  const lg = document.getElementById("log-list");
  if (lg) lg.scrollTop = lg.scrollHeight;
}

// A push updates what changed and keeps every other node, so the control under
// a finger (or with focus, or a half-made selection) stays that control: a
// node is kept when the new one has its tag and key (id, move, card, band,
// kingdom; repeated keys by order), or, without a key, its tag at the same
// place. A node marked __keep (the chat, the clocks) is moved in as it is.
const MORPH_KEYS = ["data-move", "data-card", "data-band", "data-kingdom", "data-seat"];
function nodeKey(n) {
  if (n.nodeType !== 1 || n.__keep) return null;
  let k = n.id;
  for (const a of MORPH_KEYS) if (!k && n.hasAttribute(a)) k = a + "=" + n.getAttribute(a);
  return k ? n.nodeName + "|" + k : null;
}
function morph(o, n) {
  if (o.nodeType !== 1) { if (o.nodeValue !== n.nodeValue) o.nodeValue = n.nodeValue; return; }
  for (const a of [...o.attributes]) if (!n.hasAttribute(a.name)) o.removeAttribute(a.name);
  for (const a of n.attributes) if (o.getAttribute(a.name) !== a.value) o.setAttribute(a.name, a.value);
  if (o.__on) for (const t of Object.keys(o.__on)) if (!n.__on || !(t in n.__on)) o.__on[t] = null;
  if (n.__on) for (const [t, f] of Object.entries(n.__on)) listen(o, t, f);
  if (o.tagName === "INPUT" && o !== document.activeElement && o.type !== "checkbox" && o.type !== "radio") o.value = n.value;
  morphKids(o, n);
}
function morphKids(op, np) {
  const olds = [...op.childNodes], news = [...np.childNodes];
  const byKey = new Map(), count = new Map(), used = new Set();
  const nth = (k) => { const c = (count.get(k) || 0) + 1; count.set(k, c); return k + "#" + c; };
  olds.forEach((o) => { const k = nodeKey(o); if (k) byKey.set(nth(k), o); });
  count.clear();
  news.forEach((n, i) => {
    const k = nodeKey(n), here = op.childNodes[i];
    let o = k ? byKey.get(nth(k)) : (here && !used.has(here) && !here.__keep && !nodeKey(here) && here.nodeName === n.nodeName ? here : null);
    if (n.__keep || (o && used.has(o))) o = null;
    if (o) { used.add(o); morph(o, n); if (here !== o) op.insertBefore(o, here || null); }
    else { used.add(n); op.insertBefore(n, here || null); }
  });
  while (op.childNodes.length > news.length) op.removeChild(op.lastChild);
}

// Re-rendering replaces the nodes: keyboard focus goes back to the same control
// (same id, or same move/card/label and position), else to the decision panel,
// never to the page body.
const FOCUS_ATTRS = ["data-move", "data-band", "data-card", "aria-label"];
function focusKey(a) {
  if (!a || a === document.body || !document.getElementById("app").contains(a)) return null;
  if (a.id) return {sel: "#" + CSS.escape(a.id), n: 0};
  const attr = FOCUS_ATTRS.find((k) => a.hasAttribute(k));
  const sel = attr ? a.tagName.toLowerCase() + "[" + attr + "=\"" + CSS.escape(a.getAttribute(attr)) + "\"]" : a.tagName.toLowerCase();
  return {sel, n: [...document.querySelectorAll("#app " + sel)].indexOf(a)};
}
function restoreFocus(key) {
  if (!key) return;
  const all = [...document.querySelectorAll("#app " + key.sel)];
  const target = all[Math.min(key.n, all.length - 1)];
  if (target && !target.disabled) { target.focus({preventScroll: true}); return; }
  const box = document.getElementById("decision");
  if (box) { box.setAttribute("tabindex", "-1"); box.focus({preventScroll: true}); }
}

function waitingFor(v, d) {
  const seats = d.seats || [d.seat];
  return seats.map((s, i) => [i ? ", " : "", playerTag(v, s)]).flat();
}

// what the decision asks, in the presenter's words (never its internal name)
// (each game's file words its decisions: G.prompt(d), else the presenter's prompt)
function askText(d) {
  const G = GAMES[T.view && T.view.game] || {};
  return (G.prompt && G.prompt(d)) || d.prompt || t("page.turn.a_decision");
}
function statusBar(v, G) {
  const d = v.decision;
  let who = "";
  if (v.status === "finished") who = t("page.turn.game_over");
  else if (v.status === "closed") who = t("page.turn.closed");
  else if (d && isMine(v)) who = t("page.turn.yours", {what: askText(d)});
  else if (d) who = t("page.turn.theirs", {names: (d.seats || [d.seat]).map((s) => v.seats[s].name).join(", "), what: askText(d)});
  const fresh = freshCount(v);
  // the turn line stays at the top of the screen (small: a phone keeps its board)
  const bar = el("section", {class: "turnbar", id: "turnbar", "aria-label": t("page.turn.label"), "data-mine": isMine(v) ? "1" : "0"},
    el("span", {class: "turn", id: "turn"}, who),
    fresh ? el("a", {href: "#log-list", class: "fresh-count", id: "fresh-count"}, t("page.turn.fresh", {count: fresh})) : null);
  return [bar, el("section", {class: "panel status", "aria-label": t("page.status.label")},
    G.stats ? G.stats(v) : null, hintsNote(v),
    v.undo ? el("button", {type: "button", id: "undo-btn", onclick: () => { busy(true); T.ws.send(JSON.stringify({type: "undo"})); }},
      v.seats.filter((s) => s.kind === "human").length > 1 ? t("page.undo.ask") : t("page.undo.undo")) : null,
    v.open_seed ? el("span", {class: "stat open-seed", id: "open-seed"}, t("page.status.open_seed", {seed: String(v.seed)})) : null,
    canResign(v) ? el("button", {type: "button", id: "resign-btn", onclick: () => { T.resignAsk = true; render(); }}, t("page.resign.button")) : null,
    v.state && v.state.data_notice ? el("p", {class: "data-notice", id: "data-notice", role: "note"}, v.state.data_notice) : null)];
}

// an undo asked at a table with other people: they approve or decline it
function undoPanel(v) {
  const r = v.undo_request;
  if (!r || T.replay) return null;
  const box = el("section", {class: "panel undo-request", id: "undo-request", "data-status": r.status, "aria-live": "polite"});
  if (r.status === "declined") {
    const mine = r.seat === v.you, byMe = r.declined_by === v.you, by = v.seats[r.declined_by].name, of = v.seats[r.seat].name;
    box.append(el("p", {}, byMe ? t("page.undo.you_declined", {name: of}) :
      mine ? t("page.undo.declined_yours", {by}) : t("page.undo.declined", {by, name: of})));
    return box;
  }
  const waiting = waitingFor(v, {seats: r.waiting});
  box.append(el("p", {}, r.seat === v.you ? I18N.nodes("page.undo.you_asked", {waiting}) :
    I18N.nodes("page.undo.asks", {name: v.seats[r.seat].name, waiting})));
  if (r.waiting.includes(v.you)) {
    const answer = (approve) => { busy(true); T.ws.send(JSON.stringify({type: "undo_answer", approve})); };
    box.append(el("div", {class: "choices"},
      el("button", {type: "button", id: "undo-approve", class: "primary", onclick: () => answer(true)}, t("page.undo.allow")),
      el("button", {type: "button", id: "undo-decline", onclick: () => answer(false)}, t("page.undo.decline"))));
  }
  return box;
}

function decisionPanel(v, G) {
  const d = v.decision;
  const box = el("section", {class: "panel decision", id: "decision", "aria-label": t("page.decision.label"),
                            "data-kind": d && isMine(v) ? d.kind : ""});
  if (T.replay) {
    box.append(replayControls(v), analysisPanel(v));
    return box;
  }
  if (!d) { box.append(el("p", {}, v.status === "closed" ? t("page.decision.closed") : t("page.decision.over"))); return box; }
  if (!isMine(v)) {
    box.append(el("p", {}, I18N.nodes(v.you === null || v.you === undefined ? "page.decision.spectating_wait" : "page.decision.wait",
      {who: waitingFor(v, d), what: askText(d)})));
    return box;
  }
  if (G.decision) G.decision(v, box);
  else box.append(el("h2", {}, askText(d)), moveButtons(d.moves || []));
  hintPanel(v, G, box);
  return box;
}

// every seat's hand, where the view shows them all (a replay: nothing is hidden)
function handsPanel(v, G) {
  if (!G.handCards || !v.state.seats.every((sd) => Array.isArray(sd.hand) && !sd.hand.includes("?"))) return null;
  if (!T.replay) return null;
  return el("section", {class: "panel", id: "hands", "aria-label": t("page.hands.label")}, el("h2", {}, t("page.hands.title")),
    v.state.seats.map((sd, i) => el("div", {class: "handrow", "data-seat": i}, playerTag(v, i), " ",
      sd.hand.length ? G.handCards(sd.hand) : el("span", {class: "hint"}, t("page.hands.empty")))));
}

// ------------------------------------------------------------------ the end
// The result comes first once the game is over (and in a replay): places,
// names, points by source, how ties were broken, and the rematch beside it.
// (each game's file words its ranking's measures: G.rankWords, else the presenter's words)
const rankWord = (w) => { const G = GAMES[T.view && T.view.game] || {}; return G.rankWord ? G.rankWord(w) : w; };
function tieText(v, r) {
  return (r.ties || []).map((x) => {
    const other = v.seats[x.seat].name;
    if (!x.by) return t("page.result.tie_shared", {other, on: rankWord(x.on)});
    return t("page.result.tie_broken", {other, on: rankWord(x.on), by: rankWord(x.by), name: v.seats[r.seat].name,
                                        yours: rankWord(x.yours), theirs: rankWord(x.theirs)});
  });
}
function resultPanel(v) {
  const rows = v.ranking || v.result;
  if (!rows || !rows.length) return null;
  const won = rows.filter((r) => r.winner).map((r) => r.seat);
  const head = won.length === 1 ? (won[0] === v.you ? t("page.result.you_win") : t("page.result.wins", {name: v.seats[won[0]].name})) :
    t("page.result.share", {names: won.map((s) => s === v.you ? t("page.result.you") : v.seats[s].name)});
  const early = T.replay && v.ply < T.total;
  return el("section", {class: "panel result", id: "result", "aria-label": t("page.result.label")},
    el("div", {class: "result-head"},
      el("h2", {id: "result-title"}, early ? t("page.result.of_this_game", {head}) : head),
      el("div", {class: "choices result-actions"}, T.replay ? null : Social.rematchControls(v),
        !T.replay ? el("a", {href: "/replay/" + v.id, id: "replay-link", class: "button"}, t("page.result.watch_replay")) : null)),
    el("ol", {class: "ranking", id: "ranking"}, rows.map((r) => el("li", {"data-seat": r.seat, "data-place": r.place, class: r.winner ? "winner" : null},
      el("span", {class: "place"}, t("page.result.place", {n: r.place})), " ", playerTag(v, r.seat), " ",
      el("b", {class: "points"}, rankTotal(v, r) || rankSummary(v, r) || ""),
      r.resigned ? el("span", {class: "hint"}, " " + t("page.result.resigned")) : null,
      r.by_resignation ? el("span", {class: "hint"}, " " + t("page.result.others_resigned")) : null,
      r.breakdown && Object.keys(r.breakdown).length ? el("div", {class: "breakdown"},
        Object.entries(r.breakdown).map(([k, n]) => el("span", {class: "src"}, rankWord(k) + " " + n))) : null,
      tieText(v, r).map((t) => el("div", {class: "tie"}, t))))));
}

// a ranking row's points: counted in the reader's language from the row's number (G.rankTotal), else the presenter's words
function rankTotal(v, r) {
  const G = GAMES[v.game] || {};
  return (G.rankTotal && G.rankTotal(r)) || r.total;
}
// a ranking row's summary: the game's own words (G.rankSummary), else the presenter's
function rankSummary(v, r) {
  const G = GAMES[v.game] || {};
  if (r.by_resignation) return t("page.result.won_resigned");
  if (r.resigned && !r.breakdown) return t("page.result.resigned");
  return (G.rankSummary && G.rankSummary(v, r)) || r.summary;
}

// ------------------------------------------------------------------- resign
function canResign(v) {
  return !T.replay && v.status === "active" && v.you !== null && v.you !== undefined && T.token && !v.seats[v.you].resigned;
}
function resignPanel(v) {
  if (!T.resignAsk || !canResign(v)) return null;
  const others = v.seats.filter((s, i) => i !== v.you && !s.resigned).length;
  const what = others === 1 ? t("page.resign.ends", {name: v.seats.find((s, i) => i !== v.you && !s.resigned).name}) :
    t("page.resign.bot_plays");
  return el("section", {class: "panel resign-ask", id: "resign-ask", role: "alertdialog", "aria-label": t("page.resign.label")},
    el("p", {}, t("page.resign.question", {what})),
    el("div", {class: "choices"},
      el("button", {type: "button", class: "danger", id: "resign-yes", onclick: resign}, t("page.resign.yes")),
      el("button", {type: "button", id: "resign-no", onclick: () => { T.resignAsk = false; render(); }}, t("page.resign.no"))));
}
async function resign() {
  T.resignAsk = false;
  try { await api("POST", "/api/games/" + T.id + "/resign", {seat: T.seat, token: T.token}); toast(t("page.resign.done")); }
  catch (e) { toast(e.message, true); }
}

// what happened since the viewer's last move (marked in the log, counted in the turn bar)
function freshCount(v) {
  if (T.replay || T.lastMove === undefined || T.lastMove === null) return 0;
  return Math.max(0, T.events.length - T.lastMove);
}
function logPanel(v) {
  const evs = T.replay ? v.events : T.events;
  const shown = evs.slice(-200), first = evs.length - shown.length;
  const fresh = freshCount(v), from = evs.length - fresh;
  const G = GAMES[v.game] || {};
  return el("section", {class: "panel", "aria-label": t("page.log.label")}, el("h2", {}, t("page.log.title")),
    el("ol", {class: "log", id: "log-list", tabindex: "0"}, shown.map((e, i) =>
      el("li", {class: "ev-" + e.kind + (fresh && first + i >= from ? " fresh" : "")},
        e.seat !== null && e.seat !== undefined && typeof e.seat === "number" && v.seats[e.seat] ?
        el("span", {class: "ptag p" + e.seat, "aria-hidden": "true"}, ICONS[e.seat] + " ") : null, eventText(v, e)))));
}
// an event in words: its key and named values in the reader's language
// (the game's file words what its values name), else the presenter's text
function eventText(v, e) {
  const G = GAMES[v.game] || {};
  if (!e.key || !I18N.has(e.key)) return e.text;
  return t(e.key, G.eventValues ? G.eventValues(v, e.values || {}) : (e.values || {}));
}

// ------------------------------------------------------------------- replay
async function replayPage(id) {
  T.replay = true; T.id = id;
  const first = await api("GET", "/api/games/" + id + "/replay?ply=0").catch((e) => { toast(e.message, true); return null; });
  if (!first) {
    document.getElementById("app").replaceChildren(el("p", {}, t("page.replay.none") + " ", el("a", {href: "/"}, t("page.replay.lobby"))));
    return;
  }
  T.total = first.total;
  T.replayWords = first.moves || null;   // every move in words (the move list)
  showReplay(first);
}
function showReplay(r) {
  T.rply = r.ply;
  if (T.rtarget === undefined) T.rtarget = r.ply;
  T.view = {id: r.id, game: r.game, ply: r.ply, seats: r.seats, state: r.state, decision: r.decision, you: null, events: r.events,
            scoring: r.scoring, ranking: r.ranking, result: r.result, status: r.ranking ? "finished" : "active", move: r.move};
  render();
}
// Each press moves the target at once; only the answer for the latest target
// is shown, so quick presses add up instead of being lost.
async function stepReplay(ply) {
  ply = Math.max(0, Math.min(T.total, ply));
  T.rtarget = ply;
  try {
    const r = await api("GET", "/api/games/" + T.id + "/replay?ply=" + ply);
    if (T.rtarget === ply) showReplay(r);
  } catch (e) { toast(e.message, true); }
}
function replayControls(v) {
  const last = !v.move ? t("page.replay.start") : v.seats[v.move.seat].name + ": " +
    ((v.move.words || []).join(" ") || t("page.replay.a_move"));
  const slider = el("input", {type: "range", min: 0, max: T.total, value: v.ply, id: "replay-slider", "aria-label": t("page.replay.slider")});
  slider.addEventListener("change", () => stepReplay(+slider.value));
  return el("div", {class: "replay"},
    el("h2", {}, t("page.replay.heading", {ply: v.ply, total: T.total})),
    el("p", {id: "replay-move"}, t("page.replay.last", {last})),
    el("div", {class: "choices"},
      el("button", {type: "button", id: "rp-first", onclick: () => stepReplay(0)}, "« " + t("page.replay.first")),
      el("button", {type: "button", id: "rp-prev", onclick: () => stepReplay(T.rtarget - 1)}, "‹ " + t("page.replay.prev")),
      el("button", {type: "button", id: "rp-next", onclick: () => stepReplay(T.rtarget + 1)}, t("page.replay.next") + " ›"),
      el("button", {type: "button", id: "rp-last", onclick: () => stepReplay(T.total)}, t("page.replay.end") + " »")),
    slider, el("p", {class: "hint"}, t("page.replay.keys")));
}
document.addEventListener("keydown", (e) => {
  if (!T.replay || e.target.tagName === "INPUT") return;
  if (e.key === "ArrowRight") stepReplay(T.rtarget + 1);
  if (e.key === "ArrowLeft") stepReplay(T.rtarget - 1);
});

// an address that is no page of the table
function notFound() {
  document.getElementById("title").textContent = t("page.missing.title");
  document.getElementById("app").replaceChildren(el("section", {class: "panel", id: "not-found"},
    el("h1", {}, t("page.missing.title")),
    el("p", {}, t("page.missing.text")),
    el("p", {}, el("a", {href: "/"}, t("page.missing.lobby")))));
}

// ---------------------------------------------------------------------- boot
// the words index.html holds, and the language switch in the header
function wordPage() {
  document.querySelector(".skip").textContent = t("page.skip");
  document.querySelector("header .brand").setAttribute("aria-label", t("page.brand_label"));
  const acc = document.getElementById("account");
  if (!document.getElementById("lang-pick")) acc.before(I18N.picker());
}
window.addEventListener("DOMContentLoaded", async function boot() {
  await I18N.ready;
  wordPage();
  try { META = await api("GET", "/api/meta"); } catch (e) { toast(t("page.conn.unreachable", {why: e.message}), true); return; }
  const parts = location.pathname.split("/").filter(Boolean);
  if (parts[0] === "game" && parts[1]) tableFromUrl(parts[1]);
  else if (parts[0] === "replay" && parts[1]) replayPage(parts[1]);
  else if (parts[0] === "u" && parts[1]) Social.profilePage(decodeURIComponent(parts[1]));
  else if (parts.length) notFound();
  else lobby();
});
