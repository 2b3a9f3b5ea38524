// Accounts, quick pairing, chat and ratings in the browser against a real server
// (docs/players.md): two people sign up in two browsers, pick the same rated pool, are paired,
// chat (a line holding a script tag stays text and runs nothing), play fool's mate, and each
// finds the new rating and the game on their profile. Also: the log-in form's errors, the API
// tokens page, Cancel on a seek, a spectator without an account asked to log in to chat.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useHarness, clickMove } from './harness.ts';

const H = useHarness();
const PASSWORD = 'correct horse battery';

async function signUp(page: Page, name: string, opts: { claim?: boolean } = {}): Promise<void> {
  await page.goto(H.url('/'));
  await page.click('[data-testid=account-login]');
  await page.waitForSelector('[data-testid=login-page]');
  await page.click('[data-testid=to-signup]');
  await page.waitForSelector('[data-testid=signup-page]');
  await page.fill('[data-testid=auth-name]', name);
  await page.fill('[data-testid=auth-password]', PASSWORD);
  if (opts.claim === false && (await page.locator('[data-testid=auth-claim]').count())) await page.uncheck('[data-testid=auth-claim]');
  await page.click('[data-testid=auth-submit]');
  // back where the visitor came from, logged in
  await page.waitForSelector(`[data-testid=account][data-state=logged-in][data-name="${name}"]`);
  await page.waitForSelector('[data-testid=lobby]');
}

async function canMove(page: Page, side: 'white' | 'black'): Promise<void> {
  await page.waitForSelector(`[data-testid=chess-screen][data-can-move=${side}]`);
}

async function seatOf(page: Page): Promise<'white' | 'black'> {
  await page.waitForSelector('[data-testid=game-page][data-status=active]');
  const seat = await page.locator('[data-testid=game-page]').getAttribute('data-seat');
  assert.ok(seat === 'white' || seat === 'black', `seat ${seat}`);
  return seat;
}

async function sendChat(page: Page, text: string): Promise<void> {
  await page.fill('[data-testid=chat-input]', text);
  await page.click('[data-testid=chat-send]');
  // sent: the line is in the writer's own log
  await page.locator('[data-testid=chat-line] .chat-text', { hasText: text }).first().waitFor();
}

test('two accounts paired by a rated quick seek chat, play fool’s mate, and see their new ratings', async () => {
  const a = await H.newPage();
  const b = await H.newPage();
  // the pages are served with the strict policy (no inline script)
  const res = await a.goto(H.url('/'));
  const csp = res?.headers()['content-security-policy'] ?? '';
  assert.match(csp, /script-src 'self'/);
  assert.match(csp, /connect-src 'self'/);

  await signUp(a, 'alice');
  await signUp(b, 'bob');

  // both pick chess 5+3, rated
  for (const p of [a, b]) {
    await p.check('[data-testid=quick-rated]');
    await p.click('[data-testid="quick-chess-5+3"]');
  }
  // one of them waits, then both are paired into the same game
  const seatA = await seatOf(a);
  const seatB = await seatOf(b);
  assert.notEqual(seatA, seatB);
  const idA = new URL(a.url()).pathname;
  assert.equal(new URL(b.url()).pathname, idA);
  const gameId = idA.replace('/game/', '');
  const white = seatA === 'white' ? a : b;
  const black = seatA === 'white' ? b : a;
  const whiteName = white === a ? 'alice' : 'bob';
  const blackName = white === a ? 'bob' : 'alice';
  await white.waitForSelector('[data-testid=rated-badge]');

  // each strip names its player, with a provisional rating, the name a link to the profile
  for (const p of [a, b]) {
    await p.waitForSelector(`[data-testid=name-white] [data-testid=player-link]:text-is("${whiteName}")`);
    await p.waitForSelector(`[data-testid=name-black] [data-testid=player-link]:text-is("${blackName}")`);
    assert.equal(await p.locator('[data-testid=name-white] [data-testid=player-rating]').innerText(), '1500?');
  }
  await H.screenshot(white, 'players-paired');

  // chat: the players' room, both ways; a line holding a script stays text
  await white.waitForSelector('[data-testid=chat][data-room=players]');
  await black.waitForSelector('[data-testid=chat][data-room=players]');
  await sendChat(white, 'good luck!');
  await black.locator('[data-testid=chat-line]', { hasText: 'good luck!' }).waitFor();
  assert.match(await black.locator('[data-testid=chat-line]', { hasText: 'good luck!' }).innerText(), new RegExp(whiteName));
  const evil = '<script>window.__x=1</script>';
  await sendChat(black, evil);
  const seen = white.locator('[data-testid=chat-line] .chat-text', { hasText: '<script>' });
  await seen.waitFor();
  assert.equal(await seen.innerText(), evil);
  assert.equal(await white.locator('[data-testid=chat-log] script').count(), 0);
  for (const p of [a, b]) assert.equal(await p.evaluate(() => (window as any).__x), undefined);
  // black mutes white: white's lines are no longer given to black, pushed or read (asked as
  // black's seat); unmuted, they are back
  await black.check('[data-testid=chat-mute]');
  await black.waitForSelector('[data-testid=chat-mute][data-pending=false]:checked');
  await black.locator('[data-testid=chat-line]', { hasText: 'good luck!' }).waitFor({ state: 'detached' });
  await sendChat(white, 'are you there?');
  const blackToken = await black.evaluate((id) => JSON.parse(localStorage.getItem('arbiter.tokens') ?? '{}')[id]?.token as string, gameId);
  const asBlack = await H.api.request('GET', `/api/games/${gameId}/chat`, undefined, blackToken);
  assert.deepEqual(
    asBlack.players.map((l: any) => l.text),
    [evil],
  );
  await black.uncheck('[data-testid=chat-mute]');
  await black.waitForSelector('[data-testid=chat-mute][data-pending=false]:not(:checked)');
  await black.locator('[data-testid=chat-line]', { hasText: 'are you there?' }).waitFor();
  await black.locator('[data-testid=chat-line]', { hasText: 'good luck!' }).waitFor();
  // the length counter
  await white.fill('[data-testid=chat-input]', 'x'.repeat(141));
  await white.waitForSelector('[data-testid=chat-counter]:text-is("141/140")');
  await white.waitForSelector('[data-testid=chat-send][disabled]');
  await white.fill('[data-testid=chat-input]', '');

  // fool's mate
  await canMove(white, 'white');
  await clickMove(white, 'f2', 'f3');
  await canMove(black, 'black');
  await clickMove(black, 'e7', 'e5');
  await canMove(white, 'white');
  await clickMove(white, 'g2', 'g4');
  await canMove(black, 'black');
  await clickMove(black, 'd8', 'h4');
  for (const p of [a, b]) {
    await p.waitForSelector('[data-testid=game-page][data-status=finished]');
    await p.waitForSelector('[data-testid=result]');
  }
  assert.match(await black.locator('[data-testid=result]').innerText(), /You win by checkmate/);
  // the rating changes appear on the strips: the winner up, the loser down
  for (const p of [a, b]) {
    await p.waitForSelector('[data-testid=name-black] [data-testid=rating-diff].up');
    await p.waitForSelector('[data-testid=name-white] [data-testid=rating-diff].down');
  }
  assert.match(await white.locator('[data-testid=name-black] [data-testid=rating-diff]').innerText(), /^\+\d+$/);
  assert.match(await white.locator('[data-testid=name-white] [data-testid=rating-diff]').innerText(), /^\u2212\d+$/);
  await H.screenshot(white, 'players-finished');

  // each opens their profile from the account menu: the new blitz rating and the game
  for (const [p, name, outcome] of [
    [white, whiteName, 'loss'],
    [black, blackName, 'win'],
  ] as const) {
    await p.click('[data-testid=account-open]');
    await p.click('[data-testid=account-profile]');
    await p.waitForSelector(`[data-testid=profile-page][data-name="${name}"]`);
    const row = p.locator('[data-testid=rating-chess-blitz]');
    await row.waitFor();
    const rating = Number(await row.getAttribute('data-rating'));
    assert.ok(Number.isFinite(rating) && rating !== 1500, `${name}'s blitz rating is ${rating}`);
    assert.ok(outcome === 'win' ? rating > 1500 : rating < 1500, `${name} (${outcome}) has ${rating}`);
    await p.waitForSelector(`[data-testid=profile-game][data-id="${gameId}"][data-outcome=${outcome}]`);
    await p.waitForSelector('[data-testid=plot-chess-blitz][data-points="1"]');
    // the filters: a loss is not among the wins
    await p.selectOption('[data-testid=filter-result]', outcome === 'win' ? 'loss' : 'win');
    await p.waitForSelector('[data-testid=profile-no-games]');
    assert.match(p.url(), /\?result=/);
    await p.selectOption('[data-testid=filter-result]', outcome);
    await p.waitForSelector(`[data-testid=profile-game][data-id="${gameId}"]`);
    // the export link of chess gives the PGN with the names and ratings
    const href = await p.locator('[data-testid=export-chess]').getAttribute('href');
    const pgn = await (await fetch(H.url(href!))).text();
    assert.match(pgn, new RegExp(`\\[White "${whiteName}"\\]`));
    assert.match(pgn, /1\. f3 e5 2\. g4 Qh4#/);
    await H.screenshot(p, `players-profile-${name}`);
  }
  assert.deepEqual(
    H.errors.filter((e) => !/WebSocket/.test(e)),
    [],
  );
});

test('log-in errors in words, the API tokens page, Cancel on a seek, a spectator asked to log in to chat', async () => {
  const p = await H.newPage();
  await signUp(p, 'carol', { claim: false });
  // log out, then a wrong password
  await p.click('[data-testid=account-open]');
  await p.click('[data-testid=account-logout]');
  await p.waitForSelector('[data-testid=account][data-state=anonymous]');
  await p.click('[data-testid=account-login]');
  await p.fill('[data-testid=auth-name]', 'carol');
  await p.fill('[data-testid=auth-password]', 'not the password');
  await p.click('[data-testid=auth-submit]');
  assert.match(await p.locator('[data-testid=auth-error]').innerText(), /wrong name or password/);
  await p.fill('[data-testid=auth-password]', PASSWORD);
  await p.click('[data-testid=auth-submit]');
  await p.waitForSelector('[data-testid=account][data-name=carol]');

  // a token: created with a scope, shown once, listed, revoked
  await p.click('[data-testid=account-open]');
  await p.click('[data-testid=account-tokens]');
  await p.waitForSelector('[data-testid=tokens-page]');
  await p.fill('[data-testid=token-label]', 'my bot');
  await p.check('[data-testid=token-scope-play]');
  await p.click('[data-testid=token-create]');
  const token = await p.locator('[data-testid=token-value]').inputValue();
  assert.match(token, /^arb_[0-9a-f]{32}$/);
  await p.waitForSelector('[data-testid=token-row]');
  const me = await H.api.request('GET', '/api/account', undefined, token);
  assert.equal(me.name, 'carol');
  await p.click('[data-testid=token-revoke]');
  await p.click('[data-testid=token-revoke-confirm]');
  await p.waitForSelector('[data-testid=tokens-none]');
  await assert.rejects(H.api.request('GET', '/api/account', undefined, token));

  // a seek waits, Cancel ends it (the server's count goes back to none)
  await p.goto(H.url('/'));
  await p.click('[data-testid=quick-chiefspy]');
  await p.waitForSelector('[data-testid=quick-waiting]');
  await p.waitForFunction(async () => ((await (await fetch('/api/seeks')).json()).pools ?? []).some((x: any) => x.variant === 'chiefspy' && x.waiting > 0), undefined, { polling: 100 });
  await p.click('[data-testid=quick-cancel]');
  await p.waitForSelector('[data-testid=quick-pairing][data-state=idle]');
  await p.waitForFunction(async () => !((await (await fetch('/api/seeks')).json()).pools ?? []).some((x: any) => x.variant === 'chiefspy' && x.waiting > 0), undefined, { polling: 100 });

  // a spectator without an account reads the spectators' room and is asked to log in to write
  const g = await H.api.createGame({ variant: 'chess', opponent: 'human', color: 'white' });
  await H.api.join(g.id, { invite: g.invite as string });
  const watcher = await H.newPage();
  await watcher.goto(H.url(`/game/${g.id}`));
  await watcher.waitForSelector('[data-testid=chat][data-room=spectators]');
  await watcher.waitForSelector('[data-testid=chat-login]');
  assert.equal(await watcher.locator('[data-testid=chat-input]').count(), 0);
  // anonymous seats are "Anonymous" to a spectator
  await watcher.waitForSelector('[data-testid=name-white] .player-anon:text-is("Anonymous")');
  assert.equal(await watcher.locator('[data-testid=player-link]').count(), 0);
  // the wrong password's 401 is logged by Chromium as a failed load: nothing else may be
  assert.deepEqual(
    H.errors.filter((e) => !/WebSocket/.test(e) && !/status of 401/.test(e)),
    [],
  );
});

test('sign-up adds this browser’s games to the account', async () => {
  const p = await H.newPage();
  await p.goto(H.url('/'));
  await p.click('[data-testid=opponent-human]');
  await p.click('[data-testid=create-game]');
  await p.waitForSelector('[data-testid=game-page][data-status=open]');
  const id = new URL(p.url()).pathname.split('/').pop()!;
  const seat = (await p.locator('[data-testid=game-page]').getAttribute('data-seat')) as 'white' | 'black';
  // from the game page to the forms and back
  await p.click('[data-testid=account-login]');
  await p.click('[data-testid=to-signup]');
  await p.waitForSelector('[data-testid=signup-page]');
  assert.equal(await p.isChecked('[data-testid=auth-claim]'), true); // ticked by default
  await p.fill('[data-testid=auth-name]', 'dora');
  await p.fill('[data-testid=auth-password]', PASSWORD);
  await p.click('[data-testid=auth-submit]');
  await p.waitForSelector('[data-testid=account][data-name=dora]');
  await p.waitForURL(`**/game/${id}`);
  // the seat carries the name now
  await p.waitForSelector(`[data-testid=name-${seat}] [data-testid=player-link]:text-is("dora")`);
  // and the profile lists the game (a private game in progress: to its own account only)
  await p.click(`[data-testid=name-${seat}] [data-testid=player-link]`);
  await p.waitForSelector('[data-testid=profile-page][data-name=dora]');
  await p.waitForSelector(`[data-testid=profile-game][data-id="${id}"][data-outcome=playing]`);
  const stranger = await H.newPage();
  await stranger.goto(H.url('/player/dora'));
  await stranger.waitForSelector('[data-testid=profile-no-games]');
  assert.deepEqual(
    H.errors.filter((e) => !/WebSocket/.test(e) && !/status of 401/.test(e)),
    [],
  );
});
