// What lichess players expect around the moves, in two browsers against a real server:
// a takeback asked and accepted, "+15 s" seen on the opponent's clock, Abort before the first
// moves, and claiming victory once the opponent has closed their page (the server's "left"
// delay is 2 s here: --left-claim-seconds).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useHarness, clickMove } from './harness.ts';

const H = useHarness({ serveArgs: ['--left-claim-seconds', '2'] });

async function canMove(page: Page, side: 'white' | 'black') {
  await page.waitForSelector(`[data-testid=chess-screen][data-can-move=${side}]`);
}
async function moves(page: Page, n: number) {
  await page.waitForSelector(`[data-testid=chess-screen][data-moves="${n}"]`);
}

/** A chess game between two people: White in page a, Black in page b (each its own device). */
async function twoPlayers(clock: { initial: number; increment: number } | null, opts: { localeB?: string; phoneA?: boolean } = {}) {
  const g = await H.api.createGame({ variant: 'chess', color: 'white', clock } as any);
  const j = await H.api.join(g.id, { invite: g.invite as string });
  const a = await H.newPage(opts.phoneA ? { viewport: { width: 390, height: 844 } } : {});
  const b = await H.newPage({ locale: opts.localeB ?? 'en-US' });
  await H.openGame(a, g.id, g.token);
  await H.openGame(b, g.id, j.token);
  for (const p of [a, b]) await p.waitForSelector('[data-testid=game-page][data-status=active]');
  return { id: g.id, a, b };
}

test('a takeback asked by White and accepted by Black; a spectator sees no button', async () => {
  const { id, a, b } = await twoPlayers(null);
  const spectator = await H.newPage();
  await H.openGame(spectator, id);
  await canMove(a, 'white');
  // nothing to take back yet
  assert.equal(await a.locator('[data-testid=takeback-offer]').count(), 0);
  await clickMove(a, 'e2', 'e4');
  await canMove(b, 'black');
  await clickMove(b, 'e7', 'e5');
  await canMove(a, 'white');
  await clickMove(a, 'g1', 'f3');
  await moves(b, 3);

  await a.click('[data-testid=takeback-offer]');
  await a.waitForSelector('[data-testid=takeback-pending]');
  await b.waitForSelector('[data-testid=takeback-offered]');
  await H.screenshot(b, 'gameflow-takeback-asked');
  for (const sel of ['takeback-offer', 'takeback-accept', 'give-time', 'abort', 'claim-victory']) assert.equal(await spectator.locator(`[data-testid=${sel}]`).count(), 0, sel);
  await b.click('[data-testid=takeback-accept]');

  for (const p of [a, b, spectator]) {
    await moves(p, 2);
    await p.waitForSelector('[data-testid=flow-notice]:has-text("The last move was taken back.")');
  }
  assert.equal(await b.locator('[data-testid=takeback-offered]').count(), 0);
  // White plays another move instead
  await canMove(a, 'white');
  await clickMove(a, 'd2', 'd4');
  await moves(b, 3);
  const san = await b.locator('[data-testid=movelist] button.move').allInnerTexts();
  assert.deepEqual(san, ['e4', 'e5', 'd4']);
});

test('+15 s: White gives Black time, seen on Black’s clock (in Italian) and from a phone', async () => {
  const { a, b } = await twoPlayers({ initial: 180, increment: 0 }, { localeB: 'it-IT', phoneA: true });
  await b.waitForSelector('[data-testid=clock-black]:has-text("3:00")');
  const give = a.locator('[data-testid=give-time]');
  await give.scrollIntoViewIfNeeded();
  assert.ok(await give.isVisible(), 'the +15 s button on a phone');
  await H.screenshot(a, 'gameflow-phone-controls');
  await give.click();
  await b.waitForSelector('[data-testid=clock-black]:has-text("3:15")');
  await a.waitForSelector('[data-testid=clock-black]:has-text("3:15")');
  await b.waitForSelector('[data-testid=flow-notice]:has-text("Il tuo avversario ti ha dato 15 secondi.")');
  await a.waitForSelector('[data-testid=flow-notice]:has-text("You gave your opponent 15 seconds.")');
  // White's own clock is untouched
  assert.equal(await b.locator('[data-testid=clock-white]').innerText(), '3:00');
});

test('Abort before the first moves ends the game for both, with no result', async () => {
  const { a, b } = await twoPlayers({ initial: 300, increment: 0 });
  await canMove(a, 'white');
  await clickMove(a, 'e2', 'e4');
  // Black has not moved: either may still abort; Black does
  await b.waitForSelector('[data-testid=abort]');
  await b.click('[data-testid=abort]');
  for (const p of [a, b]) {
    await p.waitForSelector('[data-testid=game-page][data-status=aborted]');
    assert.match(await p.locator('[data-testid=result]').innerText(), /Game aborted/);
  }
  assert.equal(await a.locator('[data-testid=abort]').count(), 0);
});

test('claim victory once the opponent has closed their page', async () => {
  const { a, b } = await twoPlayers({ initial: 300, increment: 0 });
  await canMove(a, 'white');
  await clickMove(a, 'e2', 'e4');
  await canMove(b, 'black');
  await clickMove(b, 'e7', 'e5');
  await moves(a, 2);
  assert.equal(await a.locator('[data-testid=opponent-left]').count(), 0);
  await b.context().close(); // Black leaves

  await a.waitForSelector('[data-testid=opponent-left]:has-text("Your opponent left the game.")');
  await a.waitForSelector('[data-testid=opponent-left][data-claim=open]');
  await H.screenshot(a, 'gameflow-claim');
  await a.click('[data-testid=claim-victory]');
  await a.waitForSelector('[data-testid=game-page][data-status=finished]');
  assert.match(await a.locator('[data-testid=result]').innerText(), /You win \(the opponent left the game\)/);
});
