// Pieces off the board: the hands (S-Chess's pieces waiting to gate in, clickable to
// choose which comes in with the next move) and Musketeer's setup (the kinds to choose
// from as buttons; placements by clicking a reserve cell on the board).

import { pieceIcon } from './board.js';

const $ = (id) => document.getElementById(id);

/// Draws both hands. The side to move's pieces that some legal move gates in are
/// buttons: clicking one calls `pick(kind)` (the kind chosen is `chosen`).
export function renderHands(detail, view, moves, flip, interactive, chosen, pick) {
  const hands = view.hands || [[], []];
  const top = flip ? 0 : 1;
  const side = view.side === 'white' ? 0 : 1;
  const gates = new Set(interactive ? moves.filter((m) => m.gate != null).map((m) => m.gate) : []);
  const draw = (i, el) => {
    el.innerHTML = '';
    const color = i ? 'black' : 'white';
    for (const k of new Set(hands[i])) {
      const count = hands[i].filter((x) => x === k).length;
      const icon = pieceIcon(detail, color, k, flip, 36).repeat(count);
      if (i === side && gates.has(k)) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = `hand-piece${chosen === k ? ' chosen' : ''}`;
        b.dataset.handKind = String(k);
        b.title = `Gate in the ${detail.kinds[k].name} with the next move`;
        b.innerHTML = icon;
        b.addEventListener('click', () => pick(chosen === k ? null : k));
        el.appendChild(b);
      } else {
        el.insertAdjacentHTML('beforeend', icon);
      }
    }
  };
  draw(top, $('hand-top'));
  draw(1 - top, $('hand-bottom'));
}

/// Of `candidates` (legal moves sharing their squares), the one that gates in `kind`
/// when a hand piece was chosen, else null.
export function gatedChoice(candidates, kind) {
  if (kind == null) return null;
  return candidates.find((m) => m.gate === kind) || null;
}

/// Shows the setup moves of the side to move: the kinds to choose as buttons, or for a
/// placement a line saying to click a reserve cell; `play(move)` plays one.
export function renderSetup(detail, state, flip, interactive, play) {
  const el = $('setup');
  const setup = state.moves.filter((m) => !m.from);
  el.hidden = !(interactive && setup.length);
  el.innerHTML = '';
  if (el.hidden) return;
  const selects = setup.filter((m) => m.flag === 'select');
  const places = setup.filter((m) => m.flag === 'place');
  if (places.length) {
    const kind = detail.kinds[places[0].kind];
    el.innerHTML = `<p>Place your ${kind.name}: click a marked cell behind your back rank.</p>`;
    return;
  }
  const box = document.createElement('div');
  box.className = 'setup-choices';
  box.innerHTML = '<span>Choose a piece:</span>';
  for (const m of selects) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.text = m.text;
    b.title = `${detail.kinds[m.kind].name} (${m.san})`;
    b.innerHTML = pieceIcon(detail, state.side, m.kind, flip, 40);
    b.addEventListener('click', () => play(m));
    box.appendChild(b);
  }
  el.appendChild(box);
}
