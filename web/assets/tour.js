// The King's Lancer tour puzzle: the server gives the board, each square's moves and
// one tour; the page checks each square clicked, hints the next square of that tour
// (when the path so far follows it) and shows it.

const $ = (id) => document.getElementById(id);
const UNIT = 100;

const t = { puzzle: null, path: [], hint: null, shown: false };

async function load() {
  const q = new URLSearchParams({
    files: $('tour-files').value,
    ranks: $('tour-ranks').value,
    start: $('tour-start').value.trim(),
    kind: $('tour-kind').value,
  });
  const err = $('error');
  let res, data;
  try {
    res = await fetch(`/api/tour?${q}`);
    data = await res.json();
  } catch (e) {
    err.hidden = false;
    err.textContent = `The server did not answer: ${e.message || e}`;
    return;
  }
  err.hidden = res.ok;
  err.textContent = res.ok ? '' : data.error;
  if (!res.ok) return;
  t.puzzle = data;
  t.path = [data.start];
  t.hint = null;
  t.shown = false;
  draw();
}

function goal() {
  const n = t.puzzle.squares.length;
  return t.puzzle.kind === 'circuit' ? n + 1 : n;
}

function done() {
  return t.path.length === goal() && (t.puzzle.kind !== 'circuit' || t.path[t.path.length - 1] === t.puzzle.start);
}

function canGo(sq) {
  const last = t.path[t.path.length - 1];
  if (!t.puzzle.neighbours[last].includes(sq)) return false;
  const closing = t.puzzle.kind === 'circuit' && sq === t.puzzle.start && t.path.length === goal() - 1;
  return closing || !t.path.includes(sq);
}

function centre(sq) {
  const { files, ranks } = t.puzzle;
  const f = sq % files, r = Math.floor(sq / files);
  return [f * UNIT + UNIT / 2, (ranks - 1 - r) * UNIT + UNIT / 2];
}

function draw() {
  const p = t.puzzle;
  const svg = $('tour-board');
  svg.setAttribute('viewBox', `0 0 ${p.files * UNIT} ${p.ranks * UNIT}`);
  const out = [];
  const route = t.shown && p.solution ? p.solution : t.path;
  p.squares.forEach((name, sq) => {
    const [x, y] = centre(sq);
    const f = sq % p.files, r = Math.floor(sq / p.files);
    let cls = (f + r) % 2 === 0 ? 'sq dark' : 'sq light';
    if (sq === t.hint) cls += ' selected';
    out.push(`<rect class="${cls}" data-square="${name}" x="${x - UNIT / 2}" y="${y - UNIT / 2}" width="${UNIT}" height="${UNIT}"/>`);
  });
  const points = route.map((sq) => centre(sq).join(',')).join(' ');
  out.push(`<polyline class="tour-line" points="${points}"/>`);
  route.forEach((sq, i) => {
    if (i > 0 && sq === p.start) return;
    const [x, y] = centre(sq);
    out.push(`<circle class="tour-dot${sq === p.start ? ' start' : ''}" cx="${x}" cy="${y}" r="26"/>`);
    out.push(`<text class="tour-num" x="${x}" y="${y + 9}" text-anchor="middle">${i + 1}</text>`);
  });
  svg.innerHTML = out.join('');
  let status;
  if (t.shown) status = p.solution ? 'A solution.' : 'No solution to show.';
  else if (done()) status = 'Solved!';
  else status = `${t.path.length - 1} of ${goal() - 1} moves.`;
  if (p.status === 'none') status += ' This puzzle has no tour.';
  if (p.status === 'gave-up') status += ' (The solver gave up: no hint or solution.)';
  $('tour-status').textContent = status;
  document.body.dataset.tourMoves = String(t.path.length - 1);
  document.body.dataset.tourSolved = done() ? '1' : '0';
}

function click(e) {
  const name = e.target.dataset && e.target.dataset.square;
  if (!t.puzzle || !name || t.shown) return;
  const sq = t.puzzle.squares.indexOf(name);
  t.hint = null;
  if (t.path.length > 1 && sq === t.path[t.path.length - 1]) t.path.pop();
  else if (!done() && canGo(sq)) t.path.push(sq);
  draw();
}

function hint() {
  if (!t.puzzle || t.shown) return;
  const s = t.puzzle.solution;
  if (!s) {
    $('tour-status').textContent = t.puzzle.status === 'gave-up'
      ? 'The solver gave up on this board: no hint to give.'
      : 'This puzzle has no tour: no hint to give.';
    return;
  }
  const agree = t.path.every((sq, i) => s[i] === sq);
  if (agree && t.path.length < s.length) {
    t.hint = s[t.path.length];
  } else {
    const i = t.path.findIndex((sq, k) => s[k] !== sq);
    $('tour-status').textContent = `The known tour leaves your path at move ${i}: take back to there.`;
    return;
  }
  draw();
}

function start() {
  $('tour-form').addEventListener('submit', (e) => {
    e.preventDefault();
    load();
  });
  $('tour-board').addEventListener('click', click);
  $('tour-hint').addEventListener('click', hint);
  $('tour-solution').addEventListener('click', () => {
    t.shown = !t.shown;
    $('tour-solution').textContent = t.shown ? 'Hide solution' : 'Show solution';
    draw();
  });
  $('tour-reset').addEventListener('click', () => {
    if (!t.puzzle) return;
    t.path = [t.puzzle.start];
    t.shown = false;
    t.hint = null;
    draw();
  });
  load().then(() => { document.body.dataset.ready = '1'; });
}

start();
