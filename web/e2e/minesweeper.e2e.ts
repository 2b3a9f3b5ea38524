// Minesweeper Chess in the browser against a real `arbiter serve`: set-up positions whose
// mine layout the test knows (options.fen with `layout:`, docs/minesweeper.md), played by
// two browser contexts (one per player) or one local device. No sleeps: every step waits for
// a selector or a text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useHarness } from './harness.ts';

const H = useHarness({ closeContextsAfterEach: false });

// White: Kh1, Re2, pawn b3 (its sapper action checks b4). Black: Ke10, Re9 (pinned on the
// e-file), Ra10, pawn g9. Mines on b4, a6, e6, h7.
const FEN_FULL = 'r3k3/4r1p1/8/8/8/8/8/1P6/4R3/7K w - - 0 1 zone:~~~~~~~~/~~~~~~~~/~~~~~~~~/~~~~~~~~ counter:4 layout:b4,a6,e6,h7';
// White: Ke3, pawn a3. Black: Ke10, pawn h9. Mines on e4 and c5: the king's step to d4
// discovers both, so the fog lifts for good; then the king clears e4.
const FEN_FOG = '4k3/7p/8/8/8/8/8/P3K3/8/8 w - - 0 1 zone:~~~~~~~~/~~~~~~~~/~~~~~~~~/~~~~~~~~ counter:2 layout:e4,c5';

const sq = (page: Page, s: string) => page.locator(`[data-testid="ms-overlay"] [data-sq="${s}"]`);

/** H.openGame, with what the page showed when it did not come up (for flaky-run reports). */
async function open(page: Page, id: string, token?: string): Promise<void> {
  try {
    await H.openGame(page, id, token);
  } catch (e) {
    const body = await page.evaluate(() => document.body.innerText.slice(0, 500)).catch(() => '?');
    throw new Error(`${(e as Error).message}\nurl: ${page.url()}\npage: ${body}\nerrors: ${H.errors.join('\n')}`);
  }
}

async function waitScreen(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="ms-screen"]');
  await page.waitForSelector('[data-testid="ms-board"] cg-board piece');
}

async function counterIs(page: Page, text: string): Promise<void> {
  await page.locator('[data-testid="ms-counter-value"]', { hasText: text }).waitFor();
}

/** Click the centre of a square on the chessgroundx board (either orientation). */
async function clickSquare(page: Page, s: string): Promise<void> {
  const board = page.locator('[data-testid="ms-board"] cg-board');
  await board.scrollIntoViewIfNeeded();
  const box = (await board.boundingBox())!;
  const black = await page.locator('[data-testid="ms-board"] .cg-wrap').evaluate((el) => el.classList.contains('orientation-black'));
  const f = 'abcdefgh'.indexOf(s[0]);
  const r = Number(s.slice(1));
  const x = black ? 7 - f : f;
  const y = black ? r - 1 : 10 - r;
  await page.mouse.click(box.x + ((x + 0.5) * box.width) / 8, box.y + ((y + 0.5) * box.height) / 10);
}

async function boardMove(page: Page, from: string, to: string): Promise<void> {
  await page.locator('[data-testid="ms-board"]:not([data-mover="none"])').waitFor();
  await clickSquare(page, from);
  await page.locator(`[data-testid="ms-board"] cg-board square.selected`).waitFor();
  await clickSquare(page, to);
}

async function typeMove(page: Page, uci: string): Promise<void> {
  const input = page.locator('[data-testid="ms-move-input"]');
  await page.locator('[data-testid="ms-move-input"]:not([disabled])').waitFor();
  await input.fill(uci);
  await input.press('Enter');
}

async function pieceCount(page: Page): Promise<number> {
  return page.locator('[data-testid="ms-board"] cg-board piece:not(.ghost):not(.fading)').count();
}

/** Wait until the board shows `n` pieces (a destroyed piece lingers on its mine a moment). */
async function piecesAre(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="ms-board"] cg-board piece:not(.ghost):not(.fading)').length === n,
    n,
  );
}

test('a full game between two browsers: the sapper finds a mine, a rook explodes, king exposed, reveal verified', async () => {
  // White proposes the mine-odds helper; Black accepts it when joining through the invite link.
  const created = await H.api.createGame({ variant: 'minesweeper', opponent: 'human', color: 'white', assist: true, options: { fen: FEN_FULL } });
  const white = await H.newPage();
  const black = await H.newPage();
  await open(white, created.id, created.token);
  await white.waitForSelector('[data-testid="ms-screen"]');
  await black.goto(H.url(created.invitePath!));
  await black.locator('[data-testid="join-assist"]').check();
  await black.locator('[data-testid="join-button"]').click();
  await waitScreen(black);
  await waitScreen(white);
  const summary = await H.api.view(created.id);
  assert.equal(summary.status, 'active');
  assert.deepEqual(summary.assist, { proposed: true, enabled: true });
  // both agreed: the odds are offered to both during the game
  await white.locator('[data-testid="ms-odds-toggle"]').waitFor();
  await black.locator('[data-testid="ms-odds-toggle"]').waitFor();

  for (const p of [white, black]) {
    await counterIs(p, '4 of 4');
    assert.equal(await p.locator('[data-testid="ms-overlay"] .ms-sq.fog').count(), 32);
    assert.equal(await p.locator('[data-testid="ms-overlay"] .ms-sq.zone').count(), 32);
    assert.match((await p.locator('[data-testid="ms-commitment"]').textContent()) ?? '', /^[0-9a-f]{64}$/);
  }
  assert.equal(await black.locator('[data-testid="ms-board"] .cg-wrap.orientation-black').count(), 1);
  await H.screenshot(white, 'minesweeper-01-start-white');

  // 1. White's pawn b3 saps b4 (sapper mode, then the 💣 on the square in front).
  await white.locator('[data-testid="ms-sapper-toggle"]').click();
  await white.locator('[data-testid="ms-sap-b4"]').waitFor();
  await H.screenshot(white, 'minesweeper-02-sapper-mode');
  await white.locator('[data-testid="ms-sap-b4"]').click();
  for (const p of [white, black]) {
    await counterIs(p, '3 of 4');
    await p.locator('[data-testid="ms-log"]', { hasText: 'sapper found and removed a mine on b4' }).waitFor();
    await p.waitForSelector('[data-testid="ms-overlay"] [data-sq="b4"]:not(.fog)');
  }
  assert.equal(await pieceCount(white), 7);

  // 2. Black's rook a10 → a6 (board clicks) lands on a hidden mine and explodes.
  await black.locator('[data-testid="ms-turn"]', { hasText: 'Your move' }).waitFor();
  await black.locator('[data-testid="ms-board"][data-mover="black"]').waitFor();
  await clickSquare(black, 'a10');
  // destinations inside the fog are marked on top of it
  for (const d of ['a7', 'a6', 'a5', 'a4']) await sq(black, d).locator('.ms-dest').waitFor();
  assert.equal(await black.locator('[data-testid="ms-overlay"] .ms-dest').count(), 4);
  await H.screenshot(black, 'minesweeper-03a-rook-selected-black');
  await clickSquare(black, 'a6');
  for (const p of [white, black]) {
    await counterIs(p, '2 of 4');
    await p.locator('[data-testid="ms-log"]', { hasText: 'Black rook destroyed by a mine on a6' }).waitFor();
  }
  await H.screenshot(black, 'minesweeper-03-explosion-black');
  await piecesAre(black, 6);
  await piecesAre(white, 6);
  assert.equal(await sq(black, 'a6').evaluate((el) => el.classList.contains('fog')), false);
  assert.equal(await sq(black, 'b5').evaluate((el) => el.classList.contains('fog')), false);

  // 3. White plays the king by typing (keyboard path).
  await typeMove(white, 'h1g1');
  await black.locator('[data-testid="ms-turn"]', { hasText: 'Your move' }).waitFor();

  // 4. Black's pinned rook slides along the pin onto the mine on e6: king exposed.
  await boardMove(black, 'e9', 'e6');
  for (const p of [white, black]) {
    await p.locator('[data-testid="ms-log"]', { hasText: 'Black rook destroyed by a mine on e6' }).waitFor();
    await p.locator('[data-testid="ms-verify"][data-ok="true"]').waitFor();
    await p.locator('[data-testid="ms-reveal-mines"]', { hasText: 'b4, a6, e6, h7' }).waitFor();
    assert.equal(await p.locator('[data-testid="ms-overlay"] .ms-sq.layout-mine').count(), 4);
    await counterIs(p, '1 of 4');
    await piecesAre(p, 5);
  }
  // a spectator (no token) sees the same public board and the same verified reveal
  const watcher = await H.newPage();
  await open(watcher, created.id);
  await waitScreen(watcher);
  await counterIs(watcher, '1 of 4');
  await watcher.locator('[data-testid="ms-verify"][data-ok="true"]').waitFor();
  assert.equal(await watcher.locator('[data-testid="ms-overlay"] .ms-sq.fog').count(), await white.locator('[data-testid="ms-overlay"] .ms-sq.fog').count());
  assert.equal(await watcher.locator('[data-testid="ms-move-input"]').count(), 0); // a spectator has no input
  const final = await H.api.view(created.id);
  assert.equal(final.status, 'finished');
  assert.equal(final.result.reason, 'king exposed');
  assert.equal(final.result.winner, 'white');
  await H.screenshot(white, 'minesweeper-04-reveal-white');
  await H.screenshot(black, 'minesweeper-04-reveal-black');
  assert.deepEqual(H.errors, []);
  for (const p of [white, black, watcher]) await p.context().close();
});

test('one device, in Italian: mine odds, a discovered mine, the fog lifts for good, the king clears a mine', async () => {
  const page = await H.newPage({ locale: 'it-IT', viewport: { width: 420, height: 900 } });
  const g = await H.api.createGame({ variant: 'minesweeper', opponent: 'local', color: 'white', assist: true, options: { fen: FEN_FOG } });
  // a local game keeps both seats' tokens on the device
  await page.goto(H.url('/'));
  await page.evaluate(
    ([id, tokens]) => localStorage.setItem('arbiter.tokens', JSON.stringify({ [id]: { seat: 'white', token: tokens.white, tokens } })),
    [g.id, g.tokens!] as const,
  );
  await open(page, g.id);
  await waitScreen(page);
  await counterIs(page, '2 su 2');

  // mine odds: 2 hidden mines among 32 fogged squares → 1/16 each
  await page.locator('[data-testid="ms-odds-toggle"]').click();
  await page.locator('[data-testid="ms-odds-e4"]').waitFor();
  assert.equal(await page.locator('[data-testid="ms-odds-e4"]').textContent(), '6%');
  assert.equal(await page.locator('[data-testid="ms-overlay"] .ms-odds').count(), 32);

  // selecting a pawn offers its sapper action: a 💣 on the square in front, and a button
  await clickSquare(page, 'a3');
  await page.locator('[data-testid="ms-sap-a4"]').waitFor();
  await page.locator('[data-testid="ms-sap-selected"]', { hasText: 'Bonifica a4' }).waitFor();
  await H.screenshot(page, 'minesweeper-05a-pawn-selected-it');
  await clickSquare(page, 'a3'); // unselect
  await page.locator('[data-testid="ms-sap-a4"]').waitFor({ state: 'detached' });

  await typeMove(page, 'a3a4'); // White: lifts a4, b4, a5, b5 — b4 and b5 touch c5
  await sq(page, 'b5').locator('.ms-num.n1').waitFor();
  // the odds follow the move: b4 = 1 puts one mine on c4 or c5; a5 = 0 clears a6 and b6,
  // so b5 = 1 clears c6; the other mine is on one of the 23 squares touching no number
  await page.locator('[data-testid="ms-odds-c4"]', { hasText: '50%' }).waitFor();
  await page.locator('[data-testid="ms-odds-a6"]', { hasText: '0%' }).waitFor();
  await page.locator('[data-testid="ms-odds-h7"]', { hasText: '4%' }).waitFor();
  assert.equal(await page.locator('[data-testid="ms-odds-a4"]').count(), 0);
  await H.screenshot(page, 'minesweeper-05-odds-it');

  await typeMove(page, 'h9h8'); // Black (same device)
  await boardMove(page, 'e3', 'd4'); // White's king: e4 and c5 discovered → no hidden mine left
  await page.locator('[data-testid="ms-foggone-banner"]', { hasText: 'La nebbia si è alzata per sempre' }).waitFor();
  await page.waitForSelector('[data-testid="ms-overlay"] [data-sq="c5"].mine');
  await page.waitForSelector('[data-testid="ms-overlay"] [data-sq="e4"].mine');
  assert.equal(await page.locator('[data-testid="ms-overlay"] .ms-sq.fog').count(), 0);
  await H.screenshot(page, 'minesweeper-06-fog-gone-it');

  await typeMove(page, 'e10e9');
  await boardMove(page, 'd4', 'e4'); // the king lands on the discovered mine: royal sapper
  await counterIs(page, '1 su 2');
  await page.locator('[data-testid="ms-log"]', { hasText: 'Il re ha rimosso una mina in e4' }).waitFor();
  await page.waitForSelector('[data-testid="ms-overlay"] [data-sq="e4"]:not(.mine)');
  const v = await H.api.view(g.id);
  assert.equal(v.view.counter, 1);
  assert.deepEqual(v.view.mines, ['c5']);
  await H.screenshot(page, 'minesweeper-07-king-clears-it');
  assert.deepEqual(H.errors, []);
  await page.context().close();
});

test('promotion to a queen on rank 10 gives check; a game without mines verifies an empty layout', async () => {
  const page = await H.newPage();
  const g = await H.api.createGame({ variant: 'minesweeper', opponent: 'local', color: 'white', options: { fen: 'k7/4P3/8/8/8/8/8/8/8/4K3 w - - 0 1' } });
  await page.goto(H.url('/'));
  await page.evaluate(
    ([id, tokens]) => localStorage.setItem('arbiter.tokens', JSON.stringify({ [id]: { seat: 'white', token: tokens.white, tokens } })),
    [g.id, g.tokens!] as const,
  );
  await open(page, g.id);
  await waitScreen(page);
  await counterIs(page, '0 of 0');
  assert.equal(await page.locator('[data-testid="ms-overlay"] .ms-sq.fog').count(), 0);
  assert.equal(await page.locator('[data-testid="ms-sapper-toggle"]').count(), 0); // no mine: no sapper action
  await boardMove(page, 'e9', 'e10');
  await page.locator('[data-testid="ms-check"]').waitFor();
  await page.waitForSelector('[data-testid="ms-board"] cg-board square.check');
  await page.waitForFunction(() => {
    const q = [...document.querySelectorAll('[data-testid="ms-board"] cg-board piece.q-piece.white')];
    return q.length === 1;
  });
  const v = await H.api.view(g.id);
  assert.deepEqual(v.view.moves, ['e9e10q']);
  assert.equal(v.view.check, true);
  await H.screenshot(page, 'minesweeper-08-promotion-check');
  // no helper was chosen: no odds during the game, offered once it is over
  assert.equal(await page.locator('[data-testid="ms-odds-toggle"]').count(), 0);
  await H.api.act(g.id, g.tokens!.black, { type: 'resign' });
  await page.locator('[data-testid="ms-verify"][data-ok="true"]').waitFor();
  await page.locator('[data-testid="ms-odds-toggle"]').waitFor();
  await page.locator('[data-testid="ms-reveal-mines"]', { hasText: 'none' }).waitFor();
  assert.deepEqual(H.errors, []);
  await page.context().close();
});

test('a typed sapper action, then the server restarts: the screen reconnects and plays on without losing or repeating an event', async () => {
  const created = await H.api.createGame({ variant: 'minesweeper', opponent: 'human', color: 'white', options: { fen: FEN_FULL } });
  const joined = await H.api.join(created.id, { invite: created.invite });
  const white = await H.newPage();
  await open(white, created.id, created.token);
  await waitScreen(white);
  await typeMove(white, 'sap b3'); // the keyboard form of b3b3
  await counterIs(white, '3 of 4');
  await H.restartServer();
  await white.locator('[data-testid="conn-state"][data-state="online"]').waitFor();
  // Black plays through the API while White's page is reconnected
  await H.api.act(created.id, joined.token, { type: 'move', move: 'a10a6' });
  await counterIs(white, '2 of 4');
  await white.locator('[data-testid="ms-log"]', { hasText: 'Black rook destroyed by a mine on a6' }).waitFor();
  await piecesAre(white, 6);
  await typeMove(white, 'h1g1');
  await white.locator('[data-testid="ms-moves"]', { hasText: 'h1–g1' }).waitFor();
  const s = await white.evaluate(() => (window as any).__msState());
  assert.deepEqual(s.moves, ['b3b3', 'a10a6', 'h1g1']);
  assert.equal(s.counter, 2);
  const v = await H.api.view(created.id);
  assert.deepEqual(v.view.fog.sort(), [...s.fog].sort());
  assert.equal(await white.locator('[data-testid="ms-log"] li', { hasText: 'destroyed by a mine on a6' }).count(), 1);
  // while the server was down the browser logged refused connections: those are expected
  const unexpected = H.errors.filter((e) => !/ERR_CONNECTION_REFUSED/.test(e));
  H.errors.length = 0;
  assert.deepEqual(unexpected, []);
  await white.context().close();
});

test('a reveal that does not match the commitment this browser saw at the start is shown as a failure', async () => {
  const page = await H.newPage();
  const g = await H.api.createGame({ variant: 'minesweeper', opponent: 'local', color: 'white', options: { fen: FEN_FOG } });
  await page.goto(H.url('/'));
  // as if this browser had seen another commitment when the game started
  await page.evaluate(
    ([id, tokens]) => {
      localStorage.setItem('arbiter.tokens', JSON.stringify({ [id]: { seat: 'white', token: tokens.white, tokens } }));
      localStorage.setItem('arbiter.ms.commitments', JSON.stringify({ [id]: 'ab'.repeat(32) }));
    },
    [g.id, g.tokens!] as const,
  );
  await open(page, g.id);
  await waitScreen(page);
  await page.locator('[data-testid="ms-commitment-changed"]').waitFor();
  await H.api.act(g.id, g.tokens!.white, { type: 'resign' });
  await page.locator('[data-testid="ms-verify"][data-ok="false"]', { hasText: 'differs from the one published at the start' }).waitFor();
  await H.screenshot(page, 'minesweeper-09-verify-failed');
  assert.deepEqual(H.errors, []);
  await page.context().close();
});

test('a spectator gets no move box, no Play button and no sapper control, and no sound is made before a gesture (no AudioContext warning)', async () => {
  const g = await H.api.createGame({ variant: 'minesweeper', opponent: 'human', color: 'white' });
  const j = await H.api.join(g.id, { invite: g.invite! });
  const watcher = await H.newPage();
  // Headless Chromium lets audio start without a gesture and so does not warn: count the contexts made instead.
  await watcher.addInitScript(() => {
    const w = window as any;
    w.__audioContexts = 0;
    const AC = w.AudioContext;
    if (AC)
      w.AudioContext = class extends AC {
        constructor(...args: any[]) {
          super(...args);
          w.__audioContexts++;
        }
      };
  });
  const audio: string[] = [];
  watcher.on('console', (m) => {
    if (/AudioContext/i.test(m.text())) audio.push(`${m.type()}: ${m.text()}`);
  });
  await open(watcher, g.id);
  await waitScreen(watcher);
  // The players move while the page watches: every move event would beep.
  const moves = ['a2a3', 'a9a8', 'b2b3', 'b9b8', 'c2c3', 'c9c8'];
  for (let i = 0; i < moves.length; i++) {
    const r = await H.api.act(g.id, i % 2 ? j.token : g.token!, { type: 'move', move: moves[i] });
    const last = r.events.at(-1).seq + 1;
    await watcher.locator(`[data-testid="game-page"][data-events="${last}"]`).waitFor();
  }
  await watcher.locator('[data-testid="game-page"][data-seat="spectator"]').waitFor();
  for (const id of ['ms-move-input', 'ms-move-submit', 'ms-sapper-toggle', 'resign', 'draw-offer'])
    assert.equal(await watcher.locator(`[data-testid="${id}"]`).count(), 0, `a spectator has no ${id}`);
  assert.equal(await watcher.locator('[data-testid="ms-screen"] input, [data-testid="ms-screen"] button[type="submit"]').count(), 0);
  assert.equal(await watcher.evaluate(() => (window as any).__audioContexts), 0, 'no AudioContext before a user gesture');
  assert.deepEqual(audio, []);
  await H.screenshot(watcher, 'minesweeper-spectator');
  // The first gesture (a click on the page) may start the sound.
  await watcher.click('[data-testid="ms-screen"]');
  await watcher.waitForFunction(() => (window as any).__audioContexts === 1);
  assert.deepEqual(H.errors, []);
  await watcher.context().close();
});
