// Languages: the default comes from the browser, the header switch changes every text at
// once, and the choice is remembered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useHarness, clickMove } from './harness.ts';

const H = useHarness();

test('an Italian browser gets Italian; the switch changes it and is remembered', async () => {
  const p = await H.newPage({ locale: 'it-IT' });
  await p.goto(H.url('/'));
  await p.waitForSelector('text=Nuova partita');
  assert.equal(await p.getAttribute('html', 'lang'), 'it');
  assert.match(await p.locator('[data-testid=create-game]').innerText(), /Crea la partita/);
  await H.screenshot(p, 'i18n-lobby-it');

  await p.selectOption('[data-testid=lang-select]', 'en');
  await p.waitForSelector('text=New game');
  assert.equal(await p.getAttribute('html', 'lang'), 'en');
  await p.reload();
  await p.waitForSelector('text=New game');
  await H.screenshot(p, 'i18n-lobby-en');
});

test('an English browser gets English; the game page in Italian', async () => {
  const p = await H.newPage({ locale: 'en-GB' });
  await p.goto(H.url('/'));
  await p.waitForSelector('text=New game');
  await p.click('[data-testid=opponent-local]');
  await p.click('[data-testid=create-game]');
  await p.waitForSelector('[data-testid=chess-screen][data-can-move=white]');
  await p.waitForSelector('[data-testid=resign] >> text=Resign');
  await p.selectOption('[data-testid=lang-select]', 'it');
  await p.waitForSelector('[data-testid=resign] >> text=Abbandona');
  await p.waitForSelector('[data-testid=conn-state] >> text=In linea');
  // fool's mate on one device, then the banner in Italian
  await clickMove(p, 'f2', 'f3');
  await p.waitForSelector('[data-testid=chess-screen][data-can-move=black]');
  await clickMove(p, 'e7', 'e5');
  await p.waitForSelector('[data-testid=chess-screen][data-can-move=white]');
  await clickMove(p, 'g2', 'g4');
  await p.waitForSelector('[data-testid=chess-screen][data-can-move=black]');
  await clickMove(p, 'd8', 'h4');
  await p.waitForSelector('[data-testid=result]');
  assert.match(await p.locator('[data-testid=result]').innerText(), /Vince il Nero per scacco matto/);
  await H.screenshot(p, 'i18n-game-it');
});

test('an invite that can no longer be used says why in words, never the server status (issue 13, defect 7)', async () => {
  const g = await H.api.createGame({ variant: 'chess', opponent: 'human', color: 'white' });
  await H.api.join(g.id, { invite: g.invite! }); // somebody took the seat: the game is active
  const it = await H.newPage({ locale: 'it-IT' });
  await it.goto(H.url(g.invitePath!));
  const alertIt = it.locator('[data-testid="join-page"] [role="alert"]');
  await alertIt.waitFor();
  assert.equal(await alertIt.innerText(), 'Questo invito non si può usare: la partita è già iniziata');
  await H.screenshot(it, 'i18n-join-used-it');
  await H.api.act(g.id, g.token, { type: 'resign' });
  const en = await H.newPage({ locale: 'en-GB' });
  await en.goto(H.url(g.invitePath!));
  const alertEn = en.locator('[data-testid="join-page"] [role="alert"]');
  await alertEn.waitFor();
  assert.equal(await alertEn.innerText(), 'This invite cannot be used: the game is over');
});
