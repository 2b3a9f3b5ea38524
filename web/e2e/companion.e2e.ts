// Companion mode (/companion) in the browser: one shared device, no server state. Both
// players enter their values behind a hand-over screen, battles are entered and only the
// winner is announced, a promotion re-admits a piece, rounds and the match are scored, and a
// reload loses nothing. No sleeps: every step waits for a selector or a text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { useHarness, CHROMIUM_ARGS } from './harness.ts';

const H = useHarness({ closeContextsAfterEach: false });

type Values = Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h', string>;

async function enterValues(page: Page, seat: 'white' | 'black', v: Values, how: 'tap' | 'keyboard'): Promise<void> {
  await page.locator(`[data-testid="co-handover-${seat}"]`).waitFor();
  await page.click('[data-testid="co-go"]');
  await page.locator('[data-testid="co-setup"]').waitFor();
  if (how === 'tap') {
    for (const [slot, val] of Object.entries(v)) {
      await page.click(`[data-testid="co-chip-${val}"]`);
      await page.click(`[data-testid="co-piece-${slot}"]`);
    }
  } else {
    await page.focus('[data-testid="co-piece-a"]');
    for (const val of Object.values(v)) await page.keyboard.press(val.toLowerCase());
  }
  for (const [slot, val] of Object.entries(v)) await page.locator(`[data-testid="co-piece-${slot}"][data-value="${val}"]`).waitFor();
  await page.click('[data-testid="co-ready"]');
}

async function enterBattle(page: Page, b: { attacker: 'white' | 'black'; att: string; def: string; as: number; ds: number }): Promise<string> {
  await page.locator('[data-testid="co-battle"]').waitFor();
  await page.click(`[data-testid="co-attacker-colour-${b.attacker}"]`);
  await page.click(`[data-testid="co-att-${b.att}"]`);
  await page.click(`[data-testid="co-def-${b.def}"]`);
  await page.fill('[data-testid="co-att-support"]', String(b.as));
  await page.fill('[data-testid="co-def-support"]', String(b.ds));
  await page.locator('[data-testid="co-result"]').waitFor({ state: 'detached' }); // the last result is gone
  await page.click('[data-testid="co-resolve"]');
  const res = page.locator('[data-testid="co-result"]');
  await res.waitFor();
  return (await res.getAttribute('data-winner'))!;
}

const W: Values = { a: '5', b: 'S', c: '3', d: '7', e: 'C', f: '2', g: '4', h: '6' };
const B: Values = { a: '4', b: '2', c: '6', d: '7', e: 'S', f: '5', g: 'C', h: '3' };

test('companion: secret entry with hand-over, battles announce only the winner, promotion, rounds and match scored, reload keeps it', async () => {
  const page = await H.newPage({ viewport: { width: 420, height: 860 } }); // a phone
  await page.goto(H.url('/companion'));
  await page.locator('[data-testid="co-new"]').waitFor();
  await H.screenshot(page, 'companion-new');
  await page.fill('[data-testid="co-name-white"]', 'Ann');
  await page.fill('[data-testid="co-name-black"]', 'Bob');
  await page.click('[data-testid="co-start"]');

  await enterValues(page, 'white', W, 'tap');
  // Ann's values are hidden once saved: the hand-over screen for Bob shows none of them.
  await page.locator('[data-testid="co-saved"]').waitFor();
  assert.equal(await page.locator('[data-testid="co-setup"]').count(), 0);
  await H.screenshot(page, 'companion-handover');
  await enterValues(page, 'black', B, 'keyboard');

  // White's queen (7, +1 base +1 supporter) attacks Black's great knight (2, +1): 9 v 3.
  assert.equal(await enterBattle(page, { attacker: 'white', att: 'd', def: 'b', as: 1, ds: 1 }), 'attacker');
  const text = (await page.locator('[data-testid="co-result"]').textContent())!;
  assert.match(text, /The attacker, Ann \(White\), wins/);
  assert.match(text, /Remove Bob’s Great knight \(Black\) from the board\./);
  assert.match(text, /attacker \+2, defender \+1/);
  assert.doesNotMatch(text, /[03-9]/); // no number but the two bonuses (the queen's new value is 7)
  await H.screenshot(page, 'companion-battle');

  // Black brings its great knight back by promotion.
  await page.click('[data-testid="co-promotion"] summary');
  await page.click('[data-testid="co-promote-colour-black"]');
  await page.click('[data-testid="co-promote-b"]');
  await page.locator('[data-testid="co-notice"]', { hasText: 'Bob’s Great knight (Black) returns' }).waitFor();

  // A reload loses nothing.
  await page.reload();
  await page.locator('[data-testid="co-battle"]').waitFor();
  await page.locator('[data-testid="co-side-black"]', { hasText: 'pawns: 7' }).waitFor();

  // Black's pawn attacks White's Spy (the great knight b): the Spy loses to every piece but the Chief.
  assert.equal(await enterBattle(page, { attacker: 'black', att: 'pawn', def: 'b', as: 0, ds: 2 }), 'attacker');
  await page.locator('[data-testid="co-round-over"]', { hasText: 'Ann’s Spy was captured' }).waitFor();
  await page.locator('[data-testid="co-round-over"]', { hasText: 'Round 1 is over: Bob scores 1 point.' }).waitFor();
  await page.locator('[data-testid="co-score-black"]', { hasText: '1' }).waitFor();
  await H.screenshot(page, 'companion-round-over');

  // Round 2: colours swap (Bob plays White).
  await page.click('[data-testid="co-next-round"]');
  await page.locator('[data-testid="co-round"]', { hasText: 'Round 2' }).waitFor();
  await enterValues(page, 'white', W, 'keyboard'); // Ann, Black this round
  await enterValues(page, 'black', B, 'tap'); // Bob, White this round
  // Ann (Black this round) attacks with her Spy (b) Bob's Chief (g): the Spy wins.
  assert.equal(await enterBattle(page, { attacker: 'black', att: 'b', def: 'g', as: 0, ds: 3 }), 'attacker');
  await page.locator('[data-testid="co-match-over"]', { hasText: 'Ann wins the match 2–1' }).waitFor();
  await page.locator('[data-testid="co-score-white"]', { hasText: '2' }).waitFor();
  await H.screenshot(page, 'companion-match-over');
  assert.deepEqual(H.errors, []);
});

test('companion in Italian', async () => {
  const page = await H.newPage({ locale: 'it-IT' });
  await page.goto(H.url('/companion'));
  await page.locator('[data-testid="companion-page"]', { hasText: 'il compagno per la scacchiera vera' }).waitFor();
  await page.locator('[data-testid="co-start"]', { hasText: 'Inizia una partita' }).waitFor();
  await H.screenshot(page, 'companion-it');
});

async function duoBattle(att: Page, def: Page, b: { attacker: 'white' | 'black'; att: string; def: string; as: number; ds: number }): Promise<string> {
  for (const p of [att, def]) {
    await p.click(`[data-testid="co-attacker-colour-${b.attacker}"]`);
    await p.click(`[data-testid="co-att-${b.att}"]`);
    await p.click(`[data-testid="co-def-${b.def}"]`);
    await p.fill('[data-testid="co-att-support"]', String(b.as));
    await p.fill('[data-testid="co-def-support"]', String(b.ds));
    await p.locator('[data-testid="co-result"]').waitFor({ state: 'detached' });
  }
  await def.click('[data-testid="co-duo-defend"]');
  const code = (await def.locator('[data-testid="co-duo-defcode"]').textContent())!;
  await att.fill('[data-testid="co-duo-defcode-input"]', code);
  await att.click('[data-testid="co-resolve"]');
  const answer = (await att.locator('[data-testid="co-duo-answer"]').textContent())!;
  await def.fill('[data-testid="co-duo-answer-input"]', answer);
  await def.click('[data-testid="co-duo-finish"]');
  const w1 = await att.locator('[data-testid="co-result"]').getAttribute('data-winner');
  await def.locator('[data-testid="co-result"]').waitFor();
  const w2 = await def.locator('[data-testid="co-result"]').getAttribute('data-winner');
  assert.equal(w1, w2);
  return w1!;
}

test('companion on two devices: each keeps its own values, battles exchange two codes', async () => {
  const ann = await H.newPage({ viewport: { width: 400, height: 860 } });
  const bob = await H.newPage({ viewport: { width: 400, height: 860 } });
  await ann.goto(H.url('/companion'));
  await ann.fill('[data-testid="co-name-white"]', 'Ann');
  await ann.fill('[data-testid="co-name-black"]', 'Bob');
  await ann.click('[data-testid="co-duo-create"]');
  const code = (await ann.locator('[data-testid="co-duo-matchcode"]').textContent())!;
  await bob.goto(H.url('/companion'));
  await bob.fill('[data-testid="co-name-white"]', 'Ann');
  await bob.fill('[data-testid="co-name-black"]', 'Bob');
  await bob.fill('[data-testid="co-duo-code"]', code);
  await bob.click('[data-testid="co-duo-join"]');
  await bob.locator('[data-testid="co-duo-id"]', { hasText: 'Bob (Black this round)' }).waitFor();
  for (const [p, v] of [[ann, W], [bob, B]] as const) {
    await p.locator('[data-testid="co-setup"]').waitFor();
    for (const [slot, val] of Object.entries(v)) {
      await p.click(`[data-testid="co-chip-${val}"]`);
      await p.click(`[data-testid="co-piece-${slot}"]`);
    }
    await p.click('[data-testid="co-ready"]');
    await p.locator('[data-testid="co-battle"]').waitFor();
  }
  // Ann's queen (7 +2) takes Bob's great knight (2 +1).
  assert.equal(await duoBattle(ann, bob, { attacker: 'white', att: 'd', def: 'b', as: 1, ds: 1 }), 'attacker');
  await H.screenshot(bob, 'companion-duo-battle-defender');
  // Bob's 7 (queen) attacks Ann's 2 (bishop f) and wins.
  assert.equal(await duoBattle(bob, ann, { attacker: 'black', att: 'd', def: 'f', as: 0, ds: 0 }), 'attacker');
  // Ann's Spy (great knight) attacks Bob's Chief (knight g): the match is over on both devices.
  assert.equal(await duoBattle(ann, bob, { attacker: 'white', att: 'b', def: 'g', as: 0, ds: 2 }), 'attacker');
  for (const p of [ann, bob]) await p.locator('[data-testid="co-match-over"]', { hasText: 'Ann wins the match 2–0' }).waitFor();
  await H.screenshot(ann, 'companion-duo-over');
  assert.deepEqual(H.errors, []);
});

// ---- the companion as an app: installable, offline, and a match that outlives the tab ------

/** Waits until the companion's service worker controls `page` (a state, not a time). */
async function controlled(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

test('companion as an app: installable, its worker precaches it; offline with nothing reaching the network, a reload and a whole match work', async () => {
  const ctx = await H.newContext({ viewport: { width: 420, height: 860 } });
  const page = await ctx.newPage();
  await page.goto(H.url('/companion'));
  await page.locator('[data-testid="co-new"]').waitFor();
  assert.equal(await controlled(page), H.url('/companion-sw.js'));

  // The browser reads the manifest without an error and finds the page installable.
  const cdp = await ctx.newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  assert.deepEqual(manifest.errors, []);
  assert.equal(manifest.url, H.url('/companion.webmanifest'));
  const parsed = JSON.parse(manifest.data!);
  assert.equal(parsed.start_url, '/companion');
  assert.equal(parsed.scope, '/companion');

  // One cache, named after this build's worker, holding the page and every precached file.
  const worker = await (await fetch(H.url('/companion-sw.js'))).text();
  const version = /const VERSION = \/\*VERSION\*\/ "([0-9a-f]+)"/.exec(worker)![1];
  const precache: string[] = JSON.parse(/const PRECACHE = \/\*PRECACHE\*\/ (\[.*\]);/.exec(worker)![1]);
  const cached = await page.evaluate(async () => {
    const out: Record<string, { urls: string[]; bytes: number }> = {};
    for (const name of await caches.keys()) {
      const c = await caches.open(name);
      const reqs = await c.keys();
      let bytes = 0;
      for (const r of reqs) bytes += (await (await c.match(r))!.arrayBuffer()).byteLength;
      out[name] = { urls: reqs.map((r) => new URL(r.url).pathname).sort(), bytes };
    }
    return out;
  });
  assert.deepEqual(Object.keys(cached), [`arbiter-companion-${version}`]);
  assert.deepEqual(cached[`arbiter-companion-${version}`].urls, [...precache].sort());
  assert.ok(precache.includes('/companion') && precache.some((u) => /^\/assets\/registry-.*\.js$/.test(u)));
  console.log(`companion precache: ${precache.length} files, ${cached[`arbiter-companion-${version}`].bytes} bytes`);

  // The lobby and the game pages are outside the worker's scope: never controlled.
  const lobby = await ctx.newPage();
  await lobby.goto(H.url('/'));
  await lobby.locator('[data-testid="home"]').waitFor();
  const g = await H.api.createGame({ variant: 'chess', opponent: 'human' });
  const game = await ctx.newPage();
  await H.openGame(game, g.id, g.token);
  for (const p of [lobby, game]) assert.equal(await p.evaluate(() => navigator.serviceWorker.controller), null);
  await lobby.close();
  await game.close();

  // Offline, and every request that would leave the browser is refused and noted.
  const reachedNetwork: string[] = [];
  await ctx.route('**/*', (route) => {
    reachedNetwork.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  await ctx.setOffline(true);
  const notFromWorker: string[] = [];
  page.on('response', (r) => {
    if (r.url().startsWith('http') && !r.fromServiceWorker()) notFromWorker.push(r.url());
  });
  const response = await page.reload();
  assert.ok(response?.fromServiceWorker(), 'the page comes from the worker');
  await page.locator('[data-testid="co-new"]').waitFor();
  await page.fill('[data-testid="co-name-white"]', 'Ann');
  await page.fill('[data-testid="co-name-black"]', 'Bob');
  await page.click('[data-testid="co-start"]');
  await enterValues(page, 'white', W, 'tap');
  await enterValues(page, 'black', B, 'keyboard');
  // Ann's queen takes Bob's great knight; then her Spy (b) takes Bob's Chief (g): 2–0.
  assert.equal(await enterBattle(page, { attacker: 'white', att: 'd', def: 'b', as: 1, ds: 1 }), 'attacker');
  // A reload while offline, mid-match.
  await page.reload();
  await page.locator('[data-testid="co-side-black"]').waitFor();
  assert.equal(await page.locator('[data-testid="co-result"]').getAttribute('data-winner'), 'attacker');
  assert.equal(await enterBattle(page, { attacker: 'white', att: 'b', def: 'g', as: 0, ds: 2 }), 'attacker');
  await page.locator('[data-testid="co-match-over"]', { hasText: 'Ann wins the match 2–0' }).waitFor();
  await H.screenshot(page, 'companion-offline-match-over');
  assert.deepEqual(reachedNetwork, []);
  assert.deepEqual(notFromWorker, []);
  assert.deepEqual(H.errors, []);
  await ctx.close();
});

test('companion as an app: Chromium finds /companion installable in a regular profile, and the lobby not', async () => {
  // The harness's contexts are incognito, where Chromium installs nothing: this test has its own profile.
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-e2e-profile-'));
  const ctx = await chromium.launchPersistentContext(dir, { executablePath: process.env.CHROMIUM_BIN ?? '/usr/bin/chromium', headless: process.env.HEADFUL !== '1', args: CHROMIUM_ARGS });
  try {
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(H.url('/companion'));
    await page.locator('[data-testid="co-new"]').waitFor();
    await controlled(page);
    const cdp = await ctx.newCDPSession(page);
    assert.deepEqual((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, []);
    await page.goto(H.url('/'));
    await page.locator('[data-testid="home"]').waitFor();
    assert.deepEqual((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.map((e) => e.errorId), ['no-manifest']);
    assert.deepEqual(errors, []);
  } finally {
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('companion on one device: a reload or a closed tab mid-match keeps the match, the battle being entered and the last announcement', async () => {
  const ctx = await H.newContext({ viewport: { width: 420, height: 860 } });
  let page = await ctx.newPage();
  await page.goto(H.url('/companion'));
  await page.fill('[data-testid="co-name-white"]', 'Ann');
  await page.fill('[data-testid="co-name-black"]', 'Bob');
  await page.click('[data-testid="co-start"]');
  await enterValues(page, 'white', W, 'tap');
  // A reload at the hand-over: Ann's values stay saved and hidden, Bob's turn comes again.
  await page.reload();
  await page.locator('[data-testid="co-saved"]').waitFor();
  await enterValues(page, 'black', B, 'keyboard');
  assert.equal(await enterBattle(page, { attacker: 'white', att: 'd', def: 'b', as: 1, ds: 1 }), 'attacker');
  const announced = await page.locator('[data-testid="co-result"]').textContent();

  // The announcement is still on screen after a reload.
  await page.reload();
  await page.locator('[data-testid="co-battle"]').waitFor();
  assert.equal(await page.locator('[data-testid="co-result"]').textContent(), announced);

  // Half of the next battle entered (Black attacks with a pawn and two supporters), then the tab is closed.
  await page.click('[data-testid="co-att-pawn"]');
  await page.click('[data-testid="co-att-support-plus"]');
  await page.click('[data-testid="co-att-support-plus"]');
  await page.locator('[data-testid="co-result"]').waitFor({ state: 'detached' }); // editing the next battle hides the last result
  await page.close();
  page = await ctx.newPage();
  await page.goto(H.url('/companion'));
  await page.locator('[data-testid="co-attacker-colour-black"][aria-checked="true"]').waitFor();
  await page.locator('[data-testid="co-att-pawn"][aria-checked="true"]').waitFor();
  assert.equal(await page.inputValue('[data-testid="co-att-support"]'), '2');
  assert.equal(await page.locator('[data-testid="co-result"]').count(), 0);
  assert.equal(await page.locator('[data-testid="co-resolve"]').isDisabled(), true); // no defender yet
  // Finish it: the pawn (1 + 3) takes White's bishop f (2).
  await page.click('[data-testid="co-def-f"]');
  await page.click('[data-testid="co-resolve"]');
  assert.equal(await page.locator('[data-testid="co-result"]').getAttribute('data-winner'), 'attacker');
  await page.locator('[data-testid="co-side-black"]', { hasText: 'pawns: 8' }).waitFor();
  await page.reload();
  await page.locator('[data-testid="co-result"][data-winner="attacker"]').waitFor();
  // Ann's Spy takes Bob's Chief: the match is over, and stays over in a new tab.
  assert.equal(await enterBattle(page, { attacker: 'white', att: 'b', def: 'g', as: 0, ds: 2 }), 'attacker');
  await page.locator('[data-testid="co-match-over"]', { hasText: 'Ann wins the match 2–0' }).waitFor();
  await page.close();
  page = await ctx.newPage();
  await page.goto(H.url('/companion'));
  await page.locator('[data-testid="co-match-over"]', { hasText: 'Ann wins the match 2–0' }).waitFor();
  assert.deepEqual(H.errors, []);
  await ctx.close();
});

test('companion on two devices: a reload or a closed tab in the middle of a battle keeps both codes', async () => {
  const annCtx = await H.newContext({ viewport: { width: 400, height: 860 } });
  const bobCtx = await H.newContext({ viewport: { width: 400, height: 860 } });
  let ann = await annCtx.newPage();
  let bob = await bobCtx.newPage();
  await ann.goto(H.url('/companion'));
  await ann.fill('[data-testid="co-name-white"]', 'Ann');
  await ann.fill('[data-testid="co-name-black"]', 'Bob');
  await ann.click('[data-testid="co-duo-create"]');
  const code = (await ann.locator('[data-testid="co-duo-matchcode"]').textContent())!;
  await bob.goto(H.url('/companion'));
  await bob.fill('[data-testid="co-name-white"]', 'Ann');
  await bob.fill('[data-testid="co-name-black"]', 'Bob');
  await bob.fill('[data-testid="co-duo-code"]', code);
  await bob.click('[data-testid="co-duo-join"]');
  for (const [p, v] of [[ann, W], [bob, B]] as const) {
    await p.locator('[data-testid="co-setup"]').waitFor();
    for (const [slot, val] of Object.entries(v)) {
      await p.click(`[data-testid="co-chip-${val}"]`);
      await p.click(`[data-testid="co-piece-${slot}"]`);
    }
    await p.click('[data-testid="co-ready"]');
    await p.locator('[data-testid="co-battle"]').waitFor();
  }
  // Both enter the battle (Ann's queen, one supporter, on Bob's great knight, one supporter).
  for (const p of [ann, bob]) {
    await p.click('[data-testid="co-attacker-colour-white"]');
    await p.click('[data-testid="co-att-d"]');
    await p.click('[data-testid="co-def-b"]');
    await p.fill('[data-testid="co-att-support"]', '1');
    await p.fill('[data-testid="co-def-support"]', '1');
  }
  // Bob's page reloads before he defends: the battle entered is still there.
  await bob.reload();
  await bob.locator('[data-testid="co-def-b"][aria-checked="true"]').waitFor();
  assert.equal(await bob.inputValue('[data-testid="co-att-support"]'), '1');
  await bob.click('[data-testid="co-duo-defend"]');
  const defCode = (await bob.locator('[data-testid="co-duo-defcode"]').textContent())!;
  // Bob's tab is closed while he waits: the same code is shown again.
  await bob.close();
  bob = await bobCtx.newPage();
  await bob.goto(H.url('/companion'));
  assert.equal(await bob.locator('[data-testid="co-duo-defcode"]').textContent(), defCode);
  // Ann decides; her page reloads before Bob has taken the answer: the answer is still shown.
  await ann.fill('[data-testid="co-duo-defcode-input"]', defCode);
  await ann.click('[data-testid="co-resolve"]');
  const answer = (await ann.locator('[data-testid="co-duo-answer"]').textContent())!;
  await ann.reload();
  assert.equal(await ann.locator('[data-testid="co-duo-answer"]').textContent(), answer);
  assert.equal(await ann.locator('[data-testid="co-result"]').getAttribute('data-winner'), 'attacker');
  await ann.close();
  ann = await annCtx.newPage();
  await ann.goto(H.url('/companion'));
  assert.equal(await ann.locator('[data-testid="co-duo-answer"]').textContent(), answer);
  await bob.fill('[data-testid="co-duo-answer-input"]', answer);
  await bob.click('[data-testid="co-duo-finish"]');
  assert.equal(await bob.locator('[data-testid="co-result"]').getAttribute('data-winner'), 'attacker');
  await bob.reload();
  await bob.locator('[data-testid="co-result"][data-winner="attacker"]').waitFor();
  assert.equal(await bob.locator('[data-testid="co-duo-answer"]').count(), 0); // the defender has no code to give
  // Ann's Spy takes Bob's Chief: the match ends on both devices.
  assert.equal(await duoBattle(ann, bob, { attacker: 'white', att: 'b', def: 'g', as: 0, ds: 2 }), 'attacker');
  for (const p of [ann, bob]) await p.locator('[data-testid="co-match-over"]', { hasText: 'Ann wins the match 2–0' }).waitFor();
  await bob.reload();
  await bob.locator('[data-testid="co-match-over"]', { hasText: 'Ann wins the match 2–0' }).waitFor();
  assert.deepEqual(H.errors, []);
  await annCtx.close();
  await bobCtx.close();
});

// ---- issue 13, defect 12: what the companion says, with the players' names; Undo -----------

/** The text of a test id's element, or '' when absent. */
const textOf = async (page: Page, testid: string) => ((await page.locator(`[data-testid="${testid}"]`).count()) ? (await page.locator(`[data-testid="${testid}"]`).innerText()) : '');

/** Two devices in one match, names typed on both; Ann (Player 1) created it, Bob joined. */
async function duoPair(): Promise<{ ann: Page; bob: Page }> {
  const ann = await H.newPage({ viewport: { width: 400, height: 860 } });
  const bob = await H.newPage({ viewport: { width: 400, height: 860 } });
  await ann.goto(H.url('/companion'));
  await ann.fill('[data-testid="co-name-white"]', 'Ann');
  await ann.fill('[data-testid="co-name-black"]', 'Bob');
  await ann.click('[data-testid="co-duo-create"]');
  const code = (await ann.locator('[data-testid="co-duo-matchcode"]').textContent())!;
  await bob.goto(H.url('/companion'));
  await bob.fill('[data-testid="co-name-white"]', 'Ann');
  await bob.fill('[data-testid="co-name-black"]', 'Bob');
  await bob.fill('[data-testid="co-duo-code"]', code);
  await bob.click('[data-testid="co-duo-join"]');
  return { ann, bob };
}

async function duoValues(p: Page, v: Values): Promise<void> {
  await p.locator('[data-testid="co-setup"]').waitFor();
  for (const [slot, val] of Object.entries(v)) {
    await p.click(`[data-testid="co-chip-${val}"]`);
    await p.click(`[data-testid="co-piece-${slot}"]`);
  }
  await p.click('[data-testid="co-ready"]');
  await p.locator('[data-testid="co-battle"]').waitFor();
}

test('companion on two devices: each result says which piece to remove, the round end who scored, all with the names typed', async () => {
  const { ann, bob } = await duoPair();
  await duoValues(ann, W);
  await duoValues(bob, B);
  const both = async (testid: string, text: string) => {
    for (const p of [ann, bob]) await p.locator(`[data-testid="${testid}"]`, { hasText: text }).waitFor();
  };
  // Ann's queen (7 +2) takes Bob's great knight (2 +1): Bob takes his great knight off the board.
  assert.equal(await duoBattle(ann, bob, { attacker: 'white', att: 'd', def: 'b', as: 1, ds: 1 }), 'attacker');
  await both('co-winner', 'The attacker, Ann (White), wins');
  await both('co-remove', 'Remove Bob’s Great knight (Black) from the board.');
  await ann.locator('[data-testid="co-result"]', { hasText: 'Type this code on Bob’s device (the defender):' }).waitFor();
  // Bob's pawn (1 +1) attacks Ann's queen (7): the defender wins, the pawn goes.
  assert.equal(await duoBattle(bob, ann, { attacker: 'black', att: 'pawn', def: 'd', as: 0, ds: 0 }), 'defender');
  await both('co-winner', 'The defender, Ann (White), wins');
  await both('co-remove', 'Remove Bob’s Pawn (Black) from the board.');
  // Ann's great bishop (3 +1) on Bob's great rook (4): a tie, both go.
  assert.equal(await duoBattle(ann, bob, { attacker: 'white', att: 'c', def: 'a', as: 0, ds: 0 }), 'tie');
  await both('co-remove', 'Remove both pieces from the board: Ann’s Great bishop (White) and Bob’s Great rook (Black).');
  await H.screenshot(ann, 'companion-duo-tie');
  // Ann's pawn takes Bob's Spy (king e): the round ends, Ann scores 1 — on both devices.
  assert.equal(await duoBattle(ann, bob, { attacker: 'white', att: 'pawn', def: 'e', as: 0, ds: 0 }), 'attacker');
  await both('co-round-over', 'Round 1 is over: Ann scores 1 point.');
  await both('co-round-over', 'Bob’s Spy was captured.');
  await both('co-round-over', 'Score: Ann 1 – 0 Bob');
  await both('co-remove', 'Remove Bob’s King (Black) from the board.');
  await H.screenshot(bob, 'companion-duo-round-over');
  // Round 2 (Ann plays Black): Bob resigns it, entered on both devices; Ann wins the match.
  for (const p of [ann, bob]) await p.click('[data-testid="co-next-round"]');
  await duoValues(ann, W);
  await duoValues(bob, B);
  await both('co-duo-id', 'This device:');
  assert.match(await textOf(ann, 'co-duo-id'), /Ann \(Black this round\)/);
  for (const p of [ann, bob]) {
    await p.click('[data-testid="co-end-round"] summary');
    await p.click('[data-testid="co-resign-black"]');
  }
  await both('co-round-over', 'Round 2 is over: Ann scores 2 points.');
  await both('co-round-over', 'Bob resigned the round.');
  await both('co-match-over', 'Ann wins the match 3–0 against Bob.');
  await H.screenshot(ann, 'companion-duo-match-over');
  assert.deepEqual(H.errors, []);
});

test('companion on one device: the names typed are used in the hand-over, every announcement, the round and the match results', async () => {
  const page = await H.newPage({ viewport: { width: 420, height: 860 } });
  await page.goto(H.url('/companion'));
  await page.fill('[data-testid="co-name-white"]', 'Ann');
  await page.fill('[data-testid="co-name-black"]', 'Bob');
  await page.click('[data-testid="co-start"]');
  await page.locator('[data-testid="co-handover-white"]', { hasText: 'Pass the device to Ann (White).' }).waitFor();
  await enterValues(page, 'white', W, 'tap');
  await page.locator('[data-testid="co-handover-black"]', { hasText: 'Pass the device to Bob (Black).' }).waitFor();
  await enterValues(page, 'black', B, 'keyboard');

  // Bob's queen (7 +1) takes Ann's bishop f (2).
  assert.equal(await enterBattle(page, { attacker: 'black', att: 'd', def: 'f', as: 0, ds: 0 }), 'attacker');
  assert.equal(await textOf(page, 'co-winner'), 'The attacker, Bob (Black), wins');
  assert.equal(await textOf(page, 'co-remove'), 'Remove Ann’s Bishop (White) from the board.');
  // Ann's bishop comes back by promotion: the notice names her.
  await page.click('[data-testid="co-promotion"] summary');
  await page.locator('[data-testid="co-promote-colour-white"]', { hasText: 'White (Ann)' }).waitFor();
  await page.click('[data-testid="co-promote-colour-white"]');
  await page.click('[data-testid="co-promote-f"]');
  await page.locator('[data-testid="co-notice"]', { hasText: 'Ann’s Bishop (White) returns on the promotion square.' }).waitFor();
  // Ann's pawn takes Bob's Spy (king e): the round ends.
  assert.equal(await enterBattle(page, { attacker: 'white', att: 'pawn', def: 'e', as: 0, ds: 0 }), 'attacker');
  const roundOver = page.locator('[data-testid="co-round-over"]');
  await roundOver.waitFor();
  assert.match(await roundOver.innerText(), /Round 1 is over: Ann scores 1 point\.\s+Bob’s Spy was captured\.\s+Score: Ann 1 – 0 Bob/);
  await page.locator('[data-testid="co-history"]', { hasText: 'Round 1 is over: Ann scores 1 point.' }).waitFor();

  // Round 2: colours swap; Ann resigns it and Bob wins the match 2–1 (his points first).
  await page.click('[data-testid="co-next-round"]');
  await page.locator('[data-testid="co-handover-white"]', { hasText: 'Pass the device to Ann (Black).' }).waitFor();
  await enterValues(page, 'white', W, 'keyboard');
  await enterValues(page, 'black', B, 'tap');
  await page.click('[data-testid="co-end-round"] summary');
  await page.click('[data-testid="co-resign-white"]');
  assert.match(await roundOver.innerText(), /Round 2 is over: Bob scores 2 points\.\s+Ann resigned the round\.\s+Score: Ann 1 – 2 Bob/);
  await page.locator('[data-testid="co-match-over"]', { hasText: 'Bob wins the match 2–1 against Ann.' }).waitFor();
  await H.screenshot(page, 'companion-names-match-over');
  assert.deepEqual(H.errors, []);
});

test('companion on one device: Undo gives back the battle as it was entered, attacker side included, also after a round’s end and a reload', async () => {
  const page = await H.newPage({ viewport: { width: 420, height: 860 } });
  await page.goto(H.url('/companion'));
  await page.click('[data-testid="co-start"]');
  await enterValues(page, 'white', W, 'tap');
  await enterValues(page, 'black', B, 'keyboard');
  const entered = async (side: 'white' | 'black', att: string, def: string, as: number, ds: number) => {
    await page.locator(`[data-testid="co-attacker-colour-${side}"][aria-checked="true"]`).waitFor();
    await page.locator(`[data-testid="co-att-${att}"][aria-checked="true"]`).waitFor();
    await page.locator(`[data-testid="co-def-${def}"][aria-checked="true"]`).waitFor();
    assert.equal(await page.inputValue('[data-testid="co-att-support"]'), String(as));
    assert.equal(await page.inputValue('[data-testid="co-def-support"]'), String(ds));
  };
  // Black's pawn (1 +1) attacks White's bishop f (2 +2): the defender wins; the form turns to White.
  assert.equal(await enterBattle(page, { attacker: 'black', att: 'pawn', def: 'f', as: 0, ds: 2 }), 'defender');
  await page.locator('[data-testid="co-attacker-colour-white"][aria-checked="true"]').waitFor();
  await page.click('[data-testid="co-undo"]');
  await entered('black', 'pawn', 'f', 0, 2);
  assert.equal(await page.locator('[data-testid="co-result"]').count(), 0);
  // Black's pawn takes White's Spy (great knight b): the round ends; Undo brings the battle back, Black attacking.
  await page.click('[data-testid="co-def-b"]');
  await page.click('[data-testid="co-resolve"]');
  await page.locator('[data-testid="co-round-over"]').waitFor();
  await page.click('[data-testid="co-undo"]');
  await entered('black', 'pawn', 'b', 0, 2);
  await page.locator('[data-testid="co-undone"]', { hasText: '2' }).waitFor();
  await page.reload();
  await entered('black', 'pawn', 'b', 0, 2);
  // A resignation taken back leaves the battle form as it was too.
  await page.click('[data-testid="co-end-round"] summary');
  await page.click('[data-testid="co-resign-white"]');
  await page.locator('[data-testid="co-round-over"]').waitFor();
  await page.click('[data-testid="co-undo"]');
  await entered('black', 'pawn', 'b', 0, 2);
  assert.deepEqual(H.errors, []);
});
