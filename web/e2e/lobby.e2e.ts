import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, type Harness } from './harness.ts';

let H: Harness;
before(async () => {
  H = await startHarness();
});
after(async () => {
  await H?.stop();
});

test('the lobby loads', async () => {
  const page = await H.newPage();
  await page.goto(H.url('/'));
  await page.waitForSelector('.lobby');
  await H.screenshot(page, 'lobby');
  assert.deepEqual(H.errors, []);
});
