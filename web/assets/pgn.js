// The PGN dialog: the tab's game as PGN (from the server's writer, with its [Variant]
// tag) to copy or download, and a pasted PGN loaded as a new game; the server's
// message is shown when a PGN does not load.

import { api } from './api.js';

const $ = (id) => document.getElementById(id);

function showError(e) {
  const el = $('pgn-error');
  el.textContent = e ? String(e.message || e) : '';
  el.hidden = !e;
}

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function copy(text) {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = $('pgn-text');
  area.value = text;
  area.select();
  document.execCommand('copy');
}

/// Wires the dialog: `current()` is the tab's game state, `loaded(state)` takes a game
/// made from a pasted PGN.
export function setupPgn(current, loaded) {
  const dialog = $('pgn-dialog');
  const close = () => { dialog.hidden = true; };
  const exported = async () => api.pgn(current().id);
  $('pgn-open').addEventListener('click', async () => {
    showError(null);
    dialog.hidden = false;
    try {
      $('pgn-text').value = await exported();
    } catch (e) {
      showError(e);
    }
    $('pgn-text').focus();
  });
  $('pgn-close').addEventListener('click', close);
  dialog.addEventListener('keydown', (e) => { if (e.key === 'Escape') close(); });
  $('pgn-download').addEventListener('click', async () => {
    showError(null);
    try {
      const s = current();
      download(`joust-${s.variant}.pgn`, await exported());
    } catch (e) {
      showError(e);
    }
  });
  $('pgn-copy').addEventListener('click', async () => {
    showError(null);
    try {
      await copy(await exported());
      $('pgn-copy').textContent = 'Copied';
      setTimeout(() => { $('pgn-copy').textContent = 'Copy'; }, 1500);
    } catch (e) {
      showError(e);
    }
  });
  $('pgn-load').addEventListener('click', async () => {
    showError(null);
    const text = $('pgn-text').value;
    if (!text.trim()) {
      showError('Paste a PGN first.');
      return;
    }
    try {
      const state = await api.importPgn(text);
      close();
      await loaded(state);
    } catch (e) {
      showError(e);
    }
  });
}
