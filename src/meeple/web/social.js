// meeple: the people around the table (loaded after app.js, uses its el/api/toast/T).
// Accounts and guest names, public tables and open seats in the lobby, chat,
// rematch, "your turn" signals (title, icon, sound, notification), profiles at
// /u/<name>. app.js calls Social.* at a few hooks; every text people typed is
// put in the page as text (el's "text"/children), never as HTML.
"use strict";

const Social = (() => {
  let me = null;                                 // the logged-in username or null
  const ready = I18N.ready.then(() => api("GET", "/api/me")).then((r) => { me = r.username; drawAccount(); }).catch(() => {});
  const store = {
    get: (k, d) => { try { const v = localStorage.getItem("meeple:" + k); return v === null ? d : v; } catch (e) { return d; } },
    set: (k, v) => { try { localStorage.setItem("meeple:" + k, v); } catch (e) {} },
  };
  const guestName = () => store.get("name", "");
  const CLOCKS = [["", "page.clock.none"], ["move:60", "page.clock.move_60"], ["move:120", "page.clock.move_120"],
                  ["move:600", "page.clock.move_600"], ["move:86400", "page.clock.move_86400"], ["game:900", "page.clock.game_900"],
                  ["game:259200", "page.clock.game_259200"]];

  // ------------------------------------------------------------- account
  function drawAccount() {
    const box = document.getElementById("account");
    if (!box) return;
    box.replaceChildren(me ?
      el("span", {}, el("a", {href: "/u/" + encodeURIComponent(me), id: "me-link"}, me), " ",
         el("button", {type: "button", id: "logout", onclick: logOut}, t("page.account.log_out"))) :
      el("a", {href: "/#account-panel", id: "login-link", onclick: () => { if (location.pathname === "/") focusAccount(); }}, t("page.account.log_in_link")));
  }
  function focusAccount() { setTimeout(() => { const u = document.getElementById("acc-user"); if (u) u.focus(); }, 0); }
  async function logOut() {
    try { await api("DELETE", "/api/session"); me = null; drawAccount(); toast(t("page.account.logged_out")); if (location.pathname === "/") lobby(); }
    catch (e) { toast(e.message, true); }
  }
  function accountPanel() {
    const user = el("input", {id: "acc-user", autocomplete: "username", maxlength: 24, "aria-label": t("page.account.username_label")});
    const pass = el("input", {id: "acc-pass", type: "password", autocomplete: "current-password", maxlength: 128,
                              "aria-label": t("page.account.password_label")});
    const name = el("input", {id: "guest-name", maxlength: 24, value: guestName(), placeholder: t("page.account.name_placeholder"),
                              "aria-label": t("page.account.guest_label")});
    name.addEventListener("change", () => store.set("name", name.value.trim()));
    const go = (path, label) => el("button", {type: "button", id: path === "/api/accounts" ? "signup-btn" : "login-btn", onclick: async () => {
      try {
        const r = await api("POST", path, {username: user.value.trim(), password: pass.value});
        me = r.username; pass.value = ""; drawAccount(); toast(t("page.account.welcome", {name: me})); lobby();
      } catch (e) { toast(e.message, true); }
    }}, label);
    if (me) return el("section", {class: "panel", id: "account-panel"}, el("h2", {}, t("page.account.you")),
      el("p", {}, I18N.nodes("page.account.you_play_as", {name: el("a", {href: "/u/" + encodeURIComponent(me)}, me)})));
    return el("section", {class: "panel", id: "account-panel"}, el("h2", {}, t("page.account.who")),
      el("div", {class: "row"}, el("label", {}, I18N.nodes("page.account.guest_named", {name}))),
      el("p", {class: "hint"}, t("page.account.or_log_in")),
      el("div", {class: "row"}, el("label", {}, t("page.account.username") + " ", user),
         el("label", {}, t("page.account.password") + " ", pass),
         go("/api/session", t("page.account.log_in")), go("/api/accounts", t("page.account.sign_up"))),
      el("p", {class: "hint"}, t("page.account.password_rule")));
  }

  // --------------------------------------------------------------- lobby
  function lobbyPanels(app, seatsBox) {
    const pub = el("input", {type: "checkbox", id: "public"});
    const mine = el("select", {id: "my-seat", "aria-label": t("page.lobby.my_seat_label")});
    const drawMine = () => {
      const humans = [...seatsBox.querySelectorAll("select")].map((s, i) => [i, s.value]).filter(([, v]) => v === "human");
      const keep = mine.value;
      mine.replaceChildren(...humans.map(([i]) => el("option", {value: i, selected: String(i) === keep}, ICONS[i] + " " + t("page.seat.number", {n: i + 1}))));
    };
    seatsBox.addEventListener("change", drawMine);
    new MutationObserver(drawMine).observe(seatsBox, {childList: true});
    drawMine();
    const clock = el("select", {id: "clock", "aria-label": t("page.lobby.clock_label")},
      CLOCKS.map(([v, l]) => el("option", {value: v}, t(l))));
    const create = document.getElementById("create");
    create.before(el("div", {class: "row"},
      el("label", {}, pub, " " + t("page.lobby.public")),
      el("label", {}, t("page.lobby.my_seat") + " ", mine), el("label", {}, t("page.lobby.clock") + " ", clock)));
    const open = el("div", {id: "open-tables"});
    app.prepend(accountPanel());
    app.append(el("section", {class: "panel"}, el("h2", {}, t("page.lobby.open_tables")), open));
    listOpen(open);
  }
  function tableSetup(body) {
    const mine = document.getElementById("my-seat");
    body.table = {public: document.getElementById("public").checked};
    if (mine && mine.value !== "") body.table.seat = +mine.value;
    if (!me && guestName()) body.table.name = guestName();
    const clock = document.getElementById("clock").value;
    if (clock) body.table.clock = {kind: clock.split(":")[0], seconds: +clock.split(":")[1]};
  }
  async function listOpen(box) {
    try {
      const r = await api("GET", "/api/games?limit=50");
      const open = r.games.filter((g) => g.status === "active" && g.open.length);
      box.replaceChildren(open.length ? el("ul", {class: "invite"}, open.map((g) => el("li", {"data-game": g.id},
        t("page.lobby.open_table", {game: gameName(g.game), count: g.players}) + " ",
        g.names.map((n, i) => n ? el("span", {class: "ptag p" + i}, ICONS[i] + " " + n + " ") : null), " ",
        g.open.map((s) => el("button", {type: "button", class: "take-seat", "data-seat": s, onclick: () => takeSeat(g.id, s)},
          I18N.nodes("page.lobby.take", {seat: el("span", {class: "ptag p" + s}, ICONS[s] + " " + t("page.seat.number", {n: s + 1}))})))))) :
        el("p", {}, t("page.lobby.no_open")));
    } catch (e) { box.textContent = e.message; }
  }
  async function takeSeat(id, seat) {
    const body = {seat};
    if (!me) {
      const name = guestName() || (window.prompt(t("page.account.name_at_table")) || "").trim();
      if (!name) return;
      store.set("name", name); body.name = name;
    }
    try {
      const r = await api("POST", "/api/games/" + id + "/sit", body);
      store.set(id, JSON.stringify({seat, token: r.token}));
      location.href = "/game/" + id;
    } catch (e) { toast(e.message, true); }
  }

  // --------------------------------------------------------------- table
  const chat = {id: null, list: null, box: null, last: 0, showSpectators: false, named: false};
  let rematchId = null;
  function chatBox() {
    if (chat.id === T.id && chat.box) return chat.box;
    Object.assign(chat, {id: T.id, last: 0, showSpectators: T.seat === null});
    chat.list = el("ol", {class: "log chat", id: "chat-list", "aria-live": "polite"});
    const input = el("input", {id: "chat-input", maxlength: 500, placeholder: t("page.chat.placeholder"), "aria-label": t("page.chat.input_label"),
                               autocomplete: "off"});
    const form = el("form", {class: "row", onsubmit: async (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      const body = {text};
      if (T.seat !== null) Object.assign(body, {seat: T.seat, token: T.token});
      else if (!me) body.name = guestName() || (window.prompt(t("page.chat.name_prompt")) || "").trim();
      if (!me && T.seat === null) { if (!body.name) return; store.set("name", body.name); }
      try { await api("POST", "/api/games/" + T.id + "/chat", body); input.value = ""; }
      catch (err) { toast(err.message, true); }
    }}, input, el("button", {type: "submit", id: "chat-send"}, t("page.chat.send")));
    const toggle = el("input", {type: "checkbox", id: "chat-spectators", checked: chat.showSpectators});
    toggle.addEventListener("change", () => { chat.showSpectators = toggle.checked; chat.box.dataset.spectators = toggle.checked ? "1" : "0"; });
    chat.box = el("section", {class: "panel chat-panel", id: "chat", "aria-label": t("page.chat.label"),
                              "data-spectators": chat.showSpectators ? "1" : "0"},
      el("h2", {}, T.seat === null ? t("page.chat.title_spectator") : t("page.chat.title")),
      el("label", {class: "hint"}, toggle, " " + t("page.chat.show_spectators")), chat.list, form);
    chat.box.__keep = true;  // a push moves it in as it is (what is being typed stays)
    api("GET", "/api/games/" + T.id + "/chat").then((r) => r.messages.forEach(addMessage)).catch(() => {});
    return chat.box;
  }
  function addMessage(m) {
    if (m.id <= chat.last || !chat.list) return;
    chat.last = m.id;
    const name = m.account ? el("a", {href: "/u/" + encodeURIComponent(m.name)}, m.name) : m.name;
    const who = m.seat !== null ? el("span", {class: "ptag p" + m.seat}, ICONS[m.seat] + " ", name) :
      el("span", {class: "spectator"}, "👁 ", name);
    chat.list.append(el("li", {class: "msg ch-" + m.channel, "data-channel": m.channel}, who, m.account ? "" : " " + t("page.seat.guest"), ": ", m.text));
    chat.list.scrollTop = chat.list.scrollHeight;
  }
  // beside the result: offer or join a rematch; an offer stays shown until
  // this player joins it (it is a table waiting for them)
  let rematchBy = null;
  function rematchControls(v) {
    if (v.status !== "finished" || T.replay) return null;
    if (rematchId === null) {
      rematchId = "";
      api("GET", "/api/games/" + v.id + "/rematch").then((r) => { if (r.rematch) { rematchId = r.rematch; render(); } }).catch(() => {});
    }
    const seated = T.seat !== null;
    return el("span", {class: "rematch", id: "rematch"},
      rematchId ? el("span", {id: "rematch-offer", class: "offer", role: "status"},
        (rematchBy ? t("page.rematch.offered_by", {name: rematchBy}) : t("page.rematch.offered")) + (seated ? ": " : " ")) : null,
      seated ? el("button", {type: "button", class: "primary", id: "rematch-btn", onclick: rematch},
                  rematchId ? t("page.rematch.join") : t("page.rematch.offer")) :
        (rematchId ? el("a", {href: "/game/" + rematchId, id: "rematch-watch", class: "button"}, t("page.rematch.watch")) : null));
  }
  async function rematch() {
    try {
      const r = await api("POST", "/api/games/" + T.id + "/rematch", {seat: T.seat, token: T.token});
      store.set(r.id, JSON.stringify({seat: r.seat, token: r.token}));
      location.href = "/game/" + r.id;
    } catch (e) { toast(e.message, true); }
  }
  function message(msg) {
    if (msg.type === "chat") addMessage(msg);
    else if (msg.type === "seats") showSeats(msg);
    else if (msg.type === "rematch") {
      rematchId = msg.id;
      rematchBy = msg.by;
      render();
    }
  }
  function panels(v) {
    if (T.replay) return [];
    return [seatsBox(v), chatBox()];
  }
  // the creator's invite links for the other people, kept in this browser
  // until the creator puts them away (the lobby takes the creator to the table)
  function invitePanel(v) {
    if (T.replay || v.status !== "active") return null;
    let links = null;
    try { links = JSON.parse(localStorage.getItem("meeple:invites:" + v.id) || "null"); } catch (e) {}
    if (!links || !links.length) return null;
    const base = location.origin + "/game/" + v.id;
    return el("section", {class: "panel invites", id: "invite-panel"},
      el("h2", {}, t("page.invite.title")),
      el("p", {class: "hint"}, t("page.invite.hint")),
      el("ul", {class: "invite"}, links.map((s) => {
        const url = base + "#seat=" + s.seat + "&token=" + s.token;
        return el("li", {"data-seat": s.seat}, playerTag(v, s.seat), " ",
          el("a", {href: url, class: "seat-link", "data-seat": s.seat}, t("page.invite.seat_link", {n: s.seat + 1})), " ",
          el("button", {type: "button", class: "copy-invite", onclick: () => copy(url)}, t("page.invite.copy")));
      }), el("li", {}, el("button", {type: "button", onclick: () => copy(base)}, t("page.invite.copy_spectators")))),
      el("button", {type: "button", id: "invites-done", onclick: () => {
        try { localStorage.removeItem("meeple:invites:" + v.id); } catch (e) {}
        render();
      }}, t("page.invite.done")));
  }

  // ---------------------------------------------- clocks and stand-in bots
  const seats = {id: null, box: null, status: null, at: 0, asked: 0};
  const clockText = (s) => {
    const left = Math.max(0, Math.round(s)), d = Math.floor(left / 86400), h = Math.floor(left % 86400 / 3600);
    const m = Math.floor(left % 3600 / 60), sec = String(left % 60).padStart(2, "0");
    return d ? t("page.clock.days", {d, h}) : h ? t("page.clock.hours", {h, m: String(m).padStart(2, "0")}) : m + ":" + sec;
  };
  function seatsBox(v) {
    if (seats.id !== T.id) {
      Object.assign(seats, {id: T.id, status: null, at: 0, asked: 0,
                            box: el("section", {class: "panel", id: "seats-panel", "aria-label": t("page.seats.label"), hidden: true})});
      seats.box.__keep = true;
    }
    if (Date.now() - seats.asked > 3000) {
      seats.asked = Date.now();
      api("GET", "/api/games/" + T.id + "/seats").then(showSeats).catch(() => {});
    }
    return seats.box;
  }
  function showSeats(st) {
    if (st.id !== T.id || !T.view) return;
    seats.status = st; seats.at = Date.now();
    const v = T.view, mineStandIn = T.seat !== null && st.seats[T.seat] && st.seats[T.seat].stand_in;
    const rows = st.seats.filter((s) => s.remaining !== null || s.stand_in || (s.can_hand_over && T.seat !== null && s.seat !== T.seat));
    seats.box.hidden = !st.clock && !rows.length;
    const levels = ((META.games[v.game] || {}).levels || ["easy"]).filter((l) => !l.startsWith("ismcts"));
    seats.box.replaceChildren(el("h2", {}, st.clock ? t(st.clock.kind === "move" ? "page.seats.clocks_move" : "page.seats.clocks_game",
                                                       {time: clockText(st.clock.seconds)}) : t("page.seats.title")),
      mineStandIn ? el("p", {}, t("page.seats.stand_in", {level: levelName(mineStandIn)}) + " ",
        el("button", {type: "button", class: "primary", id: "reclaim-btn", onclick: () => seatCall("reclaim", {seat: T.seat, token: T.token})},
          t("page.seats.reclaim"))) : null,
      el("ul", {class: "players"}, rows.map((s) => el("li", {"data-seat": s.seat, class: s.running ? "active" : ""},
        playerTag(v, s.seat), " ",
        s.remaining !== null ? el("span", {class: "clock" + (s.out_of_time ? " out" : ""), "data-seat": s.seat}, "") : null,
        s.out_of_time ? el("strong", {}, " " + t("page.seats.out_of_time")) : null,
        s.away >= st.away_seconds ? " — " + t("page.seats.away") : null,
        s.can_hand_over && T.seat !== null && s.seat !== T.seat ? el("span", {class: "handover"}, " ",
          el("select", {id: "handover-level-" + s.seat, "aria-label": t("page.seats.level_label")},
            levels.map((l) => el("option", {value: l}, cap(levelName(l))))),
          el("button", {type: "button", class: "handover-btn", "data-seat": s.seat, onclick: () => seatCall("hand-over",
            {seat: s.seat, by: T.seat, token: T.token, level: document.getElementById("handover-level-" + s.seat).value})}, t("page.seats.hand_over"))) : null))));
    tickClocks();
  }
  function tickClocks() {
    const st = seats.status;
    if (!st || !st.clock || !seats.box) return;
    const gone = (Date.now() - seats.at) / 1000;
    seats.box.querySelectorAll(".clock").forEach((c) => {
      const s = st.seats[+c.dataset.seat];
      c.textContent = "⏱ " + clockText(s.running ? s.remaining - gone : s.remaining);
    });
  }
  setInterval(() => {
    tickClocks();
    if (T.id && !T.replay && T.view && T.view.status !== "finished" && Date.now() - seats.asked > 10000) seatsBox(T.view);
  }, 1000);
  async function seatCall(what, body) {
    try { await api("POST", "/api/games/" + T.id + "/" + what, body); seats.asked = 0; seatsBox(T.view); }
    catch (e) { toast(e.message, true); }
  }

  // the seat's name: the account's, or the guest's chosen one
  async function nameSeat(v) {
    if (chat.named || v.you === null || v.you === undefined || T.replay) return;
    chat.named = true;
    await ready;
    const seat = v.seats[v.you];
    const body = {seat: v.you, token: T.token};
    if (me) { if (seat.account && seat.name === me) return; }
    else if (!guestName() || seat.account || seat.name === guestName()) return;
    else body.name = guestName();
    api("POST", "/api/games/" + v.id + "/sit", body).catch((e) => toast(e.message, true));
  }

  // ---------------------------------------------------------- your turn
  const turn = {was: false, sound: store.get("sound", "0") === "1"};
  function icon(colour) {
    const svg = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><circle cx='8' cy='8' r='7' fill='" + colour + "'/></svg>";
    let link = document.querySelector("link[rel=icon]");
    if (!link) { link = el("link", {rel: "icon"}); document.head.append(link); }
    link.href = "data:image/svg+xml," + encodeURIComponent(svg);
  }
  function beep() {
    try {
      const ctx = new (window.AudioContext || window.webkitAudioContext)();
      const o = ctx.createOscillator(), g = ctx.createGain();
      o.frequency.value = 660; g.gain.value = 0.08;
      o.connect(g).connect(ctx.destination); o.start(); o.stop(ctx.currentTime + 0.18);
    } catch (e) {}
  }
  function signalTurn(v) {
    const mine = !T.replay && v.status !== "finished" && isMine(v);
    document.body.dataset.yourTurn = mine ? "1" : "0";
    const base = (GAMES[v.game] ? gameName(v.game) : "meeple") + " " + v.id;
    document.title = mine ? t("page.turn.tab_title", {title: base}) : base;
    icon(mine ? "#e0a800" : "#8a8377");
    if (mine && !turn.was) {
      if (turn.sound) beep();
      if (document.hidden && "Notification" in window && Notification.permission === "granted") {
        try { new Notification(t("page.turn.your_turn"), {body: base, tag: "meeple-" + v.id}); } catch (e) {}
      }
    }
    turn.was = mine;
  }
  function turnControls() {
    const sound = el("input", {type: "checkbox", id: "turn-sound", checked: turn.sound});
    sound.addEventListener("change", () => { turn.sound = sound.checked; store.set("sound", sound.checked ? "1" : "0"); });
    const canNotify = "Notification" in window && Notification.permission === "default";
    return el("span", {class: "turn-controls"}, el("label", {}, sound, " " + t("page.turn.sound")),
      canNotify ? el("button", {type: "button", id: "notify-btn", onclick: () => Notification.requestPermission()}, t("page.turn.notify")) : null);
  }
  function onView(v) {
    signalTurn(v);
    nameSeat(v);
    const status = document.querySelector(".panel.status");
    if (status && !T.replay && v.you !== null && v.you !== undefined) status.append(turnControls());
    if (chat.list) chat.list.scrollTop = chat.list.scrollHeight;
  }

  // ------------------------------------------------------------- profile
  async function profilePage(name, page) {
    page = page || 1;
    const app = document.getElementById("app");
    document.getElementById("title").textContent = t("page.profile.title", {name});
    let p;
    try { p = await api("GET", "/api/users/" + encodeURIComponent(name) + "?page=" + page + "&per_page=20"); }
    catch (e) {
      app.replaceChildren(el("section", {class: "panel"}, el("h1", {}, t("page.profile.none")), el("p", {}, el("a", {href: "/"}, t("page.replay.lobby")))));
      return;
    }
    const h = p.history, pages = Math.max(1, Math.ceil(h.total / h.per_page));
    const lang = document.documentElement.lang;
    app.replaceChildren(el("section", {class: "panel", id: "profile"},
      el("h1", {}, p.username),
      el("p", {class: "hint"}, t("page.profile.since", {date: new Date(p.since * 1000).toLocaleDateString(lang)})),
      el("h2", {}, t("page.profile.ratings")),
      p.ratings.length ? el("table", {class: "scoring", id: "ratings"},
        el("tr", {}, el("th", {}, t("page.profile.game")), el("th", {}, t("page.profile.rating")), el("th", {}, t("page.profile.games"))),
        p.ratings.map((r) => el("tr", {"data-game": r.game}, el("th", {scope: "row"}, gameName(r.game)),
          el("td", {title: t("page.profile.rating_title", {mu: r.mu, sigma: r.sigma})}, r.rating.toFixed(1)), el("td", {}, r.games)))) :
        el("p", {}, t("page.profile.no_games")),
      el("h2", {}, t("page.profile.history", {count: h.total})),
      el("ol", {id: "history", start: (h.page - 1) * h.per_page + 1}, h.games.map((g) => el("li", {"data-game": g.id},
        el("a", {href: (g.status === "finished" ? "/replay/" : "/game/") + g.id}, gameName(g.game) + " " + g.id),
        ", " + t("page.profile.players", {count: g.players}) + ", " + new Date(g.created_at * 1000).toLocaleString(lang) + ": ",
        g.status !== "finished" ? t("page.profile.in_play") : (g.place ? t("page.profile.place", {n: g.place}) : t("page.profile.finished")),
        g.rating_after !== null ? " " + t("page.profile.rating_change", {before: g.rating_before.toFixed(1), after: g.rating_after.toFixed(1)}) : ""))),
      el("div", {class: "choices"},
        h.page > 1 ? el("button", {type: "button", id: "hist-prev", onclick: () => profilePage(name, h.page - 1)}, "◀ " + t("page.profile.newer")) : null,
        el("span", {}, t("page.profile.page", {page: h.page, pages})),
        h.page < pages ? el("button", {type: "button", id: "hist-next", onclick: () => profilePage(name, h.page + 1)}, t("page.profile.older") + " ▶") : null)));
  }

  return {ready, lobbyPanels, tableSetup, message, panels, onView, profilePage, rematchControls, invitePanel};
})();
