// The web client through a cluster: deploy/cluster starts a throwaway PostgreSQL, three nodes
// and HAProxy; two browsers play a chess game through HAProxy while a third watches, then the
// node that owns the game is killed and started again, and the game goes on in the same pages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ARTIFACTS_DIR, CHROMIUM_ARGS, REPO_DIR, WEB_DIR } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'arbiter-e2e-cluster-'));
const port = 21000 + (process.pid % 500) * 8;
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  CLUSTER_DIR: dir,
  CLUSTER_PORT: String(port),
  CLUSTER_WEB: join(WEB_DIR, 'dist'),
  ARBITER: process.env.ARBITER_BIN ?? join(REPO_DIR, 'build', 'arbiter'),
  CLUSTER_FLAGS: '--log-level warn',
};
const cluster = (...args: string[]) =>
  execFileSync(join(REPO_DIR, 'deploy', 'cluster'), args, { env, stdio: 'pipe' }).toString();
let browser: Browser;

before(async () => {
  cluster('start');
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_BIN ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close().catch(() => {});
  try {
    cluster('stop');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

async function post(path: string, body: unknown, token?: string): Promise<any> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  assert.ok(res.ok, `${path}: ${res.status} ${text}`);
  return JSON.parse(text);
}

async function open(path: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  ctx.setDefaultTimeout(20000);
  const page = await ctx.newPage();
  await page.goto(base + path);
  await page.waitForSelector('[data-testid="game-page"]');
  return page;
}

async function play(page: Page, san: string, plies: number) {
  await page.fill('[data-testid=type-move]', san);
  await page.press('[data-testid=type-move]', 'Enter');
  await page.waitForSelector(`[data-testid=chess-screen][data-moves="${plies}"]`);
}

test('a game through HAProxy goes on in the same pages after its node is killed', async () => {
  const created = await post('/api/games', { variant: 'chess', opponent: 'human', color: 'white' });
  const joined = await post(`/api/games/${created.id}/join`, { invite: created.invite });
  const white = await open(`/game/${created.id}#token=${created.token}`);
  const black = await open(`/game/${created.id}#token=${joined.token}`);
  const watcher = await open(`/game/${created.id}`);

  await play(white, 'e4', 1);
  await play(black, 'e5', 2);
  await watcher.waitForSelector('[data-testid=chess-screen][data-moves="2"]');

  // kill -9 the node that owns the game, and start it again with its command line.
  const url = readFileSync(join(dir, 'db.url'), 'utf8').trim();
  const owner = execFileSync('psql', [url, '-Atc', `SELECT owner FROM games WHERE id='${created.id}'`]).toString();
  const node = owner.match(/^node-(\d)/)?.[1];
  assert.ok(node, `owner ${owner}`);
  cluster('signal-node', node, 'KILL');
  cluster('start-node', node);

  await play(white, 'Nf3', 3);
  await play(black, 'Nc6', 4);
  await watcher.waitForSelector('[data-testid=chess-screen][data-moves="4"]');
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await watcher.screenshot({ path: join(ARTIFACTS_DIR, 'cluster-spectator-after-failover.png') });
});
