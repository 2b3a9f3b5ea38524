// The rules in the browser: the lobby's link to the full rules (docs/rules.md at /rules, a chunk
// loaded only then), the page in both languages with its language link and game sections, and
// the "Rules in brief" panels of Chief & Spy and Minesweeper Chess with their links to it.
// No sleeps: every step waits for a selector, a text or a state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useHarness } from './harness.ts';

const H = useHarness();

/** Whether a script whose name starts with `name` has been fetched by the page. */
const loaded = (page: Page, name: string) =>
  page.evaluate((n) => performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname.startsWith(`/assets/${n}`)), name);

/** Whether the element's top is inside the viewport. */
const onScreen = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.top < window.innerHeight;
  });

test('the lobby links to the full rules, loaded on demand, opening at the chosen game', async () => {
  const page = await H.newPage({ locale: 'en-US' });
  await page.goto(H.url('/'));
  await page.click('[data-testid=variant-chiefspy]');
  const link = page.locator('[data-testid=rules-link]');
  assert.equal(await link.getAttribute('href'), '/rules#chiefspy');
  assert.equal(await loaded(page, 'rules-page'), false, 'the lobby does not load the rules');
  await link.click();
  await page.waitForSelector('[data-testid=rules-page][lang=en]');
  assert.equal(await loaded(page, 'rules-page'), true);
  assert.equal(new URL(page.url()).pathname, '/rules');
  await page.locator('#chief--spy', { hasText: 'Chief & Spy' }).waitFor();
  await page.waitForFunction(() => {
    const r = document.getElementById('chief--spy')!.getBoundingClientRect();
    return r.top >= 0 && r.top < window.innerHeight;
  });
  await page.locator('[data-testid=rules-page] table').first().waitFor();
  await page.locator('[data-testid=rules-page] h3', { hasText: 'A worked example' }).waitFor();
  await H.screenshot(page, 'rules-chiefspy-en');
  // a link inside the page moves to its section
  await page.locator('[data-testid=rules-page] a[href="#minesweeper-chess"]').click();
  await page.waitForFunction(() => {
    const r = document.getElementById('minesweeper-chess')!.getBoundingClientRect();
    return r.top >= 0 && r.top < window.innerHeight;
  });
  assert.equal(await onScreen(page, '#minesweeper-chess'), true);
  await page.click('[data-testid=rules-back]');
  await page.waitForSelector('[data-testid=variant-chiefspy]');
  assert.deepEqual(H.errors, []);
});

test('the rules page in Italian, and its link to the English half', async () => {
  const page = await H.newPage({ locale: 'it-IT', viewport: { width: 390, height: 844 } });
  await page.goto(H.url('/rules#minesweeper'));
  await page.waitForSelector('[data-testid=rules-page][lang=it]');
  await page.locator('h1#le-regole-dei-giochi', { hasText: 'Le regole dei giochi' }).waitFor();
  await page.waitForFunction(() => {
    const r = document.getElementById('scacchi-campo-minato')!.getBoundingClientRect();
    return r.top >= 0 && r.top < window.innerHeight;
  });
  await H.screenshot(page, 'rules-minesweeper-it-phone');
  // no horizontal scrolling on a phone: wide tables scroll inside their own box
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
  await page.locator('[data-testid=rules-page] a[href="#the-rules-of-the-games"]').click();
  await page.waitForSelector('[data-testid=rules-page][lang=en]');
  await page.locator('h1#the-rules-of-the-games').waitFor();
  assert.equal(await page.locator('[data-testid=lang-select]').inputValue(), 'en');
  assert.deepEqual(H.errors, []);
});

test('Chief & Spy and Minesweeper Chess: "Rules in brief" with a link to the full rules', async () => {
  const cs = await H.api.createGame({ variant: 'chiefspy', opponent: 'computer', level: 0, color: 'white' });
  const page = await H.newPage({ locale: 'en-US' });
  await H.openGame(page, cs.id, cs.token);
  const panel = page.locator('[data-testid=cs-rules]');
  await panel.locator('summary', { hasText: 'Rules in brief' }).click();
  await panel.locator('li', { hasText: 'the attacker gets +1, the defender +0' }).waitFor();
  await panel.locator('[data-testid=cs-rules-example]', { hasText: 'min(5, 7 − 4) = 3' }).waitFor();
  assert.equal(await panel.locator('li').count(), 10);
  const full = panel.locator('[data-testid=cs-rules-full]');
  assert.equal(await full.getAttribute('href'), '/rules#chiefspy');
  assert.equal(await full.getAttribute('target'), '_blank');
  await panel.scrollIntoViewIfNeeded();
  await H.screenshot(page, 'chiefspy-rules-in-brief');
  // the link opens the rules in a new tab and leaves the game where it was
  const [tab] = await Promise.all([page.context().waitForEvent('page'), full.click()]);
  await tab.waitForSelector('[data-testid=rules-page]');
  await tab.waitForFunction(() => {
    const r = document.getElementById('chief--spy')!.getBoundingClientRect();
    return r.top >= 0 && r.top < window.innerHeight;
  });
  assert.equal(new URL(page.url()).pathname, `/game/${cs.id}`);
  // the same panel in Italian
  await page.selectOption('[data-testid=lang-select]', 'it');
  await panel.locator('summary', { hasText: 'Regole in breve' }).waitFor();
  await panel.locator('li', { hasText: 'l’attaccante riceve +1, il difensore +0' }).waitFor();

  const ms = await H.api.createGame({ variant: 'minesweeper', opponent: 'computer', level: 0, color: 'white' });
  const page2 = await H.newPage({ locale: 'en-US' });
  await H.openGame(page2, ms.id, ms.token);
  const msPanel = page2.locator('[data-testid=ms-rules]');
  await msPanel.locator('summary').click();
  assert.equal(await msPanel.locator('[data-testid=ms-rules-full]').getAttribute('href'), '/rules#minesweeper');
  assert.deepEqual(H.errors, []);
});
