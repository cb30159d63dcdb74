// The board page of `xqtb serve`: draws the board in SVG and asks the JSON API (docs/http-api.md)
// for every value and every legal move; it knows no rule of the game itself.
"use strict";

const T = {
  zh: {
    title: "象棋残局库", tab_board: "棋盘", tab_ending: "残局", tab_adjudicate: "裁决", rules: "规则",
    flip: "翻转", edit: "摆棋", red_to_move: "红方走", black_to_move: "黑方走", clear: "清空",
    random: "随机局面", done: "完成", load: "载入", mainline: "主要变例", moves: "着法",
    show: "查看", game_moves: "着法（ICCS、WXF 或中文）", adjudicate: "裁决",
    red: "红", black: "黑", win: "胜", cursed_win: "胜（超出自然限着）", draw: "和",
    blessed_loss: "负（自然限着内可守和）", loss: "负", rule_win: "胜（对方长将判负）",
    rule_loss: "负（长将判负）", chase_win: "胜（对方长捉判负）", chase_loss: "负（长捉判负）",
    // 步 = ply (半回合); the moves it spans beside it, as the English does.
    mate_in: (n) => `${n} 步杀（${rounds(n)} 回合）`, mated_in: (n) => `${n} 步被杀（${rounds(n)} 回合）`,
    stalemate_in: (n) => `${n} 步困毙（${rounds(n)} 回合）`,
    no_table: (m) => `缺少残局库：${m}`, dtm: "杀棋步数", dtc: "转换步数", capture: "吃", check: "将",
    plies: "步（半回合）", verdict: "结论", longest: "最长胜局", histogram: "杀棋步数分布（红先胜）", histogram_dtc: "转换步数分布（红先胜，限着内）",
    shares: "胜和负比例", to_move: "先走", win_s: "胜", draw_s: "和", loss_s: "负",
    no_moves: "无着可走", limit: "自然限着下", cycle: "循环", illegal: "局面不合法",
    editing: "摆棋：点选棋子，再点棋盘上的位置；橡皮擦去棋子。",
    rule_set: { none: "无规则", check: "长将规则", asian: "亚洲规则", chinese: "中国规则" },
    ruling: { no_cycle: "无循环", draw: "不变作和", red_loses: "红方判负", black_loses: "黑方判负" },
    not_final: "（未定）",
  },
  en: {
    title: "Xiangqi endgame tablebase", tab_board: "Board", tab_ending: "Ending", tab_adjudicate: "Adjudicate",
    rules: "Rules", flip: "Flip", edit: "Edit", red_to_move: "Red to move", black_to_move: "Black to move",
    clear: "Clear", random: "Random position", done: "Done", load: "Load", mainline: "Mainline",
    moves: "Moves", show: "Show", game_moves: "Moves (ICCS, WXF or Chinese)", adjudicate: "Adjudicate",
    red: "Red", black: "Black", win: "win", cursed_win: "cursed win", draw: "draw",
    blessed_loss: "blessed loss", loss: "loss", rule_win: "win by the perpetual-check rule",
    rule_loss: "loss by the perpetual-check rule", chase_win: "win by the chase rules",
    chase_loss: "loss by the chase rules",
    mate_in: (n) => `mate in ${n} plies`, mated_in: (n) => `mated in ${n} plies`,
    stalemate_in: (n) => `stalemate in ${n} plies`,
    no_table: (m) => `no table for ${m}`, dtm: "DTM", dtc: "DTC", capture: "capture", check: "check",
    plies: "plies", verdict: "Verdict", longest: "Longest wins", histogram: "DTM histogram (Red to move wins)", histogram_dtc: "DTC histogram (Red to move wins within the limit)",
    shares: "Win / draw / loss shares", to_move: "to move", win_s: "win", draw_s: "draw", loss_s: "loss",
    no_moves: "no legal move", limit: "under the natural limit", cycle: "Cycle", illegal: "illegal position",
    editing: "Editing: pick a piece, then a point; the eraser removes one.",
    rule_set: { none: "no rules", check: "check rule", asian: "Asian rules", chinese: "Chinese rules" },
    ruling: { no_cycle: "no cycle", draw: "draw", red_loses: "Red loses", black_loses: "Black loses" },
    not_final: " (not final)",
  },
};
// The moves a distance in plies spans (a mate in 5 plies: Red's 3rd move).
const rounds = (plies) => Math.ceil(plies / 2);
const GROUPS = ["win", "rule_win", "chase_win", "cursed_win", "draw", "blessed_loss", "chase_loss", "rule_loss", "loss"];
const NAMES = { K: "帥", A: "仕", B: "相", N: "傌", R: "俥", C: "炮", P: "兵",
                k: "將", a: "士", b: "象", n: "馬", r: "車", c: "砲", p: "卒" };
const START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const SVGNS = "http://www.w3.org/2000/svg";

const params = new URLSearchParams(location.search);
const state = {
  lang: params.get("lang") || ((navigator.language || "").toLowerCase().startsWith("zh") ? "zh" : "en"),
  fen: params.get("fen") || "3k5/4a4/9/9/9/9/9/9/9/R3K4 w - - 0 1",
  rules: params.get("rules") || "",
  flipped: false, selected: null, probe: null, line: [], lineAt: -1,
  editing: false, brush: "R", board: null, stm: "w",
};
const $ = (id) => document.getElementById(id);
const t = (key, ...a) => { const v = T[state.lang][key]; return typeof v === "function" ? v(...a) : v; };
// A name of the API (rule set, ruling) in the page's language; an unknown one as it is.
const named = (table, name) => T[state.lang][table][name] || name;

function el(tag, attrs = {}, text) {
  const e = document.createElementNS(tag === "svg" || attrs.svg ? SVGNS : "http://www.w3.org/1999/xhtml", tag);
  for (const [k, v] of Object.entries(attrs)) if (k !== "svg") e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}
const svg = (tag, attrs, text) => el(tag, { ...attrs, svg: true }, text);

async function api(path, options) {
  const res = await fetch(path, options);
  const body = await res.json();
  if (!res.ok) throw new Error(body.error || res.statusText);
  return body;
}

// FEN board: 10 rows from rank 9 down to rank 0; board[rank][file].
function parseBoard(fen) {
  const rows = fen.split(" ")[0].split("/");
  const board = Array.from({ length: 10 }, () => Array(9).fill(null));
  rows.forEach((row, i) => {
    let f = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) f += Number(ch);
      else { const c = { E: "B", e: "b", H: "N", h: "n" }[ch] || ch; if (f < 9) board[9 - i][f] = c; f++; }
    }
  });
  return board;
}
function boardFen(board, stm) {
  const rows = [];
  for (let r = 9; r >= 0; r--) {
    let row = "", empty = 0;
    for (let f = 0; f < 9; f++) {
      const p = board[r][f];
      if (!p) { empty++; continue; }
      if (empty) { row += empty; empty = 0; }
      row += p;
    }
    rows.push(row + (empty ? empty : ""));
  }
  return rows.join("/") + ` ${stm} - - 0 1`;
}
const square = (f, r) => "abcdefghi"[f] + r;
const xy = (f, r) => state.flipped ? [50 + 50 * (8 - f), 50 + 50 * r] : [50 + 50 * f, 50 + 50 * (9 - r)];

function drawBoard() {
  const b = $("board");
  b.replaceChildren();
  const g = svg("g", { stroke: "#5a3a1a", "stroke-width": 1.5, fill: "none" });
  for (let r = 0; r < 10; r++) g.append(svg("line", { x1: 50, y1: 50 + 50 * r, x2: 450, y2: 50 + 50 * r }));
  for (let f = 0; f < 9; f++) {
    if (f === 0 || f === 8) g.append(svg("line", { x1: 50 + 50 * f, y1: 50, x2: 50 + 50 * f, y2: 500 }));
    else {
      g.append(svg("line", { x1: 50 + 50 * f, y1: 50, x2: 50 + 50 * f, y2: 250 }));
      g.append(svg("line", { x1: 50 + 50 * f, y1: 300, x2: 50 + 50 * f, y2: 500 }));
    }
  }
  for (const y of [50, 400]) {  // the palaces' diagonals
    g.append(svg("line", { x1: 200, y1: y, x2: 300, y2: y + 100 }));
    g.append(svg("line", { x1: 300, y1: y, x2: 200, y2: y + 100 }));
  }
  g.append(svg("rect", { x: 45, y: 45, width: 410, height: 460, "stroke-width": 3 }));
  b.append(g);
  const river = svg("g", { "font-size": 26, fill: "#5a3a1a", "text-anchor": "middle" });
  river.append(svg("text", { x: 150, y: 284 }, "楚 河"), svg("text", { x: 350, y: 284 }, "漢 界"));
  b.append(river);
  const coords = svg("g", { "font-size": 11, fill: "#5a3a1a", "text-anchor": "middle" });
  for (let f = 0; f < 9; f++) {
    const [x] = xy(f, 0);
    coords.append(svg("text", { x, y: state.flipped ? 30 : 530 }, "abcdefghi"[f]));
  }
  for (let r = 0; r < 10; r++) { const [, y] = xy(0, r); coords.append(svg("text", { x: state.flipped ? 480 : 20, y: y + 4 }, String(r))); }
  b.append(coords);
  const board = state.editing ? state.board : parseBoard(state.fen);
  const moves = legalMoves();
  const targets = new Set(moves.filter((m) => m.move.slice(0, 2) === state.selected).map((m) => m.move.slice(2, 4)));
  for (let r = 0; r < 10; r++) for (let f = 0; f < 9; f++) {
    const [x, y] = xy(f, r);
    const p = board[r][f], sq = square(f, r);
    const hit = svg("g", { class: "point", "data-square": sq, cursor: "pointer" });
    hit.append(svg("rect", { x: x - 25, y: y - 25, width: 50, height: 50, fill: "transparent" }));
    if (p) {
      const red = p === p.toUpperCase();
      hit.append(svg("circle", { cx: x, cy: y, r: 22, fill: sq === state.selected ? "#ffe9a8" : "#fdf3df",
                                 stroke: red ? "#c00" : "#222", "stroke-width": 2 }));
      hit.append(svg("text", { x, y: y + 8, "text-anchor": "middle", "font-size": 24,
                               fill: red ? "#c00" : "#222", class: "piece", "data-piece": p }, NAMES[p]));
    }
    if (targets.has(sq)) hit.append(svg("circle", { cx: x, cy: y, r: p ? 24 : 7, fill: p ? "none" : "#2a7",
                                                     stroke: "#2a7", "stroke-width": 3, class: "target" }));
    hit.addEventListener("click", () => clickPoint(f, r));
    b.append(hit);
  }
}

function legalMoves() {
  const p = state.probe;
  if (!p || state.editing) return [];
  return p.available ? p.moves : p.legal_moves;
}

function clickPoint(f, r) {
  const sq = square(f, r);
  if (state.editing) {
    state.board[r][f] = state.brush === "x" ? null : state.brush;
    drawBoard();
    return;
  }
  const move = legalMoves().find((m) => m.move === state.selected + sq);
  if (move) { play(move.fen_after); return; }
  state.selected = legalMoves().some((m) => m.move.startsWith(sq)) ? sq : null;
  drawBoard();
}

function play(fen) {
  state.line = []; state.lineAt = -1;
  load(fen);
}

function valueText(p) {
  if (!p.available) return t("no_table", `${p.missing_material_zh} (${p.missing_material})`);
  const side = p.side_to_move === "red" ? t("red") : t("black");
  const cls = p.class;
  const stale = p.ending === "stalemate";
  if (state.lang === "zh") {
    const who = side + "先";
    if (p.moves.length === 0) return who + (stale ? "负，已被困毙" : "负，已被将死");
    if (cls === "win" || cls === "cursed_win") return `${who}${t(cls)}，${stale ? t("stalemate_in", p.dtm) : t("mate_in", p.dtm)}`;
    if (cls === "loss" || cls === "blessed_loss") return `${who}${t(cls)}，${t("mated_in", p.dtm)}`;
    return who + t(cls);
  }
  const who = `${side} to move`;
  if (p.moves.length === 0) return `${who} has lost: ${stale ? "stalemated" : "checkmated"}`;
  if (cls === "win" || cls === "cursed_win")
    return `${who} ${cls === "win" ? "wins" : "wins (cursed)"}: ${stale ? t("stalemate_in", p.dtm) : t("mate_in", p.dtm)} (${Math.ceil(p.dtm / 2)} moves)`;
  if (cls === "loss" || cls === "blessed_loss") return `${who} ${cls === "loss" ? "loses" : "loses (blessed)"}: ${t("mated_in", p.dtm)}`;
  return `${who}: ${t(cls)}`;
}

function limitText(p) {
  if (!p.available) return "";
  const w = { win: t("win_s"), draw: t("draw_s"), loss: t("loss_s") }[p.limit_wdl] || p.limit_wdl;
  const dtc = p.dtc !== null ? `${state.lang === "zh" ? "，" : ", "}${t("dtc")} ${p.dtc}` : "";
  const counter = state.lang === "zh" ? `（${p.counter}）：` : ` (${p.counter}): `;
  return `${t("limit")}${counter}${w}${dtc} · ${p.material_zh} ${p.material} · ${named("rule_set", p.rules)}`;
}

function renderProbe() {
  const p = state.probe;
  $("value").replaceChildren(document.createTextNode(valueText(p)), el("small", {}, limitText(p)));
  const box = $("moves");
  box.replaceChildren();
  const moves = legalMoves();
  for (const g of GROUPS.concat(["unknown"])) {
    const list = moves.filter((m) => (m.class || "unknown") === g);
    if (!list.length) continue;
    const div = el("div", { class: `group ${g}` });
    div.append(el("h3", {}, g === "unknown" ? "?" : t(g)));
    const table = el("table", { class: "moves" });
    for (const m of list) {
      const tr = el("tr", { "data-move": m.move, "data-class": g });
      tr.append(el("td", {}, m.move_zh), el("td", {}, m.move),
                el("td", { class: "num" }, m.dtm == null ? "" : `${t("dtm")} ${m.dtm}`),
                el("td", { class: "num" }, m.dtc == null ? "" : `${t("dtc")} ${m.dtc}`),
                el("td", {}, [m.capture ? t("capture") : "", m.check ? t("check") : ""].filter(Boolean).join(" ")));
      tr.addEventListener("click", () => play(m.fen_after));
      table.append(tr);
    }
    div.append(table);
    box.append(div);
  }
  if (!moves.length) box.append(el("p", {}, t("no_moves")));
}

// The mainline as a game is written, "1. 车九进一 将4平5 2. ...", each ply a step to click.
function renderLine() {
  const box = $("mainline");
  box.replaceChildren();
  const blackFirst = (state.lineRoot || "").split(" ")[1] === "b";
  state.line.forEach((step, i) => {
    const red = (i % 2 === 0) !== blackFirst;
    if (red || i === 0) box.append(el("span", { class: "number" }, `${Math.floor((i + (blackFirst ? 1 : 0)) / 2) + 1}.${red ? "" : " …"}`));
    const ply = el("span", { class: "ply" + (i === state.lineAt ? " current" : "") }, state.lang === "zh" ? step.move_zh : step.move);
    ply.addEventListener("click", () => stepTo(i));
    box.append(ply);
  });
}

function stepTo(i) {
  if (!state.line.length) return;
  state.lineAt = Math.max(-1, Math.min(state.line.length - 1, i));
  load(state.lineAt < 0 ? state.lineRoot : state.line[state.lineAt].fen, true);
}

async function load(fen, stepping = false) {
  state.fen = fen; state.selected = null;
  $("fen").value = fen;
  const q = new URLSearchParams({ fen });
  if (state.rules) q.set("rules", state.rules);
  history.replaceState(null, "", `/?${q}${state.lang ? `&lang=${state.lang}` : ""}`);
  $("error").hidden = true;
  try {
    state.probe = await api(`/api/v1/probe?${q}`);
    if (!stepping) {
      state.line = []; state.lineAt = -1; state.lineRoot = fen;
      if (state.probe.available && state.probe.class !== "draw") {
        const m = await api(`/api/v1/mainline?${q}`);
        state.line = m.line;
      }
    }
  } catch (e) {
    state.probe = null;
    $("error").textContent = e.message; $("error").hidden = false;
  }
  drawBoard();
  if (state.probe) renderProbe(); else { $("value").textContent = ""; $("moves").replaceChildren(); }
  renderLine();
}

// Board editor: a palette of pieces and an eraser; the position is checked by the server.
function startEditing() {
  state.editing = true;
  state.board = parseBoard(state.fen);
  state.stm = state.fen.split(" ")[1] === "b" ? "b" : "w";
  $("editor").hidden = false;
  $("side").textContent = t(state.stm === "w" ? "red_to_move" : "black_to_move");
  $("error").textContent = t("editing"); $("error").hidden = false;
  drawBoard();
}
function buildPalette() {
  const pal = $("palette");
  for (const p of "KABNRCPkabnrcpx") {
    const b = el("button", { class: (p !== "x" && p === p.toUpperCase() ? "red" : "") + (p === state.brush ? " selected" : ""),
                             "data-piece": p, type: "button" }, p === "x" ? "✕" : NAMES[p]);
    b.addEventListener("click", () => {
      state.brush = p;
      for (const other of pal.children) other.classList.toggle("selected", other === b);
    });
    pal.append(b);
  }
}
function finishEditing() {
  state.editing = false;
  $("editor").hidden = true;
  play(boardFen(state.board, state.stm));
}

async function showEnding(material) {
  const box = $("ending");
  box.replaceChildren();
  try {
    const q = new URLSearchParams();
    if (state.rules) q.set("rules", state.rules);
    const s = await api(`/api/v1/stats/${encodeURIComponent(material)}?${q}`);
    if (!s.available) { box.append(el("p", { class: "error" }, t("no_table", `${s.missing_material_zh} (${s.missing_material})`))); return; }
    const zh = state.lang === "zh";
    box.append(el("h2", { id: "ending-title" }, `${s.material_zh} ${s.material} · ${named("rule_set", s.rules)}`));
    box.append(el("p", { class: "value", id: "verdict" }, zh ? `${t("verdict")}：${s.verdict_zh}` : `${t("verdict")}: ${s.verdict} (${s.verdict_zh})`));
    box.append(el("p", {}, zh ? s.explanation_zh : s.explanation));
    box.append(el("h2", {}, t("shares")));
    const table = el("table", { class: "stats-table" });
    const head = el("tr"); head.append(el("th"), el("th", {}, t("win_s")), el("th", {}, t("draw_s")), el("th", {}, t("loss_s")));
    table.append(head);
    for (const side of ["red", "black"]) {
      const p = s[`${side}_to_move`].positions;
      const tr = el("tr");
      tr.append(el("th", {}, `${t(side)} ${t("to_move")}`));
      for (const k of ["win_pct", "draw_pct", "loss_pct"]) tr.append(el("td", {}, `${p[k].toFixed(1)}%`));
      table.append(tr);
    }
    box.append(table);
    box.append(el("h2", {}, t("longest")));
    for (const side of ["red", "black"]) {
      const w = s[`${side}_to_move`].longest_win;
      if (!w) continue;
      const a = el("a", { class: "fen", "data-fen": w.fen }, `${t(side)} ${t("to_move")}: ${w.ending === "stalemate" ? t("stalemate_in", w.plies) : t("mate_in", w.plies)} — ${w.fen}`);
      a.addEventListener("click", () => { selectTab("board"); play(w.fen); });
      const line = el("p");
      line.append(a);
      box.append(line);
    }
    box.append(el("h2", {}, t("histogram")));
    box.append(histogram(s.red_to_move.win_dtm_histogram, "histogram"));
    // Tables generated before gen counted DTCs have no DTC histogram.
    if (s.red_to_move.win_dtc_histogram) {
      box.append(el("h2", {}, t("histogram_dtc")));
      box.append(histogram(s.red_to_move.win_dtc_histogram, "histogram-dtc"));
    }
  } catch (e) {
    box.append(el("p", { class: "error" }, e.message));
  }
}

// A bar chart of {plies: count} (or [[plies, count]]), one bar per distance.
function histogram(h, id) {
  const entries = (Array.isArray(h) ? h : Object.entries(h)).map(([k, v]) => [Number(k), Number(v)]).sort((a, b) => a[0] - b[0]);
  const w = 640, hgt = 220, n = Math.max(entries.length, 1), bw = (w - 60) / n;
  const max = Math.max(1, ...entries.map((e) => e[1]));
  const chart = svg("svg", { viewBox: `0 0 ${w} ${hgt}`, width: w, height: hgt, class: "bars", id });
  entries.forEach(([d, c], i) => {
    const bh = (hgt - 40) * c / max;
    const rect = svg("rect", { x: 50 + i * bw, y: hgt - 20 - bh, width: Math.max(1, bw - 1), height: bh });
    rect.append(svg("title", {}, `${d}: ${c}`));
    chart.append(rect);
    if (i % Math.ceil(n / 12) === 0) chart.append(svg("text", { x: 50 + i * bw, y: hgt - 5 }, String(d)));
  });
  chart.append(svg("text", { x: 0, y: 15 }, max.toLocaleString()));
  return chart;
}

async function adjudicateGame(ev) {
  ev.preventDefault();
  const box = $("ruling");
  box.replaceChildren();
  try {
    const a = await api("/api/v1/adjudicate", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ fen: $("adj-fen").value, moves: $("adj-moves").value, rules: $("adj-rules").value }) });
    box.append(el("p", { class: "ruling-reason", id: "ruling-reason" }, state.lang === "zh" ? a.reason_zh : a.reason));
    box.append(el("p", {}, `${named("ruling", a.verdict)}${a.final ? "" : t("not_final")} · ${a.plies} ${t("plies")}`));
    if (a.cycle) {
      const table = el("table", { class: "stats-table" });
      for (const p of a.cycle.plies) {
        const tr = el("tr", { class: "cycle" });
        tr.append(el("td", {}, String(p.ply)), el("td", {}, t(p.side)), el("td", {}, p.move_zh), el("td", {}, p.move),
                  el("td", {}, state.lang === "zh" ? p.class_zh : p.class));
        table.append(tr);
      }
      box.append(el("h2", {}, `${t("cycle")} ${a.cycle.first_ply}–${a.cycle.last_ply}`), table);
    }
  } catch (e) {
    box.append(el("p", { class: "error" }, e.message));
  }
}

function selectTab(name) {
  for (const v of ["board", "ending", "adjudicate"]) {
    $(`view-${v}`).hidden = v !== name;
    $(`tab-${v}`).classList.toggle("active", v === name);
  }
  if (name === "ending" && state.probe && !$("ending-material").value) {
    $("ending-material").value = state.probe.material || state.probe.missing_material || "";
    if ($("ending-material").value) showEnding($("ending-material").value);
  }
}

function translate() {
  document.documentElement.lang = state.lang;
  for (const e of document.querySelectorAll("[data-t]")) e.textContent = t(e.dataset.t);
  for (const o of document.querySelectorAll("#rules option, #adj-rules option"))
    if (o.value) o.textContent = named("rule_set", o.value);
  $("lang").textContent = state.lang === "zh" ? "English" : "中文";
}

async function init() {
  translate();
  buildPalette();
  $("adj-fen").value = START;
  const tables = await api("/api/v1/tables").catch(() => ({ rule_sets: [] }));
  const sel = $("rules");
  sel.append(el("option", { value: "" }, "—"));
  for (const r of tables.rule_sets) sel.append(el("option", { value: r }, named("rule_set", r)));
  sel.value = state.rules;
  translate();  // the options just added
  sel.addEventListener("change", () => { state.rules = sel.value; load(state.fen); });
  $("lang").addEventListener("click", () => {
    state.lang = state.lang === "zh" ? "en" : "zh";
    translate(); load(state.fen, true);
  });
  $("flip").addEventListener("click", () => { state.flipped = !state.flipped; drawBoard(); });
  $("edit").addEventListener("click", startEditing);
  $("clear").addEventListener("click", () => { state.board = parseBoard("9/9/9/9/9/9/9/9/9/9"); drawBoard(); });
  $("side").addEventListener("click", () => {
    state.stm = state.stm === "w" ? "b" : "w";
    $("side").textContent = t(state.stm === "w" ? "red_to_move" : "black_to_move");
  });
  $("random").addEventListener("click", async () => {
    try {
      const r = await api(`/api/v1/random?material=${encodeURIComponent($("material").value || "KRKNAABB")}`);
      state.board = parseBoard(r.fen); drawBoard();
    } catch (e) { $("error").textContent = e.message; $("error").hidden = false; }
  });
  $("done").addEventListener("click", finishEditing);
  $("line-start").addEventListener("click", () => stepTo(-1));
  $("line-back").addEventListener("click", () => stepTo(state.lineAt - 1));
  $("line-forward").addEventListener("click", () => stepTo(state.lineAt + 1));
  $("line-end").addEventListener("click", () => stepTo(state.line.length - 1));
  $("fen-form").addEventListener("submit", (e) => { e.preventDefault(); play($("fen").value.trim()); });
  $("ending-form").addEventListener("submit", (e) => { e.preventDefault(); showEnding($("ending-material").value.trim()); });
  $("adjudicate-form").addEventListener("submit", adjudicateGame);
  for (const v of ["board", "ending", "adjudicate"]) $(`tab-${v}`).addEventListener("click", () => selectTab(v));
  await load(state.fen);
}

init();
