// relay.js: runs the WebAssembly Fairy-Stockfish of an npm package as a plain UCI engine
// on stdin/stdout, with the variants of a variants file loaded before the first command.
//
//   node --no-experimental-fetch relay.js PACKAGE_DIR VARIANTS_FILE
//
// For LancerChess and Clash it also enforces the one rule the variants file cannot state:
// a pawn promoting to a Lancer gets the Lancer its square's colour gives (a, c, e, g files:
// j; b, d, f, h files: l). Before a search it lists the root moves (`go perft 1`) and, if a
// wrong Lancer promotion is among them, searches only the others (`searchmoves`); and it
// rewrites the letter of every Lancer promotion it prints. `FSF_UCI_ROOT_FILTER=0` turns the
// root filter off. Nothing but engine output goes to stdout.
"use strict";
const fs = require("fs");
const path = require("path");
const readline = require("readline");

const GAMES_WITH_LANCER_PROMOTION = new Set(["lancerchess", "clash"]);
const INI_IN_ENGINE = "/joust-variants.ini";

/** The Lancer letter a promotion on `square` ("e8", "b1") must carry. */
function lancerFor(square) {
  const file = square.charCodeAt(0) - "a".charCodeAt(0);
  return file % 2 === 0 ? "j" : "l";
}

/** `move` with a Lancer promotion's letter set by its square; other moves unchanged. */
function correctPromotion(move) {
  if (!/^[a-h][27][a-h][18][lj]$/.test(move)) return move;
  const from = move[1], to = move[3];
  if (!((from === "7" && to === "8") || (from === "2" && to === "1"))) return move;
  return move.slice(0, 4) + lancerFor(move.slice(2, 4));
}

/** An engine line with its Lancer promotions corrected (`info string` lines untouched). */
function correctLine(line) {
  const moves = line.startsWith("bestmove ") ||
    (line.startsWith("info ") && !line.startsWith("info string"));
  return moves ? line.split(" ").map(correctPromotion).join(" ") : line;
}

/** The ids of a variants file's sections (`[id]`, `[id:parent]`), in file order. */
function sectionIds(text) {
  const ids = [];
  for (const line of text.split(/\r?\n/)) {
    const section = /^\s*\[([^\]:]+)(?::[^\]]*)?\]/.exec(line);
    if (section) ids.push(section[1].trim());
  }
  return ids;
}

function fatal(message) {
  process.stderr.write(`fsf-uci: ${message}\n`);
  process.exit(1);
}

/** Starts the engine; resolves to the module once the variants have loaded. */
async function startEngine(packageDir, variantsFile) {
  let ini;
  try {
    ini = fs.readFileSync(variantsFile);
  } catch (e) {
    fatal(`cannot read ${variantsFile}: ${e.message}`);
  }
  // Emscripten writes to console.log before a listener exists: keep stdout for UCI.
  console.log = (...parts) => process.stderr.write(parts.join(" ") + "\n");
  // A failing engine thread (say, a hash table too big for wasm memory) ends the process
  // instead of leaving the caller waiting.
  const threads = require("worker_threads");
  const Worker = threads.Worker;
  threads.Worker = class extends Worker {
    constructor(...args) {
      super(...args);
      this.on("error", (e) => fatal(`engine thread failed: ${e && e.message ? e.message : e}`));
    }
  };
  const factory = require(path.join(packageDir, "stockfish.js"));
  const engine = await factory({ locateFile: (name) => path.join(packageDir, name) });
  const lines = [];
  let listener = (line) => lines.push(line);
  engine.addMessageListener((line) => listener(line));
  await new Promise((resolve) => {
    listener = (line) => {
      lines.push(line);
      if (line === "uciok") resolve();
    };
    engine.FS.writeFile(INI_IN_ENGINE, ini);
    engine.postMessage(`setoption name VariantPath value ${INI_IN_ENGINE}`);
    engine.postMessage("uci");
  });
  const combo = lines.find((l) => l.startsWith("option name UCI_Variant ")) || "";
  const offered = new Set(combo.split(" var ").slice(1).map((v) => v.trim()));
  const games = sectionIds(ini.toString("utf8"));
  const missing = games.filter((g) => !offered.has(g));
  if (missing.length > 0) {
    lines.filter((l) => !l.startsWith("option ")).forEach((l) => process.stderr.write(l + "\n"));
    // One game the engine refuses leaves the others playable; a file of which nothing
    // loaded is a mistake.
    if (missing.length === games.length) fatal(`no game of ${variantsFile} loaded`);
    process.stderr.write(`fsf-uci: not loaded from ${variantsFile}: ${missing.join(", ")}\n`);
  }
  return { engine, setListener: (f) => { listener = f; } };
}

/** Passes commands to the engine one at a time and its lines back, as described above. */
class Relay {
  constructor(engine, rootFilter) {
    this.engine = engine;
    this.rootFilter = rootFilter;
    this.game = "chess";
    this.pending = [];          // commands not yet sent
    this.busy = false;          // a root listing is under way: hold the queue
    this.listing = null;        // the root moves being collected
    this.searches = 0;          // searches sent whose bestmove has not come
    this.perfts = 0;            // perfts sent whose total has not come
    this.readies = 0;           // the client's isready not yet answered
    this.quitting = false;
    this.onOwnReady = null;     // our own isready, sent while quitting
    this.onIdle = null;         // while quitting: no search or perft left
  }

  lancerGame() {
    return GAMES_WITH_LANCER_PROMOTION.has(this.game);
  }

  /** One line from the engine. */
  fromEngine(line) {
    if (this.listing) {
      const move = /^(\S+): \d+$/.exec(line);
      if (move) return void this.listing.push(move[1]);
      if (line === "") return;
      if (line.startsWith("Nodes searched")) return this.listed();
    }
    if (line === "readyok") {
      if (this.readies === 0 && this.onOwnReady) return this.onOwnReady();
      if (this.readies > 0) this.readies -= 1;
    }
    if (line.startsWith("bestmove") && this.searches > 0) this.searches -= 1;
    const perftDone = line.startsWith("Nodes searched") && this.perfts > 0;
    if (perftDone) this.perfts -= 1;
    process.stdout.write((this.lancerGame() ? correctLine(line) : line) + "\n");
    if (this.onIdle && this.searches === 0 && this.perfts === 0) this.onIdle();
    if (perftDone) this.pump();
  }

  /** One line from the client. */
  fromClient(line) {
    this.pending.push(line);
    this.pump();
  }

  pump() {
    while (!this.busy && !this.quitting && this.pending.length > 0) {
      const line = this.pending.shift();
      const words = line.split(/\s+/);
      const filtered = words[0] === "go" && words[1] !== "perft" && this.rootFilter &&
        this.lancerGame() && !words.includes("searchmoves");
      if (filtered && this.perfts > 0) {
        // The root listing is a perft too: let the running one print its lines first.
        this.pending.unshift(line);
        return;
      }
      if (words[0] === "quit") this.quit();
      else if (filtered) this.listRootMoves(line);
      else this.send(line);
    }
  }

  send(line) {
    const words = line.split(/\s+/);
    if (words[0] === "isready") this.readies += 1;
    if (words[0] === "go") {
      if (words[1] === "perft") this.perfts += 1;
      else this.searches += 1;
    }
    const variant = /^setoption\s+name\s+uci_variant\s+value\s+(\S+)/i.exec(line);
    if (variant) this.game = variant[1].toLowerCase();
    this.engine.postMessage(line);
  }

  /** Asks for the root moves before sending `go` (kept in `this.goLine`). */
  listRootMoves(goLine) {
    this.busy = true;
    this.listing = [];
    this.goLine = goLine;
    this.engine.postMessage("go perft 1");
  }

  listed() {
    const all = this.listing;
    const allowed = all.filter((m) => correctPromotion(m) === m);
    this.listing = null;
    this.send(allowed.length < all.length ? `${this.goLine} searchmoves ${allowed.join(" ")}` : this.goLine);
    this.busy = false;
    this.pump();
  }

  /**
   * `quit` or the end of input: first an `isready`, so that every command before it has
   * been handled; then a running perft finishes and a running search is stopped (and
   * prints its bestmove); then the process exits.
   */
  quit() {
    this.quitting = true;
    const exit = () => {
      this.engine.postMessage("quit");
      process.stdout.write("", () => process.exit(0));
    };
    this.onOwnReady = () => {
      this.onOwnReady = null;
      if (this.searches === 0 && this.perfts === 0) return exit();
      this.onIdle = exit;
      if (this.searches > 0) {
        this.engine.postMessage("stop");
        if (this.perfts === 0) setTimeout(exit, 5000).unref();
      }
    };
    this.engine.postMessage("isready");
  }
}

async function main() {
  const [packageDir, variantsFile] = process.argv.slice(2);
  if (!packageDir || !variantsFile) fatal("usage: relay.js PACKAGE_DIR VARIANTS_FILE");
  const { engine, setListener } = await startEngine(packageDir, variantsFile);
  const relay = new Relay(engine, process.env.FSF_UCI_ROOT_FILTER !== "0");
  setListener((line) => relay.fromEngine(line));
  process.stdout.on("error", () => process.exit(0));
  const input = readline.createInterface({ input: process.stdin, terminal: false });
  input.on("line", (raw) => {
    const line = raw.trim();
    if (line !== "") relay.fromClient(line);
  });
  input.on("close", () => relay.fromClient("quit"));
}

if (require.main === module) {
  main().catch((e) => fatal(e && e.stack ? e.stack : String(e)));
} else {
  module.exports = { lancerFor, correctPromotion, correctLine, sectionIds };
}
