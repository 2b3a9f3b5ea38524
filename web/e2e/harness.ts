// End-to-end harness: a real `arbiter serve` on a free port with a temporary database,
// serving web/dist, and Debian's chromium driven by playwright-core.
//
//   import { test } from 'node:test';
//   import { useHarness } from './harness.ts';
//   const H = useHarness();  // one server and browser for the file, stopped at the end
//   test('…', async () => { const page = await H.newPage(); await page.goto(H.url('/')); … });
//
// Tests wait for selectors and texts (never sleeps). Screenshots go to web/e2e-artifacts/.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { before, after, afterEach } from 'node:test';
import type { CreateGameRequest, CreateGameResponse } from '../src/api.ts';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const WEB_DIR = resolve(here, '..');
export const REPO_DIR = resolve(WEB_DIR, '..');
export const ARTIFACTS_DIR = join(WEB_DIR, 'e2e-artifacts');
const ARBITER = process.env.ARBITER_BIN ?? join(REPO_DIR, 'build', 'arbiter');
const CHROMIUM = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';
const DIST = join(WEB_DIR, 'dist');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// The client's own request and answer types: the tests speak the API exactly as the client does.
export type Seat = 'white' | 'black';
export type CreateGameBody = CreateGameRequest;
export type CreatedGame = CreateGameResponse & Record<string, unknown>;

export class ApiError extends Error {
  constructor(
    public status: number,
    public body: any,
  ) {
    super(`HTTP ${status}: ${JSON.stringify(body)}`);
  }
}

export interface Api {
  /** Any JSON request; throws ApiError on a non-2xx answer. */
  request(method: string, path: string, body?: unknown, token?: string): Promise<any>;
  createGame(body: CreateGameBody): Promise<CreatedGame>;
  /** Join with an invite (or `{}` for a public game). */
  join(id: string, body?: { invite?: string; assist?: boolean }): Promise<{ id: string; seat: Seat; token: string; status: string }>;
  /** GET /api/games/{id} as the token's seat (no token: spectator). */
  view(id: string, token?: string): Promise<any>;
  act(id: string, token: string, action: Record<string, unknown>): Promise<any>;
  list(status?: string): Promise<any[]>;
  exportRecord(id: string, token?: string): Promise<string>;
}

export interface Harness {
  port: number;
  baseURL: string;
  browser: Browser;
  api: Api;
  /** Page errors and console errors seen in any page (tests may assert it stays empty).
   * Chromium's "WebSocket connection to … failed" lines are left out: a page whose server is
   * restarting or offline logs them while it reconnects, which is expected behaviour; so is the
   * 401 of GET /api/account, the start-up check's answer for a visitor without an account. */
  errors: string[];
  url(path: string): string;
  /** A fresh browser context (own localStorage: one "device"). */
  newContext(opts?: { locale?: string; viewport?: { width: number; height: number } }): Promise<BrowserContext>;
  /** A page in a fresh context. */
  newPage(opts?: { locale?: string; viewport?: { width: number; height: number } }): Promise<Page>;
  /** Open /game/{id} in `page`, handing it the seat token through the #token= fragment. */
  openGame(page: Page, id: string, token?: string): Promise<void>;
  /** Create a game through the API (e.g. with options.fen) and open it in `page` for the creator. */
  createAndOpen(page: Page, body: CreateGameBody): Promise<CreatedGame>;
  /** Save a full-page screenshot to web/e2e-artifacts/<name>.png; returns the path. */
  screenshot(page: Page, name: string): Promise<string>;
  /** Close every browser context opened so far (e.g. in afterEach: idle pages keep polling). */
  closeContexts(): Promise<void>;
  /** Restart the server on the same port and database (pages see a dropped socket). */
  restartServer(): Promise<void>;
  stop(): Promise<void>;
}

interface Server {
  child: ChildProcess;
  port: number;
  exited: Promise<void>;
}

function startServer(db: string, port: number, log: string[], extraArgs: string[] = []): Promise<Server> {
  if (!existsSync(ARBITER)) throw new Error(`${ARBITER} not found: build the server first (make build)`);
  if (!existsSync(join(DIST, 'index.html'))) throw new Error(`${DIST}/index.html not found: run npm run build first`);
  const child = spawn(ARBITER, ['serve', '--host', '127.0.0.1', '--port', String(port), '--db', db, '--web', DIST, '--no-fsync-on-power-loss', '--rate', '10000', '--burst', '20000', '--allow-chosen-secrets', ...extraArgs], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((res) => child.once('exit', () => res()));
  return new Promise((res, rej) => {
    const timer = setTimeout(() => rej(new Error('arbiter serve did not say "listening" within 15 s:\n' + log.join('\n'))), 15000);
    const rl = createInterface({ input: child.stderr! });
    rl.on('line', (line) => {
      log.push(line);
      if (log.length > 500) log.shift();
      try {
        const o = JSON.parse(line);
        if (o.msg === 'listening') {
          clearTimeout(timer);
          res({ child, port: Number(o.port), exited });
        }
      } catch {
        /* not JSON */
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      rej(new Error(`arbiter serve exited (${code}):\n` + log.join('\n')));
    });
  });
}

async function stopServer(s: Server): Promise<void> {
  if (s.child.exitCode !== null) return;
  s.child.kill('SIGTERM');
  const killer = setTimeout(() => s.child.kill('SIGKILL'), 5000);
  await s.exited;
  clearTimeout(killer);
}

function makeApi(base: () => string): Api {
  async function request(method: string, path: string, body?: unknown, token?: string): Promise<any> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers['Authorization'] = `Bearer ${token}`;
    const r = await fetch(base() + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await r.text();
    let parsed: any = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* text */
    }
    if (!r.ok) throw new ApiError(r.status, parsed);
    return parsed;
  }
  return {
    request,
    createGame: (body) => request('POST', '/api/games', body),
    join: (id, body = {}) => request('POST', `/api/games/${id}/join`, body),
    view: (id, token) => request('GET', `/api/games/${id}`, undefined, token),
    act: (id, token, action) => request('POST', `/api/games/${id}/actions`, action, token),
    list: async (status) => (await request('GET', '/api/games' + (status ? `?status=${status}` : ''))).games,
    exportRecord: async (id, token) => {
      const r = await fetch(base() + `/api/games/${id}/export`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      if (!r.ok) throw new ApiError(r.status, await r.text());
      return r.text();
    },
  };
}

/**
 * Registers the file's hooks: one harness started before its tests and stopped after them;
 * with closeContextsAfterEach (the default) every test starts without open browser contexts.
 * The returned object stands for the harness once it has started.
 */
export function useHarness(opts: { closeContextsAfterEach?: boolean; serveArgs?: string[] } = {}): Harness {
  let h: Harness | undefined;
  before(async () => {
    h = await startHarness({ serveArgs: opts.serveArgs });
  });
  if (opts.closeContextsAfterEach ?? true)
    afterEach(async () => {
      await h?.closeContexts();
    });
  after(async () => {
    await h?.stop();
  });
  return new Proxy({} as Harness, {
    get(_target, key) {
      if (!h) throw new Error('the harness has not started yet');
      const v = (h as any)[key];
      return typeof v === 'function' ? v.bind(h) : v;
    },
  });
}

/** serveArgs: more `arbiter serve` flags (e.g. `--left-claim-seconds 2`), kept across restarts. */
export async function startHarness(opts: { headless?: boolean; serveArgs?: string[] } = {}): Promise<Harness> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const tmp = mkdtempSync(join(tmpdir(), 'arbiter-e2e-'));
  const db = join(tmp, 'e2e.db');
  const log: string[] = [];
  const serveArgs = opts.serveArgs ?? [];
  let server = await startServer(db, 0, log, serveArgs);
  const port = server.port;
  const baseURL = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: opts.headless ?? process.env.HEADFUL !== '1',
    args: CHROMIUM_ARGS,
  });
  const errors: string[] = [];
  const contexts: BrowserContext[] = [];

  const H: Harness = {
    port,
    baseURL,
    browser,
    errors,
    api: makeApi(() => baseURL),
    url: (path) => baseURL + path,
    async newContext(o = {}) {
      const ctx = await browser.newContext({
        baseURL,
        locale: o.locale ?? 'en-US',
        viewport: o.viewport ?? { width: 1100, height: 800 },
      });
      ctx.setDefaultTimeout(15000);
      ctx.on('page', (p) => watch(p));
      contexts.push(ctx);
      return ctx;
    },
    async newPage(o = {}) {
      const ctx = await H.newContext(o);
      const p = await ctx.newPage();
      return p;
    },
    async openGame(page, id, token) {
      await page.goto(baseURL + `/game/${id}` + (token ? `#token=${token}` : ''));
      await page.waitForSelector('[data-testid="game-page"]');
    },
    async createAndOpen(page, body) {
      const g = await H.api.createGame(body);
      await H.openGame(page, g.id, g.token);
      return g;
    },
    async screenshot(page, name) {
      const file = join(ARTIFACTS_DIR, name.replace(/[^a-zA-Z0-9_.-]/g, '_') + '.png');
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    async closeContexts() {
      const all = contexts.splice(0);
      for (const c of all) await c.close().catch(() => {});
    },
    async restartServer() {
      await stopServer(server);
      server = await startServer(db, port, log, serveArgs);
    },
    async stop() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close().catch(() => {});
      await stopServer(server);
      rmSync(tmp, { recursive: true, force: true });
    },
  };

  function watch(p: Page) {
    p.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    p.on('console', (m) => {
      if (m.type() !== 'error' || /^WebSocket connection to .* failed/.test(m.text())) return;
      // every page asks GET /api/account who it is: a visitor without an account is told so
      // with a 401, which Chromium logs as a failed load (docs/players.md)
      if (/status of 401/.test(m.text()) && /\/api\/account$/.test(m.location().url)) return;
      errors.push(`console: ${m.text()}`);
    });
  }
  return H;
}

// ---- board helpers (chessgroundx boards of any size) -----------------------------------

export interface BoardOpts {
  /** CSS selector of the board's .cg-wrap (default: the first .cg-wrap with a cg-board). */
  board?: string;
}

/** Page coordinates of the centre of a server square ("e4", "e10") on a chessgroundx board. */
export async function squareCenter(page: Page, square: string, opts: BoardOpts = {}): Promise<{ x: number; y: number }> {
  const sel = opts.board ?? '.cg-wrap:has(cg-board)';
  const wrap = page.locator(sel).first();
  await wrap.locator('cg-board').waitFor();
  const info = await wrap.evaluate((el) => {
    const b = el.querySelector('cg-board')!.getBoundingClientRect();
    const dims = /board-(\d+)x(\d+)/.exec(el.className);
    return {
      x: b.left,
      y: b.top,
      w: b.width,
      h: b.height,
      black: el.classList.contains('orientation-black'),
      files: dims ? Number(dims[1]) : 8,
      ranks: dims ? Number(dims[2]) : 8,
    };
  });
  const m = /^([a-p])(\d{1,2})$/.exec(square);
  if (!m) throw new Error(`bad square ${square}`);
  const f = m[1].charCodeAt(0) - 97;
  const r = Number(m[2]) - 1;
  const sw = info.w / info.files;
  const sh = info.h / info.ranks;
  const col = info.black ? info.files - 1 - f : f;
  const row = info.black ? r : info.ranks - 1 - r;
  return { x: info.x + (col + 0.5) * sw, y: info.y + (row + 0.5) * sh };
}

export async function clickSquare(page: Page, square: string, opts: BoardOpts = {}): Promise<void> {
  const p = await squareCenter(page, square, opts);
  await page.mouse.click(p.x, p.y);
}

/** Click `from` then `to`. */
export async function clickMove(page: Page, from: string, to: string, opts: BoardOpts = {}): Promise<void> {
  await clickSquare(page, from, opts);
  await clickSquare(page, to, opts);
}

/** Drag a piece from `from` to `to` with the mouse. */
export async function dragMove(page: Page, from: string, to: string, opts: BoardOpts = {}): Promise<void> {
  const a = await squareCenter(page, from, opts);
  const b = await squareCenter(page, to, opts);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}
