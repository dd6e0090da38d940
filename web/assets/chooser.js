// Choosing among legal moves that share their squares: a Lancer's final facing (eight
// arrows, the ridden direction preselected), a promotion, a shot or a move, a gated
// piece, a Lion's double move. Every candidate is a legal move from the server.

import { pieceIcon } from './board.js';

const overlay = () => document.getElementById('chooser');

function close() {
  const el = overlay();
  el.hidden = true;
  el.innerHTML = '';
}

/// Opens the chooser with `body` and resolves with the move picked, or null.
function open(title, fill) {
  return new Promise((resolve) => {
    const el = overlay();
    el.innerHTML = `<div class="dialog" role="dialog" aria-label="${title}"><h2>${title}</h2><div class="choices"></div>` +
      '<button type="button" class="cancel" data-cancel>Cancel</button></div>';
    const done = (m) => {
      document.removeEventListener('keydown', onKey, true);
      close();
      resolve(m);
    };
    const onKey = (e) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        done(null);
      }
    };
    document.addEventListener('keydown', onKey, true);
    el.querySelector('[data-cancel]').addEventListener('click', () => done(null));
    el.addEventListener('click', (e) => { if (e.target === el) done(null); }, { once: true });
    fill(el.querySelector('.choices'), done);
    el.hidden = false;
    const first = el.querySelector('.preselected') || el.querySelector('.choices button');
    if (first) first.focus();
  });
}

/// The compass direction (0 = north, clockwise in eighths) nearest to the way from
/// square `a` to square `b`.
function ridden(detail, a, b) {
  const sa = detail.squares.find((s) => s.name === a);
  const sb = detail.squares.find((s) => s.name === b);
  if (!sa || !sb) return 0;
  const angle = Math.atan2(sb.file - sa.file, sb.rank - sa.rank) * 180 / Math.PI;
  return ((Math.round(angle / 45) % 8) + 8) % 8;
}

/// True if the candidates are one move in each of several final facings.
function facingChoice(detail, mover, candidates) {
  if (!mover || detail.kinds[mover.kind].facing == null) return false;
  const facings = candidates.map((m) => (m.kind == null ? null : detail.kinds[m.kind].facing));
  return facings.every((f) => f != null) && new Set(facings).size === facings.length;
}

function facingGrid(detail, candidates, flip, pre) {
  return (box, done) => {
    box.classList.add('facings');
    // Screen cells, clockwise from the top, and the centre.
    const cells = [[0, 1], [0, 2], [1, 2], [2, 2], [2, 1], [2, 0], [1, 0], [0, 0]];
    const grid = Array.from({ length: 9 }, () => null);
    for (const m of candidates) {
      const d = detail.kinds[m.kind].facing;
      const screen = (d + (flip ? 4 : 0)) % 8;
      const [r, c] = cells[screen];
      grid[r * 3 + c] = [m, d];
    }
    grid.forEach((cell, i) => {
      const b = document.createElement('button');
      b.type = 'button';
      if (!cell) {
        b.disabled = i !== 4;
        b.className = i === 4 ? 'centre' : 'none';
        b.textContent = i === 4 ? '×' : '';
        if (i === 4) b.addEventListener('click', () => done(null));
      } else {
        const [m, d] = cell;
        const angle = ((d + (flip ? 4 : 0)) % 8) * 45;
        b.dataset.facing = String(d);
        b.dataset.text = m.text;
        b.title = m.san;
        b.innerHTML = `<svg viewBox="0 0 100 100" width="40" height="40"><path d="M50,8L74,40H58V90H42V40H26Z" transform="rotate(${angle} 50 50)"/></svg>`;
        if (d === pre) b.classList.add('preselected');
        b.addEventListener('click', () => done(m));
      }
      box.appendChild(b);
    });
  };
}

function list(detail, candidates, color, flip) {
  return (box, done) => {
    for (const m of candidates) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.text = m.text;
      const kind = m.kind != null ? m.kind : m.gate;
      const icon = kind != null ? pieceIcon(detail, color, kind, flip) : '';
      const what = m.flag === 'shot' ? ' (shoots)' : m.via ? ` (via ${m.via})` : '';
      b.innerHTML = `${icon}<span>${m.san}${what}</span>`;
      b.addEventListener('click', () => done(m));
      box.appendChild(b);
    }
  };
}

/// Asks which of `candidates` (legal moves with the same squares) to play.
/// `mover` is the piece moving ({color, kind}); resolves with a move or null.
export function choose(detail, mover, candidates, flip) {
  const color = mover ? mover.color : 'white';
  if (facingChoice(detail, mover, candidates)) {
    const c = candidates[0];
    const pre = ridden(detail, c.from, c.to);
    return open('Facing', facingGrid(detail, candidates, flip, pre));
  }
  const promo = candidates.every((m) => m.kind != null);
  return open(promo ? 'Promote to' : 'Which move?', list(detail, candidates, color, flip));
}
