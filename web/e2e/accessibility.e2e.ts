// Lichess-like comforts (issue 13): moves with the keyboard on the board itself, blind mode
// (the board in words and a live log), board and piece themes kept across reloads, sound
// settings, and the Minesweeper move list in its SAN-like notation — in the three games.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useHarness } from './harness.ts';

const H = useHarness();
const CLOCK = { initial: 600, increment: 0 };
const FEN_SAPPER = 'r3k3/4r1p1/8/8/8/8/8/1P6/4R3/7K w - - 0 1 zone:~~~~~~~~/~~~~~~~~/~~~~~~~~/~~~~~~~~ counter:4 layout:b4,a6,e6,h7';

/** Tab from the top of the page until a board square has the focus; returns its name. */
async function tabToBoard(page: Page): Promise<string> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    const sq = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset?.square ?? null);
    if (sq) return sq;
  }
  throw new Error('Tab never reached the board');
}

async function focused(page: Page): Promise<{ square: string | null; label: string | null }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { square: el?.dataset?.square ?? null, label: el?.getAttribute('aria-label') ?? null };
  });
}

/** Press a key `n` times. */
async function press(page: Page, key: string, n = 1): Promise<void> {
  for (let i = 0; i < n; i++) await page.keyboard.press(key);
}

async function blindOn(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('arbiter.prefs', JSON.stringify({ blind: true })));
}

test('chess with the keyboard only on the board, then blind mode announces the moves and reads the board', async () => {
  const g = await H.api.createGame({ variant: 'chess', opponent: 'human', color: 'white', clock: CLOCK });
  const j = await H.api.join(g.id, { invite: g.invite! });
  const page = await H.newPage();
  await H.openGame(page, g.id, g.token);
  await page.waitForSelector('[data-testid=chess-screen][data-can-move=white]');

  // blind mode through the settings panel
  await page.click('[data-testid=settings-open]');
  await page.check('[data-testid=set-blind]');
  await page.click('[data-testid=settings-open]');
  await page.waitForSelector('[data-testid=blind-panel]');

  // Tab reaches one square (the own king), the arrows walk, Enter picks up and plays
  assert.equal(await tabToBoard(page), 'e1');
  assert.equal((await focused(page)).label, 'e1, white king');
  await press(page, 'ArrowUp');
  await press(page, 'Enter');
  assert.match((await focused(page)).label!, /^e2, white pawn, picked up/);
  await press(page, 'ArrowUp', 2);
  assert.equal((await focused(page)).label, 'e4, empty, it can go here');
  await press(page, 'Enter');
  await page.waitForSelector('[data-testid=chess-screen][data-moves="1"]');
  await page.locator('[data-testid=blind-log]', { hasText: 'White: Pawn to e4.' }).waitFor();

  await H.api.act(g.id, j.token, { type: 'move', move: 'e7e5' });
  await page.locator('[data-testid=blind-log]', { hasText: 'Black: Pawn to e5.' }).waitFor();
  await page.waitForSelector('[data-testid=chess-screen][data-can-move=white]');
  // the focus stayed on e4 (a move event does not take it away)
  assert.equal((await focused(page)).square, 'e4');
  await press(page, 'ArrowDown', 3);
  await press(page, 'End');
  await press(page, 'ArrowLeft');
  assert.equal((await focused(page)).label, 'g1, white knight');
  await press(page, 'Space');
  await press(page, 'ArrowUp', 2);
  await press(page, 'ArrowLeft');
  await press(page, 'Enter');
  await page.waitForSelector('[data-testid=chess-screen][data-moves="3"]');
  await page.locator('[data-testid=blind-log]', { hasText: 'White: Knight to f3.' }).waitFor();
  assert.deepEqual(await page.locator('[data-testid=movelist] button.move').allInnerTexts(), ['e4', 'e5', 'Nf3']);
  assert.equal((await focused(page)).label, 'f3, white knight');
  // the arrow keys on the board walk the squares, not the move list
  assert.equal(await page.getAttribute('[data-testid=chess-screen]', 'data-ply'), '3');

  // Escape puts a picked-up piece back
  await press(page, 'Enter');
  await page.waitForSelector('.kb-sq.kb-selected[data-square=f3]');
  await press(page, 'Escape');
  await page.waitForSelector('.kb-sq.kb-selected', { state: 'detached' });
  await page.locator('[data-testid=blind-log]', { hasText: 'Put back.' }).waitFor();

  // the board read aloud, whose move and the clocks
  await page.click('[data-testid=blind-read]');
  const log = page.locator('[data-testid=blind-log]');
  await log.filter({ hasText: 'White: King e1. Queen d1.' }).waitFor();
  await log.filter({ hasText: 'Knights b1, f3.' }).waitFor();
  assert.match(await page.locator('[data-testid=blind-status]').innerText(), /Black to move\. Clocks: White \d+:\d\d, Black \d+:\d\d\./);
  assert.match(await page.locator('[data-testid=blind-board]').innerText(), /Black: King e8\. Queen d8\./);
  await H.screenshot(page, 'accessibility-blind-chess');

  // in Italian
  await page.selectOption('[data-testid=lang-select]', 'it');
  await page.locator('[data-testid=blind-panel] h2', { hasText: 'La scacchiera a parole' }).waitFor();
  assert.match(await page.locator('[data-testid=blind-board]').innerText(), /Bianco: Re e1\. Donna d1\./);
  assert.deepEqual(H.errors, []);
});

test('chess promotion by keyboard: the picker takes the focus, a letter chooses, the focus comes back to the board', async () => {
  const g = await H.api.createGame({ variant: 'chess', opponent: 'human', color: 'white', options: { fen: '8/4P3/8/8/8/2k4p/8/K7 w - - 0 1' }, clock: CLOCK });
  await H.api.join(g.id, { invite: g.invite! });
  const page = await H.newPage();
  await H.openGame(page, g.id, g.token);
  await page.waitForSelector('[data-testid=chess-screen][data-can-move=white]');
  assert.equal(await tabToBoard(page), 'a1');
  await press(page, 'End');
  await press(page, 'ArrowLeft', 3);
  await press(page, 'ArrowUp', 6);
  assert.equal((await focused(page)).label, 'e7, white pawn');
  await press(page, 'Enter');
  await press(page, 'ArrowUp');
  await press(page, 'Enter');
  await page.waitForSelector('[data-testid=promotion]');
  assert.equal(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.testid), 'promo-q');
  // Escape puts it back, and the focus is on the board again
  await press(page, 'Escape');
  await page.waitForSelector('[data-testid=promotion]', { state: 'detached' });
  assert.equal((await focused(page)).square, 'e8');
  await press(page, 'ArrowDown');
  await press(page, 'Enter');
  await press(page, 'ArrowUp');
  await press(page, 'Enter');
  await page.waitForSelector('[data-testid=promotion]');
  await press(page, 'ArrowRight');
  assert.equal(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.testid), 'promo-r');
  await press(page, 'n');
  await page.waitForSelector('[data-testid=chess-screen][data-moves="1"]');
  assert.deepEqual(await page.locator('[data-testid=movelist] button.move').allInnerTexts(), ['e8=N']);
  assert.equal((await focused(page)).square, 'e8');
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'e8, white knight');
  assert.deepEqual(H.errors, []);
});

test('board and piece themes are applied at once and after a reload; sound off is kept and makes no AudioContext', async () => {
  const g = await H.api.createGame({ variant: 'chess', opponent: 'human', color: 'white', clock: CLOCK });
  await H.api.join(g.id, { invite: g.invite! });
  const page = await H.newPage();
  await page.addInitScript(() => {
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
  await H.openGame(page, g.id, g.token);
  await page.waitForSelector('[data-testid=chess-screen][data-can-move=white]');
  const look = () =>
    page.evaluate(() => {
      const html = document.documentElement;
      const knight = document.querySelector('[data-testid=board] piece.n-piece.white');
      return { board: html.dataset.board, pieces: html.dataset.pieces, dark: getComputedStyle(html).getPropertyValue('--sq-dark').trim(), image: knight ? getComputedStyle(knight).backgroundImage : '' };
    });
  const before = await look();
  assert.equal(before.board, 'brown');
  assert.equal(before.pieces, 'classic');

  await page.click('[data-testid=settings-open]');
  await page.check('[data-testid=set-board-blue]');
  await page.check('[data-testid=set-pieces-outline]');
  const now = await look();
  assert.equal(now.dark, '#6f8ea8');
  assert.notEqual(now.image, before.image);
  assert.match(now.image, /data:image\/svg\+xml/);
  // sound: off, and a quieter volume for later
  await page.fill('[data-testid=set-volume]', '40');
  await page.uncheck('[data-testid=set-sound]');
  await H.screenshot(page, 'accessibility-settings-panel');
  await page.click('[data-testid=settings-open]');
  await H.screenshot(page, 'accessibility-theme-blue-outline');

  await page.reload();
  await page.waitForSelector('[data-testid=chess-screen][data-can-move=white]');
  const after = await look();
  assert.deepEqual(after, now);
  assert.equal(await page.isChecked('[data-testid=sound]'), false, "the game page's sound box agrees");
  assert.deepEqual(await page.evaluate(() => [localStorage.getItem('arbiter.muted'), localStorage.getItem('arbiter.volume')]), ['1', '40']);
  // gestures and a move, with the sound off: no AudioContext at all
  assert.equal(await tabToBoard(page), 'e1');
  await press(page, 'ArrowUp');
  await press(page, 'Enter');
  await press(page, 'ArrowUp', 2);
  await press(page, 'Enter');
  await page.waitForSelector('[data-testid=chess-screen][data-moves="1"]');
  assert.equal(await page.evaluate(() => (window as any).__audioContexts), 0);

  // the other board and the classic pieces, also kept
  await page.click('[data-testid=settings-open]');
  await page.check('[data-testid=set-board-green]');
  await page.check('[data-testid=set-pieces-classic]');
  await page.click('[data-testid=settings-open]');
  await page.reload();
  await page.waitForSelector('[data-testid=chess-screen]');
  await page.locator('[data-testid=board] piece').first().waitFor();
  const green = await look();
  assert.equal(green.board, 'green');
  assert.equal(green.dark, '#7a9560');
  assert.equal(green.image, before.image);
  await H.screenshot(page, 'accessibility-theme-green-classic');
  assert.deepEqual(H.errors, []);
});

test('Minesweeper with the keyboard: a sapper action and a king move on the board, the move list in its notation (also after a reload), the events announced', async () => {
  const g = await H.api.createGame({ variant: 'minesweeper', opponent: 'human', color: 'white', options: { fen: FEN_SAPPER } });
  const j = await H.api.join(g.id, { invite: g.invite! });
  const page = await H.newPage();
  await blindOn(page);
  await H.openGame(page, g.id, g.token);
  await page.waitForSelector('[data-testid=ms-board][data-mover=white]');
  assert.equal(await tabToBoard(page), 'h1');
  await press(page, 'ArrowLeft', 6);
  await press(page, 'ArrowUp', 3);
  assert.equal((await focused(page)).label, 'b4, empty, fogged square');
  await press(page, 's'); // sapper mode (the screen's own key), then Enter on the target
  await page.waitForFunction(() => /Sap b4 with the pawn on b3/.test(document.activeElement?.getAttribute('aria-label') ?? ''));
  await press(page, 'Enter');
  await page.locator('[data-testid=ms-moves]', { hasText: 'Sb4M' }).waitFor();

  await H.api.act(g.id, j.token, { type: 'move', move: 'a10a6' });
  await page.locator('[data-testid=ms-moves]', { hasText: 'Ra6*' }).waitFor();
  await page.locator('[data-testid=blind-log]', { hasText: 'Black: Rook to a6.' }).waitFor();
  await page.locator('[data-testid=blind-log]', { hasText: 'Black rook destroyed by a mine on a6' }).waitFor();
  await page.waitForSelector('[data-testid=ms-board][data-mover=white]');
  await press(page, 'ArrowDown', 3);
  await press(page, 'End');
  await press(page, 'Enter');
  await press(page, 'ArrowLeft');
  await press(page, 'Enter');
  await page.locator('[data-testid=ms-moves]', { hasText: 'Kg1' }).waitFor();
  await page.locator('[data-testid=blind-log]', { hasText: 'White: King to g1.' }).waitFor();
  await H.screenshot(page, 'accessibility-minesweeper-keyboard');

  // after a reload the list is rebuilt from the game's events
  await page.reload();
  await page.waitForSelector('[data-testid=ms-screen]');
  const mvs = page.locator('[data-testid=ms-moves] .ms-mv');
  await page.locator('[data-testid=ms-moves]', { hasText: 'Kg1' }).waitFor();
  // what the eye sees (the squares are there too, for screen readers only)
  const texts = (await mvs.evaluateAll((els) => els.map((e) => [...e.childNodes].filter((n) => !(n instanceof Element && n.classList.contains('sr-only'))).map((n) => n.textContent).join('').trim()))).filter(Boolean);
  assert.match(await page.locator('[data-testid=ms-moves]').innerText(), /\(h1–g1\)/);
  assert.deepEqual(texts, ['Sb4M', 'Ra6*', 'Kg1']);
  assert.match(await page.locator('[data-testid=blind-board]').innerText(), /White: King g1\. Rook e2\. Pawn b3\./);
  assert.deepEqual(H.errors, []);
});

test('Chief & Spy with the keyboard: squares name the own values, a pawn move played from the board is announced', async () => {
  const W1 = { a: '5', b: 'S', c: '3', d: '7', e: 'C', f: '2', g: '4', h: '6' };
  const B1 = { a: '4', b: '2', c: '6', d: '7', e: 'S', f: '5', g: 'C', h: '3' };
  const g = await H.api.createGame({ variant: 'chiefspy', opponent: 'human', color: 'white', clock: CLOCK });
  const j = await H.api.join(g.id, { invite: g.invite! });
  await H.api.act(g.id, g.token, { type: 'set-values', values: W1 });
  await H.api.act(g.id, j.token, { type: 'set-values', values: B1 });
  const page = await H.newPage();
  await blindOn(page);
  await H.openGame(page, g.id, g.token);
  await page.waitForSelector('[data-testid=chiefspy-screen][data-phase=play]');
  await page.waitForSelector('[data-testid=cs-board][data-mover=white]');
  assert.equal(await tabToBoard(page), 'e1');
  assert.match((await focused(page)).label!, /^e1, white king, .*C/);
  await press(page, 'Home');
  assert.match((await focused(page)).label!, /^a1, white rook, .*Great piece, Your initial value: 5/);
  await press(page, 'ArrowRight', 4);
  await press(page, 'ArrowUp');
  await press(page, 'Enter');
  await press(page, 'ArrowUp', 2);
  await press(page, 'Enter');
  await page.locator('[data-testid=blind-log]', { hasText: 'White: e2 to e4.' }).waitFor();
  await page.waitForSelector('[data-testid=cs-board][data-mover=none]');
  await H.screenshot(page, 'accessibility-chiefspy-keyboard');
  assert.deepEqual(H.errors, []);
});
