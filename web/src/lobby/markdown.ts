// A very small Markdown reader for docs/rules.md, the project's rulebook shown at /rules.
// It knows headings, paragraphs, lists, tables, fenced code, horizontal rules, and inline code,
// bold, italics, links and bare URLs: what that file uses. It builds snabbdom vnodes in which
// all text is text nodes; nothing is ever parsed as HTML, and a link keeps its href only when
// it is an anchor (#…), a path on this site (/…) or an http(s) address.
import { h, type VNode } from 'snabbdom';

export type Inline =
  | { t: 'text'; s: string }
  | { t: 'code'; s: string }
  | { t: 'strong' | 'em'; c: Inline[] }
  | { t: 'link'; href: string; c: Inline[] };

export type Align = 'left' | 'right' | 'center' | null;

export type Block =
  | { t: 'heading'; level: number; c: Inline[]; id: string }
  | { t: 'para'; c: Inline[] }
  | { t: 'list'; ordered: boolean; items: Inline[][] }
  | { t: 'table'; head: Inline[][]; align: Align[]; rows: Inline[][][] }
  | { t: 'code'; lang: string; text: string }
  | { t: 'hr' };

/** GitHub's heading anchors: lower case, punctuation dropped, each space a hyphen. */
export function slugify(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The text of inline content without its markup. */
export function plainText(c: Inline[]): string {
  return c.map((x) => (x.t === 'text' || x.t === 'code' ? x.s : plainText(x.c))).join('');
}

const ESCAPABLE = /[\\`*_{}[\]()#+\-.!|<>~]/;

function safeHref(href: string): string | null {
  const u = href.trim();
  return /^(#|\/(?!\/)|https?:\/\/)/i.test(u) && !/[\s"'<>]/.test(u) ? u : null;
}

/** Inline Markdown: `code`, **bold**, *italics*, [text](href), bare http(s) URLs, \-escapes. */
export function parseInline(s: string): Inline[] {
  const out: Inline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ t: 'text', s: text });
    text = '';
  };
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === '\\' && i + 1 < s.length && ESCAPABLE.test(s[i + 1])) {
      text += s[i + 1];
      i += 2;
      continue;
    }
    if (c === '`') {
      let n = 1;
      while (s[i + n] === '`') n++;
      const fence = '`'.repeat(n);
      const end = s.indexOf(fence, i + n);
      if (end >= 0) {
        flush();
        let code = s.slice(i + n, end);
        if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ')) code = code.slice(1, -1);
        out.push({ t: 'code', s: code });
        i = end + n;
        continue;
      }
      text += fence;
      i += n;
      continue;
    }
    if (s.startsWith('**', i)) {
      const end = s.indexOf('**', i + 2);
      if (end > i + 2) {
        flush();
        out.push({ t: 'strong', c: parseInline(s.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    if (c === '*' && s[i + 1] && s[i + 1] !== ' ' && s[i + 1] !== '*') {
      let end = i + 1;
      while ((end = s.indexOf('*', end + 1)) >= 0 && (s[end - 1] === ' ' || s[end + 1] === '*'));
      if (end > i + 1) {
        flush();
        out.push({ t: 'em', c: parseInline(s.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (c === '[') {
      const close = s.indexOf('](', i + 1);
      let end = -1;
      for (let j = close + 2, depth = 0; close >= 0 && j < s.length; j++) {
        if (s[j] === '(') depth++;
        else if (s[j] === ')' && depth-- === 0) {
          end = j; // the destination's own parentheses are balanced, as CommonMark reads them
          break;
        }
      }
      if (close > i && end > close) {
        flush();
        const inner = parseInline(s.slice(i + 1, close));
        const href = safeHref(s.slice(close + 2, end));
        if (href) out.push({ t: 'link', href, c: inner });
        else out.push(...inner);
        i = end + 1;
        continue;
      }
    }
    if ((c === 'h' || c === 'H') && /^https?:\/\//i.test(s.slice(i, i + 8)) && !/[\p{L}\p{N}]/u.test(s[i - 1] ?? '')) {
      const m = /^https?:\/\/[^\s<>()]*[^\s<>().,;:!?'"]/i.exec(s.slice(i));
      if (m) {
        flush();
        out.push({ t: 'link', href: m[0], c: [{ t: 'text', s: m[0] }] });
        i += m[0].length;
        continue;
      }
    }
    text += c;
    i++;
  }
  flush();
  return out;
}

const LIST_ITEM = /^(\s{0,3})([-*+]|\d{1,9}[.)])\s+(.*)$/;
const HEADING = /^(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
const RULE = /^\s{0,3}(?:-{3,}|\*{3,}|_{3,})\s*$/;
const FENCE = /^\s{0,3}```\s*([\w-]*)\s*$/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$/;

const blank = (l: string) => l.trim() === '';
const isTableStart = (l: string, next: string | undefined) => l.trim().startsWith('|') && next !== undefined && TABLE_SEPARATOR.test(next);
const startsBlock = (l: string, next: string | undefined) =>
  HEADING.test(l) || FENCE.test(l) || RULE.test(l) || LIST_ITEM.test(l) || isTableStart(l, next) || l.startsWith('<!--');

/** Splits a table row on the bars that are neither escaped nor inside a code span. */
export function splitRow(line: string): string[] {
  let s = line.trim();
  if (s.startsWith('|')) s = s.slice(1);
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1);
  const cells: string[] = [];
  let cell = '';
  let inCode = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\' && s[i + 1] === '|') {
      cell += inCode ? '|' : '\\|'; // GitHub unescapes a table's \| inside code spans too
      i++;
    } else if (c === '`') {
      inCode = !inCode;
      cell += c;
    } else if (c === '|' && !inCode) {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

/** Block Markdown. Heading ids are GitHub's, unique over the whole text (-1, -2… on repeats). */
export function parseMarkdown(src: string): Block[] {
  const lines = src.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  const seen = new Map<string, number>();
  const uniqueId = (text: string) => {
    const base = slugify(text);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n ? `${base}-${n}` : base;
  };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (blank(line)) {
      i++;
      continue;
    }
    if (line.startsWith('<!--')) {
      while (i < lines.length && !lines[i].includes('-->')) i++;
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !/^\s{0,3}```\s*$/.test(lines[i])) body.push(lines[i++]);
      i++;
      blocks.push({ t: 'code', lang: fence[1], text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const c = parseInline(heading[2]);
      blocks.push({ t: 'heading', level: heading[1].length, c, id: uniqueId(plainText(c)) });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ t: 'hr' });
      i++;
      continue;
    }
    if (isTableStart(line, lines[i + 1])) {
      const head = splitRow(line);
      const align: Align[] = splitRow(lines[i + 1]).map((d) =>
        d.startsWith(':') && d.endsWith(':') ? 'center' : d.endsWith(':') ? 'right' : d.startsWith(':') ? 'left' : null,
      );
      i += 2;
      const rows: Inline[][][] = [];
      while (i < lines.length && lines[i].trim().startsWith('|')) {
        const cells = splitRow(lines[i++]);
        rows.push(head.map((_, k) => parseInline(cells[k] ?? '')));
      }
      blocks.push({ t: 'table', head: head.map(parseInline), align, rows });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const ordered = /\d/.test(item[2]);
      const items: string[] = [];
      let current = item[3];
      i++;
      while (i < lines.length) {
        const l = lines[i];
        const next = LIST_ITEM.exec(l);
        if (next && /\d/.test(next[2]) === ordered) {
          items.push(current);
          current = next[3];
          i++;
        } else if (blank(l)) {
          // a blank line ends the list unless another item of the same kind follows
          let j = i + 1;
          while (j < lines.length && blank(lines[j])) j++;
          const after = j < lines.length ? LIST_ITEM.exec(lines[j]) : null;
          if (!after || /\d/.test(after[2]) !== ordered) break;
          i = j;
        } else if (/^\s/.test(l) || !startsBlock(l, lines[i + 1])) {
          current += ' ' + l.trim(); // continuation of the item
          i++;
        } else break;
      }
      items.push(current);
      blocks.push({ t: 'list', ordered, items: items.map(parseInline) });
      continue;
    }
    const para = [line.trim()];
    i++;
    while (i < lines.length && !blank(lines[i]) && !startsBlock(lines[i], lines[i + 1])) para.push(lines[i++].trim());
    blocks.push({ t: 'para', c: parseInline(para.join(' ')) });
  }
  return blocks;
}

/** The parts of a text that each begin with a level-1 heading (what comes before the first is dropped). */
export function splitAtTitles(blocks: Block[]): Block[][] {
  const parts: Block[][] = [];
  for (const b of blocks) {
    if (b.t === 'heading' && b.level === 1) parts.push([b]);
    else if (parts.length) parts[parts.length - 1].push(b);
  }
  return parts;
}

export interface RenderOptions {
  /** Called for a click on a link to #id (the default action is prevented). */
  onAnchor?: (id: string) => void;
  /** Called for a click on a link to a path of this site (the default action is prevented). */
  onPath?: (path: string) => void;
}

function renderInline(list: Inline[], o: RenderOptions): (VNode | string)[] {
  return list.map((x) => {
    switch (x.t) {
      case 'text':
        return x.s;
      case 'code':
        return h('code', x.s);
      case 'strong':
        return h('strong', renderInline(x.c, o));
      case 'em':
        return h('em', renderInline(x.c, o));
      case 'link': {
        const kids = renderInline(x.c, o);
        const href = x.href;
        if (href.startsWith('#')) {
          const id = decodeURIComponent(href.slice(1));
          return h('a', { attrs: { href }, on: o.onAnchor ? { click: click(() => o.onAnchor!(id)) } : {} }, kids);
        }
        if (href.startsWith('/')) return h('a', { attrs: { href }, on: o.onPath ? { click: click(() => o.onPath!(href)) } : {} }, kids);
        return h('a', { attrs: { href, target: '_blank', rel: 'noopener noreferrer' } }, kids);
      }
    }
  });
}

function click(f: () => void) {
  return (e: MouseEvent) => {
    if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    f();
  };
}

export function renderBlocks(blocks: Block[], o: RenderOptions = {}): VNode[] {
  return blocks.map((b) => {
    switch (b.t) {
      case 'heading':
        return h(`h${b.level}`, { attrs: { id: b.id } }, renderInline(b.c, o));
      case 'para':
        return h('p', renderInline(b.c, o));
      case 'list':
        return h(b.ordered ? 'ol' : 'ul', b.items.map((c) => h('li', renderInline(c, o))));
      case 'table': {
        const style = (k: number) => (b.align[k] ? { style: { textAlign: b.align[k]! } } : {});
        return h('div.md-table', [
          h('table', [
            h('thead', [h('tr', b.head.map((c, k) => h('th', style(k), renderInline(c, o))))]),
            h('tbody', b.rows.map((r) => h('tr', r.map((c, k) => h('td', style(k), renderInline(c, o)))))),
          ]),
        ]);
      }
      case 'code':
        return h('pre', [h('code', b.text)]);
      case 'hr':
        return h('hr');
    }
  });
}
