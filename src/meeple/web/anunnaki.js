// meeple: Anunnaki on the browser table (registered with the shell in app.js).
// Boards are inline SVG: every region names its resources in letters (F W M G)
// as well as colours, players show their shape icon with their colour, and a
// region the decision asks for is a focusable button (Enter or Space picks it).
"use strict";
(() => {

const AM = () => META.games.anunnaki;
// a region in words, as the log and the terminal name it ("Pharaos 3", "Gaia 12", "Atlantis A")
const regionName = (id) => (AM().region_names || {})[id] || id;
const RES = ["food", "wood", "metal", "gold"];
// each resource's letter on the boards, in the reader's language (F W M G, 食 木 金 黄, Е Д М З)
const LETTER = {food: "page.anunnaki.letter.food", wood: "page.anunnaki.letter.wood", metal: "page.anunnaki.letter.metal",
                gold: "page.anunnaki.letter.gold"};
const RLET = new Proxy({}, {get: (_, r) => r === "any" ? "★" : LETTER[r] ? t(LETTER[r]) : undefined});
const RCOL = {food: "#f3d46e", wood: "#86b86b", metal: "#b4bdc6", gold: "#e5a84a"};
const SQ3 = Math.sqrt(3);

const svg = svgEl;
const nice = (s) => cap(String(s).replace(/_/g, " "));
// a game term by the game data's identifier (anunnaki.<kind>.<id>), else the identifier in words
const term = (kind, id) => { const k = "anunnaki." + kind + "." + id; return I18N.has(k) ? t(k) : nice(id); };
const houseName = (h) => I18N.has("anunnaki.house." + h) ? t("anunnaki.house." + h) : (AM().houses[h] || {}).name || nice(h);
const god = (g) => term("god", g), weapon = (w) => term("weapon", w), resource = (r) => term("resource", r);
const mine = (v) => isMine(v) && !T.replay;
const opts = (v) => (mine(v) && v.decision.options) || [];
function go(move) {
  if (document.body.dataset.busy === "1") return;
  send(move);
}
// a focusable SVG element that sends `move` (click, Enter or Space)
function pickable(attrs, move, label) {
  return Object.assign(attrs, {tabindex: "0", role: "button", "aria-label": label, "data-move": move,
    class: (attrs.class || "") + " pick",
    onclick: () => go(move),
    onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(move); } }});
}

// ------------------------------------------------------------------ boards
function hexCenter(q, r, R) { return [R * SQ3 * (q + r / 2), R * 1.5 * r]; }
function hexCorners(x, y, R) {
  return Array.from({length: 6}, (_, i) => {
    const a = Math.PI / 180 * (60 * i - 30);
    return [x + R * Math.cos(a), y + R * Math.sin(a)];
  });
}
function occupants(s, h) {
  const out = [];
  for (let i = 0; i < s.players; i++) {
    const f = (s.board.followers[h] || [])[i] || 0;
    const g = Object.values(s.board.gods[i] || {}).includes(h);
    const o = ((s.board.unit_settlements || [])[i] || {})[h];
    if (f || g || o) out.push(i);
  }
  return out;
}
function controller(s, h) {
  const occ = occupants(s, h);
  if (occ.length === 1) return s.board.ancient[h] ? null : occ[0];
  if (occ.length) return null;
  return s.board.settlements[h] !== undefined ? s.board.settlements[h] : null;
}
function unitsText(v, h, i) {
  const s = v.state;
  const f = (s.board.followers[h] || [])[i] || 0;
  const gods = Object.entries(s.board.gods[i] || {}).filter(([, w]) => w === h).map(([g]) =>
    g === "major" ? AM().houses[s.houses[i]].major : g);
  return {f, gods};
}

function boardSvg(v, name, hexes, extra) {
  const s = v.state, R = 40;
  const byId = {};
  const cs = hexes.map((h) => { const c = hexCenter(h.q, h.r, R); byId[h.id] = c; return c; });
  const xs = cs.map((c) => c[0]), ys = cs.map((c) => c[1]);
  const pad = R + 4;
  const minX = Math.min(...xs) - pad, minY = Math.min(...ys) - pad;
  const w = Math.max(...xs) - minX + pad, hgt = Math.max(...ys) - minY + pad;
  const pickBy = {};
  for (const o of opts(v)) if (o.hex) pickBy[o.hex] = o;
  const d = v.decision || {};
  const battleHex = d.battle ? d.battle.hex : null;
  const source = mine(v) ? v.decision.source : null;
  const g = svg("svg", {viewBox: `${minX} ${minY} ${w} ${hgt}`, class: "board", role: "group", "aria-label": name,
    style: `max-width:${Math.round(w * 1.6)}px`});
  for (const h of hexes) {
    const [x, y] = byId[h.id];
    const info = h;
    const ctrl = controller(s, h.id);
    const pts = hexCorners(x, y, R - 1).map((p) => p.map((n) => n.toFixed(1)).join(",")).join(" ");
    const res = info.res || [];
    let fill = info.atlantis ? "#34558f" : h.id === "uw" ? "#6b5a7e" : RCOL[res[0]] || "#ddd";
    const kids = [svg("polygon", {points: pts, class: "hexbg", fill})];
    if (res.length === 2) {   // a two-resource region: the second colour as a lower half
      const c = hexCorners(x, y, R - 1);
      kids.push(svg("polygon", {points: [c[0], c[1], c[2], c[3]].map((p) => p.map((n) => n.toFixed(1)).join(",")).join(" "),
        fill: RCOL[res[1]], "aria-hidden": "true"}));
    }
    kids.push(svg("polygon", {points: pts, class: "hexline" + (ctrl !== null ? " ctrl p" + ctrl : "")}));
    const dark = info.atlantis || h.id === "uw";
    const txt = (ty, t, cls) => svg("text", {x, y: y + ty, class: "ht " + (cls || "") + (dark ? " dark" : ""), "text-anchor": "middle"}, t);
    kids.push(txt(-25, regionName(h.id).split(" ").pop() + (info.capital ? " ♛" : ""), "hid"));
    const resWords = info.atlantis ? t("anunnaki.term.atlantis") : h.id === "uw" ? t("page.anunnaki.underworld") : res.map((r) => RLET[r]).join("/") + "×" + info.icons;
    kids.push(txt(-12, resWords + (info.shrines ? " " + "✦".repeat(info.shrines) : ""), "hres"));
    const ex = (s.board.exhausted || {})[h.id] || [];
    if (ex.length) kids.push(txt(31, "✕" + ex.map((r) => RLET[r] || r).join(""), "hex-ex"));
    const anc = s.board.ancient[h.id];
    if (anc) {
      const st = anc.tile !== "?" && anc.up ? AM().ancient[anc.tile].strength : "?";
      kids.push(svg("rect", {x: x - 30, y: y - 6, width: 20, height: 15, rx: 3, class: "anc"}),
        svg("text", {x: x - 20, y: y + 5, class: "ht anc-t", "text-anchor": "middle"}, t("page.anunnaki.letter.ancient") + st + (anc.god ? "☥" : "")));
    }
    // settlements: a house in the owner's colour with the owner's icon
    const stl = [];
    if (s.board.settlements[h.id] !== undefined) stl.push([s.board.settlements[h.id], 1]);
    (s.board.unit_settlements || []).forEach((o, i) => { if (o[h.id]) stl.push([i, o[h.id]]); });
    stl.forEach(([o, n], k) => {
      const sx = x + 18, sy = y - 6 + k * 14;
      kids.push(svg("g", {class: "stl p" + o},
        svg("path", {d: `M${sx - 7},${sy + 6} v-7 l7,-6 l7,6 v7 z`, class: "stl-house"}),
        svg("text", {x: sx, y: sy + 5, "text-anchor": "middle", class: "stl-icon"}, ICONS[o] + (n > 1 ? n : ""))));
    });
    // units: one line per player, icon + followers + gods
    let line = 0;
    for (let i = 0; i < s.players; i++) {
      const u = unitsText(v, h.id, i);
      if (!u.f && !u.gods.length) continue;
      const ux = anc ? x + 4 : x - 2;
      if (u.f) kids.push(svg("text", {x: ux, y: y + 6 + line * 11, class: "units p" + i, "text-anchor": "middle"}, ICONS[i] + u.f));
      if (u.f) line++;
      if (u.gods.length) {   // gods: the icon and ☥ per god; their names in the list under the boards
        kids.push(svg("text", {x: ux, y: y + 5 + line * 11, class: "units gods p" + i, "text-anchor": "middle"},
          svg("title", {}, v.seats[i].name + ": " + u.gods.map(nice).join(", ")), ICONS[i] + "☥".repeat(Math.min(3, u.gods.length))));
        line++;
      }
    }
    const pick = pickBy[h.id];
    const title = [hexTitle(v, h, ctrl)];
    if (pick) title.push("— " + pick.label);
    const attrs = {class: "hex" + (h.id === battleHex ? " battle" : "") + (h.id === source ? " source" : ""),
                   "data-hex": h.id, id: pick ? "hex-" + h.id : null};
    kids.unshift(svg("title", {}, title.join(" ")));
    g.append(svg("g", pick ? pickable(attrs, pick.move, pick.label) : attrs, kids));
  }
  if (extra && extra.dotted) {
    for (const [a, b] of extra.dotted) {
      if (!byId[a] || !byId[b]) continue;
      const [ax, ay] = byId[a], [bx, by] = byId[b];
      const near = hexCorners(ax, ay, R - 1).sort((p, q) => Math.hypot(p[0] - bx, p[1] - by) - Math.hypot(q[0] - bx, q[1] - by)).slice(0, 2);
      g.append(svg("line", {x1: near[0][0], y1: near[0][1], x2: near[1][0], y2: near[1][1], class: "dotted"},
        svg("title", {}, "a dotted edge: the way into Atlantis")));
    }
  }
  if (extra && extra.culture) {
    for (const [tri, idx] of extra.culture) {
      const c = s.board.culture[idx];
      if (!c || !tri.every((t) => byId[t])) continue;
      const cx = tri.reduce((a, t) => a + byId[t][0], 0) / 3, cy = tri.reduce((a, t) => a + byId[t][1], 0) / 3;
      const known = c.token !== "?";
      g.append(svg("g", {class: "cult" + (c.up ? " up" : "")},
        svg("title", {}, "culture token of " + tri.map(regionName).join(", ") + ": " + (known ? AM().culture[c.token] : "face down")),
        svg("circle", {cx, cy, r: 8}),
        svg("text", {x: cx, y: cy + 3.5, "text-anchor": "middle"}, known ? t("page.anunnaki.letter.culture") : "?")));
    }
  }
  return g;
}
function hexTitle(v, h, ctrl) {
  const s = v.state;
  const parts = [regionName(h.id) + ":"];
  if (h.atlantis) parts.push("Atlantis,");
  else if (h.id === "uw") parts.push("the Underworld (any resource),");
  else parts.push((h.res || []).join(" and ") + " ×" + h.icons + ",");
  if (h.shrines) parts.push(h.shrines + " shrine" + (h.shrines > 1 ? "s" : "") + ",");
  if (h.capital) parts.push("a capital,");
  const anc = s.board.ancient[h.id];
  if (anc) parts.push("ancient tile " + (anc.tile !== "?" && anc.up ? "(strength " + AM().ancient[anc.tile].strength +
    ", reward " + AM().ancient[anc.tile].reward + ")" : "face down") + (anc.god ? " with the Atlantis god" : "") + ",");
  const ex = (s.board.exhausted || {})[h.id] || [];
  if (ex.length) parts.push("exhausted: " + ex.join(", ") + ",");
  for (let i = 0; i < s.players; i++) {
    const u = unitsText(v, h.id, i);
    if (u.f || u.gods.length) parts.push(v.seats[i].name + " (" + SHAPES[i] + "): " + (u.f ? u.f + " follower" + (u.f > 1 ? "s" : "") : "") +
      (u.gods.length ? (u.f ? " + " : "") + u.gods.map(nice).join(", ") : "") + ",");
  }
  if (s.board.settlements[h.id] !== undefined) parts.push("settlement of " + v.seats[s.board.settlements[h.id]].name + ",");
  parts.push(ctrl !== null ? "controlled by " + v.seats[ctrl].name : "no controller");
  return parts.join(" ");
}

function boardsPanel(v) {
  const s = v.state, M = AM();
  const gaia = M.gaia[String(s.players)];
  let idx = 0;
  const planets = s.houses.map((house, seat) => {
    const p = M.planets[house];
    const culture = p.culture.map((tri) => [tri, idx++]);
    return [house, seat, p, culture];
  });
  const gCult = gaia.culture.map((tri) => [tri, idx++]);
  const showUw = s.seats.some((sd) => sd.artifacts.includes("underworld_map"));
  const pickHint = opts(v).some((o) => o.hex);
  return el("section", {class: "panel", "aria-label": "boards", id: "boards"},
    el("h2", {}, t("page.anunnaki.boards"), pickHint ? el("span", {class: "hint"}, " — " + t("page.anunnaki.click_region")) : null),
    el("div", {class: "an-gaia"}, el("h3", {}, t("page.anunnaki.gaia_side", {side: gaia.side})),
      boardSvg(v, "Gaia", gaia.hexes, {dotted: gaia.dotted, culture: gCult})),
    el("div", {class: "an-planets"}, planets.map(([house, seat, p, culture]) => el("div", {class: "an-planet"},
      el("h3", {}, playerTag(v, seat), " — ", el("span", {"data-term": "house." + house}, houseName(house))),
      boardSvg(v, t("page.anunnaki.home_planet", {house: houseName(house)}), p.hexes, {culture}))),
      showUw ? el("div", {class: "an-planet"}, el("h3", {}, t("page.anunnaki.underworld")),
        boardSvg(v, "Underworld", [{id: "uw", q: 0, r: 0, res: [], icons: M.underworld.icons, shrines: M.underworld.shrines}], {})) : null),
    cultureList(v, planets.flatMap((x) => x[3]).concat(gCult)), godsList(v),
    el("p", {class: "hint legend"}, t("page.anunnaki.board_legend")));
}

// the gods on the boards, by name and region (a hex has room for ☥ only)
function godsList(v) {
  const s = v.state;
  const rows = [];
  for (let i = 0; i < s.players; i++) {
    for (const [g, where] of Object.entries(s.board.gods[i] || {})) {
      if (!where || where === "?") continue;
      rows.push(el("li", {}, playerTag(v, i), " " + t("page.anunnaki.god_in", {god: god(g === "major" ? AM().houses[s.houses[i]].major : g), region: regionName(where)})));
    }
  }
  return rows.length ? el("div", {id: "gods-on-board"}, el("h3", {}, t("page.anunnaki.gods_on_boards")), el("ul", {class: "gods-list"}, rows)) : null;
}

function cultureList(v, spots) {
  const s = v.state;
  const up = spots.filter(([, i]) => s.board.culture[i] && s.board.culture[i].up && s.board.culture[i].token !== "?");
  if (!up.length) return null;
  // the regions and rewards are the game's own English words for now (#37)
  return el("p", {class: "hint", id: "culture-up"}, t("page.anunnaki.culture_up") + " ",
    el("span", {"data-words": "presenter"},
      up.map(([tri, i], k) => (k ? "; " : "") + tri.map(regionName).join(", ") + " → " + AM().culture[s.board.culture[i].token]).join("")));
}

// ------------------------------------------------------------- action star
function starPos(i, S) {
  const outer = i < 5;
  const k = outer ? i : i - 5;
  const a = Math.PI / 180 * (-90 + 72 * k - (outer ? 0 : 36));
  const r = outer ? S : S * 0.5;
  return [r * Math.cos(a), r * Math.sin(a)];
}
// a star space by the tiles its line joins (the presenter's words: present.space_words)
function spaceWords(s, a, b, mana) {
  const M = AM(), [x, y] = [s.arrangement[a], s.arrangement[b]].sort((p, q) => p - q);
  const tile = (t) => "tile " + t + " (" + M.tiles[String(t)].name + ")";
  return "the space between " + tile(x) + " and " + tile(y) + (mana ? " (+" + mana + " mana)" : "");
}
function starSvg(v, seat) {
  const s = v.state, M = AM(), sd = s.seats[seat], S = 110;
  const me = seat === v.you && mine(v);
  const byTile = {}, bySpace = {};
  if (me) for (const o of opts(v)) { if (o.tile) byTile[o.tile] = o; if (o.space !== undefined) bySpace[o.space] = o; }
  const g = svg("svg", {viewBox: "-138 -130 276 250", class: "star", role: "group",
    "aria-label": "action star of " + v.seats[seat].name});
  M.star.minor_tokens.forEach((tri, k) => {
    const ends = new Set(tri.flatMap((sp) => M.star.spaces[sp].slice(0, 2)));
    const pts = [...ends].map((p) => starPos(p, S));
    const cx = pts.reduce((a, p) => a + p[0], 0) / pts.length, cy = pts.reduce((a, p) => a + p[1], 0) / pts.length;
    if (sd.tokens.includes(k)) g.append(svg("text", {x: cx, y: cy + 4, class: "tok", "text-anchor": "middle"},
      svg("title", {}, "minor god token earned"), "☉"));
  });
  if (sd.major_token) g.append(svg("text", {x: 0, y: 5, class: "tok", "text-anchor": "middle"}, svg("title", {}, "major god token earned"), "☀"));
  M.star.spaces.forEach(([a, b, mana], sp) => {
    const [x1, y1] = starPos(a, S), [x2, y2] = starPos(b, S);
    g.append(svg("line", {x1, y1, x2, y2, class: "sline"}));
    const mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
    const has = sd.cubes.includes(sp);
    const pick = bySpace[sp];
    const kids = [svg("title", {}, cap(spaceWords(s, a, b, mana)) + (has ? ": a cube of " + v.seats[seat].name : ": free")),
      svg("rect", {x: mx - 9, y: my - 9, width: 18, height: 18, rx: 3, class: has ? "cube p" + seat : "space"}),
      svg("text", {x: mx, y: my + 4, "text-anchor": "middle", class: has ? "cube-t" : "space-t"}, has ? ICONS[seat] : (mana ? mana + "✧" : ""))];
    const attrs = {class: "sp", "data-space": sp, id: pick ? "space-" + sp : null};
    g.append(svg("g", pick ? pickable(attrs, pick.move, pick.label) : attrs, kids));
  });
  s.arrangement.forEach((t, pos) => {
    const [x, y] = starPos(pos, S);
    const tile = M.tiles[String(t)];
    const dev = sd.developed.includes(t);
    const pick = byTile[t];
    const val = dev ? tile.developed : tile.basic;
    const kids = [svg("title", {}, `tile ${t}: ${tile.name} ${val}${dev ? " (developed)" : ""}, ${tile.color} — ${tile.help}`),
      svg("rect", {x: x - 25, y: y - 16, width: 50, height: 32, rx: 6, class: "tile " + tile.color + (dev ? " dev" : "")}),
      svg("text", Object.assign({x, y: y - 3, "text-anchor": "middle", class: "tile-t"},
        ("Tile " + t + (dev ? "+" : "")).length > 6 ? {textLength: 44, lengthAdjust: "spacingAndGlyphs"} : {}), "Tile " + t + (dev ? "+" : "")),
      svg("text", Object.assign({x, y: y + 11, "text-anchor": "middle", class: "tile-n"},
        (tile.name + " " + val).length > 9 ? {textLength: 46, lengthAdjust: "spacingAndGlyphs"} : {}), tile.name + " " + val)];
    if (sd.pawn === pos) kids.push(svg("text", {x: x + 27, y: y - 13, class: "pawn p" + seat, "text-anchor": "middle"},
      svg("title", {}, "pawn of " + v.seats[seat].name), ICONS[seat]));
    const attrs = {class: "tl", "data-tile": t, id: pick ? "tile-" + t : null};
    g.append(svg("g", pick ? pickable(attrs, pick.move, pick.label) : attrs, kids));
  });
  return g;
}
function starsPanel(v) {
  const s = v.state;
  const order = [...Array(s.players).keys()];
  if (v.you !== null && v.you !== undefined) order.sort((a, b) => (b === v.you) - (a === v.you));
  return el("section", {class: "panel", "aria-label": "action stars", id: "stars"},
    el("h2", {}, "Action stars"),
    el("div", {class: "an-stars"}, order.map((i) => el("div", {class: "an-star" + (i === v.you ? " mine" : "")},
      el("h3", {}, playerTag(v, i), i === v.you ? " (you)" : "", " — cubes " + s.seats[i].cubes.length + "/" + AM().star.cubes),
      starSvg(v, i)))),
    el("p", {class: "hint legend"}, t("page.anunnaki.star_legend")));
}

// ------------------------------------------------------------------ tracks
function trackRow(v, label, from, to, posOf, cellTitle, tokens, term) {
  const s = v.state, cells = [];
  for (let i = from; i <= to; i++) {
    const here = [...Array(s.players).keys()].filter((p) => posOf(p) === i);
    cells.push(el("div", {class: "tcell" + (tokens && tokens.includes(i) ? " tokn" : ""), title: cellTitle(i)},
      el("span", {class: "tnum"}, cellTitle(i).split(":")[0].replace(/^space /, "")),
      here.map((p) => el("span", {class: "ptag p" + p, title: v.seats[p].name}, ICONS[p]))));
  }
  return el("div", {class: "trow"}, el("div", {class: "tlabel", "data-term": term}, label), el("div", {class: "tcells", style: "--n:" + (to - from + 1)}, cells));
}
function tracksPanel(v) {
  const s = v.state, M = AM();
  const mult = M.multipliers;
  const rows = M.tracks.map((tr, k) => trackRow(v, t("page.anunnaki.track_objective", {track: term("track", tr), objective: s.objectives[tr]}), 0, mult.length - 1,
    (p) => s.seats[p].tracks[k], (i) => i + ": ×" + mult[i], null, "track." + tr));
  rows.push(trackRow(v, t("page.anunnaki.domination_action", {action: s.objectives.dom}), M.dom.min, M.dom.max, (p) => s.seats[p].dom,
    (i) => i + ": " + t("page.anunnaki.vp", {n: M.dom.vp[String(i)]}) + (i === M.dom.lightning ? " ⚡" : ""), s.dom_tokens, "track.domination"));
  return el("section", {class: "panel", "aria-label": t("page.anunnaki.tracks"), id: "tracks"}, el("h2", {}, t("page.anunnaki.tracks")), rows,
    el("p", {class: "hint"}, t("page.anunnaki.tracks_legend")));
}

// ----------------------------------------------------------------- players
function resChips(res) {
  return RES.map((r, i) => el("span", {class: "rchip", style: "--rc:" + RCOL[r], title: resource(r)}, RLET[r] + " " + res[i]));
}
function playersPanel(v) {
  const s = v.state, M = AM(), d = v.decision;
  return el("section", {class: "panel", "aria-label": t("page.players.label"), id: "players"}, el("h2", {}, t("page.players.title")),
    el("ul", {class: "players"}, s.seats.map((sd, i) => {
      const h = M.houses[s.houses[i]];
      const onBoard = Object.values(s.board.followers).reduce((a, f) => a + (f[i] || 0), 0);
      const hand = sd.hand.map((w) => w === "?" ? el("span", {class: "wchip back", title: t("page.anunnaki.hidden_weapon")}, "?") :
        el("span", {class: "wchip" + (M.weapons[w].kind === "advanced" ? " adv" : ""), title: M.weapons[w].text}, weapon(w) + " " + M.weapons[w].strength));
      const offer = sd.gods_offer.filter((g) => !sd.summoned.includes(g));
      const turn = v.status === "active" && s.current === i;     // nobody's turn once the game is over
      return el("li", {class: (d && (d.seats || []).includes(i)) || turn ? "active" : null, "data-seat": i},
        playerTag(v, i), guestMark(v.seats[i]), i === v.you ? " " + t("page.players.you") : "", " — " + houseName(s.houses[i]),
        turn ? el("span", {class: "badge turn-badge"}, t("page.anunnaki.turn")) : null,
        v.seats[i].kind === "human" && !T.replay ? onlineMark(v, i) : null,
        el("div", {class: "pstats"},
          el("span", {}, t("page.anunnaki.vp_label") + " ", el("b", {class: "vp-" + i}, sd.vp)),
          resChips(sd.res),
          el("span", {title: t("anunnaki.token.mana")}, t("page.anunnaki.mana") + " ", el("b", {}, sd.mana)),
          el("span", {title: t("page.anunnaki.followers_title")}, t("page.anunnaki.followers") + " ", M.followers - onBoard, " / ", onBoard),
          el("span", {title: t("page.anunnaki.settlements_title")}, t("page.anunnaki.settlements_left") + " ", sd.settle_left)),
        el("div", {class: "pstats"},
          el("span", {title: h.major_basic + (sd.major ? "; upgraded: " + h.major_upgraded : "")},
            t("anunnaki.piece.major_god") + " ", god(h.major), sd.major ? " " + t("page.anunnaki.summoned") : ""),
          sd.summoned.length ? el("span", {}, t("page.anunnaki.gods") + " ", sd.summoned.map((g) => el("span", {class: "gchip", title: M.gods[g].text}, god(g)))) : null,
          offer.length ? el("span", {}, t("page.anunnaki.can_summon") + " ", offer.map((g) => el("span", {class: "gchip off", title: M.gods[g].text}, god(g)))) : null,
          sd.free_minor || sd.free_major ? el("span", {title: t("page.anunnaki.free_title")},
            t("page.anunnaki.free_summons") + " " + sd.free_minor + (sd.free_major ? " + " + t("page.anunnaki.major") : "")) : null),
        el("div", {class: "pstats"}, t("page.anunnaki.weapons") + " ", hand.length ? hand : el("span", {class: "hint"}, t("page.okc.none")),
          el("span", {title: t("page.anunnaki.pile_title")}, " · " + t("page.anunnaki.pile", {n: sd.pile.length}))),
        el("div", {class: "pstats"},
          sd.contracts.length ? el("span", {}, t("page.anunnaki.contracts_label") + " ", sd.contracts.map((c) => el("span", {class: "cchip", title: contractTitle(c), "data-words": "presenter"}, contractName(c)))) : null,
          sd.fulfilled.length ? el("span", {title: t("page.anunnaki.fulfilled_title", {list: sd.fulfilled.map(contractTitle).join("; ")})},
            t("page.anunnaki.fulfilled", {n: sd.fulfilled.length})) : null,
          sd.artifacts.length ? el("span", {}, t("page.anunnaki.artifacts") + " ", sd.artifacts.map((a) => el("span", {class: "gchip", title: M.artifacts[a].text}, term("artifact", a)))) : null,
          sd.pandora && sd.pandora.length ? el("span", {}, t("page.anunnaki.pandora", {list: sd.pandora.join(", ")})) : null,
          sd.destiny ? el("span", {title: t("page.anunnaki.destiny_title")}, t("page.anunnaki.destiny", {track: sd.destiny === "?" ? t("page.anunnaki.hidden") : term("track", sd.destiny)})) : null,
          sd.defeated.length ? el("span", {}, t("page.anunnaki.ancient_won", {n: sd.defeated.length})) : null));
    })));
}
// a contract by what it asks and gives, as the log names it ("2 gold + 1 metal → move 2")
function contractName(c) {
  const k = AM().contracts[c];
  return k ? "“" + k.cost + " → " + k.middle + "”" : t("page.anunnaki.a_contract");
}
// a contract's house in words ("Pharaos house", "no house")
const contractHouse = (k) => k.house ? t("page.anunnaki.house_of", {house: houseName(k.house)}) : t("page.anunnaki.no_house");
function contractTitle(c) {
  const k = AM().contracts[c];
  return t("page.anunnaki.contract_title", {house: contractHouse(k), cost: k.cost, middle: k.middle, vp: k.vp, commerce: k.commerce});
}
function contractCard(c, opt) {
  const k = AM().contracts[c];
  const inner = [el("span", {class: "ct"}, t("page.anunnaki.contract_of", {house: contractHouse(k)})),
    // the cost and the reward are the game's own English words for now (#37):
    // marked as the presenters' words, as the answer buttons are
    el("span", {class: "cc", "data-words": "presenter"}, t("page.anunnaki.pay", {cost: k.cost})),
    el("span", {class: "cm", "data-words": "presenter"}, "→ " + k.middle),
    el("span", {class: "cb"}, t("page.anunnaki.or_vp", {vp: k.vp, commerce: k.commerce}))];
  if (opt) return el("button", {type: "button", class: "contract", "data-move": opt.move, "aria-label": opt.label, onclick: () => go(opt.move)}, inner);
  return el("div", {class: "contract", title: contractTitle(c)}, inner);
}
function contractsPanel(v) {
  const s = v.state;
  const by = {};
  for (const o of opts(v)) if (o.contract) by[o.contract] = o;
  const you = v.you !== null && v.you !== undefined ? s.seats[v.you] : null;
  return el("section", {class: "panel", "aria-label": t("page.anunnaki.contracts"), id: "contracts"},
    el("h2", {}, t("page.anunnaki.contracts_head", {display: s.contracts.display.length, deck: s.contracts.deck.length})),
    el("div", {class: "contracts"}, s.contracts.display.map((c) => contractCard(c, by[c] && by[c].move.includes("take") ? by[c] : null))),
    you && you.contracts.length ? [el("h3", {}, t("page.anunnaki.your_contracts")),
      el("div", {class: "contracts"}, you.contracts.map((c) => contractCard(c, by[c] && by[c].move.includes("fulfil") ? by[c] : null)))] : null);
}

// ---------------------------------------------------------------- battle
function battlePanel(v) {
  const d = v.decision, s = v.state;
  const b = (s.pending && s.pending.ctx && s.pending.ctx.battle) || null;
  if (!b || T.replay && !b) return null;
  const att = b.att, dfn = b.def;
  const anc = s.board.ancient[b.hex];
  const foe = dfn === null || dfn === undefined ? (anc && anc.tile !== "?" && anc.up ? t("page.anunnaki.guardian_strength", {n: AM().ancient[anc.tile].strength}) :
    t("page.anunnaki.guardian")) : null;
  const rows = [el("p", {}, I18N.nodes("page.anunnaki.battle_in", {region: el("b", {}, regionName(b.hex)), att: playerTag(v, att), def: foe ? foe : playerTag(v, dfn)}))];
  const cards = b.cards || {};
  if (Object.keys(cards).length) {
    rows.push(el("p", {}, t("page.anunnaki.revealed") + " ", Object.entries(cards).flatMap(([k, ws]) => [playerTag(v, +k), " " + ws.map(weapon).join(" + ") + "  "])));
  } else if (d && d.kind === "weapon") {
    const chose = d.chose || [];
    const tags = (xs) => xs.flatMap((x, i) => [i ? ", " : "", playerTag(v, x)]);
    rows.push(el("p", {id: "weapon-wait"}, t("page.anunnaki.still_choosing") + " ", tags(d.seats || []),
      chose.length ? "; " + t("page.anunnaki.already_chosen") + " " : null, chose.length ? tags(chose) : null));
  }
  if (d && d.chosen) rows.push(el("p", {class: "secret", id: "my-weapon"}, t("page.anunnaki.your_choice", {weapons: d.chosen.map(weapon).join(" + ")})));
  if (b.strength) rows.push(el("p", {}, t("page.anunnaki.strength", {att: b.strength[0], def: b.strength[1]})));
  return el("section", {class: "panel battle-panel", "aria-label": t("anunnaki.term.battle"), id: "battle"}, el("h2", {}, "⚔ " + t("anunnaki.term.battle")), rows);
}

// ---------------------------------------------------------------- decision
function anDecision(v, box) {
  const d = v.decision;
  const options = d.options || (d.moves || []).map((m) => ({move: m, label: m}));
  box.append(el("h2", {}, askText(d)));
  if (d.kind === "weapon") {
    box.classList.add("secret-choice");
    const b = d.battle;
    box.append(el("p", {class: "secret"}, b ? t("page.anunnaki.secret_weapon_in", {region: regionName(b.hex)}) : t("page.anunnaki.secret_weapon")));
  }
  if (d.left !== undefined && d.left !== null) box.append(el("p", {class: "hint"},
    t(d.kind === "harvest" ? "page.anunnaki.left_harvest" : d.mode === "portal" ? "page.anunnaki.left_teleport" : "page.anunnaki.left_move", {n: d.left}) +
    (d.source ? " " + t("page.anunnaki.from", {region: regionName(d.source)}) : "")));
  const hexOpts = options.filter((o) => o.hex);
  const rest = options.filter((o) => !o.hex && !o.pass);
  const passes = options.filter((o) => o.pass);
  if (hexOpts.length) {
    box.append(el("p", {class: "hint"}, t("page.anunnaki.click_or")),
      el("div", {class: "choices hexes"}, hexOpts.map((o) => el("button", {type: "button", "data-move": o.move, title: o.label,
        "aria-label": o.label, onclick: () => go(o.move)}, regionName(o.hex)))));
  }
  // data-words: the labels are the presenter's (English until its options carry keys and values)
  if (rest.length) box.append(el("div", {class: "choices" + (rest.length > 6 ? " many" : "")},
    rest.map((o) => el("button", {type: "button", "data-move": o.move, class: d.kind === "weapon" ? "weapon-btn" : null,
      "data-words": "presenter", onclick: () => go(o.move)}, o.label))));
  if (passes.length) box.append(el("div", {class: "choices"}, passes.map((o) => el("button", {type: "button", class: "pass",
    "data-move": o.move, "data-words": "presenter", onclick: () => go(o.move)}, o.label))));
}

function scoringPanel(v) {
  const sc = v.scoring;
  if (!sc || !sc.rows) return null;
  const p = v.seats.length;
  // during play: each seat's VP so far by source; once over, the final scoring after them
  const title = sc.final === false ? t("page.anunnaki.vp_so_far") : t("page.anunnaki.final_scoring");
  return el("section", {class: "panel", "aria-label": title, id: sc.final === false ? "vp-sources" : "final-scoring"}, el("h2", {}, title),
    el("table", {class: "scoring"},
      el("thead", {}, el("tr", {}, el("th", {}, ""), Array.from({length: p}, (_, i) => el("th", {scope: "col"}, playerTag(v, i), el("br"), el("small", {}, houseName(v.state.houses[i])))))),
      el("tbody", {}, sc.rows.map((r) => el("tr", {}, el("th", {scope: "row"}, r.name), r.values.map((x) => el("td", {}, x || "")))),
        el("tr", {class: "total"}, el("th", {scope: "row"}, t("page.anunnaki.total_vp")), sc.total.map((x) => el("td", {}, x))))));
}

// each decision's question (declared with the decision in the rules), in the reader's language
const PROMPTS = {battle: "page.anunnaki.prompt.battle", weapon: "page.anunnaki.prompt.weapon", loki: "page.anunnaki.prompt.loki",
  helmet: "page.anunnaki.prompt.helmet", composite: "page.anunnaki.prompt.composite", chariot: "page.anunnaki.prompt.chariot",
  steal: "page.anunnaki.prompt.steal", artifact: "page.anunnaki.prompt.artifact",
  culture_benefit: "page.anunnaki.prompt.culture_benefit", from: "page.anunnaki.prompt.from", unit: "page.anunnaki.prompt.unit",
  to: "page.anunnaki.prompt.to", carry: "page.anunnaki.prompt.carry", harvest: "page.anunnaki.prompt.harvest",
  harvest_res: "page.anunnaki.prompt.harvest_res", exhaust: "page.anunnaki.prompt.exhaust",
  place_follower: "page.anunnaki.prompt.place_follower", take_follower: "page.anunnaki.prompt.take_follower",
  settle: "page.anunnaki.prompt.settle", discard_god: "page.anunnaki.prompt.discard_god", main: "page.anunnaki.prompt.main",
  ra_cube: "page.anunnaki.prompt.ra_cube", creation: "page.anunnaki.prompt.creation", market: "page.anunnaki.prompt.market",
  contract: "page.anunnaki.prompt.contract", weapon_pick: "page.anunnaki.prompt.weapon_pick",
  develop: "page.anunnaki.prompt.develop", dev_do: "page.anunnaki.prompt.dev_do", tile_pick: "page.anunnaki.prompt.tile_pick",
  cube_from: "page.anunnaki.prompt.cube_from", cube_to: "page.anunnaki.prompt.cube_to", mana: "page.anunnaki.prompt.mana",
  extra: "page.anunnaki.prompt.extra", summon_hex: "page.anunnaki.prompt.summon_hex", resource: "page.anunnaki.prompt.resource",
  pay: "page.anunnaki.prompt.pay", contract_half: "page.anunnaki.prompt.contract_half", choice: "page.anunnaki.prompt.choice",
  free_contract: "page.anunnaki.prompt.free_contract", yesno: "page.anunnaki.prompt.yesno",
  lose_follower: "page.anunnaki.prompt.lose_follower", horn: "page.anunnaki.prompt.horn",
  pandora: "page.anunnaki.prompt.pandora", lose_weapon: "page.anunnaki.prompt.lose_weapon",
  destiny: "page.anunnaki.prompt.destiny", frigg: "page.anunnaki.prompt.frigg"};

GAMES.anunnaki = {
  name: "Anunnaki",
  nameKey: "common.game.anunnaki",
  subtitle: (v) => v.state.end_triggered && v.status !== "finished" ? " — " + t("page.anunnaki.last_round") : "",
  // the tie-breaks' words (the presenter's ranking measures)
  rankWord(w) {
    let m = /^(\d+) VP$/.exec(w);
    if (m) return t("page.anunnaki.vp", {n: +m[1]});
    m = /^plays number (\d+)$/.exec(w);
    if (m) return t("page.anunnaki.tie.plays", {n: +m[1]});
    const words = {"VP": "anunnaki.term.vp", "turn order (the later player wins)": "page.anunnaki.tie.order"};
    return words[w] ? t(words[w]) : w;
  },
  rankTotal: (r) => r.vp === undefined ? null : t("page.anunnaki.vp", {n: r.vp}),
  prompt: (d) => PROMPTS[d.kind] && !["culture_benefit", "frigg"].includes(d.kind) ? t(PROMPTS[d.kind]) : null,
  optionWords: {
    houses: {label: "page.anunnaki.option.houses", help: "page.anunnaki.option.houses_help", item: "page.anunnaki.option.house", choice: houseName},
    first_game: {label: "page.anunnaki.option.first_game", help: "page.anunnaki.option.first_game_help"},
  },
  stats(v) {
    const s = v.state;
    return [
      v.status === "active" ? el("span", {class: "stat"}, I18N.nodes("page.anunnaki.turn_of", {who: playerTag(v, s.current)})) : null,
      s.end_triggered && v.status !== "finished" ? el("span", {class: "stat badge", id: "end-triggered"}, t("page.anunnaki.end_triggered")) : null,
      el("span", {class: "stat"}, t("page.anunnaki.conquests") + " ", el("b", {}, s.conquests)),
      v.you !== null && v.you !== undefined ? el("span", {class: "stat"}, t("page.anunnaki.you") + " ", el("b", {}, t("page.anunnaki.vp", {n: s.seats[v.you].vp})), " ",
        resChips(s.seats[v.you].res), " " + t("page.anunnaki.mana") + " " + s.seats[v.you].mana) : null];
  },
  decision: anDecision,
  render(v) {
    return {main: [battlePanel(v), boardsPanel(v), starsPanel(v), tracksPanel(v), contractsPanel(v)],
            side: [scoringPanel(v), playersPanel(v)]};
  },
};
})();
