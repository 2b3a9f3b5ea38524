// What a player sees, by the pixel (issue 13, defects 4, 5, 6 and 11): on a phone (390×844)
// both clocks and the game buttons are on the first screen with the board; banners (invite,
// result, round end, fog lifted) never move the board; symbols are inline SVG icons, not
// characters that need an emoji font; the Chief & Spy deduction table stays inside its card
// with percentages, the set-up's eight pieces stand on one row with a board preview. Also
// the screenshots of every game screen at both sizes (web/e2e-artifacts/screen-*.png).
// No sleeps: every step waits for a selector, a text or a rendered frame.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useHarness, type Seat } from './harness.ts';

const H = useHarness();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const CLOCK = { initial: 600, increment: 0 };

type Values = Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h', string>;
const W1: Values = { a: '5', b: 'S', c: '3', d: '7', e: 'C', f: '2', g: '4', h: '6' };
const B1: Values = { a: '4', b: '2', c: '6', d: '7', e: 'S', f: '5', g: 'C', h: '3' };
// Minesweeper: White Ke3, pawn a3; Black Ke10, pawn h9; mines on e4 and c5 (the king's step
// to d4 discovers both, and the fog lifts for good).
const FEN_FOG = '4k3/7p/8/8/8/8/8/P3K3/8/8 w - - 0 1 zone:~~~~~~~~/~~~~~~~~/~~~~~~~~/~~~~~~~~ counter:2 layout:e4,c5';
// White: Kh1, Re2, pawn b3 (its sapper action checks b4). Black: Ke10, Re9, Ra10, pawn g9.
const FEN_SAPPER = 'r3k3/4r1p1/8/8/8/8/8/1P6/4R3/7K w - - 0 1 zone:~~~~~~~~/~~~~~~~~/~~~~~~~~/~~~~~~~~ counter:4 layout:b4,a6,e6,h7';

// Symbols that need a symbol or emoji font (arrows, technical, geometric shapes, misc
// symbols, dingbats, emoji, the emoji variation selector).
const SYMBOL = /[\u2190-\u2bff\u{1f000}-\u{1faff}\ufe0f]/u;

/** The selector of the board of each variant (its chessgroundx cg-board). */
const BOARD: Record<string, string> = {
  chess: '[data-testid="board"] cg-board',
  chiefspy: '[data-testid="cs-board"] cg-board',
  minesweeper: '[data-testid="ms-board"] cg-board',
};

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An element's box in page coordinates (independent of the scroll position). */
async function pageBox(page: Page, selector: string): Promise<Box> {
  const loc = page.locator(selector).first();
  await loc.waitFor();
  return loc.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height };
  });
}

/** Two rendered frames: the layout after the last change has been drawn. */
async function frames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
}

const fmt = (b: Box) => `x=${b.x.toFixed(1)} y=${b.y.toFixed(1)} w=${b.width.toFixed(1)} h=${b.height.toFixed(1)}`;

/** A two-player game joined through the API; Chief & Spy games get their values (and start playing). */
async function started(variant: string, opts: { clock?: boolean; assist?: boolean; fen?: string; values?: [Values, Values] | null } = {}) {
  const g = await H.api.createGame({
    variant,
    opponent: 'human',
    color: 'white',
    clock: opts.clock === false ? null : CLOCK,
    assist: opts.assist ?? false,
    ...(opts.fen ? { options: { fen: opts.fen } } : {}),
  });
  const j = await H.api.join(g.id, { invite: g.invite!, assist: opts.assist ?? false });
  if (variant === 'chiefspy' && opts.values !== null) {
    const [w, b] = opts.values ?? [null, null];
    await H.api.act(g.id, g.token, w ? { type: 'set-values', values: w } : { type: 'set-values', random: true });
    await H.api.act(g.id, j.token, b ? { type: 'set-values', values: b } : { type: 'set-values', random: true });
  }
  return { id: g.id, white: g.token, black: j.token };
}

/** Open the game for a seat (token) or as a spectator, and wait until its board shows pieces. */
async function openBoard(page: Page, variant: string, id: string, token?: string): Promise<void> {
  await H.openGame(page, id, token);
  await page.locator(`${BOARD[variant]} piece`).first().waitFor();
  if (variant === 'chiefspy') await page.locator('[data-testid="chiefspy-screen"][data-phase="play"]').waitFor();
  await frames(page);
}

// ---- defect 4: phones ------------------------------------------------------------------

for (const variant of ['chiefspy', 'minesweeper', 'chess']) {
  test(`phone 390×844, ${variant}: both clocks and Resign / Offer a draw are on the first screen with the whole board`, async () => {
    const g = await started(variant);
    const page = await H.newPage({ viewport: PHONE });
    await openBoard(page, variant, g.id, g.white);
    await page.locator('[data-testid="resign"]').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await frames(page);
    const board = await pageBox(page, BOARD[variant]);
    const own = await pageBox(page, '[data-testid="clock-white"]');
    const opp = await pageBox(page, '[data-testid="clock-black"]');
    const resign = await pageBox(page, '[data-testid="resign"]');
    const draw = await pageBox(page, '[data-testid="draw-offer"]');
    const where = `board ${fmt(board)}; own clock ${fmt(own)}; opponent clock ${fmt(opp)}; resign ${fmt(resign)}; draw ${fmt(draw)}`;
    await H.screenshot(page, `layout-phone-${variant}`);
    assert.ok(board.y >= 0 && board.y + board.height <= PHONE.height, `the whole board on the first screen: ${where}`);
    for (const [name, b] of [['own clock', own], ['opponent clock', opp], ['resign', resign], ['draw offer', draw]] as const)
      assert.ok(b.y >= 0 && b.y + b.height <= PHONE.height, `${name} on the first screen: ${where}`);
    // next to the board: the opponent above it, oneself below it, the buttons right after
    assert.ok(opp.y + opp.height <= board.y, `the opponent's clock above the board: ${where}`);
    assert.ok(own.y >= board.y + board.height, `the own clock below the board: ${where}`);
    assert.ok(own.y - (board.y + board.height) < 120, `the own clock right below the board: ${where}`);
    assert.deepEqual(H.errors, []);
  });
}

// ---- defect 5: banners do not move the board -------------------------------------------

async function boardStays(page: Page, variant: string, what: string, change: () => Promise<void>, banner: string): Promise<void> {
  const before = await pageBox(page, BOARD[variant]);
  await change();
  await page.locator(banner).waitFor();
  await frames(page);
  const after = await pageBox(page, BOARD[variant]);
  assert.deepEqual(after, before, `${variant}: the board moved when ${what} appeared (before ${fmt(before)}, after ${fmt(after)})`);
}

test('1280×800: the invite and its disappearance do not move the board (chess, Minesweeper)', async () => {
  for (const variant of ['chess', 'minesweeper']) {
    const g = await H.api.createGame({ variant, opponent: 'human', color: 'white', clock: CLOCK });
    const page = await H.newPage({ viewport: DESKTOP });
    await H.openGame(page, g.id, g.token);
    await page.locator(`${BOARD[variant]} piece`).first().waitFor();
    await page.locator('[data-testid="invite"]').waitFor();
    await frames(page);
    await boardStays(page, variant, 'the opponent joined (the invite went)', async () => void (await H.api.join(g.id, { invite: g.invite! })), '[data-testid="game-page"][data-status="active"]');
    assert.equal(await page.locator('[data-testid="invite"]').count(), 0);
  }
  assert.deepEqual(H.errors, []);
});

test('1280×800: the result banner does not move the board (chess, Chief & Spy, Minesweeper)', async () => {
  for (const variant of ['chess', 'chiefspy', 'minesweeper']) {
    const g = await started(variant);
    const page = await H.newPage({ viewport: DESKTOP });
    await openBoard(page, variant, g.id, g.white);
    await boardStays(page, variant, 'the result', async () => void (await H.api.act(g.id, g.black, { type: 'resign' })), '[data-testid="result"]');
    if (variant === 'chiefspy') await page.locator('[data-testid="chiefspy-screen"][data-phase="over"]').waitFor();
    await frames(page);
    await H.screenshot(page, `layout-result-${variant}`);
    const board = await pageBox(page, BOARD[variant]);
    assert.ok(board.y + board.height <= DESKTOP.height, `${variant}: the first rank stays on the screen (${fmt(board)})`);
  }
  assert.deepEqual(H.errors, []);
});

test('1280×800, Chief & Spy: the round end and the set-up wait do not move the board', async () => {
  const g = await started('chiefspy', { values: [W1, B1] });
  const page = await H.newPage({ viewport: DESKTOP });
  await openBoard(page, 'chiefspy', g.id, g.white);
  await H.api.act(g.id, g.white, { type: 'move', move: 'e2e4' });
  await H.api.act(g.id, g.black, { type: 'move', move: 'd7d5' });
  await page.locator('[data-testid="cs-board"][data-mover="white"]').waitFor();
  await frames(page);
  const playing = await pageBox(page, BOARD.chiefspy);
  // The Spy gambit loses to the pawn: round 1 ends, round 2's set-up begins.
  await H.api.act(g.id, g.white, { type: 'move', move: 'b1c3+c3d5' });
  await page.locator('[data-testid="round-end"]').waitFor();
  await page.locator('[data-testid="chiefspy-screen"][data-round="2"] [data-testid="setup"]').waitFor();
  await page.click('[data-testid="setup-random"]');
  await page.click('[data-testid="setup-ready"]');
  await page.locator('[data-testid="setup-waiting"]').waitFor();
  await page.locator(`${BOARD.chiefspy} piece`).first().waitFor();
  await frames(page);
  const waiting = await pageBox(page, BOARD.chiefspy);
  assert.deepEqual(waiting, playing, `the board moved with the round end and the wait (playing ${fmt(playing)}, waiting ${fmt(waiting)})`);
  await H.api.act(g.id, g.black, { type: 'set-values', random: true });
  await page.locator('[data-testid="chiefspy-screen"][data-round="2"][data-phase="play"]').waitFor();
  await frames(page);
  const again = await pageBox(page, BOARD.chiefspy);
  assert.deepEqual(again, playing, `the board moved when round 2's play began (${fmt(playing)} → ${fmt(again)})`);
  assert.ok(playing.y + playing.height <= DESKTOP.height, `the first rank on the screen (${fmt(playing)})`);
  assert.deepEqual(H.errors, []);
});

test('1280×800, Minesweeper: the fog lifting for good does not move the board', async () => {
  const g = await started('minesweeper', { fen: FEN_FOG });
  const page = await H.newPage({ viewport: DESKTOP });
  await openBoard(page, 'minesweeper', g.id, g.white);
  await boardStays(page, 'minesweeper', 'the fog-lifted banner', async () => void (await H.api.act(g.id, g.white, { type: 'move', move: 'e3d4' })), '[data-testid="ms-foggone-banner"]');
  const board = await pageBox(page, BOARD.minesweeper);
  assert.ok(board.y + board.height <= DESKTOP.height, `the first rank stays on the screen (${fmt(board)})`);
  await H.screenshot(page, 'layout-minesweeper-fog-gone');
  assert.deepEqual(H.errors, []);
});

// ---- defect 6: icons, not font symbols -------------------------------------------------

/** Every element matching `selector`: no symbol code point in its text, and an <svg> inside. */
async function iconsOnly(page: Page, selector: string, what: string, needSvg = true): Promise<void> {
  // A click may render the elements a moment later (a loaded machine): wait for the first.
  await page.locator(selector).first().waitFor({ state: 'attached' }).catch(() => undefined);
  const items = await page.locator(selector).evaluateAll((els) => els.map((e) => ({ text: e.textContent ?? '', svg: e.querySelectorAll('svg').length })));
  assert.ok(items.length > 0, `${what}: nothing matched ${selector}`);
  for (const it of items) {
    assert.doesNotMatch(it.text, SYMBOL, `${what}: a symbol character in "${it.text}"`);
    if (needSvg) assert.ok(it.svg > 0, `${what}: no <svg> icon in "${it.text}"`);
  }
}

test('symbols are inline SVG icons: chess navigation, flip and download; the Minesweeper counter, sapper, mines and move list; the Chief & Spy battle', async () => {
  // chess
  const c = await started('chess');
  const chess = await H.newPage({ viewport: DESKTOP });
  await openBoard(chess, 'chess', c.id, c.white);
  await iconsOnly(chess, '[data-testid^="nav-"]', 'chess move navigation');
  await iconsOnly(chess, '[data-testid="flip"]', 'flip');
  await iconsOnly(chess, '[data-testid="download"]', 'download');

  // Minesweeper: the sapper of b3 finds (and removes) the mine on b4
  const m = await started('minesweeper', { fen: FEN_SAPPER });
  const ms = await H.newPage({ viewport: DESKTOP });
  await openBoard(ms, 'minesweeper', m.id, m.white);
  await ms.locator('[data-testid="ms-board"][data-mover="white"]').waitFor();
  await iconsOnly(ms, '[data-testid="ms-counter"]', 'mine counter');
  await iconsOnly(ms, '[data-testid="ms-sapper-toggle"]', 'sapper button');
  await ms.click('[data-testid="ms-sapper-toggle"]');
  await iconsOnly(ms, '[data-testid^="ms-sap-item-"]', 'sapper targets (list)');
  await iconsOnly(ms, '[data-testid^="ms-sap-"][data-testid$="4"]:not([data-testid^="ms-sap-item"])', 'sapper targets (board)');
  await ms.click('[data-testid="ms-sap-item-b4"]');
  await ms.locator('[data-testid="ms-counter-value"]', { hasText: '3' }).waitFor();
  await ms.locator('[data-testid="ms-moves"]').waitFor();
  await iconsOnly(ms, '[data-testid="ms-moves"] .ms-mv:not(:empty)', 'move list', false);
  assert.ok((await ms.locator('[data-testid="ms-moves"] svg').count()) > 0, 'the sapper action in the move list has its icon');
  await iconsOnly(ms, '[data-testid="ms-log"] li', 'event log');
  await iconsOnly(ms, '.ms-legend .ms-swatch.mine', 'legend');
  // the king's step discovers two mines (drawn on the board) and the fog lifts for good
  const f = await started('minesweeper', { fen: FEN_FOG });
  const fog = await H.newPage({ viewport: DESKTOP });
  await openBoard(fog, 'minesweeper', f.id, f.white);
  await H.api.act(f.id, f.white, { type: 'move', move: 'e3d4' });
  await fog.locator('[data-testid="ms-overlay"] [data-sq="e4"] .ms-mine').waitFor();
  await iconsOnly(fog, '[data-testid="ms-overlay"] .ms-mine', 'a discovered mine');
  await fog.locator('[data-testid="ms-log"] li').first().waitFor();
  await iconsOnly(fog, '[data-testid="ms-log"] li', 'event log');
  await H.screenshot(ms, 'layout-icons-minesweeper');

  // Chief & Spy: a battle card
  const s = await started('chiefspy', { values: [W1, B1] });
  const cs = await H.newPage({ viewport: DESKTOP });
  await openBoard(cs, 'chiefspy', s.id, s.white);
  await H.api.act(s.id, s.white, { type: 'move', move: 'e2e4' });
  await H.api.act(s.id, s.black, { type: 'move', move: 'd7d5' });
  await H.api.act(s.id, s.white, { type: 'move', move: 'e4d5' });
  await cs.locator('[data-testid="battle-announce"]').waitFor();
  await iconsOnly(cs, '[data-testid="battle-announce"] h3', 'battle card');
  await H.screenshot(cs, 'layout-icons-chiefspy');
  assert.deepEqual(H.errors, []);
});

// ---- defect 11: Chief & Spy details ----------------------------------------------------

test('1280×800, Chief & Spy: the deduction table fits inside its card and shows percentages', async () => {
  const g = await started('chiefspy', { assist: true, values: [W1, B1] });
  const page = await H.newPage({ viewport: DESKTOP });
  await openBoard(page, 'chiefspy', g.id, g.white);
  await page.locator('[data-testid="assist"] table tbody tr').first().waitFor();
  await page.locator('[data-testid="assist"]').scrollIntoViewIfNeeded();
  await frames(page);
  const card = await pageBox(page, '[data-testid="assist"]');
  const parts = await page.locator('[data-testid="assist"] table, [data-testid="assist"] th, [data-testid="assist"] td').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { text: e.textContent ?? '', x: r.left + window.scrollX, right: r.right + window.scrollX };
    }),
  );
  for (const p of parts) assert.ok(p.x >= card.x - 0.5 && p.right <= card.x + card.width + 0.5, `"${p.text.slice(0, 40)}" [${p.x.toFixed(1)}, ${p.right.toFixed(1)}] leaves its card ${fmt(card)}`);
  const overflow = await page.locator('[data-testid="assist"]').evaluate((el) => el.scrollWidth - el.clientWidth);
  assert.ok(overflow <= 0, `the card scrolls sideways by ${overflow}px`);
  const cells = await page.locator('[data-testid="assist"] tbody td').allTextContents();
  assert.ok(cells.some((x) => /^\d+%$/.test(x.trim())), `a percentage among the odds: ${cells.join(' ')}`);
  for (const x of cells) assert.match(x.trim(), /^(·|<1%|\d+%)$/, 'every odds cell is a percentage or "·"');
  // the widest a cell can be, a certain value ("100%", bold), fits its column unclipped
  const clipped = await page.locator('[data-testid="assist"] tbody td').first().evaluate((td) => {
    const cell = td as HTMLTableCellElement;
    const [text, cls] = [cell.textContent, cell.className];
    cell.textContent = '100%';
    cell.classList.add('sure');
    const over = cell.scrollWidth - cell.clientWidth;
    cell.textContent = text;
    cell.className = cls;
    return over;
  });
  assert.ok(clipped <= 0, `"100%" is clipped by ${clipped}px in its cell`);
  await H.screenshot(page, 'layout-chiefspy-deduction');
  assert.deepEqual(H.errors, []);
});

test('Chief & Spy set-up: the eight pieces on one row at 1280×800 (two rows of four on a phone), with a board preview of the values', async () => {
  const g = await started('chiefspy', { values: null });
  const page = await H.newPage({ viewport: DESKTOP });
  await H.openGame(page, g.id, g.white);
  await page.locator('[data-testid="setup"]').waitFor();
  const tops = await page.locator('[data-testid^="setup-piece-"]').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
  assert.equal(tops.length, 8);
  assert.equal(new Set(tops).size, 1, `the eight set-up pieces on one row (tops ${tops.join(', ')})`);
  // the preview: the board with this side's pieces, and each value on its piece as it is given
  const preview = page.locator('[data-testid="setup-preview"]');
  await preview.waitFor();
  assert.ok(await preview.isVisible());
  await preview.locator('cg-board piece').first().waitFor();
  assert.equal(await preview.locator('cg-board piece').count(), 32);
  await page.click('[data-testid="setup-chip-C"]');
  await page.click('[data-testid="setup-piece-e"]');
  await preview.locator('[data-square="e1"] .cs-val', { hasText: 'C' }).waitFor();
  await page.click('[data-testid="setup-random"]');
  for (const f of 'abcdefgh') await preview.locator(`[data-square="${f}1"] .cs-val`).filter({ hasText: /^[2-7CS]$/ }).waitFor();
  const pv = await pageBox(page, '[data-testid="setup-preview"] cg-board');
  const ready = await pageBox(page, '[data-testid="setup-ready"]');
  await H.screenshot(page, 'layout-chiefspy-setup');
  assert.ok(pv.y + pv.height <= DESKTOP.height && ready.y + ready.height <= DESKTOP.height, `the preview and Ready on the screen (${fmt(pv)}, ${fmt(ready)})`);

  // a phone: two rows of four (not seven and one)
  const phone = await H.newPage({ viewport: PHONE });
  await H.openGame(phone, g.id, g.black);
  await phone.locator('[data-testid="setup"]').waitFor();
  const ptops = await phone.locator('[data-testid^="setup-piece-"]').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
  const rows = new Map<number, number>();
  for (const y of ptops) rows.set(y, (rows.get(y) ?? 0) + 1);
  assert.deepEqual([...rows.values()], [4, 4], `rows of the set-up on a phone: ${[...rows.values()].join('+')}`);
  await phone.locator('[data-testid="setup-preview"] cg-board piece').first().waitFor();
  assert.deepEqual(H.errors, []);
});

// ---- screenshots of every game screen at both sizes ------------------------------------

test('screenshots of each game screen at 1280×800 and 390×844 (web/e2e-artifacts/screen-*.png)', async () => {
  for (const [size, viewport] of [['1280x800', DESKTOP], ['390x844', PHONE]] as const) {
    // chess, a few moves in
    const c = await started('chess');
    for (const [seat, mv] of [['white', 'e2e4'], ['black', 'e7e5'], ['white', 'g1f3'], ['black', 'b8c6']] as [Seat, string][])
      await H.api.act(c.id, seat === 'white' ? c.white : c.black, { type: 'move', move: mv });
    const chess = await H.newPage({ viewport });
    await openBoard(chess, 'chess', c.id, c.white);
    await chess.locator('[data-testid="chess-screen"][data-moves="4"]').waitFor();
    await H.screenshot(chess, `screen-chess-${size}`);

    // Chief & Spy: the set-up, then play after a battle
    const s = await started('chiefspy', { values: null, assist: true });
    const setup = await H.newPage({ viewport });
    await H.openGame(setup, s.id, s.white);
    await setup.locator('[data-testid="setup"]').waitFor();
    await setup.click('[data-testid="setup-random"]');
    await setup.locator('[data-testid="setup-preview"] cg-board piece').first().waitFor();
    await H.screenshot(setup, `screen-chiefspy-setup-${size}`);
    await setup.click('[data-testid="setup-ready"]');
    await setup.locator('[data-testid="setup-waiting"]').waitFor();
    await H.api.act(s.id, s.black, { type: 'set-values', random: true });
    await setup.locator('[data-testid="chiefspy-screen"][data-phase="play"]').waitFor();
    await H.api.act(s.id, s.white, { type: 'move', move: 'e2e4' });
    await H.api.act(s.id, s.black, { type: 'move', move: 'd7d5' });
    await H.api.act(s.id, s.white, { type: 'move', move: 'e4d5' });
    await setup.locator('[data-testid="battle-announce"]').waitFor();
    await setup.locator('[data-testid="assist"] tbody tr').first().waitFor();
    await setup.evaluate(() => window.scrollTo(0, 0));
    await H.screenshot(setup, `screen-chiefspy-play-${size}`);

    // Minesweeper, with a found mine
    const m = await started('minesweeper', { fen: FEN_SAPPER });
    const ms = await H.newPage({ viewport });
    await openBoard(ms, 'minesweeper', m.id, m.white);
    await H.api.act(m.id, m.white, { type: 'move', move: 'b3b3' });
    await ms.locator('[data-testid="ms-counter-value"]', { hasText: '3' }).waitFor();
    await ms.locator('[data-testid="ms-overlay"] [data-sq="b4"]:not(.fog)').waitFor();
    await frames(ms);
    await H.screenshot(ms, `screen-minesweeper-${size}`);

    // a spectator of the Chief & Spy game
    const watcher = await H.newPage({ viewport });
    await openBoard(watcher, 'chiefspy', s.id);
    await H.screenshot(watcher, `screen-spectator-chiefspy-${size}`);
    const mw = await H.newPage({ viewport });
    await openBoard(mw, 'minesweeper', m.id);
    await H.screenshot(mw, `screen-spectator-minesweeper-${size}`);

    // the companion: its start, a secret entry, a battle entered and announced
    const co = await H.newPage({ viewport });
    await co.goto(H.url('/companion'));
    await co.locator('[data-testid="co-new"]').waitFor();
    await H.screenshot(co, `screen-companion-${size}`);
    await co.fill('[data-testid="co-name-white"]', 'Ann');
    await co.fill('[data-testid="co-name-black"]', 'Bob');
    await co.click('[data-testid="co-start"]');
    for (const seat of ['white', 'black']) {
      await co.locator(`[data-testid="co-handover-${seat}"]`).waitFor();
      await co.click('[data-testid="co-go"]');
      await co.locator('[data-testid="co-setup"]').waitFor();
      await co.click('[data-testid="co-random"]');
      if (seat === 'white') await H.screenshot(co, `screen-companion-setup-${size}`);
      await co.click('[data-testid="co-ready"]');
    }
    await co.locator('[data-testid="co-battle"]').waitFor();
    await co.click('[data-testid="co-attacker-colour-white"]');
    await co.click('[data-testid="co-att-d"]');
    await co.click('[data-testid="co-def-e"]');
    await co.click('[data-testid="co-resolve"]');
    await co.locator('[data-testid="co-result"]').waitFor();
    await iconsOnly(co, '[data-testid="co-result"] h3', 'companion battle');
    await H.screenshot(co, `screen-companion-battle-${size}`);
    await H.closeContexts();
  }
  assert.deepEqual(H.errors, []);
});
