// Chief & Spy in the browser against a real `arbiter serve`, one browser context per player:
// the secret set-up (by tap and by keyboard), a Spy gambit whose battle both players see, the
// round's end with a reveal verified in the browser, and a full match ended by capturing the
// Chief (2 points). No sleeps: every step waits for a selector or a text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useHarness } from './harness.ts';

const H = useHarness({ closeContextsAfterEach: false });

type Values = Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h', string>;

async function twoPlayers(): Promise<{ id: string; white: Page; black: Page }> {
  const g = await H.api.createGame({ variant: 'chiefspy', opponent: 'human', color: 'white' });
  const j = await H.api.join(g.id, { invite: g.invite! });
  const white = await H.newPage();
  const black = await H.newPage();
  await H.openGame(white, g.id, g.token);
  await H.openGame(black, g.id, j.token);
  await white.waitForSelector('[data-testid="setup"]');
  await black.waitForSelector('[data-testid="setup"]');
  return { id: g.id, white, black };
}

/** Set-up by tapping a value chip, then a piece. */
async function setValuesByTap(page: Page, v: Values): Promise<void> {
  for (const [slot, val] of Object.entries(v)) {
    await page.click(`[data-testid="setup-chip-${val}"]`);
    await page.click(`[data-testid="setup-piece-${slot}"]`);
  }
}

/** Set-up by keyboard: focus the first piece, type the eight values (focus moves on). */
async function setValuesByKeyboard(page: Page, v: Values): Promise<void> {
  await page.focus('[data-testid="setup-piece-a"]');
  for (const val of Object.values(v)) await page.keyboard.press(val.toLowerCase());
}

async function checkValues(page: Page, v: Values): Promise<void> {
  for (const [slot, val] of Object.entries(v)) await page.locator(`[data-testid="setup-piece-${slot}"][data-value="${val}"]`).waitFor();
}

/** Click the centre of a square on the board (either orientation). */
async function clickSquare(page: Page, s: string): Promise<void> {
  const board = page.locator('[data-testid="cs-board"] cg-board');
  await board.scrollIntoViewIfNeeded();
  const box = (await board.boundingBox())!;
  const black = await page.locator('[data-testid="cs-board"] .cg-wrap').evaluate((el) => el.classList.contains('orientation-black'));
  const f = 'abcdefgh'.indexOf(s[0]);
  const r = Number(s.slice(1));
  const x = black ? 7 - f : f;
  const y = black ? r - 1 : 8 - r;
  await page.mouse.click(box.x + ((x + 0.5) * box.width) / 8, box.y + ((y + 0.5) * box.height) / 8);
}

async function boardMove(page: Page, from: string, to: string, colour: 'white' | 'black'): Promise<void> {
  await page.locator(`[data-testid="cs-board"][data-mover="${colour}"]`).waitFor();
  await clickSquare(page, from);
  await page.locator('[data-testid="cs-board"] cg-board square.selected').waitFor();
  await clickSquare(page, to);
}

/** Wait until it is `colour`'s turn on `page` (legal moves received). */
async function waitTurn(page: Page, colour: 'white' | 'black'): Promise<void> {
  await page.locator(`[data-testid="cs-board"][data-mover="${colour}"]`).waitFor();
}

const W1: Values = { a: '5', b: 'S', c: '3', d: '7', e: 'C', f: '2', g: '4', h: '6' };
const B1: Values = { a: '4', b: '2', c: '6', d: '7', e: 'S', f: '5', g: 'C', h: '3' };

test('set-up in two browsers, a Spy gambit battle announced to both, the round revealed and verified', async () => {
  const { white, black } = await twoPlayers();
  await H.screenshot(white, 'chiefspy-setup');
  await setValuesByTap(white, W1);
  await checkValues(white, W1);
  // Drag works too: the Chief chip onto the great rook swaps a and e; dragging e onto a swaps back.
  await white.dragAndDrop('[data-testid="setup-chip-C"]', '[data-testid="setup-piece-a"]');
  await checkValues(white, { ...W1, a: 'C', e: '5' });
  await white.dragAndDrop('[data-testid="setup-piece-e"]', '[data-testid="setup-piece-a"]');
  await checkValues(white, W1);
  await white.click('[data-testid="setup-ready"]');
  await white.waitForSelector('[data-testid="setup-waiting"]');
  await H.screenshot(white, 'chiefspy-setup-waiting');
  await setValuesByKeyboard(black, B1);
  await checkValues(black, B1);
  await black.click('[data-testid="setup-ready"]');

  // Play: own values on own pieces (the Spy on b1), nothing on the opponent's.
  await white.locator('[data-testid="val-b1"]', { hasText: 'S' }).waitFor();
  await black.locator('[data-testid="val-g8"]', { hasText: 'C' }).waitFor();
  assert.equal(await white.locator('[data-testid^="val-"][data-testid$="8"]').count(), 0);
  assert.equal(await white.locator('.cs-great-mark').count(), 6); // a, b, c of both sides
  await white.locator('[data-testid="commitment-white"]').waitFor();

  await boardMove(white, 'e2', 'e4', 'white');
  await boardMove(black, 'd7', 'd5', 'black');
  await waitTurn(white, 'white');
  await white.locator('[data-testid="gambit-hint"]').waitFor();
  // The gambit: the knight (the Spy) to c3, then the attack on d5 from there.
  await clickSquare(white, 'b1');
  await white.locator('[data-testid="cs-board"] cg-board square.selected').waitFor();
  await clickSquare(white, 'c3');
  await white.locator('[data-testid="gambit-bar"]').waitFor();
  await white.locator('[data-testid="gambit-target-d5"]').waitFor();
  await H.screenshot(white, 'chiefspy-gambit');
  await clickSquare(white, 'd5');

  // Both are told the two pieces, both bonuses and the winner (the Spy loses to the pawn).
  for (const p of [white, black]) {
    const card = p.locator('[data-testid="battle-announce"]');
    await card.waitFor();
    const text = await card.textContent();
    assert.match(text!, /Great knight \(c3\)/);
    assert.match(text!, /Pawn \(d5\)/);
    assert.match(text!, /attacker \+2, defender \+1/);
    assert.match(text!, /defender \(Black\) wins/);
    await p.locator('[data-testid="gambit-played"]').waitFor();
    await p.locator('[data-testid="round-end"]', { hasText: 'the Spy was captured' }).waitFor();
    await p.locator('[data-testid="reveal-verified-1-white"]', { hasText: 'verified' }).waitFor();
    await p.locator('[data-testid="reveal-verified-1-black"]', { hasText: 'verified' }).waitFor();
  }
  await black.locator('[data-testid="cs-score-black"]', { hasText: '1' }).waitFor();
  await H.screenshot(black, 'chiefspy-battle-black');
  await H.screenshot(white, 'chiefspy-round-end-white');
  // Round 2 began: a new secret set-up, colours swapped.
  await white.locator('[data-testid="chiefspy-screen"][data-round="2"] [data-testid="setup"]').waitFor();
  assert.deepEqual(H.errors, []);
});

test('a full match: the Chief captured (2 points) ends it, reveal verified, notebook kept, deduction shown after', async () => {
  const { id, white, black } = await twoPlayers();
  // White's Spy is its queen (d1); Black's Chief is its queen (d8).
  const W: Values = { a: '5', b: '7', c: '3', d: 'S', e: 'C', f: '2', g: '4', h: '6' };
  const B: Values = { a: '5', b: 'S', c: '3', d: 'C', e: '7', f: '2', g: '4', h: '6' };
  await setValuesByTap(white, W);
  await white.click('[data-testid="setup-ready"]');
  await setValuesByKeyboard(black, B);
  await black.click('[data-testid="setup-ready"]');

  // The notebook: White marks Black's king as "not the Chief"; it survives a reload.
  await white.locator('[data-testid="nb-e-C"][aria-pressed="true"]').click();
  await white.locator('[data-testid="nb-e-C"][aria-pressed="false"]').waitFor();
  await white.reload();
  await white.locator('[data-testid="nb-e-C"][aria-pressed="false"]').waitFor();
  await white.locator('[data-testid="nb-d-C"][aria-pressed="true"]').waitFor();

  await boardMove(white, 'e2', 'e4', 'white');
  // Black types its move (keyboard play).
  await black.locator('[data-testid="cs-board"][data-mover="black"]').waitFor();
  await black.fill('[data-testid="cs-move-input"]', 'e7e5');
  await black.press('[data-testid="cs-move-input"]', 'Enter');
  await boardMove(white, 'd1', 'h5', 'white');
  // The queen is White's Spy: h5 could start a gambit; the player stops there instead.
  await white.locator('[data-testid="gambit-bar"]').waitFor();
  await white.click('[data-testid="gambit-stop"]');
  await boardMove(black, 'd8', 'g5', 'black');
  await H.screenshot(white, 'chiefspy-before-capture');
  await boardMove(white, 'h5', 'g5', 'white'); // the Spy attacks the Chief: the Spy wins

  for (const p of [white, black]) {
    const card = p.locator('[data-testid="battle-announce"]');
    await card.waitFor();
    assert.match((await card.textContent())!, /attacker \(White\) wins/);
    await p.locator('[data-testid="round-end"]', { hasText: 'the Chief was captured' }).waitFor();
    await p.locator('[data-testid="cs-over"]').waitFor();
    await p.locator('[data-testid="reveal-verified-1-white"]', { hasText: 'verified' }).waitFor();
    await p.locator('[data-testid="reveal-verified-1-black"]', { hasText: 'verified' }).waitFor();
  }
  assert.equal(await white.locator('[data-testid="cs-score-white"]').textContent(), '2');
  const reveal = await white.locator('[data-testid="reveal-1-black"]').textContent();
  assert.match(reveal!, /QueenC/);
  // After the game the automatic deduction is available to the players.
  await white.locator('[data-testid="assist"], [data-testid="assist-off"]').first().waitFor();
  await H.screenshot(white, 'chiefspy-match-over-white');
  await H.screenshot(black, 'chiefspy-match-over-black');
  const summary = await H.api.view(id);
  assert.equal(summary.status, 'finished');
  assert.equal(summary.result.winner, 'white');
  assert.deepEqual(H.errors, []);
});

test('a local game on one device, in Italian: a hand-over before each secret set-up, then play', async () => {
  const g = await H.api.createGame({ variant: 'chiefspy', opponent: 'local', color: 'white', assist: true });
  const page = await H.newPage({ locale: 'it-IT', viewport: { width: 400, height: 860 } }); // a phone
  await page.goto(H.url('/'));
  await page.evaluate(([id, t]) => localStorage.setItem('arbiter.tokens', JSON.stringify({ [id]: { seat: 'white', token: t.white, tokens: t } })), [g.id, g.tokens!] as const);
  await page.goto(H.url(`/game/${g.id}`));
  await page.locator('[data-testid="setup-handover"]', { hasText: 'Passa il dispositivo a Giocatore 1' }).waitFor();
  await H.screenshot(page, 'chiefspy-local-handover-it');
  await page.click('[data-testid="setup-handover-go"]');
  await page.click('[data-testid="setup-random"]');
  await page.click('[data-testid="setup-ready"]');
  await page.locator('[data-testid="setup-handover"]', { hasText: 'Giocatore 2' }).waitFor();
  await page.click('[data-testid="setup-handover-go"]');
  await setValuesByKeyboard(page, B1);
  await page.click('[data-testid="setup-ready"]');
  // The creator enabled the automatic deduction: nothing is known yet (8! assignments).
  await page.locator('[data-testid="assist-assignments"]', { hasText: '40320' }).waitFor();
  await boardMove(page, 'e2', 'e4', 'white');
  await boardMove(page, 'g8', 'f6', 'black');
  await boardMove(page, 'b1', 'c3', 'white');
  // Black's knight (its Chief) attacks the pawn on e4 (defended by the knight on c3) and wins.
  await boardMove(page, 'f6', 'e4', 'black');
  await page.locator('[data-testid="battle-winner"]', { hasText: 'Vince l’attaccante (Nero)' }).waitFor();
  await page.locator('[data-testid="cs-board"][data-mover="white"]').waitFor();
  await page.locator('[data-testid="cs-turn"]', { hasText: 'Muove il Bianco' }).waitFor();
  // White's deduction: +1 against +2 won without ending the round, so Black's g-knight is neither the Spy nor the 2.
  await page.locator('[data-testid="assist-assignments"]', { hasText: '30240' }).waitFor();
  await H.screenshot(page, 'chiefspy-local-play-it');
  assert.deepEqual(H.errors, []);
});

test('promotion chooses from the reserve (two fallen pieces, the picker offers both), after a server restart', async () => {
  const g = await H.api.createGame({ variant: 'chiefspy', opponent: 'human', color: 'white' });
  const j = await H.api.join(g.id, { invite: g.invite! });
  // White's bishop f and knight g attack Black's Chief (the knight b, on c6) and fall; the
  // g-file clears (g5xh4 ties), and White's g-pawn walks to g7.
  await H.api.act(g.id, g.token, { type: 'set-values', values: W1 });
  await H.api.act(g.id, j.token, { type: 'set-values', values: { a: 'S', b: 'C', c: '3', d: '7', e: '4', f: '5', g: '6', h: '2' } });
  const line = 'e2e4 b8c6 f1b5 g7g5 b5c6 g8f6 g1e2 a7a6 e2d4 a6a5 d4c6 a5a4 h2h4 g5h4 g2g4 b7b6 g4g5 b6b5 g5g6 b5b4 g6g7 b4b3'.split(' ');
  for (let i = 0; i < line.length; i++) await H.api.act(g.id, i % 2 ? j.token : g.token, { type: 'move', move: line[i] });
  const white = await H.newPage();
  const black = await H.newPage();
  await H.openGame(white, g.id, g.token);
  await H.openGame(black, g.id, j.token);
  await white.locator('[data-testid="reserve-white"] .cs-reserve-piece').nth(1).waitFor();
  // The server restarts: the screens reconnect and carry on (the game is replayed from its log).
  await H.restartServer();
  await white.locator('[data-testid="cs-board"][data-mover="white"]').waitFor();
  await boardMove(white, 'g7', 'g8', 'white');
  const picker = white.locator('[data-testid="promotion-picker"]');
  await picker.waitFor();
  await white.locator('[data-testid="promo-b"]').waitFor();
  await white.locator('[data-testid="promo-n"]').waitFor();
  assert.equal(await picker.locator('button[data-testid^="promo-"]').count(), 2);
  await H.screenshot(white, 'chiefspy-promotion-picker');
  await white.click('[data-testid="promo-n"]');
  for (const p of [white, black]) await p.locator('[data-testid="promotion-announce"]', { hasText: 'Knight returns by promotion' }).waitFor();
  // The knight is back on g8 with its initial value (4), the bishop still in the reserve.
  await white.locator('[data-testid="val-g8"]', { hasText: '4' }).waitFor();
  assert.equal(await white.locator('[data-testid="reserve-white"] .cs-reserve-piece').count(), 1);
  // Requests refused while the server was down are expected; nothing else.
  assert.deepEqual(H.errors.filter((e) => !/ERR_CONNECTION_REFUSED/.test(e)), []);
});

// ---- against the computer: every battle announced (issue 13, defect 1) ----------------------

/** The first event of the seat's NDJSON stream from `since` (null once the game is over): waits for the server, not for time. */
async function nextEvent(id: string, token: string, since: number): Promise<any | null> {
  const ac = new AbortController();
  const r = await fetch(H.url(`/api/games/${id}/events?since=${since}`), { headers: { Authorization: `Bearer ${token}` }, signal: ac.signal });
  const reader = r.body!.getReader();
  const dec = new TextDecoder();
  let buf = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return null;
      buf += dec.decode(value, { stream: true });
      for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
        const line = buf.slice(0, i).trim();
        buf = buf.slice(i + 1);
        if (line) return JSON.parse(line);
      }
    }
  } finally {
    ac.abort();
  }
}

/**
 * One step of the human seat, through the API: its set-up, or a move (a capture if it can,
 * not with its own Chief or Spy, so rounds last), or a wait for the computer's next event.
 * Returns 'over' once the match is over, and whether the move was a battle.
 */
async function humanStep(id: string, token: string, pick: () => number): Promise<'over' | 'battle' | 'step'> {
  const v = (await H.api.view(id, token)).view;
  if (v.status !== 'active') return 'over';
  if (v.phase === 'setup' && !v.ready?.[v.seat]) {
    await H.api.act(id, token, { type: 'set-values', random: true });
    return 'step';
  }
  if (v.phase === 'play' && v.legalMoves?.length) {
    const me = v.myColour;
    const at = new Map<string, any>(v.pieces.map((p: any) => [p.square, p]));
    const captures = (v.legalMoves as string[]).filter((m) => {
      const to = m.split('+').at(-1)!.slice(2, 4);
      const from = at.get(m.slice(0, 2));
      return at.get(to) && at.get(to).colour !== me && from?.initial !== 'C' && from?.initial !== 'S';
    });
    const pool = captures.length ? captures : (v.legalMoves as string[]);
    const r = await H.api.act(id, token, { type: 'move', move: pool[Math.floor(pick() * pool.length)] });
    return (r.events ?? []).some((e: any) => e.type === 'move' && e.battle) ? 'battle' : 'step';
  }
  if ((await nextEvent(id, token, v.events)) === null) return 'over';
  return 'step';
}

/** Waits (on the server's event stream) until nothing more happens before the human acts; returns that view. */
async function settled(id: string, token: string): Promise<any> {
  for (;;) {
    const v = (await H.api.view(id, token)).view;
    if (v.status !== 'active') return v;
    if (v.phase === 'play' && v.legalMoves?.length) return v;
    const other = v.seat === 'white' ? 'black' : 'white';
    if (v.phase === 'setup' && !v.ready?.[v.seat] && v.ready?.[other]) return v;
    if ((await nextEvent(id, token, v.events)) === null) return (await H.api.view(id, token)).view;
  }
}

/** The battle events among the seat's first `n` events (the NDJSON stream: what the seat may see). */
async function battleEvents(id: string, token: string, n: number): Promise<any[]> {
  const out: any[] = [];
  for (let since = 0; since < n; ) {
    const e = await nextEvent(id, token, since);
    if (!e || e.seq >= n) break;
    if (e.type === 'move' && e.battle) out.push(e);
    since = e.seq + 1;
  }
  return out;
}

/** Battle events seen on a page's sockets, and a way to wait until given ones have been. */
function watchBattleFrames(page: Page): { seqs: Set<number>; all(seqs: number[]): Promise<void> } {
  const seqs = new Set<number>();
  let wake = () => {};
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => {
      try {
        const m = JSON.parse(String(f.payload));
        if (m.type === 'event' && m.event?.type === 'move' && m.event.battle) seqs.add(m.event.seq);
      } catch {
        /* not JSON */
      }
      wake();
    }),
  );
  return {
    seqs,
    async all(want) {
      while (!want.every((s) => seqs.has(s))) await new Promise<void>((res) => (wake = res));
    },
  };
}

/**
 * Once the game is settled and the page has caught up with it: the battles the seat may see
 * (server), those its sockets received, and those the screen gave a card (announced).
 */
async function battlesShown(page: Page, id: string, token: string, frames: { seqs: Set<number>; all(seqs: number[]): Promise<void> }) {
  const v = await settled(id, token);
  await page.locator(`[data-testid="game-page"][data-events="${v.events}"]`).waitFor();
  const battles = await battleEvents(id, token, v.events);
  const server = battles.map((e) => e.seq as number);
  await frames.all(server);
  const attr = await page.locator('[data-testid="announce"]').getAttribute('data-battle-seqs');
  // the card on screen: the last battle, unless a new round has started since (it clears the card)
  const last = battles.at(-1);
  const onScreen = last && last.round === v.round ? (last.seq as number) : null;
  return { server, received: [...frames.seqs].sort((a, b) => a - b), announced: attr ? attr.split(',').map(Number) : [], onScreen };
}

test('against the computer: every battle the seat is sent gets its card, also those played while the page was offline', { timeout: 240_000 }, async () => {
  let seed = 12345;
  const pick = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  let battles = 0;
  for (let game = 0; game < 4 && battles < 6; game++) {
    const g = await H.api.createGame({ variant: 'chiefspy', opponent: 'computer', level: 0, color: 'white' });
    const page = await H.newPage();
    const frames = watchBattleFrames(page);
    await H.openGame(page, g.id, g.token);
    await page.locator('[data-testid="conn-state"][data-state="online"]').waitFor();
    const check = async (what: string) => {
      const b = await battlesShown(page, g.id, g.token, frames);
      assert.deepEqual(b.received, b.server, `${what}: the seat was sent every battle`);
      assert.deepEqual(b.announced, b.received, `${what}: every battle event got its card, once, in order`);
      if (b.onScreen !== null) await page.locator(`[data-testid="battle-announce"][data-seq="${b.onScreen}"]`).waitFor();
      return b.server.length;
    };
    let state: 'over' | 'battle' | 'step' = 'step';
    // Online until the first battle.
    while (state !== 'battle' && state !== 'over') state = await humanStep(g.id, g.token, pick);
    await check('online');
    if (game === 0 && state !== 'over') {
      // Offline: the socket is cut while the human and the computer play on (two battles of the human's at least).
      await page.context().setOffline(true);
      await page.evaluate(() => (window as any).__arbiterConnection.drop());
      await page.locator('[data-testid="conn-state"][data-state="reconnecting"]').waitFor();
      let offline = 0;
      do state = await humanStep(g.id, g.token, pick);
      while (state !== 'over' && (state !== 'battle' || ++offline < 2));
      await page.context().setOffline(false);
      await page.waitForFunction(() => (window as any).__arbiterConnection.reconnects >= 1);
      await check('after the reconnect');
      await H.screenshot(page, 'chiefspy-computer-after-reconnect');
    }
    // Online to the end of the match.
    while (state !== 'over') state = await humanStep(g.id, g.token, pick);
    await page.locator('[data-testid="result"]').waitFor();
    battles += await check(`game ${g.id} over`);
    await page.context().close();
  }
  assert.ok(battles >= 6, `several battles were played (${battles})`);
  assert.deepEqual(H.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED/.test(e)), []);
});

test('after the colour swap the result and the Rounds panel name the person: "You win the match", "Opponent", "Player 1" for a spectator', async () => {
  const g = await H.api.createGame({ variant: 'chiefspy', opponent: 'human', color: 'white' });
  const j = await H.api.join(g.id, { invite: g.invite! });
  // Each side's Spy is its g-knight.
  const W: Values = { a: '5', b: '7', c: '3', d: '6', e: 'C', f: '2', g: 'S', h: '4' };
  const act = (token: string, a: Record<string, unknown>) => H.api.act(g.id, token, a);
  await act(g.token, { type: 'set-values', values: W });
  await act(j.token, { type: 'set-values', values: W });
  // Round 1 (the creator has White): Black's Spy attacks the pawn on e4 and falls: the creator +1.
  for (const [tok, m] of [[g.token, 'e2e4'], [j.token, 'g8f6'], [g.token, 'd2d3'], [j.token, 'f6e4']]) await act(tok, { type: 'move', move: m });
  // Round 2 (colours swapped: the creator has Black): White's Spy attacks the pawn on e5 and falls: the creator wins the match as Black.
  await act(g.token, { type: 'set-values', values: W });
  await act(j.token, { type: 'set-values', values: W });
  for (const [tok, m] of [[j.token, 'g1f3'], [g.token, 'e7e5'], [j.token, 'f3e5']]) await act(tok, { type: 'move', move: m });
  const end = await H.api.view(g.id);
  assert.equal(end.result.winner, 'white'); // the creator's seat, Black in the last round

  const winner = await H.newPage();
  await H.openGame(winner, g.id, g.token);
  const banner = winner.locator('[data-testid="result"]');
  await banner.waitFor();
  assert.equal((await banner.textContent())!.trim(), 'You win the match (the Spy was captured)');
  await winner.locator('[data-testid="round-1"]', { hasText: 'points You 1 – 0 Opponent' }).waitFor();
  await winner.locator('[data-testid="round-2"]', { hasText: 'points You 1 – 0 Opponent' }).waitFor();
  assert.match((await winner.locator('[data-testid="reveal-2-black"] .cs-reveal-head b').textContent())!, /^Black \(You\)$/);
  assert.match((await winner.locator('[data-testid="reveal-2-white"] .cs-reveal-head b').textContent())!, /^White \(Opponent\)$/);
  await H.screenshot(winner, 'chiefspy-result-you-win');

  const loser = await H.newPage({ locale: 'it-IT' });
  await H.openGame(loser, g.id, j.token);
  await loser.locator('[data-testid="result"]').waitFor();
  assert.equal((await loser.locator('[data-testid="result"]').textContent())!.trim(), 'L’avversario vince la partita (la Spia è stata catturata)');
  await loser.locator('[data-testid="round-2"]', { hasText: 'Tu 0 – 1 Avversario' }).waitFor();

  const watcher = await H.newPage();
  await H.openGame(watcher, g.id);
  await watcher.locator('[data-testid="result"]').waitFor();
  assert.equal((await watcher.locator('[data-testid="result"]').textContent())!.trim(), 'Player 1 wins the match (the Spy was captured)');
  await watcher.locator('[data-testid="round-1"]', { hasText: 'Player 1 1 – 0 Player 2' }).waitFor();
  assert.deepEqual(H.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED/.test(e)), []);
  for (const p of [winner, loser, watcher]) await p.context().close();
});
