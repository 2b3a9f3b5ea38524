// Reconnection: a dropped WebSocket (browser offline) and a server restart; the page shows
// it in the header, reconnects by itself and catches up with the moves it missed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useHarness, clickMove } from './harness.ts';

const H = useHarness();

const canMove = (p: Page, side: string) => p.waitForSelector(`[data-testid=chess-screen][data-can-move=${side}]`);
const moves = (p: Page, n: number) => p.waitForSelector(`[data-testid=chess-screen][data-moves="${n}"]`);
const conn = (p: Page, state: string) => p.waitForSelector(`[data-testid=conn-state][data-state=${state}]`);

test('offline, the other player moves, back online: caught up', async () => {
  const g = await H.api.createGame({ variant: 'chess', opponent: 'human', color: 'white', clock: { initial: 600, increment: 5 } });
  const j = await H.api.join(g.id, { invite: g.invite });
  const a = await H.newPage();
  const b = await H.newPage();
  await H.openGame(a, g.id, g.token);
  await H.openGame(b, g.id, j.token);
  await conn(a, 'online');
  await canMove(a, 'white');
  await clickMove(a, 'e2', 'e4');
  await moves(b, 1);

  // A loses the network: the socket is cut and reconnecting fails until it is back
  await a.context().setOffline(true);
  await a.evaluate(() => (window as any).__arbiterConnection.drop());
  await conn(a, 'reconnecting');
  await H.screenshot(a, 'reconnect-offline');

  // B moves twice worth of events (move + clock) while A is away
  await canMove(b, 'black');
  await clickMove(b, 'e7', 'e5');
  await moves(b, 2);

  await a.context().setOffline(false);
  await a.waitForFunction(() => (window as any).__arbiterConnection.reconnects >= 1);
  await conn(a, 'online');
  await moves(a, 2);
  const san = await a.locator('[data-testid=movelist] button.move').allInnerTexts();
  assert.deepEqual(san, ['e4', 'e5']); // nothing lost, nothing twice
  await canMove(a, 'white');
  await clickMove(a, 'g1', 'f3');
  await moves(b, 3);
  await H.screenshot(a, 'reconnect-back');

  // "continue on another device": the seat link opens the same seat in a fresh browser
  await a.click('[data-testid=share] summary');
  const link = await a.locator('[data-testid=device-link]').inputValue();
  const a2 = await H.newPage();
  await a2.goto(link);
  await a2.waitForSelector('[data-testid=game-page][data-seat=white]');
  await moves(a2, 3);
  assert.ok(!a2.url().includes('token='), 'the token is stripped from the address');
});

test('the server restarts: both pages reconnect and play on', async () => {
  const g = await H.api.createGame({ variant: 'chess', opponent: 'human', color: 'white' });
  const j = await H.api.join(g.id, { invite: g.invite });
  const a = await H.newPage();
  const b = await H.newPage();
  await H.openGame(a, g.id, g.token);
  await H.openGame(b, g.id, j.token);
  await canMove(a, 'white');
  await clickMove(a, 'd2', 'd4');
  await moves(b, 1);

  await H.restartServer();
  // both reconnect by themselves
  for (const p of [a, b]) await p.waitForFunction(() => (window as any).__arbiterConnection.reconnects >= 1);
  await conn(a, 'online');
  await conn(b, 'online');
  await canMove(b, 'black');
  await clickMove(b, 'd7', 'd5');
  await moves(a, 2);
  await canMove(a, 'white');
  await clickMove(a, 'c2', 'c4');
  await moves(b, 3);
  const san = await b.locator('[data-testid=movelist] button.move').allInnerTexts();
  assert.deepEqual(san, ['d4', 'd5', 'c4']);
});

test('the opponent joins before the page subscribes: the game still starts on the page', async () => {
  const g = await H.api.createGame({ variant: 'chess', opponent: 'human', color: 'white', clock: { initial: 600, increment: 5 } });
  const a = await H.newPage();
  // The page's socket reaches the server only once the opponent has joined: the "opponent
  // joined" status goes out to no one, and the page must learn it once it is welcomed.
  let release = () => {};
  const released = new Promise<void>((res) => (release = res));
  await a.routeWebSocket(/\/ws\//, (ws) => void released.then(() => ws.connectToServer()));
  await H.openGame(a, g.id, g.token);
  await a.waitForSelector('[data-testid=invite]');
  await H.api.join(g.id, { invite: g.invite });
  release();
  await conn(a, 'online');
  await a.waitForSelector('[data-testid=game-page][data-status=active]');
  assert.equal(await a.locator('[data-testid=invite]').count(), 0);
  await canMove(a, 'white');
});
