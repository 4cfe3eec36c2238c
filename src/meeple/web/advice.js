// meeple: the advisor in the page (issue #18). Uses app.js's helpers (el, svgEl,
// api, send, render, T, GAMES). Three parts:
//   hintsChoice(seatsBox)  the lobby's "allow hints" box (on by default for one person against bots)
//   hintsNote(v), hintPanel(v, G, box)  the table: the rule in words, the Hint button and its options
//   analysisPanel(v)       the replay: Analyse, its progress, the win-chance chart, the costly moves
"use strict";

const pct = (x) => t("page.advice.percent", {n: Math.round(x * 100)});
const sameMove = (a, b) => a.replace(/^(@?\d+:?)\s+/, "").trim().toLowerCase() ===
                           b.replace(/^(@?\d+:?)\s+/, "").trim().toLowerCase();

// ------------------------------------------------------------------- lobby
function hintsChoice(seatsBox) {
  const box = el("input", {type: "checkbox", id: "hints"});
  let touched = false;
  box.addEventListener("change", () => { touched = true; });
  const people = () => [...seatsBox.querySelectorAll("select")].filter((s) => s.value === "human").length;
  const follow = () => { if (!touched) box.checked = people() === 1; };
  seatsBox.addEventListener("change", follow);
  return {
    node: el("label", {class: "row", title: t("page.advice.allow_title")}, box, " " + t("page.advice.allow")),
    follow,
    value: () => box.checked,
  };
}

// ------------------------------------------------------------------- table
function hintsNote(v) {
  if (v.hints === undefined) return null;
  return el("span", {class: "stat hints-note", id: "hints-note"},
    v.hints ? t("page.advice.allowed") : t("page.advice.off"));
}

// a move in the words the decision panel uses for it (raw notation when it has none)
function wordsFor(v, G, move) {
  const d = v.decision || {};
  const o = (d.options || []).find((x) => x && x.move && sameMove(x.move, move));
  if (o && o.label) return o.label;
  return G.moveWords ? G.moveWords(v, move) : move;
}

function hintPanel(v, G, box) {
  if (!v.hints || T.seat === null || !isMine(v)) return;
  const h = T.hint && T.hint.ply === v.ply ? T.hint : null;
  const wrap = el("div", {class: "advisor", id: "advisor"});
  wrap.append(el("button", {type: "button", id: "hint-btn", disabled: !!(h && h.loading), onclick: () => askHint(v)},
    h && h.loading ? t("page.advice.thinking") : t("page.advice.hint")));
  if (h && h.error) wrap.append(el("p", {class: "hint"}, h.error));
  if (h && h.options) {
    wrap.append(el("p", {class: "hint"}, t("page.advice.best")),
      el("ol", {class: "hint-options", id: "hint-options"}, h.options.map((o) => el("li", {},
        el("button", {type: "button", class: "hint-opt", "data-move": o.move, "data-win": o.win,
                      onclick: () => send(o.move)},
          el("span", {class: "hint-move"}, wordsFor(v, G, o.move)),
          el("span", {class: "bar", "aria-hidden": "true"}, el("span", {style: "width:" + pct(o.win)})),
          el("span", {class: "hint-win"}, t("page.advice.chance", {pct: pct(o.win)})))))));
  }
  box.append(wrap);
}

async function askHint(v) {
  const ply = v.ply;
  T.hint = {ply, loading: true};
  render();
  try {
    const r = await api("GET", "/api/games/" + T.id + "/hint?seat=" + T.seat + "&token=" + encodeURIComponent(T.token));
    T.hint = {ply, options: r.options};
  } catch (e) {
    T.hint = {ply, error: t("page.advice.no_hint", {why: e.message})};
  }
  if (T.view && T.view.ply === ply) render();
}

// ------------------------------------------------------------------ replay
function analysisPanel(v) {
  const box = el("div", {class: "analysis", id: "analysis"});
  const a = T.analysis;
  if (!a) {
    T.analysis = {status: "loading"};
    Promise.all([api("GET", "/api/games/" + T.id + "/analysis"), api("GET", "/api/games/" + T.id + "/log")])
      .then(([got, log]) => { T.replayMoves = log.moves; T.analysis = got; render(); })
      .catch((e) => { T.analysis = {status: "failed", error: e.message}; render(); });
    return box;
  }
  if (a.status === "none" || a.status === "failed") {
    box.append(el("button", {type: "button", id: "analyse-btn", onclick: startAnalysis}, t("page.advice.analyse")),
      el("p", {class: "hint"}, a.error ? t("page.advice.failed", {why: a.error}) : t("page.advice.analyse_hint")));
  } else if (a.status === "queued" || a.status === "running") {
    box.append(el("p", {}, a.status === "queued" ? t("page.advice.queued") :
      t("page.advice.running", {done: a.done, total: a.total === null ? "?" : a.total})),
      el("progress", {id: "analysis-progress", max: a.total || 1, value: a.done}));
  } else if (a.status === "done") {
    box.append(winChart(v, a.result), costlyList(v, a.result));
  }
  if (T.replayMoves) box.append(moveList(v, a.result));
  return box;
}

async function startAnalysis() {
  try { T.analysis = await api("POST", "/api/games/" + T.id + "/analysis"); }
  catch (e) { T.analysis = {status: "failed", error: e.message}; }
  render();
  pollAnalysis();
}
function pollAnalysis() {
  if (!T.analysis || !["queued", "running"].includes(T.analysis.status)) return;
  setTimeout(async () => {
    try { T.analysis = await api("GET", "/api/games/" + T.id + "/analysis"); }
    catch (e) { T.analysis = {status: "failed", error: e.message}; }
    render();
    pollAnalysis();
  }, 700);
}

// each seat's chance of winning at its decisions, move by move (a step line)
function winChart(v, res) {
  const W = 640, H = 240, L = 52, R = 12, TOP = 12, B = 34;
  const n = Math.max(1, res.plies);
  const x = (ply) => L + (W - L - R) * ply / n;
  const y = (p) => TOP + (H - TOP - B) * (1 - p);
  const kids = [svgEl("title", {text: t("page.advice.chart_title")})];
  [0, 0.25, 0.5, 0.75, 1].forEach((p) => kids.push(
    svgEl("line", {x1: L, x2: W - R, y1: y(p), y2: y(p), class: "grid"}),
    svgEl("text", {x: L - 6, y: y(p) + 4, "text-anchor": "end", text: pct(p)})));
  kids.push(svgEl("text", {x: (L + W - R) / 2, y: H - 4, "text-anchor": "middle", text: t("page.advice.axis_move")}),
    svgEl("text", {x: 12, y: (TOP + H - B) / 2, "text-anchor": "middle", transform: "rotate(-90 12 " + (TOP + H - B) / 2 + ")",
                   text: t("page.advice.axis_chance")}),
    svgEl("text", {x: L, y: H - 18, "text-anchor": "middle", text: "0"}),
    svgEl("text", {x: W - R, y: H - 18, "text-anchor": "middle", text: String(res.plies)}),
    svgEl("line", {x1: x(v.ply), x2: x(v.ply), y1: TOP, y2: H - B, class: "now"}));
  for (let s = 0; s < res.players; s++) {
    const rows = res.decisions.filter((r) => r.seat === s);
    const pts = rows.map((r) => [r.ply + 1, r.before]);
    if (res.finished) pts.push([res.plies, res.winners.includes(s) ? 1 : 0]);
    let d = "";
    pts.forEach(([px, py], i) => {
      d += (i ? " H" + x(px).toFixed(1) + " V" : "M" + x(px).toFixed(1) + " ") + y(py).toFixed(1);
    });
    kids.push(svgEl("path", {d, class: "wline p" + s, "data-seat": s}));
    rows.filter((r) => r.costly).forEach((r) => kids.push(svgEl("circle", {cx: x(r.ply + 1), cy: y(r.played_win), r: 5,
      class: "costly-dot p" + s}, svgEl("title", {text: t("page.advice.move_n", {n: r.ply + 1}) + ": " + playedWords(r.ply, r.played) + " (" + pct(r.played_win) + ")"}))));
  }
  return el("figure", {class: "winchart"},
    svgEl("svg", {id: "winchart", viewBox: "0 0 " + W + " " + H, role: "img",
                  "aria-label": t("page.advice.chart_label")}, kids),
    el("figcaption", {}, el("div", {class: "legend"}, v.seats.map((_, s) => [playerTag(v, s), " "]).flat()),
      t("page.advice.chart_caption", {mode: res.mode})));
}

function costlyList(v, res) {
  const bad = res.decisions.filter((r) => r.costly).sort((a, b) => b.cost - a.cost);
  return el("div", {class: "costly"}, el("h3", {}, t("page.advice.costly_title")),
    bad.length ? el("ol", {id: "costly-list"}, bad.map((r) => el("li", {},
      el("button", {type: "button", class: "link", onclick: () => stepReplay(r.ply + 1)}, t("page.advice.move_n", {n: r.ply + 1})), " ",
      playerTag(v, r.seat), ": " + t("page.advice.costly_move", {played: playedWords(r.ply, r.played), pct: pct(r.played_win),
        best: otherWords(v, r.best, r), best_pct: pct(r.before)})))) :
      el("p", {class: "hint"}, t("page.advice.no_costly")));
}

// a move of the game in words (the replay's list, built by the server from the log)
function playedWords(ply, move) {
  const w = T.replayWords && T.replayWords[ply];
  return w ? w.words.join(" ") : move;
}
// a move not played, in the game's words where the page has them
function otherWords(v, move, r) {
  if (r && r.words && r.words[move]) return r.words[move];
  const G = GAMES[v.game];
  return G && G.moveWords ? G.moveWords(v, move) : move;
}

// the replay's move list; with an analysis, the costly moves carry their better alternative
function moveList(v, res) {
  const rated = {};
  if (res) res.decisions.forEach((r) => { rated[r.ply] = r; });
  return el("div", {}, el("h3", {}, t("page.advice.moves")), el("ol", {class: "replay-moves", id: "replay-moves"}, T.replayMoves.map((m) => {
    const r = rated[m.ply];
    return el("li", {class: (r && r.costly ? "costly " : "") + (m.ply + 1 === v.ply ? "current" : ""), "data-ply": m.ply},
      el("button", {type: "button", class: "link", onclick: () => stepReplay(m.ply + 1)}, (m.ply + 1) + "."), " ",
      el("span", {class: "ptag p" + m.seat, "aria-hidden": "true"}, ICONS[m.seat] + " "), playedWords(m.ply, m.move),
      r && r.costly ? el("span", {class: "better"}, " — " + t("page.advice.costly_better", {cost: pct(r.cost), best: otherWords(v, r.best, r),
                                                                                         best_pct: pct(r.before)})) : null);
  })));
}
