// The page: one game per tab (its id kept in sessionStorage), the board, the move list
// with navigation, play against the engine or two players, analysis, FEN in and out.

import { api } from './api.js';
import { Board } from './board.js';
import { choose } from './chooser.js';
import { gatedChoice, renderHands, renderSetup } from './setup.js';
import { setupPgn } from './pgn.js';
import { drawEvalBar, drawGraph, plyAt, scoreText } from './analysis.js';
import { Clock } from './clock.js';
import { Editor } from './editor.js';

/// The longest think the server grants by default (its own bound still applies).
const MAX_THINK_MS = 30000;

const $ = (id) => document.getElementById(id);

const ui = {
  detail: null,
  details: new Map(),
  variants: [],
  state: null,
  view: null, // the position shown when browsing the past, else null
  busy: false,
  flip: false,
  source: null,
  lines: [], // the engine's lines, by multipv
  linesPly: null, // the ply whose position they analyse
  analysisFailed: false, // the analysis's event stream failed before it ended
  gate: null, // the hand piece chosen to gate in with the next move
  scores: [], // the engine's score of the position after each ply, White's view
  tc: { minutes: 0, inc: 0 }, // the clock chosen at new game
  flagged: null, // the side whose flag fell
};

const board = new Board($('board'), onBoardMove);
board.onSetup = (m) => play(m.text);
const clock = new Clock((color) => {
  ui.flagged = color;
  stopAnalysis();
  render();
});
const editor = new Editor(board, gameFrom, () => {
  board.editing = false;
  render();
});
board.onEdit = (sq) => editor.edit(sq);

function showError(e) {
  const el = $('error');
  el.textContent = e ? String(e.message || e) : '';
  el.hidden = !e;
}

async function detailOf(id) {
  if (!ui.details.has(id)) ui.details.set(id, await api.variant(id));
  return ui.details.get(id);
}

function mode() {
  return $('mode').value;
}

function over() {
  return !!(ui.state && (ui.state.outcome || ui.flagged));
}

function engineToMove() {
  const s = ui.state;
  return s && !over() && mode() !== 'two' && s.side !== mode();
}

function live() {
  return ui.view === null;
}

function shown() {
  return ui.view || ui.state;
}

function render() {
  const s = ui.state;
  if (!s || !ui.detail || editor.open) return;
  const view = shown();
  const interactive = live() && !over() && !ui.busy && !engineToMove();
  board.show(view, s.moves, interactive);
  document.body.dataset.fen = s.fen;
  document.body.dataset.ply = String(s.ply);
  document.body.dataset.busy = ui.busy ? '1' : '0';
  $('game-name').textContent = ui.detail.name;
  let status;
  document.body.dataset.flagged = ui.flagged || '';
  if (s.outcome) status = `Game over: ${s.outcome.text} (${s.outcome.result})`;
  else if (ui.flagged) {
    const [loser, winner] = ui.flagged === 'white' ? ['White', 'Black'] : ['Black', 'White'];
    status = `Game over: ${loser}'s flag fell, ${winner} wins on time (${winner === 'White' ? '1-0' : '0-1'})`;
  }
  else if (ui.busy) status = 'The engine is thinking…';
  else status = `${s.side === 'white' ? 'White' : 'Black'} to move${s.check.length ? ' — check' : ''}`;
  if (!live()) status += ` (showing move ${view.ply} of ${s.ply})`;
  $('status').textContent = status;
  $('fen').value = view.fen;
  writeLink(view.fen);
  renderMoves();
  renderHands(ui.detail, view, live() ? s.moves : [], ui.flip, interactive, ui.gate, (k) => {
    ui.gate = k;
    render();
  });
  renderSetup(ui.detail, s, ui.flip, interactive, (m) => play(m.text));
  renderAnalysis();
  clock.draw(ui.flip);
}

/// Puts the position shown into the page's address, so a copied link reproduces it.
function writeLink(fen) {
  const query = `?variant=${encodeURIComponent(ui.state.variant)}&fen=${encodeURIComponent(fen)}`;
  if (location.search !== query) history.replaceState(null, '', query);
}

function renderMoves() {
  const s = ui.state;
  const ol = $('moves');
  const current = shown().ply;
  const black = s.start_fen.split(' ')[1] === 'b';
  const parts = [];
  let i = 0;
  let number = parseInt(s.start_fen.split(' ')[5], 10) || 1;
  if (black && s.history.length) {
    parts.push(`<li><span class="num">${number}…</span><span></span>${cell(0, current)}</li>`);
    i = 1;
    number += 1;
  }
  for (; i < s.history.length; i += 2, number += 1) {
    parts.push(`<li><span class="num">${number}.</span>${cell(i, current)}${i + 1 < s.history.length ? cell(i + 1, current) : '<span></span>'}</li>`);
  }
  ol.innerHTML = parts.join('');
  // Scroll the list alone to its current move: scrolling it into view would scroll the
  // page too, and where the panel is below the board (a phone) the board would jump
  // away at every move, a tap meant for it landing on the list.
  const cur = ol.querySelector('.current');
  if (cur) {
    const r = cur.getBoundingClientRect(), box = ol.getBoundingClientRect();
    if (r.top < box.top) ol.scrollTop -= box.top - r.top;
    else if (r.bottom > box.bottom) ol.scrollTop += r.bottom - box.bottom;
  }
}

function cell(i, current) {
  const m = ui.state.history[i];
  return `<span class="mv${current === i + 1 ? ' current' : ''}" data-ply="${i + 1}">${m.san}</span>`;
}

/// The engine's lines of the position shown: a header with the depth, then each line's
/// score and its moves numbered as in the move list (so that no label reads as a move),
/// the best line first; its first move is the arrow on the board.
function renderAnalysis() {
  const el = $('analysis');
  el.hidden = !$('analyse').checked;
  const view = shown();
  if (!view) return;
  const lines = ui.linesPly === view.ply ? ui.lines.filter(Boolean) : [];
  let html = '';
  if (!el.hidden && live() && ui.state && ui.state.outcome) {
    html = '<p class="pv-note">The game is over: go back a move (← or the move list) to analyse its positions.</p>';
  } else if (lines.length) {
    const depth = lines[0].depth;
    const knodes = Math.round(lines[0].nodes / 1000);
    html = `<div class="pv-head">Depth ${depth} · ${knodes} kN</div>` +
      lines.map((l) => `<div class="pv" data-multipv="${l.multipv}"><span class="score">${scoreText(l.score)}</span><span class="pv-moves">${numbered(view, l.pv)}</span></div>`).join('');
  } else if (!el.hidden && ui.analysisFailed) {
    html = '<p class="pv-note">No analysis: the server could not start it (all its searches busy?). Untick and tick Analyse to try again.</p>';
  } else if (!el.hidden) {
    html = '<p class="pv-note">The engine is thinking…</p>';
  }
  el.innerHTML = html;
  const best = lines[0] && lines[0].multipv === 1 ? lines[0] : null;
  const first = best && best.pv[0];
  const arrows = $('analyse').checked && first && first.from && first.to && first.from !== first.to
    ? [[first.from, first.to]] : [];
  board.arrows = arrows;
  board.render();
  const arrow = $('board').querySelector('line.arrow');
  if (arrow && first) arrow.dataset.move = first.text;
  renderEngineView();
}

/// The moves of `pv`, played from `view`, written with move numbers: "12. Nf3 Nc6", or
/// "12… Nc6 13. d4" when Black moves first.
function numbered(view, pv) {
  const fields = view.fen.split(' ');
  let number = parseInt(fields[5], 10) || 1;
  let white = view.side === 'white';
  const out = [];
  pv.forEach((m, i) => {
    if (white) out.push(`<span class="num">${number}.</span>`);
    else if (i === 0) out.push(`<span class="num">${number}…</span>`);
    out.push(`<span class="san">${escapeHtml(m.san)}</span>`);
    if (!white) number += 1;
    white = !white;
  });
  return out.join(' ');
}

/// The evaluation bar (while analysing) and the score graph (once the engine scored a
/// position of this game).
function renderEngineView() {
  const s = ui.state;
  const bar = $('eval-bar');
  bar.hidden = !$('analyse').checked;
  const view = shown();
  const best = ui.linesPly === view.ply && ui.lines[1] ? ui.lines[1].score : ui.scores[view.ply];
  if (!bar.hidden) drawEvalBar(bar, best, ui.flip);
  const graph = $('graph');
  graph.hidden = !ui.scores.some(Boolean);
  if (!graph.hidden) drawGraph(graph, ui.scores, s.ply, view.ply);
}

function stopAnalysis() {
  if (ui.source) ui.source.close();
  ui.source = null;
  ui.lines = [];
  ui.linesPly = null;
  ui.analysisFailed = false;
  $('analysis').dataset.done = '0';
}

/// Analyses the position shown (the live one, or one of the past while browsing): a
/// finished game's final position has nothing to analyse, its earlier ones do.
function startAnalysis() {
  stopAnalysis();
  const s = ui.state;
  if (!$('analyse').checked || !s || ui.busy) return;
  const ply = shown().ply;
  if (ply === s.ply && s.outcome) return;
  const source = api.analysis(s.id, 20000, 3, ply);
  ui.source = source;
  ui.linesPly = ply;
  source.addEventListener('line', (e) => {
    if (ui.source !== source) return;
    const line = JSON.parse(e.data);
    ui.lines[line.multipv] = line;
    if (line.multipv === 1) ui.scores[ply] = line.score;
    renderAnalysis();
  });
  source.addEventListener('done', () => {
    source.close();
    // The search ended (its time, or a mate it cannot shorten): the lines are final.
    if (ui.source === source) $('analysis').dataset.done = '1';
  });
  source.onerror = () => {
    source.close();
    if (ui.source !== source) return;
    // Refused (the server's searches are all busy) or cut off: say so, not "thinking".
    ui.analysisFailed = true;
    renderAnalysis();
  };
}

async function setState(state) {
  const first = !ui.detail || ui.detail.id !== state.variant;
  if (first) {
    ui.detail = await detailOf(state.variant);
    board.setGame(ui.detail);
  }
  const fresh = !ui.state || ui.state.id !== state.id;
  if (fresh) ui.scores = [];
  ui.scores.length = Math.min(ui.scores.length, state.ply + 1);
  ui.state = state;
  ui.view = null;
  ui.gate = null;
  if (fresh) {
    ui.flagged = null;
    clock.reset(ui.tc.minutes, ui.tc.inc, state.ply, state.side);
  }
  clock.follow(state.ply, state.side, !!state.outcome);
  sessionStorage.setItem('joust-game', state.id);
  stopAnalysis();
  render();
  if (engineToMove() && !ui.busy) {
    engineMove();
  } else {
    startAnalysis();
  }
}

async function run(action) {
  showError(null);
  try {
    await action();
  } catch (e) {
    showError(e);
  }
}

function play(text) {
  return run(async () => setState(await api.move(ui.state.id, text)));
}

async function engineMove() {
  if (ui.busy || !ui.state || over()) return;
  ui.busy = true;
  stopAnalysis();
  render();
  try {
    // On a clock the engine thinks for a share of its own time, else the time chosen.
    const ms = Math.min(MAX_THINK_MS, clock.thinkMs(ui.state.side) || parseInt($('think').value, 10));
    document.body.dataset.thinkMs = String(ms);
    const reply = await api.engine(ui.state.id, ms, parseInt($('level').value, 10));
    ui.busy = false;
    ui.scores[reply.ply - 1] = reply.engine.score;
    await setState(reply);
  } catch (e) {
    ui.busy = false;
    showError(e);
    render();
  }
}

async function onBoardMove(from, to) {
  const candidates = ui.state.moves.filter((m) => m.from === from && m.to === to);
  if (candidates.length === 0) return;
  let m = gatedChoice(candidates, ui.gate) || candidates[0];
  if (candidates.length > 1 && !gatedChoice(candidates, ui.gate)) {
    const mover = board.pieceAt(from);
    m = await choose(ui.detail, mover, candidates, ui.flip);
    if (!m) {
      render();
      return;
    }
  }
  play(m.text);
}

async function showPly(n) {
  const s = ui.state;
  if (!s) return;
  n = Math.max(0, Math.min(s.ply, n));
  if (n === s.ply) {
    ui.view = null;
    render();
    startAnalysis();
    return;
  }
  stopAnalysis();
  await run(async () => {
    ui.view = await api.ply(s.id, n);
    render();
    startAnalysis();
  });
}

async function newGame(variant, fen) {
  await run(async () => {
    const state = await api.newGame(variant, fen);
    const d = await detailOf(state.variant);
    ui.detail = d;
    board.setGame(d);
    await setState(state);
  });
}

/// A new game of the game shown, from `fen` (the board editor's): the server's refusal
/// of an illegal setup is thrown for the editor to show.
async function gameFrom(fen, analyse) {
  const state = await api.newGame(ui.state.variant, fen);
  board.editing = false;
  editor.open = false;
  showError(null);
  $('analyse').checked = analyse;
  await setState(state);
}

function openEditor() {
  if (!ui.state || !ui.detail) return;
  stopAnalysis();
  board.selected = null;
  board.arrows = [];
  board.editing = true;
  editor.begin(ui.detail, shown().fen);
}

function openNewDialog() {
  const list = $('variant-list');
  list.innerHTML = ui.variants
    .map((v) => `<option value="${v.id}">${v.name} (${v.files}×${v.ranks})</option>`)
    .join('');
  list.value = ui.state ? ui.state.variant : 'chess';
  showRules();
  $('new-dialog').hidden = false;
  list.focus();
}

function showRules() {
  const v = ui.variants.find((x) => x.id === $('variant-list').value);
  if (!v) return;
  const book = v.book ? `<p><a href="${v.book}" target="_blank" rel="noopener" data-book="${v.id}">The rules in full</a></p>` : '';
  const pieces = v.pieces.map((p) => `<li><b>${escapeHtml(p.name)}</b>: ${escapeHtml(p.movement)}</li>`).join('');
  $('variant-rules').innerHTML = `<p>${v.summary}</p><ul>${v.rules.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>`
    + `<h4>How the pieces move</h4><ul class="pieces">${pieces}</ul>${book}`;
}

function escapeHtml(s) {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
}

function wire() {
  $('new-game').addEventListener('click', openNewDialog);
  $('cancel-new').addEventListener('click', () => { $('new-dialog').hidden = true; });
  $('variant-list').addEventListener('change', showRules);
  $('start-game').addEventListener('click', () => {
    $('new-dialog').hidden = true;
    ui.tc = { minutes: Number($('clock-minutes').value) || 0, inc: Number($('clock-inc').value) || 0 };
    newGame($('variant-list').value);
  });
  $('flip').addEventListener('click', () => {
    ui.flip = !ui.flip;
    board.setFlip(ui.flip);
    render();
  });
  $('mode').addEventListener('change', () => {
    ui.flip = mode() === 'black';
    board.setFlip(ui.flip);
    render();
    if (engineToMove()) engineMove();
  });
  $('takeback').addEventListener('click', () => run(async () => {
    const s = ui.state;
    const plies = mode() !== 'two' && !engineToMove() && s.ply >= 2 ? 2 : 1;
    ui.busy = false;
    await setState(await api.takeback(s.id, plies));
  }));
  $('engine-move').addEventListener('click', () => engineMove());
  $('analyse').addEventListener('change', () => {
    if ($('analyse').checked) startAnalysis();
    else stopAnalysis();
    renderAnalysis();
  });
  $('moves').addEventListener('click', (e) => {
    const ply = e.target.dataset && e.target.dataset.ply;
    if (ply) showPly(parseInt(ply, 10));
  });
  $('graph').addEventListener('click', (e) => showPly(plyAt($('graph'), e, ui.state.ply)));
  $('first').addEventListener('click', () => showPly(0));
  $('prev').addEventListener('click', () => showPly(shown().ply - 1));
  $('next').addEventListener('click', () => showPly(shown().ply + 1));
  $('last').addEventListener('click', () => showPly(ui.state.ply));
  $('move-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const text = $('move-input').value.trim();
    if (!text) return;
    $('move-input').value = '';
    play(text);
  });
  setupPgn(() => ui.state, (state) => run(() => setState(state)));
  $('edit-board').addEventListener('click', openEditor);
  $('fen-form').addEventListener('submit', (e) => {
    e.preventDefault();
    if (editor.open) {
      editor.play(false);
      return;
    }
    newGame(ui.state.variant, $('fen').value.trim());
  });
  document.addEventListener('keydown', (e) => {
    if (e.target.closest && e.target.closest('input, select, textarea')) return;
    if (!$('chooser').hidden || !$('new-dialog').hidden) return;
    const keys = {
      ArrowLeft: () => showPly(shown().ply - 1),
      ArrowRight: () => showPly(shown().ply + 1),
      Home: () => showPly(0),
      End: () => showPly(ui.state.ply),
      f: () => $('flip').click(),
    };
    if (keys[e.key] && ui.state) {
      e.preventDefault();
      keys[e.key]();
    }
  });
}

async function start() {
  wire();
  await run(async () => {
    ui.variants = await api.variants();
    // A link ?variant=ID&fen=FEN opens that position, unless it is where the tab's own
    // game stands (a reload): then that game goes on, its moves kept.
    const params = new URLSearchParams(location.search);
    const id = sessionStorage.getItem('joust-game');
    let state = null;
    if (id) {
      try {
        state = await api.game(id);
      } catch (_) {
        state = null;
      }
    }
    const same = state && state.variant === params.get('variant') && state.fen === params.get('fen');
    if (params.has('variant') && !same) {
      state = await api.newGame(params.get('variant'), params.get('fen') || undefined);
    }
    if (!state) state = await api.newGame('chess');
    await setState(state);
  });
  document.body.dataset.ready = '1';
}

start();
