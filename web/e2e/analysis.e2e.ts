// The computer's analysis after a chess game, against a real server: no analysis during the
// game; after a fool's mate the button, the marks and evaluations in the move list, the
// evaluation and best line of the position clicked, the graph; served again from the cache.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useHarness, clickMove } from './harness.ts';

const H = useHarness();

async function canMove(page: Page, side: 'white' | 'black') {
  await page.waitForSelector(`[data-testid=chess-screen][data-can-move=${side}]`);
}

const inner = (page: Page, selector: string) => page.locator(selector).innerText();

test("fool's mate on one device, then the computer's analysis", async () => {
  const p = await H.newPage();
  await p.goto(H.url('/'));
  await p.click('[data-testid=variant-chess]');
  await p.click('[data-testid=opponent-local]');
  await p.click('[data-testid=time-none]');
  await p.click('[data-testid=create-game]');
  await p.waitForSelector('[data-testid=game-page][data-status=active]');
  await canMove(p, 'white');
  await clickMove(p, 'f2', 'f3');
  await canMove(p, 'black');
  // During the game there is nothing to ask for, and the server refuses anyway.
  assert.equal(await p.locator('[data-testid=analysis]').count(), 0);
  const id = new URL(p.url()).pathname.split('/').pop()!;
  const during = await fetch(H.url(`/api/games/${id}/analysis`), { method: 'POST' });
  assert.equal(during.status, 409);
  await clickMove(p, 'e7', 'e5');
  await canMove(p, 'white');
  await clickMove(p, 'g2', 'g4');
  await canMove(p, 'black');
  await clickMove(p, 'd8', 'h4');
  await p.waitForSelector('[data-testid=result]');

  await p.click('[data-testid=analysis-request]');
  await p.waitForSelector('[data-testid=analysis][data-state=done]');
  // g4 hung the mate: a blunder, with Black's mate in one after it.
  assert.equal(await inner(p, '[data-testid=move-3] .mark'), '??');
  assert.equal(await inner(p, '[data-testid=move-3] .move-eval'), '#-1');
  assert.equal(await inner(p, '[data-testid=move-4] .move-eval'), '0-1');
  assert.equal(await p.locator('[data-testid=move-2] .mark').count(), 0);

  await p.click('[data-testid=move-3]');
  await p.waitForSelector('[data-testid=analysis-position][data-ply="3"]');
  assert.equal(await inner(p, '[data-testid=analysis-eval]'), '#-1');
  assert.equal(await inner(p, '[data-testid=analysis-line]'), '2... Qh4#');
  assert.match(await inner(p, '[data-testid=analysis-judgement]'), /^2\. g4\?\? Blunder\. Best was \S+/);
  // White's summary: the one blunder (g4) and no mistake; whether 1. f3 counts as an
  // inaccuracy is the engine's call (it changes with the search), so either count is right.
  assert.match(await inner(p, '[data-testid=analysis-white]'), /White\s+\d+%\s+[01]\s+0\s+1/);

  // The position before it: White to move, a best line that starts at move 2.
  await p.click('[data-testid=move-2]');
  await p.waitForSelector('[data-testid=analysis-position][data-ply="2"]');
  assert.match(await inner(p, '[data-testid=analysis-line]'), /^2\. \S+ \S+/);
  // The graph takes the board to the ply clicked: its right end is the final position.
  const graph = p.locator('[data-testid=analysis-graph]');
  const box = (await graph.boundingBox())!;
  await p.mouse.click(box.x + box.width - 1, box.y + box.height / 2);
  await p.waitForSelector('[data-testid=chess-screen][data-ply="4"]');
  assert.match(await inner(p, '[data-testid=analysis-line]'), /game is over/);
  await H.screenshot(p, 'analysis-fools-mate');

  // Anyone who opens the game afterwards sees the same analysis at once, from the cache.
  const q = await H.newPage({ locale: 'it-IT' });
  await H.openGame(q, id);
  await q.waitForSelector('[data-testid=analysis][data-state=done]');
  assert.equal(await inner(q, '[data-testid=move-3] .mark'), '??');
  assert.match(await inner(q, '[data-testid=analysis]'), /Analisi del computer/);
  const cached = await fetch(H.url(`/api/games/${id}/analysis`));
  assert.equal(cached.status, 200);
  assert.equal((await cached.json()).analysis.moves[2].judgement, 'blunder');
  // Looking for an analysis of a finished game is no error the console would show.
  assert.deepEqual(H.errors, []);
});
