// The server's JSON API (see web/src/api.rs): each call returns the parsed JSON or
// throws an Error carrying the server's message.

async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await fetch('/api' + path, init);
  let data = null;
  try {
    data = await res.json();
  } catch (_) {
    data = null;
  }
  if (!res.ok) {
    const msg = data && data.error ? data.error : `${res.status} ${res.statusText}`;
    throw new Error(msg);
  }
  return data;
}

async function text(path) {
  const res = await fetch('/api' + path);
  if (!res.ok) {
    let msg = `${res.status} ${res.statusText}`;
    try {
      msg = (await res.json()).error || msg;
    } catch (_) { /* not JSON */ }
    throw new Error(msg);
  }
  return res.text();
}

export const api = {
  variants: () => call('GET', '/variants'),
  variant: (id) => call('GET', `/variants/${encodeURIComponent(id)}`),
  newGame: (variant, fen) => call('POST', '/games', fen ? { variant, fen } : { variant }),
  game: (id) => call('GET', `/games/${id}`),
  importPgn: (pgn) => call('POST', '/games', { pgn }),
  pgn: (id) => text(`/games/${id}/pgn`),
  ply: (id, n) => call('GET', `/games/${id}/ply/${n}`),
  move: (id, text) => call('POST', `/games/${id}/move`, { move: text }),
  takeback: (id, plies) => call('POST', `/games/${id}/takeback`, { plies }),
  engine: (id, ms, level) => call('POST', `/games/${id}/engine`, level ? { ms, level } : { ms }),
  analysis: (id, ms, multipv, ply) =>
    new EventSource(`/api/games/${id}/analysis?ms=${ms}&multipv=${multipv}&ply=${ply}`),
};
