// The companion as an installable, offline app, at build time (a Vite plugin, used by
// vite.config.ts; nothing here runs in the browser). At the end of `vite build` it adds to dist/
//   companion.webmanifest          the web app manifest (scope and start URL /companion)
//   companion-icon.svg             the icon (icon.ts), and as PNG at 192 and 512 px,
//   companion-icon-{192,512}.png   plus a full-bleed 512 px one for maskable icons
//   companion-maskable-512.png
//   companion-sw.js                the service worker (sw.js) with the build's precache list
//                                  (every file of dist/ but itself, index.html as /companion)
//                                  and a version: a hash of every file's name and content.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { iconPng, iconSvg } from './icon.ts';

export const WORKER_FILE = 'companion-sw.js';
export const MANIFEST_FILE = 'companion.webmanifest';
export const PAGE = '/companion';

export function manifest(base = '/'): Record<string, unknown> {
  return {
    id: `${base}companion`,
    name: 'Arbiter Companion — Chief & Spy',
    short_name: 'Companion',
    description: 'Chief & Spy on a real chessboard: the secret values, the battles and the score on this device, with no network.',
    lang: 'en',
    start_url: `${base}companion`,
    scope: `${base}companion`,
    display: 'standalone',
    orientation: 'any',
    background_color: '#ffffff',
    theme_color: '#0b5fa5',
    icons: [
      { src: `${base}companion-icon.svg`, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: `${base}companion-icon-192.png`, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: `${base}companion-icon-512.png`, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: `${base}companion-maskable-512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** The files the plugin adds beside the worker. */
export function appFiles(base = '/'): Record<string, string | Uint8Array> {
  return {
    [MANIFEST_FILE]: JSON.stringify(manifest(base), null, 2) + '\n',
    'companion-icon.svg': iconSvg(),
    'companion-icon-192.png': iconPng(192),
    'companion-icon-512.png': iconPng(512),
    'companion-maskable-512.png': iconPng(512, true),
  };
}

/** dist-relative file names → the URLs the worker precaches (index.html is the page itself). */
export function precacheList(files: string[], base = '/'): string[] {
  const urls = files
    .filter((f) => f !== WORKER_FILE && !f.endsWith('.map') && f !== 'index.html')
    .map((f) => base + f.split('\\').join('/'))
    .sort();
  return files.includes('index.html') ? [`${base}companion`, ...urls] : urls;
}

/** The build's version: a hash over every precached file's name and content. */
export function buildVersion(files: Record<string, string | Uint8Array>): string {
  const h = createHash('sha256');
  for (const name of Object.keys(files).sort()) {
    h.update(name + '\0');
    h.update(files[name]);
    h.update('\0');
  }
  return h.digest('hex').slice(0, 16);
}

/** sw.js with its VERSION and PRECACHE filled in. */
export function workerSource(template: string, version: string, precache: string[]): string {
  const out = template
    .replace(/\/\*VERSION\*\/ '[^']*'/, `/*VERSION*/ ${JSON.stringify(version)}`)
    .replace(/\/\*PRECACHE\*\/ \[[^\]]*\]/, `/*PRECACHE*/ ${JSON.stringify(precache)}`);
  if (!out.includes(JSON.stringify(version)) || !out.includes(JSON.stringify(precache))) throw new Error('companion-sw: the placeholders of sw.js are missing');
  return out;
}

function listDir(dir: string): string[] {
  if (!dir || !existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p));
    }
  };
  walk(dir);
  return out;
}

export function companionPwa(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'arbiter-companion-pwa',
    apply: 'build',
    enforce: 'post',
    configResolved(c) {
      config = c;
    },
    generateBundle(_options, bundle) {
      const base = config.base;
      const extra = appFiles(base);
      for (const [fileName, source] of Object.entries(extra)) this.emitFile({ type: 'asset', fileName, source });
      const files: Record<string, string | Uint8Array> = { ...extra };
      for (const [name, out] of Object.entries(bundle)) files[name] = out.type === 'chunk' ? out.code : out.source;
      for (const name of listDir(config.publicDir)) files[name] = readFileSync(join(config.publicDir, name));
      if (!files['index.html']) throw new Error('companion-sw: index.html is not in the build output');
      const precache = precacheList(Object.keys(files), base);
      const template = readFileSync(join(config.root, 'src/companion/pwa/sw.js'), 'utf8');
      this.emitFile({ type: 'asset', fileName: WORKER_FILE, source: workerSource(template, buildVersion(files), precache) });
    },
  };
}
