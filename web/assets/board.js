// The board: an SVG of any size the engine supports, drawn from the server's data (the
// squares and each kind's picture, from joust-render's shapes). Moves are entered by
// click-click or drag and drop; the board reports (from, to) and the page decides.
// Drawing as on lichess: right-click a square for a circle, right-drag for an arrow
// (Shift red, Alt blue, else green; the same again removes it); a left click clears.

const UNIT = 100; // a square, in SVG units (the pieces' own box)

const COLOR_INDEX = { white: 0, black: 1 };

/// The SVG of a piece of `kind` (an index into detail.kinds) for `color`.
export function pieceMarkup(detail, color, kind, flipped) {
  const k = detail.kinds[kind];
  if (!k) return '';
  const facing = k.facing_svg ? k.facing_svg[flipped ? 1 : 0] : '';
  return k.svg[COLOR_INDEX[color]] + facing;
}

/// A small standalone SVG picture of a piece (for choosers and hands).
export function pieceIcon(detail, color, kind, flipped, size = 44) {
  return `<svg class="icon" width="${size}" height="${size}" viewBox="0 0 100 100">` +
    pieceMarkup(detail, color, kind, flipped) + '</svg>';
}

function arrowMarkup(x1, y1, x2, y2, cls, brush = '') {
  const dx = x2 - x1, dy = y2 - y1;
  const len = Math.hypot(dx, dy);
  if (len < 1) return '';
  const ux = dx / len, uy = dy / len;
  const ex = x2 - ux * 28, ey = y2 - uy * 28;
  return `<line class="${cls} ${brush}" x1="${x1 + ux * 20}" y1="${y1 + uy * 20}" x2="${ex}" y2="${ey}"/>` +
    `<polygon class="${cls}-head ${brush}" points="${x2},${y2} ${ex - uy * 22},${ey + ux * 22} ${ex + uy * 22},${ey - ux * 22}"/>`;
}

export class Board {
  /// `svg` is the <svg> element; `onMove(from, to)` is called for a move entered.
  constructor(svg, onMove) {
    this.svg = svg;
    this.onMove = onMove;
    this.flip = false;
    this.detail = null;
    this.view = null;
    this.moves = [];
    this.interactive = false;
    this.selected = null;
    this.drag = null;
    this.arrows = [];
    this.shapes = []; // drawn by the user: {from, to, brush}; from === to is a circle
    this.rightFrom = null;
    svg.addEventListener('pointerdown', (e) => this.down(e));
    svg.addEventListener('pointermove', (e) => this.moveDrag(e));
    svg.addEventListener('pointerup', (e) => this.up(e));
    svg.addEventListener('pointercancel', () => this.cancelDrag());
    svg.addEventListener('contextmenu', (e) => e.preventDefault());
  }

  setGame(detail) {
    this.detail = detail;
    // A game with reserve cells (Musketeer) has a row of them beyond each back rank.
    this.top = detail.reserve ? 1 : 0;
    this.rows = detail.ranks + 2 * this.top;
    this.byName = new Map(detail.squares.map((s) => [s.name, s]));
    this.selected = null;
  }

  /// Shows `view` (a position); `moves` are the legal moves when the user may move.
  show(view, moves, interactive) {
    if (!this.view || this.view.fen !== view.fen) this.shapes = [];
    this.view = view;
    this.moves = moves || [];
    this.interactive = interactive;
    if (!interactive) this.selected = null;
    this.render();
  }

  setArrows(arrows) {
    this.arrows = arrows;
    this.render();
  }

  setFlip(flip) {
    this.flip = flip;
    this.render();
  }

  corner(name) {
    const s = this.byName.get(name);
    const { files, ranks } = this.detail;
    const col = this.flip ? files - 1 - s.file : s.file;
    const row = this.flip ? s.rank : ranks - 1 - s.rank;
    return [col * UNIT, (row + this.top) * UNIT];
  }

  /// The corner of the reserve cell of `color` behind `file`.
  cellCorner(color, file) {
    const { files } = this.detail;
    const col = this.flip ? files - 1 - file : file;
    const bottom = (color === 'white') !== this.flip;
    return [col * UNIT, bottom ? (this.rows - 1) * UNIT : 0];
  }

  /// The placements the side to move may play now (Musketeer's setup).
  placements() {
    return this.interactive ? this.moves.filter((m) => m.flag === 'place') : [];
  }

  /// Draws the reserve rows, their pieces, and the cells a placement may go to.
  reserveMarkup(out) {
    const { files } = this.detail;
    for (const color of ['white', 'black']) {
      for (let f = 0; f < files; f += 1) {
        const [x, y] = this.cellCorner(color, f);
        out.push(`<rect class="reserve-cell" data-reserve="${color}-${f}" x="${x}" y="${y}" width="${UNIT}" height="${UNIT}"/>`);
      }
    }
    for (const p of this.view.reserve || []) {
      const [x, y] = this.cellCorner(p.color, p.file);
      out.push(`<g class="piece reserve" data-reserve-piece="${p.color}-${p.file}" transform="translate(${x},${y})">${pieceMarkup(this.detail, p.color, p.kind, this.flip)}</g>`);
    }
    for (const m of this.placements()) {
      const [x, y] = this.cellCorner(this.view.side, m.cell);
      out.push(`<circle class="dest place" data-place="${m.cell}" cx="${x + UNIT / 2}" cy="${y + UNIT / 2}" r="15"/>`);
    }
  }

  centre(name) {
    const [x, y] = this.corner(name);
    return [x + UNIT / 2, y + UNIT / 2];
  }

  pieceAt(name) {
    return this.view ? this.view.board.find((p) => p.sq === name) : undefined;
  }

  movesFrom(name) {
    return this.moves.filter((m) => m.from === name);
  }

  render() {
    if (!this.detail || !this.view) return;
    const { files, ranks } = this.detail;
    this.svg.setAttribute('viewBox', `0 0 ${files * UNIT} ${this.rows * UNIT}`);
    const out = [];
    if (this.top) this.reserveMarkup(out);
    const last = this.view.last_move;
    const lit = new Set();
    if (last && last.from) {
      lit.add(last.from);
      if (last.flag !== 'shot') lit.add(last.to);
      if (last.via) lit.add(last.via);
    }
    for (const s of this.detail.squares) {
      const [x, y] = this.corner(s.name);
      let cls = s.dark ? 'sq dark' : 'sq light';
      if (lit.has(s.name)) cls += ' last';
      if (this.selected === s.name) cls += ' selected';
      out.push(`<rect class="${cls}" data-square="${s.name}" x="${x}" y="${y}" width="${UNIT}" height="${UNIT}"/>`);
    }
    for (const sq of this.view.check) {
      const [x, y] = this.centre(sq);
      out.push(`<circle class="check" cx="${x}" cy="${y}" r="48"/>`);
    }
    for (const s of this.detail.squares) {
      const [x, y] = this.corner(s.name);
      const bottom = this.flip ? s.rank === ranks - 1 : s.rank === 0;
      const left = this.flip ? s.file === files - 1 : s.file === 0;
      const tone = s.dark ? 'coord on-dark' : 'coord on-light';
      if (bottom) out.push(`<text class="${tone}" x="${x + UNIT - 6}" y="${y + UNIT - 6}" text-anchor="end">${s.name.replace(/[0-9]+$/, '')}</text>`);
      if (left) out.push(`<text class="${tone}" x="${x + 5}" y="${y + 22}">${s.name.replace(/^[a-z]+/, '')}</text>`);
    }
    for (const p of this.view.board) {
      if (this.drag && this.drag.moving && this.drag.from === p.sq) continue;
      const [x, y] = this.corner(p.sq);
      out.push(`<g class="piece" data-piece="${p.sq}" transform="translate(${x},${y})">${pieceMarkup(this.detail, p.color, p.kind, this.flip)}</g>`);
    }
    if (last && last.flag === 'shot') {
      const [x1, y1] = this.centre(last.from);
      const [x2, y2] = this.centre(last.to);
      out.push(`<line class="shot" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`);
      out.push(`<path class="shot-hit" d="M${x2 - 22},${y2 - 22}L${x2 + 22},${y2 + 22}M${x2 + 22},${y2 - 22}L${x2 - 22},${y2 + 22}"/>`);
    }
    if (this.selected) {
      for (const m of this.movesFrom(this.selected)) {
        if (!m.to) continue;
        const [x, y] = this.centre(m.to);
        if (m.flag === 'shot') {
          out.push(`<circle class="dest shot-dest" data-dest="${m.to}" cx="${x}" cy="${y}" r="30"/>`);
        } else if (m.to === m.from) {
          out.push(`<circle class="dest stay" data-dest="${m.to}" cx="${x}" cy="${y}" r="44"/>`);
        } else if (this.pieceAt(m.to)) {
          out.push(`<circle class="dest capture" data-dest="${m.to}" cx="${x}" cy="${y}" r="45"/>`);
        } else {
          out.push(`<circle class="dest" data-dest="${m.to}" cx="${x}" cy="${y}" r="15"/>`);
        }
      }
    }
    for (const [a, b] of this.arrows) {
      if (!this.byName.has(a) || !this.byName.has(b)) continue;
      const [x1, y1] = this.centre(a);
      const [x2, y2] = this.centre(b);
      out.push(arrowMarkup(x1, y1, x2, y2, 'arrow'));
    }
    for (const { from, to, brush } of this.shapes) {
      const [x1, y1] = this.centre(from);
      if (from === to) {
        out.push(`<circle class="user-circle ${brush}" data-shape="${from}" cx="${x1}" cy="${y1}" r="44"/>`);
      } else {
        const [x2, y2] = this.centre(to);
        out.push(arrowMarkup(x1, y1, x2, y2, 'user-arrow', brush));
      }
    }
    if (this.drag && this.drag.moving) {
      const p = this.pieceAt(this.drag.from);
      if (p) {
        out.push(`<g class="piece dragging" transform="translate(${this.drag.x - UNIT / 2},${this.drag.y - UNIT / 2})">${pieceMarkup(this.detail, p.color, p.kind, this.flip)}</g>`);
      }
    }
    this.svg.innerHTML = out.join('');
  }

  /// The SVG coordinates of a pointer event.
  point(e) {
    const pt = this.svg.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    const m = this.svg.getScreenCTM();
    if (!m) return [0, 0];
    const p = pt.matrixTransform(m.inverse());
    return [p.x, p.y];
  }

  /// The square under a pointer event, if any.
  squareAt(e) {
    const [x, y] = this.point(e);
    const { files, ranks } = this.detail;
    let col = Math.floor(x / UNIT), row = Math.floor(y / UNIT) - this.top;
    if (col < 0 || row < 0 || col >= files || row >= ranks) return null;
    const file = this.flip ? files - 1 - col : col;
    const rank = this.flip ? row : ranks - 1 - row;
    const s = this.detail.squares.find((q) => q.file === file && q.rank === rank);
    return s ? s.name : null;
  }

  /// The placement move for the reserve cell under a pointer event, if any.
  placementAt(e) {
    if (!this.top) return null;
    const [x, y] = this.point(e);
    const { files } = this.detail;
    const col = Math.floor(x / UNIT), row = Math.floor(y / UNIT);
    if (col < 0 || col >= files || (row !== 0 && row !== this.rows - 1)) return null;
    const file = this.flip ? files - 1 - col : col;
    const [, cy] = this.cellCorner(this.view.side, file);
    if (cy !== row * UNIT) return null;
    return this.placements().find((m) => m.cell === file) || null;
  }

  isDest(from, to) {
    return this.moves.some((m) => m.from === from && m.to === to);
  }

  down(e) {
    if (!this.detail || !this.view) return;
    if (e.button === 2) {
      this.rightFrom = this.squareAt(e);
      e.preventDefault();
      return;
    }
    if (e.button !== 0) return;
    if (this.shapes.length) {
      this.shapes = [];
      this.render();
    }
    if (this.editing && this.onEdit) {
      const sq = this.squareAt(e);
      if (sq) {
        e.preventDefault();
        this.onEdit(sq);
      }
      return;
    }
    if (!this.interactive) return;
    const place = this.placementAt(e);
    if (place && this.onSetup) {
      e.preventDefault();
      this.onSetup(place);
      return;
    }
    const sq = this.squareAt(e);
    if (!sq) return;
    e.preventDefault();
    if (this.selected && sq !== this.selected && this.isDest(this.selected, sq)) {
      const from = this.selected;
      this.selected = null;
      this.render();
      this.onMove(from, sq);
      return;
    }
    if (this.movesFrom(sq).length > 0) {
      const again = this.selected === sq;
      this.selected = sq;
      const [x, y] = this.point(e);
      this.drag = { from: sq, x, y, x0: x, y0: y, moving: false, again };
      try { this.svg.setPointerCapture(e.pointerId); } catch (_) { /* synthetic events */ }
    } else {
      this.selected = null;
    }
    this.render();
  }

  moveDrag(e) {
    if (!this.drag) return;
    const [x, y] = this.point(e);
    if (!this.drag.moving && Math.hypot(x - this.drag.x0, y - this.drag.y0) < 12) return;
    this.drag.moving = true;
    this.drag.x = x;
    this.drag.y = y;
    this.render();
  }

  /// Ends a right-button gesture: a circle on one square, an arrow between two; drawing
  /// the same shape again removes it.
  drawShape(e) {
    const from = this.rightFrom;
    this.rightFrom = null;
    const to = this.squareAt(e);
    if (!from || !to) return;
    const brush = e.shiftKey ? 'red' : e.altKey ? 'blue' : 'green';
    const i = this.shapes.findIndex((s) => s.from === from && s.to === to);
    const old = i >= 0 ? this.shapes.splice(i, 1)[0] : null;
    if (!old || old.brush !== brush) this.shapes.push({ from, to, brush });
    this.render();
  }

  up(e) {
    if (e.button === 2 && this.rightFrom) {
      this.drawShape(e);
      return;
    }
    const drag = this.drag;
    if (!drag) return;
    this.drag = null;
    const sq = this.squareAt(e);
    if (drag.moving) {
      if (sq && sq !== drag.from && this.isDest(drag.from, sq)) {
        this.selected = null;
        this.render();
        this.onMove(drag.from, sq);
        return;
      }
    } else if (drag.again && sq === drag.from) {
      // A second click on the selected piece: a move that stays on its square (a
      // pass, a turn in place), else the piece is put down.
      this.selected = null;
      this.render();
      if (this.isDest(drag.from, drag.from)) this.onMove(drag.from, drag.from);
      return;
    }
    this.render();
  }

  cancelDrag() {
    this.drag = null;
    this.render();
  }
}
