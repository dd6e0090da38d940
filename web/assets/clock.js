// The game's clock: a time and an increment per side, chosen at new game. The side to
// move's time runs from the moment its position is shown; a move adds the increment.
// Each position keeps the times it was reached with, so a takeback restores them. The
// engine's think time follows its own clock (a share of what is left plus most of the
// increment); the server still bounds it. A time that reaches zero is a flag fall.

const $ = (id) => document.getElementById(id);

/// The time `ms` as a clock shows it: 1:05:09, 4:59, 0:09.7.
export function clockText(ms) {
  const t = Math.max(0, ms);
  if (t < 10000) return `0:0${(Math.floor(t / 100) / 10).toFixed(1)}`;
  const s = Math.ceil(t / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

export class Clock {
  /// `onFlag(color)` is called once when `color`'s time runs out.
  constructor(onFlag) {
    this.onFlag = onFlag;
    this.base = 0; // ms per side; 0: no clock
    this.inc = 0;
    this.times = []; // per ply: [white ms, black ms] when that position was reached
    this.side = null; // whose time runs
    this.since = 0; // when it started running (performance.now())
    this.flagged = null;
    this.timer = setInterval(() => this.tick(), 100);
  }

  /// True if the game is played on a clock.
  get on() {
    return this.base > 0;
  }

  /// A new game at ply `ply` with `minutes` each and `inc` seconds a move (0: no clock).
  reset(minutes, inc, ply, side) {
    this.base = Math.max(0, Math.round((Number(minutes) || 0) * 60000));
    this.inc = Math.max(0, Math.round((Number(inc) || 0) * 1000));
    this.times = [];
    this.times[ply] = [this.base, this.base];
    this.flagged = null;
    this.side = null;
    this.follow(ply, side, false);
  }

  /// The game is at ply `ply` with `side` to move; `over` stops the clock. A ply one more
  /// than before charges the mover its time and gives it the increment; any other ply
  /// (a takeback) restores the times it was reached with.
  follow(ply, side, over) {
    if (!this.on) return;
    const now = performance.now();
    if (!this.times[ply]) {
      const before = this.times[ply - 1] || [this.base, this.base];
      const t = before.slice();
      const mover = side === 'white' ? 1 : 0;
      if (this.side !== null) t[mover] = Math.max(0, this.left(mover, now)) + this.inc;
      this.times[ply] = t;
    }
    this.times.length = ply + 1;
    this.current = this.times[ply].slice();
    this.side = over || this.flagged ? null : (side === 'white' ? 0 : 1);
    this.since = now;
    this.draw();
  }

  /// What `index` (0 white, 1 black) has left at time `now`.
  left(index, now = performance.now()) {
    const t = this.current ? this.current[index] : this.base;
    return this.side === index ? t - (now - this.since) : t;
  }

  /// How long the engine, playing `side`, should think: a thirtieth of its time plus
  /// most of the increment, keeping a margin; null when there is no clock.
  thinkMs(side) {
    if (!this.on) return null;
    const left = this.left(side === 'white' ? 0 : 1);
    const want = left / 30 + this.inc * 0.8;
    return Math.round(Math.max(20, Math.min(want, left - 200)));
  }

  tick() {
    if (!this.on || this.side === null) return;
    if (this.left(this.side) <= 0) {
      this.current[this.side] = 0;
      this.flagged = this.side === 0 ? 'white' : 'black';
      this.side = null;
      this.draw();
      this.onFlag(this.flagged);
      return;
    }
    this.draw();
  }

  /// Shows both times, White's at the bottom unless `flip`.
  draw(flip = this.flip) {
    this.flip = flip;
    $('clock-top').hidden = $('clock-bottom').hidden = !this.on;
    if (!this.on) return;
    const now = performance.now();
    const show = (el, index) => {
      const ms = Math.max(0, this.left(index, now));
      el.textContent = clockText(ms);
      el.dataset.color = index === 0 ? 'white' : 'black';
      el.dataset.ms = String(Math.round(ms));
      el.classList.toggle('running', this.side === index);
      el.classList.toggle('flagged', this.flagged === el.dataset.color);
    };
    show($('clock-top'), flip ? 0 : 1);
    show($('clock-bottom'), flip ? 1 : 0);
  }
}
