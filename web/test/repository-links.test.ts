// Nothing the project's docs or code point to may lie outside the repository (issue 13, "The
// rules belong to the project"): a clone has no ../shared folder, so no tracked file may send a
// reader to it, to its RULES.md or ARCHITECTURE.md, or to its seeds. The rules are
// docs/rules.md; a rule is cited by its heading anchor (docs/rules.md#battles), and every such
// anchor, and every relative link in a Markdown file, must lead to something in the repository.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// snabbdom's style module reads `window` when it loads
(globalThis as any).window ??= globalThis;
const { parseMarkdown } = await import('../src/lobby/markdown');

const ROOT = normalize(join(dirname(fileURLToPath(import.meta.url)), '..', '..'));
const SELF = 'web/test/repository-links.test.ts';

/** The tracked files (git ls-files); without git, the files of the source folders. */
function trackedFiles(): string[] {
  try {
    const out = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const files = out.split('\0').filter((f) => f && existsSync(join(ROOT, f)));
    if (files.length) return files;
  } catch {
    // not a git checkout: walk the folders instead
  }
  const skip = new Set(['node_modules', 'dist', 'e2e-artifacts', '.git']);
  const found: string[] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(join(ROOT, rel))) {
      if (skip.has(name)) continue;
      const r = rel ? `${rel}/${name}` : name;
      if (statSync(join(ROOT, r)).isDirectory()) walk(r);
      else found.push(r);
    }
  };
  for (const top of readdirSync(ROOT)) {
    if (skip.has(top) || top.startsWith('build')) continue;
    if (statSync(join(ROOT, top)).isDirectory()) walk(top);
    else found.push(top);
  }
  return found;
}

const FILES = trackedFiles();
/** Text files only (no NUL byte), read once. */
const TEXT = new Map<string, string>();
for (const f of FILES) {
  const buf = readFileSync(join(ROOT, f));
  if (!buf.includes(0)) TEXT.set(f, buf.toString('utf8'));
}

/** What points outside: the shared folder, its rules and architecture texts, its seeds. */
const OUTSIDE = [/\.\.\/shared\b/, /shared\/(RULES|ARCHITECTURE|seeds|data)\b/, /\bRULES\.md\b/, /\bARCHITECTURE\.md\b/, /\/work\/shared\b/];

/**
 * Where a mention is allowed: the CMake define that tells the tests where ../shared would be,
 * test titles (a name, not a link), and a C++ test that reads ../shared at run time through
 * ARBITER_SHARED_DIR, provided it skips (GTEST_SKIP) when the folder is absent.
 */
function allowed(file: string, line: string): boolean {
  if (file === 'CMakeLists.txt' && line.includes('ARBITER_SHARED_DIR')) return true;
  if (/^web\/(test|e2e)\//.test(file) && /^\s*(it|test|describe)(\.\w+)?\(\s*['"`]/.test(line)) return true;
  if (/^tests\/.*\.(cpp|h)$/.test(file) && line.includes('ARBITER_SHARED_DIR')) return TEXT.get(file)!.includes('GTEST_SKIP');
  return false;
}

/** The heading anchors of a Markdown file, as GitHub (and the /rules page) make them. */
const anchorCache = new Map<string, Set<string>>();
function anchors(file: string): Set<string> {
  let a = anchorCache.get(file);
  if (!a) {
    a = new Set();
    for (const b of parseMarkdown(readFileSync(join(ROOT, file), 'utf8'))) if (b.t === 'heading') a.add(b.id);
    anchorCache.set(file, a);
  }
  return a;
}

/** A path relative to the repository root, or null when it leaves the repository. */
function inside(path: string): string | null {
  const rel = relative(ROOT, normalize(join(ROOT, path)));
  return rel.startsWith('..') || rel.startsWith(sep) ? null : rel.split(sep).join('/');
}

const lines = (text: string) => text.split('\n').map((s, i) => [i + 1, s] as const);

describe('links stay inside the repository', () => {
  it('lists the tracked files', () => {
    expect(TEXT.has('docs/rules.md')).toBe(true);
    expect(TEXT.has('README.md')).toBe(true);
    expect(TEXT.size).toBeGreaterThan(100);
  });

  it('no file sends a reader to ../shared, RULES.md, ARCHITECTURE.md or the seeds', () => {
    const bad: string[] = [];
    for (const [file, text] of TEXT) {
      if (file === SELF) continue;
      for (const [n, line] of lines(text))
        if (OUTSIDE.some((re) => re.test(line)) && !allowed(file, line)) bad.push(`${file}:${n}: ${line.trim()}`);
    }
    expect(bad, 'cite docs/rules.md#<heading> instead').toEqual([]);
  });

  it('every docs/….md#anchor cited in a file names a heading of that document', () => {
    const bad: string[] = [];
    const cite = /(?<![\w/.-])(docs\/[\w./-]+\.md)#([\p{L}\p{M}\p{N}_-]+)/gu;
    let count = 0;
    for (const [file, text] of TEXT) {
      if (file === SELF) continue;
      for (const [n, line] of lines(text))
        for (const m of line.matchAll(cite)) {
          count++;
          const doc = m[1];
          const anchor = m[2].replace(/-+$/, '');
          if (!TEXT.has(doc)) bad.push(`${file}:${n}: ${doc} is not in the repository`);
          else if (!anchors(doc).has(anchor)) bad.push(`${file}:${n}: ${doc} has no heading #${anchor}`);
        }
    }
    expect(count).toBeGreaterThan(20);
    expect(bad).toEqual([]);
  });

  it('every relative link of a Markdown file leads to a file (and heading) in the repository', () => {
    const bad: string[] = [];
    const link = /\]\(([^)\s]+)\)/g;
    for (const [file, text] of TEXT) {
      if (!file.endsWith('.md')) continue;
      let fenced = false;
      for (const [n, line] of lines(text)) {
        if (/^\s*```/.test(line)) fenced = !fenced;
        if (fenced) continue;
        for (const m of line.replace(/`[^`]*`/g, '').matchAll(link)) {
          const target = m[1];
          if (/^(https?|mailto):/.test(target)) continue;
          const [path, anchor] = target.split('#', 2);
          const dest = path ? inside(join(dirname(file), decodeURIComponent(path))) : file;
          if (dest === null) bad.push(`${file}:${n}: ${target} leaves the repository`);
          else if (!existsSync(join(ROOT, dest))) bad.push(`${file}:${n}: ${target} does not exist`);
          else if (anchor && dest.endsWith('.md') && !anchors(dest).has(anchor)) bad.push(`${file}:${n}: ${dest} has no heading #${anchor}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('the check itself catches a link to ../shared', () => {
    const line = 'See ../shared/RULES.md §2 for the battles.';
    expect(OUTSIDE.some((re) => re.test(line)) && !allowed('docs/chiefspy.md', line)).toBe(true);
    expect(allowed('CMakeLists.txt', '  ARBITER_SHARED_DIR="${CMAKE_SOURCE_DIR}/../shared"')).toBe(true);
  });
});
