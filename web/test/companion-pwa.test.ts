// The companion as an offline app: the service worker (src/companion/pwa/sw.js, run here in a
// fake worker scope), the build step that fills in its precache list and version, the web
// manifest, and the icon drawn as SVG and PNG.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { runInNewContext } from 'node:vm';
import { buildVersion, manifest, precacheList, workerSource, appFiles, WORKER_FILE } from '../src/companion/pwa/build';
import { ICON_GRID, crc32, iconPng, iconShapes, iconSvg, outline } from '../src/companion/pwa/icon';

const TEMPLATE = readFileSync(new URL('../src/companion/pwa/sw.js', import.meta.url), 'utf8');
const ORIGIN = 'http://127.0.0.1:8080';
const LIST = ['/companion', '/assets/index-A1.js', '/assets/index-B2.css', '/assets/registry-C3.js', '/companion.webmanifest'];

interface FakeRequest {
  method: string;
  url: string;
  mode: string;
}

/** sw.js in a fake ServiceWorkerGlobalScope with an in-memory CacheStorage and a fake network. */
function worker(src: string, opts: { caches?: Map<string, Map<string, string>> } = {}) {
  const listeners: Record<string, (e: any) => void> = {};
  const store = opts.caches ?? new Map<string, Map<string, string>>();
  const network = { online: true, requests: [] as { url: string; cache?: string }[] };
  const state = { skipped: false, claimed: false };
  const path = (r: string | { url: string }) => new URL(typeof r === 'string' ? r : r.url, ORIGIN).pathname;
  const fetch = async (r: { url: string; cache?: string }) => {
    network.requests.push({ url: path(r), cache: r.cache });
    if (!network.online) throw new TypeError('Failed to fetch');
    return new Response(`network:${path(r)}`);
  };
  const caches = {
    async open(name: string) {
      if (!store.has(name)) store.set(name, new Map());
      const m = store.get(name)!;
      return {
        async addAll(reqs: { url: string; cache?: string }[]) {
          for (const r of reqs) m.set(path(r), await (await fetch(r)).text());
        },
        async match(key: string) {
          const body = m.get(path(key));
          return body === undefined ? undefined : new Response(`cache:${body}`);
        },
      };
    },
    keys: async () => [...store.keys()],
    delete: async (name: string) => store.delete(name),
  };
  class WorkerRequest {
    url: string;
    cache?: string;
    constructor(url: string, init: { cache?: string } = {}) {
      this.url = new URL(url, ORIGIN).href;
      this.cache = init.cache;
    }
  }
  const self = {
    location: new URL(`${ORIGIN}/companion-sw.js`),
    addEventListener: (type: string, f: (e: any) => void) => (listeners[type] = f),
    skipWaiting: async () => void (state.skipped = true),
    clients: { claim: async () => void (state.claimed = true) },
  };
  runInNewContext(src, { self, caches, fetch, Request: WorkerRequest, URL, Set });
  const lifecycle = async (type: 'install' | 'activate') => {
    let p: Promise<unknown> = Promise.resolve();
    listeners[type]({ waitUntil: (x: Promise<unknown>) => (p = x) });
    await p;
  };
  /** The worker's answer, or null when it leaves the request to the network. */
  const request = async (r: Partial<FakeRequest> & { url: string }): Promise<string | null> => {
    let answer: Promise<Response> | null = null;
    listeners.fetch({ request: { method: 'GET', mode: 'cors', ...r, url: new URL(r.url, ORIGIN).href }, respondWith: (x: Promise<Response>) => (answer = x) });
    return answer ? (await answer as Response).text() : null;
  };
  return { store, network, state, lifecycle, request };
}

const built = (version: string, list = LIST) => workerSource(TEMPLATE, version, list);

describe('companion service worker', () => {
  it('precaches the page and every file of the build in a cache named after the build, then takes over', async () => {
    const w = worker(built('v1'));
    await w.lifecycle('install');
    expect([...w.store.keys()]).toEqual(['arbiter-companion-v1']);
    expect([...w.store.get('arbiter-companion-v1')!.keys()].sort()).toEqual([...LIST].sort());
    expect(w.network.requests.every((r) => r.cache === 'no-cache')).toBe(true); // revalidated, not from the HTTP cache
    expect(w.state.skipped).toBe(true);
    await w.lifecycle('activate');
    expect(w.state.claimed).toBe(true);
  });

  it('a new build replaces the old cache and leaves other caches alone', async () => {
    const caches = new Map([
      ['arbiter-companion-v1', new Map([['/assets/index-OLD.js', 'old']])],
      ['someone-else', new Map([['/x', 'x']])],
    ]);
    const w = worker(built('v2'), { caches });
    await w.lifecycle('install');
    await w.lifecycle('activate');
    expect([...w.store.keys()].sort()).toEqual(['arbiter-companion-v2', 'someone-else']);
  });

  it('offline: answers /companion and its files from the cache, without the network', async () => {
    const w = worker(built('v1'));
    await w.lifecycle('install');
    await w.lifecycle('activate');
    w.network.online = false;
    w.network.requests.length = 0;
    expect(await w.request({ url: '/companion', mode: 'navigate' })).toBe('cache:network:/companion');
    expect(await w.request({ url: '/companion/', mode: 'navigate' })).toBe('cache:network:/companion');
    expect(await w.request({ url: '/companion?x=1', mode: 'navigate' })).toBe('cache:network:/companion');
    expect(await w.request({ url: '/assets/registry-C3.js' })).toBe('cache:network:/assets/registry-C3.js');
    expect(await w.request({ url: '/companion.webmanifest', mode: 'no-cors' })).toBe('cache:network:/companion.webmanifest');
    expect(w.network.requests).toEqual([]);
  });

  it('leaves the games, the API and everything else to the network', async () => {
    const w = worker(built('v1'));
    await w.lifecycle('install');
    for (const url of ['/', '/game/3f9c', '/join/ab', '/rules', '/companionship', '/companion/other'])
      expect(await w.request({ url, mode: 'navigate' }), url).toBeNull();
    expect(await w.request({ url: '/api/games' })).toBeNull();
    expect(await w.request({ url: '/assets/not-in-this-build.js' })).toBeNull();
    expect(await w.request({ url: '/assets/index-A1.js', method: 'POST' })).toBeNull();
    expect(await w.request({ url: 'https://example.org/assets/index-A1.js' })).toBeNull();
    expect(await w.request({ url: '/companion' })).toBeNull(); // the page, fetched by a script rather than navigated to
  });

  it('falls back to the network for a file missing from the cache', async () => {
    const caches = new Map([['arbiter-companion-v1', new Map<string, string>()]]);
    const w = worker(built('v1'), { caches });
    expect(await w.request({ url: '/assets/index-A1.js' })).toBe('network:/assets/index-A1.js');
  });
});

describe('companion build step', () => {
  it('precache list: the page for index.html, every other file but the worker and source maps', () => {
    expect(precacheList(['index.html', 'assets/a-1.js', WORKER_FILE, 'assets/a-1.js.map', 'companion-icon.svg'])).toEqual([
      '/companion',
      '/assets/a-1.js',
      '/companion-icon.svg',
    ]);
  });

  it('version: changes with any file name or content', () => {
    const v = buildVersion({ 'index.html': 'x', 'assets/a-1.js': 'y' });
    expect(v).toMatch(/^[0-9a-f]{16}$/);
    expect(buildVersion({ 'assets/a-1.js': 'y', 'index.html': 'x' })).toBe(v);
    expect(buildVersion({ 'index.html': 'x', 'assets/a-2.js': 'y' })).not.toBe(v);
    expect(buildVersion({ 'index.html': 'x!', 'assets/a-1.js': 'y' })).not.toBe(v);
  });

  it('fills in the worker: the version and the list, nothing else changed', () => {
    const src = built('abc123', ['/companion', '/assets/x-1.js']);
    expect(src).toContain(`const VERSION = /*VERSION*/ "abc123";`);
    expect(src).toContain(`const PRECACHE = /*PRECACHE*/ ["/companion","/assets/x-1.js"];`);
    expect(src.split('\n').length).toBe(TEMPLATE.split('\n').length);
    expect(() => workerSource('no placeholders', 'v', [])).toThrow();
  });

  it('manifest: installable as the companion alone (scope, start URL, icons of 192 and 512 px)', () => {
    const m = manifest() as any;
    expect(m.start_url).toBe('/companion');
    expect(m.scope).toBe('/companion');
    expect(m.display).toBe('standalone');
    expect(m.name).toMatch(/Companion/);
    const sizes = m.icons.map((i: any) => `${i.sizes} ${i.type} ${i.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 image/png any', '512x512 image/png any', '512x512 image/png maskable', 'any image/svg+xml any']));
    const files = appFiles();
    for (const i of m.icons) expect(Object.keys(files)).toContain(i.src.slice(1));
  });
});

/** Decodes the PNGs this encoder writes (8-bit RGBA, filters None and Sub), checking every CRC. */
function decodePng(png: Uint8Array): { width: number; height: number; px: Uint8Array } {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const dv = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let o = 8;
  let width = 0,
    height = 0;
  const idat: Uint8Array[] = [];
  while (o < png.length) {
    const len = dv.getUint32(o);
    const type = String.fromCharCode(...png.subarray(o + 4, o + 8));
    const data = png.subarray(o + 8, o + 8 + len);
    expect(dv.getUint32(o + 8 + len)).toBe(crc32(png.subarray(o + 4, o + 8 + len)));
    if (type === 'IHDR') {
      width = dv.getUint32(o + 8);
      height = dv.getUint32(o + 12);
      expect([...data.subarray(8)]).toEqual([8, 6, 0, 0, 0]);
    }
    if (type === 'IDAT') idat.push(data);
    o += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const px = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (1 + width * 4)];
    expect([0, 1]).toContain(f);
    for (let i = 0; i < width * 4; i++) {
      const v = raw[y * (1 + width * 4) + 1 + i];
      px[y * width * 4 + i] = (v + (f === 1 && i >= 4 ? px[y * width * 4 + i - 4] : 0)) & 0xff;
    }
  }
  return { width, height, px };
}

describe('companion icon', () => {
  const at = (img: { width: number; px: Uint8Array }, x: number, y: number) => [...img.px.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4)];
  const BLUE = [0x0b, 0x5f, 0xa5, 255];
  const WHITE = [255, 255, 255, 255];

  it('PNG at 192 and 512 px: the same drawing as the SVG (rounded corners, blue, white crown, the board)', () => {
    for (const size of [192, 512]) {
      const img = decodePng(iconPng(size));
      expect([img.width, img.height]).toEqual([size, size]);
      const p = (x: number, y: number) => at(img, Math.floor((x / ICON_GRID) * size), Math.floor((y / ICON_GRID) * size));
      expect(p(2, 2)[3]).toBe(0); // outside the rounded corner
      expect(p(40, 256)).toEqual(BLUE);
      expect(p(256, 200)).toEqual(WHITE); // the crown
      expect(p(150, 330)).toEqual(WHITE); // the board's first square
      expect(p(200, 330)).toEqual(BLUE); // its second
    }
    const svg = iconSvg();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 512 512">/);
    expect(svg.match(/<(rect|circle|polygon) /g)!.length).toBe(iconShapes().length);
  });

  it('maskable: the background fills the square and the drawing stays in the safe circle', () => {
    const img = decodePng(iconPng(512, true));
    expect(at(img, 0, 0)).toEqual(BLUE);
    for (const s of iconShapes(true).slice(1))
      for (const [x, y] of outline(s)) expect(Math.hypot(x - 256, y - 256)).toBeLessThanOrEqual(0.4 * ICON_GRID);
  });
});
