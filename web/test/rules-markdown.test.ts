// The small Markdown reader behind /rules (web/src/lobby/markdown.ts) and the rules page:
// the blocks and inline marks docs/rules.md uses, text that stays text (no HTML is ever made
// from the source), GitHub's heading anchors, and the page's two halves and game sections.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { VNode } from 'snabbdom';
import { setLang } from '../src/i18n';

// snabbdom's style module reads `window` when it loads
(globalThis as any).window ??= globalThis;
const { parseMarkdown, parseInline, renderBlocks, slugify, splitAtTitles, splitRow } = await import('../src/lobby/markdown');
const { rulesByLang, rulesPage, GAME_SECTIONS } = await import('../src/lobby/rules-page');

const DOC = readFileSync(new URL('../../docs/rules.md', import.meta.url), 'utf8');

/** Every vnode of a tree. */
function* walk(v: VNode | string | undefined): Generator<VNode> {
  if (!v || typeof v === 'string') return;
  yield v;
  for (const c of v.children ?? []) yield* walk(c as VNode);
}
/** The text a tree shows. */
const text = (v: VNode | string): string => (typeof v === 'string' ? v : (v.text ?? '') + (v.children ?? []).map((c) => text(c as VNode)).join(''));

describe('markdown reader', () => {
  it('reads headings with GitHub anchors, unique over the text', () => {
    const b = parseMarkdown('# Title\n\n## Chief & Spy\n\n## Chief & Spy\n\n### Che cosa conta per la legalità [D]\n');
    expect(b.map((x) => (x.t === 'heading' ? [x.level, x.id] : null))).toEqual([
      [1, 'title'],
      [2, 'chief--spy'],
      [2, 'chief--spy-1'],
      [3, 'che-cosa-conta-per-la-legalità-d'],
    ]);
    expect(slugify('Clocks in all three games')).toBe('clocks-in-all-three-games');
  });

  it('joins paragraph lines and list continuations; a blank line between items keeps one list', () => {
    const b = parseMarkdown('one\ntwo\n\n- a\n  still a\n- b\n\n- c\n\n1. x\n2. y\n\nafter');
    expect(b.map((x) => x.t)).toEqual(['para', 'list', 'list', 'para']);
    expect(b[0]).toEqual({ t: 'para', c: [{ t: 'text', s: 'one two' }] });
    const list = b[1] as { t: 'list'; ordered: boolean; items: any[] };
    expect(list.ordered).toBe(false);
    expect(list.items.map((i) => i[0].s)).toEqual(['a still a', 'b', 'c']);
    expect((b[2] as any).ordered).toBe(true);
  });

  it('reads tables: alignment, escaped bars, bars inside code', () => {
    const b = parseMarkdown('| a | b |\n|:---|---:|\n| x \\| y | `p|q` |\n| short |\n');
    expect(b).toHaveLength(1);
    const tb = b[0] as any;
    expect(tb.t).toBe('table');
    expect(tb.align).toEqual(['left', 'right']);
    expect(tb.rows[0][0]).toEqual([{ t: 'text', s: 'x | y' }]);
    expect(tb.rows[0][1]).toEqual([{ t: 'code', s: 'p|q' }]);
    expect(tb.rows[1][1]).toEqual([]); // a missing cell is empty
    expect(splitRow('| `a\\|b` | c |')).toEqual(['`a|b`', 'c']);
  });

  it('keeps fenced code as it is', () => {
    const b = parseMarkdown('```sh\nmake **run** <b>\n  two\n```\n');
    expect(b).toEqual([{ t: 'code', lang: 'sh', text: 'make **run** <b>\n  two' }]);
  });

  it('reads inline code, bold, italics, links and bare addresses', () => {
    expect(parseInline('a `x*y` **b [D]** *c [l](#id)* d')).toEqual([
      { t: 'text', s: 'a ' },
      { t: 'code', s: 'x*y' },
      { t: 'text', s: ' ' },
      { t: 'strong', c: [{ t: 'text', s: 'b [D]' }] },
      { t: 'text', s: ' ' },
      { t: 'em', c: [{ t: 'text', s: 'c ' }, { t: 'link', href: '#id', c: [{ t: 'text', s: 'l' }] }] },
      { t: 'text', s: ' d' },
    ]);
    expect(parseInline('(https://handbook.fide.com/chapter/E012023).')).toEqual([
      { t: 'text', s: '(' },
      { t: 'link', href: 'https://handbook.fide.com/chapter/E012023', c: [{ t: 'text', s: 'https://handbook.fide.com/chapter/E012023' }] },
      { t: 'text', s: ').' },
    ]);
    expect(parseInline('2 \\* 3 = 6 and 5 + 2 = 7')).toEqual([{ t: 'text', s: '2 * 3 = 6 and 5 + 2 = 7' }]);
  });

  it('never turns the source into HTML, and drops links that are not anchors, paths or http(s)', () => {
    const src = '# <img src=x onerror=alert(1)>\n\n<script>alert(1)</script> [x](javascript:alert(1)) [y](//evil.example) [z](/rules#chess)\n\n| <b>c</b> |\n|---|\n| <i>d</i> |\n';
    const nodes = renderBlocks(parseMarkdown(src));
    const all = nodes.flatMap((n) => [...walk(n)]);
    const sels = new Set(all.map((n) => n.sel).filter(Boolean));
    for (const s of sels) expect(['h1', 'p', 'a', 'div.md-table', 'table', 'thead', 'tbody', 'tr', 'th', 'td']).toContain(s);
    for (const n of all) expect(n.data?.props ?? {}).not.toHaveProperty('innerHTML');
    const hrefs = all.filter((n) => n.sel === 'a').map((n) => n.data?.attrs?.href);
    expect(hrefs).toEqual(['/rules#chess']);
    expect(text(nodes[1])).toContain('<script>alert(1)</script> x y z');
    expect(text(nodes[0])).toBe('<img src=x onerror=alert(1)>');
  });

  it('sends anchor and path clicks to the page, and opens other sites in a new tab', () => {
    const seen: string[] = [];
    const [p] = renderBlocks(parseMarkdown('[a](#x) [b](/y) [c](https://example.org/)'), { onAnchor: (id) => seen.push(`#${id}`), onPath: (p) => seen.push(p) });
    const links = [...walk(p)].filter((n) => n.sel === 'a');
    const ev = { button: 0, preventDefault() {} } as unknown as MouseEvent;
    (links[0].data!.on!.click as any)(ev);
    (links[1].data!.on!.click as any)(ev);
    expect(seen).toEqual(['#x', '/y']);
    expect(links[2].data!.attrs).toMatchObject({ target: '_blank', rel: 'noopener noreferrer' });
  });
});

describe('docs/rules.md on the /rules page', () => {
  const blocks = parseMarkdown(DOC);
  const halves = splitAtTitles(blocks);
  const ids = (bs: typeof blocks) => new Set(bs.flatMap((b) => (b.t === 'heading' ? [b.id] : [])));

  it('has an English and an Italian half with the same outline', () => {
    expect(halves).toHaveLength(2);
    const outline = (bs: typeof blocks) => bs.filter((b) => b.t === 'heading').map((b) => (b as any).level);
    expect(outline(halves[1])).toEqual(outline(halves[0]));
    expect(blocks.filter((b) => b.t === 'table').length).toBeGreaterThanOrEqual(4);
  });

  it('links only to its own headings, this site or http(s) addresses (nothing outside the repository)', () => {
    const all = ids(blocks);
    const hrefs: string[] = [];
    const collect = (c: any[]): void => c.forEach((x) => (x.t === 'link' ? hrefs.push(x.href) : x.c && collect(x.c)));
    for (const b of blocks) {
      if (b.t === 'para' || b.t === 'heading') collect(b.c);
      if (b.t === 'list') b.items.forEach(collect);
      if (b.t === 'table') [b.head, ...b.rows].forEach((r) => r.forEach(collect));
    }
    expect(hrefs.length).toBeGreaterThan(5);
    for (const h of hrefs) {
      if (h.startsWith('#')) expect(all, h).toContain(h.slice(1));
      else expect(h).toMatch(/^https:\/\/handbook\.fide\.com\//);
    }
    expect(DOC).not.toMatch(/shared\/|RULES\.md|seeds\//);
  });

  it('finds each game in each language', () => {
    const byLang = rulesByLang(DOC);
    for (const lang of ['en', 'it'] as const)
      for (const game of ['chess', 'chiefspy', 'minesweeper']) expect(ids(byLang[lang]), `${lang} ${game}`).toContain(GAME_SECTIONS[lang][game]);
    expect(byLang.en[0]).toMatchObject({ t: 'heading', level: 1, id: 'the-rules-of-the-games' });
    expect(byLang.it[0]).toMatchObject({ t: 'heading', level: 1, id: 'le-regole-dei-giochi' });
  });

  it('renders the half of the current language', () => {
    for (const lang of ['en', 'it'] as const) {
      setLang(lang, false);
      const v = rulesPage('chiefspy').render();
      expect(v.data?.attrs).toMatchObject({ 'data-testid': 'rules-page', lang });
      const headings = [...walk(v)].filter((n) => /^h[1-3]$/.test(n.sel ?? ''));
      expect(headings[0].data?.attrs?.id).toBe(lang === 'en' ? 'the-rules-of-the-games' : 'le-regole-dei-giochi');
      expect(headings.map((n) => n.data?.attrs?.id)).toContain(GAME_SECTIONS[lang].chiefspy);
      expect(text(v)).toContain(lang === 'en' ? 'A worked example' : 'Un esempio svolto');
    }
    setLang('en', false);
  });
});
