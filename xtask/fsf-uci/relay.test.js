// Tests of relay.js's promotion rule: `node --test xtask/fsf-uci/`.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const { lancerFor, correctPromotion, correctLine, sectionIds } = require("./relay.js");

test("the Lancer follows the promotion square's colour, for both sides", () => {
  // White on rank 8: a8 is light (j), b8 dark (l); Black on rank 1: a1 dark (j), b1 light (l).
  assert.deepStrictEqual(["a8", "b8", "e8", "h8"].map(lancerFor), ["j", "l", "j", "l"]);
  assert.deepStrictEqual(["a1", "b1", "e1", "h1"].map(lancerFor), ["j", "l", "j", "l"]);
});

test("only Lancer promotions are rewritten", () => {
  assert.strictEqual(correctPromotion("e7e8l"), "e7e8j");
  assert.strictEqual(correctPromotion("e7e8j"), "e7e8j");
  assert.strictEqual(correctPromotion("b2b1j"), "b2b1l");
  assert.strictEqual(correctPromotion("e7e8k"), "e7e8k");
  assert.strictEqual(correctPromotion("e2e4"), "e2e4");
  // Not a promotion: a piece moving from the 2nd to the 1st rank keeps its text.
  assert.strictEqual(correctPromotion("e7e1l"), "e7e1l");
});

test("bestmove and info lines are corrected, info string is not", () => {
  assert.strictEqual(correctLine("bestmove e7e8l ponder b2b1j"), "bestmove e7e8j ponder b2b1l");
  assert.strictEqual(correctLine("info depth 3 pv e7e8l d8d7"), "info depth 3 pv e7e8j d8d7");
  assert.strictEqual(correctLine("info string e7e8l"), "info string e7e8l");
});

test("the section ids of a variants file are its games", () => {
  const text = "# [not-a-game] in a comment\n[lancerchess]\nking = q\n  [mine:chess] \r\n[other:mine]\n";
  assert.deepStrictEqual(sectionIds(text), ["lancerchess", "mine", "other"]);
});
