// The engine's view of the game: an evaluation bar beside the board and a score graph
// over the game (an SVG; one point per ply the engine scored while analysing or
// playing). Scores are the server's, from White's side: {cp} or {mate}.

/// White's share of the bar for `score`, from 0 to 1 (lichess's winning chances curve:
/// +1 pawn is about 59%, a mate for White is 1).
export function whiteShare(score) {
  if (!score) return 0.5;
  if (score.mate !== undefined) return score.mate > 0 ? 1 : 0;
  const chances = 2 / (1 + Math.exp(-0.00368208 * score.cp)) - 1;
  return 0.5 + chances / 2;
}

/// The score as people write it: +0.35, -1.20, #3, #-2.
export function scoreText(score) {
  if (!score) return '';
  if (score.mate !== undefined) return `#${score.mate}`;
  const cp = score.cp;
  return (cp > 0 ? '+' : '') + (cp / 100).toFixed(2);
}

/// Shows `score` on the bar `el` (White's part from the bottom, or from the top when the
/// board is flipped); no score hides nothing but greys the text.
export function drawEvalBar(el, score, flipped) {
  const share = whiteShare(score);
  const fill = el.querySelector('.eval-fill');
  fill.style.height = `${(share * 100).toFixed(1)}%`;
  fill.style.top = flipped ? '0' : '';
  fill.style.bottom = flipped ? '' : '0';
  const text = el.querySelector('.eval-text');
  text.textContent = scoreText(score);
  el.dataset.share = share.toFixed(3);
  el.title = score ? `Evaluation ${scoreText(score)}` : 'Evaluation';
}

/// Draws the graph of `scores` (index: ply; missing plies are skipped) over a game of
/// `plies` moves on `svg`, marking ply `current`.
export function drawGraph(svg, scores, plies, current) {
  const W = 600, H = 120;
  const n = Math.max(plies, 1);
  const x = (ply) => (ply / n) * W;
  const y = (score) => (1 - whiteShare(score)) * H;
  const points = [];
  for (let ply = 0; ply <= plies; ply += 1) {
    if (scores[ply]) points.push([x(ply), y(scores[ply])]);
  }
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('preserveAspectRatio', 'none');
  const line = points.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(' ');
  const area = points.length
    ? `M${points[0][0].toFixed(1)},${H} L${line.replace(/ /g, ' L')} L${points[points.length - 1][0].toFixed(1)},${H} Z`
    : '';
  svg.innerHTML = `<rect class="graph-bg" width="${W}" height="${H}"/>` +
    (area ? `<path class="graph-area" d="${area}"/>` : '') +
    `<line class="graph-mid" x1="0" y1="${H / 2}" x2="${W}" y2="${H / 2}"/>` +
    (line ? `<polyline class="graph-line" points="${line}"/>` : '') +
    `<line class="graph-now" x1="${x(current)}" y1="0" x2="${x(current)}" y2="${H}"/>`;
  svg.dataset.points = String(points.length);
}

/// The ply nearest to a click on the graph `svg` of a game of `plies` moves.
export function plyAt(svg, event, plies) {
  const r = svg.getBoundingClientRect();
  if (r.width <= 0) return 0;
  const share = (event.clientX - r.left) / r.width;
  return Math.max(0, Math.min(plies, Math.round(share * plies)));
}

