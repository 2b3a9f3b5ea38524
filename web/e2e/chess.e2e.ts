// Chess in the browser against a real server: a full game between two browser contexts
// (invite link, clicks and drags), SAN list and navigation, record download, promotion,
// premove, draw offer, rematch, local and computer games.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useHarness, clickMove, dragMove } from './harness.ts';

const H = useHarness();

async function canMove(page: Page, side: 'white' | 'black') {
  await page.waitForSelector(`[data-testid=chess-screen][data-can-move=${side}]`, { timeout: 5000 }).catch(async (e) => {
    await H.screenshot(page, 'debug');
    console.log(await page.locator('[data-testid=game-page]').evaluate((el) => el.outerHTML.replace(/<cg-container.*<\/cg-container>/, '')));
    throw e;
  });
}
async function moves(page: Page, n: number) {
  await page.waitForSelector(`[data-testid=chess-screen][data-moves="${n}"]`);
}
async function sanList(page: Page): Promise<string[]> {
  return page.locator('[data-testid=movelist] button.move').allInnerTexts();
}

test("fool's mate between two browsers, by invite link", async () => {
  const a = await H.newPage();
  const b = await H.newPage();
  await a.goto(H.url('/'));
  await a.click('[data-testid=variant-chess]');
  await a.click('[data-testid="time-3+2"]');
  await a.click('[data-testid=opponent-human]');
  await a.click('[data-testid=colour-white]');
  await a.click('[data-testid=create-game]');
  await a.waitForSelector('[data-testid=game-page][data-status=open]');
  const link = await a.locator('[data-testid=invite-link]').inputValue();
  assert.match(link, /\/join\/[0-9a-f]+#[0-9a-f]+&as=black$/); // the invite, and the friend's colour
  await H.screenshot(a, 'chess-invite');

  await b.goto(link);
  await b.click('[data-testid=join-button]');
  await b.waitForSelector('[data-testid=game-page][data-seat=black][data-status=active]');
  await a.waitForSelector('[data-testid=game-page][data-seat=white][data-status=active]');
  // black sees the board from black's side
  await b.waitForSelector('[data-testid=board].orientation-black');

  await canMove(a, 'white');
  await clickMove(a, 'f2', 'f3');
  await canMove(b, 'black');
  await dragMove(b, 'e7', 'e5');
  await canMove(a, 'white');
  await dragMove(a, 'g2', 'g4');
  await canMove(b, 'black');
  await clickMove(b, 'd8', 'h4');

  for (const p of [a, b]) {
    await p.waitForSelector('[data-testid=result]');
    const text = await p.locator('[data-testid=result]').innerText();
    assert.match(text, p === b ? /You win by checkmate/ : /Opponent wins by checkmate/); // each player reads about themselves
    assert.deepEqual(await sanList(p), ['f3', 'e5', 'g4', 'Qh4#']);
    // the king in check is highlighted
    await p.waitForSelector('[data-testid=board] square.check');
  }
  await H.screenshot(a, 'chess-mate-white');
  await H.screenshot(b, 'chess-mate-black');

  // navigation: buttons and arrow keys show earlier positions
  await a.click('[data-testid=nav-first]');
  await a.waitForSelector('[data-testid=chess-screen][data-ply="0"]');
  await a.keyboard.press('ArrowRight');
  await a.keyboard.press('ArrowRight');
  await a.waitForSelector('[data-testid=chess-screen][data-ply="2"]');
  await a.waitForSelector('[data-testid=viewing]');
  await a.click('[data-testid=move-3]');
  await a.waitForSelector('[data-testid=chess-screen][data-ply="3"]');
  await a.keyboard.press('End');
  await a.waitForSelector('[data-testid=chess-screen][data-ply="4"]');

  // the record download is the PGN
  const href = await a.locator('[data-testid=download]').getAttribute('href');
  const pgn = await (await fetch(H.url(href!))).text();
  assert.match(pgn, /1\. f3 e5 2\. g4 Qh4#/);
  assert.match(pgn, /\[Result "0-1"\]/);

  // rematch: white asks, black joins from the finished game
  await a.click('[data-testid=rematch]');
  await a.waitForSelector('[data-testid=game-page][data-seat=black]');
  // black's finished game learns of the rematch (polling) or claims it with the same button
  await b.click('[data-testid=rematch], [data-testid=rematch-go]');
  await b.waitForSelector('[data-testid=game-page][data-seat=white][data-status=active]');
  await a.waitForSelector('[data-testid=game-page][data-seat=black][data-status=active]');
  await H.screenshot(b, 'chess-rematch');
  assert.deepEqual(H.errors.filter((e) => !/WebSocket/.test(e)), []);
});

test('promotion picker, premove, draw offer declined then accepted', async () => {
  // white pawn on e7 ready to promote; a black pawn keeps the position alive
  const fen = '8/4P3/8/8/8/2k4p/8/K7 w - - 0 1';
  const g = await H.api.createGame({ variant: 'chess', opponent: 'human', color: 'white', options: { fen }, clock: { initial: 600, increment: 0 } });
  const j = await H.api.join(g.id, { invite: g.invite });
  const a = await H.newPage();
  await H.openGame(a, g.id, g.token);
  const b = await H.newPage();
  await H.openGame(b, g.id, j.token);

  await canMove(a, 'white');
  await clickMove(a, 'e7', 'e8');
  await a.waitForSelector('[data-testid=promotion]');
  await H.screenshot(a, 'chess-promotion');
  await a.click('[data-testid=promo-n]');
  await moves(b, 1);
  assert.deepEqual(await sanList(b), ['e8=N']);

  // white premoves while black thinks; it is played as soon as black has moved
  await a.waitForSelector('[data-testid=chess-screen][data-turn=black]');
  await clickMove(a, 'a1', 'a2');
  await a.waitForSelector('[data-testid=board] square.current-premove');
  await canMove(b, 'black');
  await clickMove(b, 'c3', 'c4');
  await moves(a, 3);
  await moves(b, 3);
  assert.deepEqual(await sanList(a), ['e8=N', 'Kc4', 'Ka2']);

  // a draw offer, declined; another one, accepted
  await canMove(b, 'black');
  await a.click('[data-testid=draw-offer]');
  await b.click('[data-testid=draw-decline]');
  await b.locator('[data-testid=draw-offered]').waitFor({ state: 'detached' });
  await a.waitForSelector('[data-testid=draw-offer]');
  await a.click('[data-testid=draw-offer]');
  await a.waitForSelector('[data-testid=draw-pending]');
  await b.waitForSelector('[data-testid=draw-offered]');
  await H.screenshot(b, 'chess-draw-offer');
  await b.click('[data-testid=draw-accept]');
  for (const p of [a, b]) {
    const text = await p.locator('[data-testid=result]').innerText();
    assert.match(text, /Draw by agreement/);
  }
});

test('two players on one device; resign', async () => {
  const p = await H.newPage();
  await p.goto(H.url('/'));
  await p.click('[data-testid=opponent-local]');
  await p.click('[data-testid=time-none]');
  await p.click('[data-testid=create-game]');
  await p.waitForSelector('[data-testid=game-page][data-status=active]');
  await p.check('[data-testid=auto-turn]');
  await canMove(p, 'white');
  await clickMove(p, 'e2', 'e4');
  await canMove(p, 'black');
  await p.waitForSelector('[data-testid=board].orientation-black');
  await clickMove(p, 'c7', 'c5');
  await canMove(p, 'white');
  await p.waitForSelector('[data-testid=board].orientation-white');
  // a move typed at the keyboard, in SAN
  await p.fill('[data-testid=type-move]', 'Nf3');
  await p.press('[data-testid=type-move]', 'Enter');
  await moves(p, 3);
  await p.waitForSelector('[data-testid=board].orientation-black');
  assert.deepEqual(await sanList(p), ['e4', 'c5', 'Nf3']);
  await H.screenshot(p, 'chess-local');
  await p.click('[data-testid=resign]');
  await p.click('[data-testid=resign-confirm]');
  const text = await p.locator('[data-testid=result]').innerText();
  assert.match(text, /White wins by resignation/); // black, to move, resigned
});

test('threefold repetition claimed from the board', async () => {
  const g = await H.api.createGame({ variant: 'chess', opponent: 'local' });
  const t = g.tokens!;
  const seq = ['g1f3', 'g8f6', 'f3g1', 'f6g8', 'g1f3', 'g8f6', 'f3g1', 'f6g8'];
  for (let i = 0; i < seq.length; i++) await H.api.act(g.id, i % 2 ? t.black : t.white, { type: 'move', move: seq[i] });
  const p = await H.newPage();
  await H.openGame(p, g.id, t.white);
  await canMove(p, 'white');
  await p.click('[data-testid=claim-draw]');
  const text = await p.locator('[data-testid=result]').innerText();
  assert.match(text, /Draw by threefold repetition/);
});

test('keyboard only: create a game, type moves, step through them', async () => {
  const p = await H.newPage();
  await p.goto(H.url('/'));
  await p.focus('[data-testid=opponent-local]');
  await p.keyboard.press('Space');
  await p.focus('[data-testid=create-game]');
  // the focused control is visibly marked
  const outline = await p.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  assert.notEqual(outline, 'none');
  await p.keyboard.press('Enter');
  await canMove(p, 'white');
  await p.focus('[data-testid=type-move]');
  // Typed at once after the previous move appears: a move typed before the new legal moves
  // arrive waits for them (the screen keeps the text and submits it then).
  for (const mv of ['e4', 'e5', 'Nf3', 'Nc6']) {
    await p.focus('[data-testid=type-move]');
    await p.keyboard.type(mv);
    await p.keyboard.press('Enter');
    await p.waitForSelector(`[data-testid=movelist] button.move:text-is("${mv}")`);
  }
  await moves(p, 4);
  await p.evaluate(() => (document.activeElement as HTMLElement).blur());
  await p.keyboard.press('ArrowLeft');
  await p.waitForSelector('[data-testid=chess-screen][data-ply="3"]');
  await p.keyboard.press('Home');
  await p.waitForSelector('[data-testid=chess-screen][data-ply="0"]');
  await p.keyboard.press('End');
  await p.waitForSelector('[data-testid=chess-screen][data-ply="4"]');
  await H.screenshot(p, 'chess-keyboard');
});

test('against the computer', async () => {
  const p = await H.newPage();
  await p.goto(H.url('/'));
  await p.click('[data-testid=opponent-computer]');
  await p.selectOption('[data-testid=level]', '0');
  await p.click('[data-testid=colour-white]');
  await p.click('[data-testid="time-10+0"]');
  await p.click('[data-testid=create-game]');
  await canMove(p, 'white');
  await clickMove(p, 'd2', 'd4');
  await moves(p, 2); // the computer answers
  await canMove(p, 'white');
  assert.match(await p.locator('[data-testid=player-top]').innerText(), /Computer \(level 0\)/);
  await H.screenshot(p, 'chess-computer');
  await p.click('[data-testid=resign]');
  await p.click('[data-testid=resign-confirm]');
  await p.waitForSelector('[data-testid=result]');
});
