// The board editor: a palette of every kind of the game in both colours (each Lancer
// facing is a kind of its own), a tool to remove pieces, the side to move and the
// castling field. Clicking a square puts the chosen piece there (the same piece again
// removes it). The FEN box follows every change, and a FEN typed there redraws the
// board. Playing or analysing from the position asks the server for a game from it;
// an illegal setup gets the server's message and the editor stays open.

import { pieceIcon } from './board.js';

const $ = (id) => document.getElementById(id);

/// The board field of a FEN split into its tokens: a number of empty squares, or a
/// piece written as in `detail.kinds[k].fen`.
function tokens(field) {
  return field.match(/\d+|[A-Za-z](\([A-Za-z]+\))?|\//g) || [];
}

/// A piece's token with its facing in capitals, as the server writes it.
function norm(token) {
  return token.replace(/\(.*\)/, (f) => f.toUpperCase());
}

export class Editor {
  /// `board` draws; `start(fen, analyse)` makes a game from the position (a promise
  /// that rejects with the server's message); `leave()` is called when editing ends.
  constructor(board, start, leave) {
    this.board = board;
    this.start = start;
    this.leave = leave;
    this.open = false;
    this.tool = null; // {color, kind} or 'remove'
    $('editor-done').addEventListener('click', () => this.play(false));
    $('editor-analyse').addEventListener('click', () => this.play(true));
    $('editor-cancel').addEventListener('click', () => this.close());
    $('editor-clear').addEventListener('click', () => {
      this.pieces = new Map();
      $('editor-castling').value = '-';
      this.changed();
    });
    $('editor-start').addEventListener('click', () => this.load(this.detail.start_fen));
    $('editor-side').addEventListener('change', () => this.changed());
    $('editor-castling').addEventListener('input', () => this.changed());
    $('fen').addEventListener('input', () => {
      if (this.open) this.load($('fen').value.trim(), true);
    });
  }

  /// Opens the editor on `fen` of the game `detail`.
  begin(detail, fen) {
    this.detail = detail;
    this.open = true;
    this.byToken = new Map();
    detail.kinds.forEach((k, i) => {
      k.fen.forEach((t, c) => this.byToken.set(norm(t), { color: c ? 'black' : 'white', kind: i }));
    });
    this.names = new Map(detail.squares.map((s) => [`${s.file},${s.rank}`, s.name]));
    this.palette();
    this.load(fen);
    document.body.dataset.editing = '1';
    $('editor').hidden = false;
    $('editor-error').hidden = true;
  }

  close() {
    this.open = false;
    $('editor').hidden = true;
    document.body.dataset.editing = '0';
    this.leave();
  }

  /// Reads `fen` into the editor; with `quiet`, a FEN that does not read is left alone.
  load(fen, quiet = false) {
    const fields = fen.split(/\s+/);
    const field = fields[0] || '';
    const bracket = field.indexOf('[');
    const placement = bracket >= 0 ? field.slice(0, bracket) : field;
    const pieces = new Map();
    let rank = this.detail.ranks - 1;
    let file = 0;
    for (const t of tokens(placement)) {
      if (t === '/') {
        rank -= 1;
        file = 0;
      } else if (/^\d+$/.test(t)) {
        file += parseInt(t, 10);
      } else {
        const p = this.byToken.get(norm(t));
        const name = this.names.get(`${file},${rank}`);
        if (!p || !name) {
          if (quiet) return;
          break;
        }
        pieces.set(name, p);
        file += 1;
      }
    }
    this.pieces = pieces;
    this.suffix = bracket >= 0 ? field.slice(bracket) : '';
    this.rest = fields.slice(3);
    if (this.rest.length) this.rest[0] = '-';
    if (!quiet) {
      $('editor-side').value = fields[1] === 'b' ? 'black' : 'white';
      $('editor-castling').value = fields[2] || '-';
    }
    this.changed(!quiet);
  }

  /// The position being edited, as FEN.
  fen() {
    const rows = [];
    for (let r = this.detail.ranks - 1; r >= 0; r -= 1) {
      let row = '';
      let empty = 0;
      for (let f = 0; f < this.detail.files; f += 1) {
        const p = this.pieces.get(this.names.get(`${f},${r}`));
        if (!p) {
          empty += 1;
          continue;
        }
        if (empty) row += String(empty);
        empty = 0;
        row += this.detail.kinds[p.kind].fen[p.color === 'white' ? 0 : 1];
      }
      if (empty) row += String(empty);
      rows.push(row);
    }
    const side = $('editor-side').value === 'black' ? 'b' : 'w';
    const castling = $('editor-castling').value.trim() || '-';
    const rest = this.rest.length ? this.rest : ['-', '0', '1'];
    return [rows.join('/') + this.suffix, side, castling, ...rest].join(' ');
  }

  /// Redraws the board and, with `writeFen`, the FEN box.
  changed(writeFen = true) {
    const fen = this.fen();
    if (writeFen) $('fen').value = fen;
    document.body.dataset.editorFen = fen;
    const board = [...this.pieces].map(([sq, p]) => ({ sq, color: p.color, kind: p.kind }));
    this.board.show({ fen, board, check: [], reserve: [], hands: [[], []], last_move: null }, [], false);
  }

  /// A click on `square` while editing.
  edit(square) {
    const old = this.pieces.get(square);
    const t = this.tool;
    if (t === 'remove' || !t || (old && old.color === t.color && old.kind === t.kind)) {
      this.pieces.delete(square);
    } else {
      this.pieces.set(square, { color: t.color, kind: t.kind });
    }
    this.changed();
  }

  palette() {
    const box = $('editor-pieces');
    box.innerHTML = '';
    const add = (tool, html, title) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.title = title;
      b.innerHTML = html;
      if (tool === 'remove') b.dataset.tool = 'remove';
      else {
        b.dataset.color = tool.color;
        b.dataset.kind = String(tool.kind);
      }
      b.addEventListener('click', () => {
        this.tool = tool;
        box.querySelectorAll('button').forEach((x) => x.classList.toggle('chosen', x === b));
      });
      box.appendChild(b);
    };
    for (const color of ['white', 'black']) {
      this.detail.kinds.forEach((k, kind) => {
        add({ color, kind }, pieceIcon(this.detail, color, kind, false, 36), `${color} ${k.name}`);
      });
    }
    add('remove', '<span class="remove-tool">✕</span>', 'Remove a piece');
    this.tool = null;
  }

  /// Starts a game from the edited position; the server's refusal is shown here.
  async play(analyse) {
    $('editor-error').hidden = true;
    try {
      await this.start(this.fen(), analyse);
      this.open = false;
      $('editor').hidden = true;
      document.body.dataset.editing = '0';
    } catch (e) {
      $('editor-error').textContent = String(e.message || e);
      $('editor-error').hidden = false;
    }
  }
}
