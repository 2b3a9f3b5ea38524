// Blind mode: the game in words. Screens tell what happens through announce() (every move and
// event, as a sentence); the game page shows, when blind mode is on (settings/prefs.ts), a
// panel with those lines in a live region, whose move it is, the clocks, and the board read
// square by square (a button speaks it all at once).
import { h, type VNode } from 'snabbdom';
import { t } from '../i18n';
import { boardLines } from './words';
import './messages';
import './blind.css';

/** What a screen tells about its board: the shown placement, notes by square, other facts. */
export interface BoardWords {
  placement: string;
  squareNotes?: Record<string, string>;
  notes?: string[];
}

const KEEP = 8;
let lines: { n: number; text: string }[] = [];
let count = 0;

/** One sentence for the live region (kept even when blind mode is off: switching it on shows the latest). */
export function announce(text: string): void {
  if (!text) return;
  lines.push({ n: ++count, text });
  if (lines.length > KEEP) lines = lines.slice(-KEEP);
}

export function announcements(): readonly { n: number; text: string }[] {
  return lines;
}

/** A new game page starts with an empty log. */
export function clearAnnouncements(): void {
  lines = [];
}

function scrollDown(el: HTMLElement): void {
  el.scrollTop = el.scrollHeight;
}

export function boardText(words: BoardWords): string {
  return [...boardLines(words.placement, words.squareNotes).map((l) => l.text), ...(words.notes ?? [])].join(' ');
}

export function renderBlindPanel(o: { words: BoardWords | null; status: string; clocks: { white: string; black: string } | null; redraw: () => void }): VNode {
  const w = o.words;
  const sentence = o.status && !/[.!?]$/.test(o.status) ? `${o.status}.` : o.status;
  const status = [sentence, o.clocks ? t('blind.clocks', o.clocks) : ''].filter(Boolean).join(' ');
  return h('section.blind-panel', { attrs: { 'data-testid': 'blind-panel', 'aria-labelledby': 'blind-title' } }, [
    h('h2#blind-title', t('blind.title')),
    h('p.blind-status', { attrs: { 'data-testid': 'blind-status' } }, status),
    h('h3', t('blind.log')),
    h(
      'div.blind-log',
      {
        attrs: { role: 'log', 'aria-live': 'polite', 'aria-relevant': 'additions', 'data-testid': 'blind-log' },
        // the newest line in view
        hook: { insert: (v) => scrollDown(v.elm as HTMLElement), postpatch: (_o, v) => scrollDown(v.elm as HTMLElement) },
      },
      lines.length ? lines.map((l) => h('p', { key: String(l.n) }, l.text)) : [h('p.muted', { key: 'none' }, t('blind.nothingYet'))],
    ),
    w
      ? h('button.blind-read', {
          attrs: { type: 'button', 'data-testid': 'blind-read' },
          on: {
            click: () => {
              announce(`${status} ${boardText(w)}`.trim());
              o.redraw();
            },
          },
        }, t('blind.read'))
      : null,
    w
      ? h('div.blind-board', { attrs: { 'data-testid': 'blind-board' } }, [
          h('h3', t('blind.pieces')),
          h('ul', boardLines(w.placement, w.squareNotes).map((l) => h('li', { attrs: { 'data-colour': l.colour } }, l.text))),
          ...(w.notes ?? []).map((n) => h('p', n)),
        ])
      : null,
    h('p.muted.blind-help', t('blind.help')),
  ]);
}
