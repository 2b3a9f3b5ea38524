// The full rules at /rules: docs/rules.md, the project's rulebook, built into this chunk at
// build time (Vite ?raw) and drawn by the small Markdown reader of ./markdown. The file has an
// English and an Italian half (one level-1 heading each); the page shows the half of the
// current language. /rules#chess, #chiefspy and #minesweeper open at that game's section.
import { h, type VNode } from 'snabbdom';
import type { Page } from '../app';
import { navigate, linkHandler } from '../app';
import { t, getLang, setLang, LANGS, type Lang } from '../i18n';
import source from '../../../docs/rules.md?raw';
import { parseMarkdown, splitAtTitles, renderBlocks, type Block } from './markdown';
import './messages';
import './rules.css';

/** Each game's section in each half of docs/rules.md (GitHub's anchors: unique over the file). */
export const GAME_SECTIONS: Record<Lang, Record<string, string>> = {
  en: { chess: 'standard-chess', chiefspy: 'chief--spy', minesweeper: 'minesweeper-chess' },
  it: { chess: 'scacchi-classici', chiefspy: 'chief--spy-1', minesweeper: 'scacchi-campo-minato' },
};

let halves: Record<Lang, Block[]> | null = null;

/** docs/rules.md as blocks, by language: the first half is English, the second Italian. */
export function rulesByLang(text: string = source): Record<Lang, Block[]> {
  const parts = splitAtTitles(parseMarkdown(text));
  return { en: parts[0] ?? [], it: parts[1] ?? parts[0] ?? [] };
}

const ids = (blocks: Block[]) => new Set(blocks.flatMap((b) => (b.t === 'heading' ? [b.id] : [])));

class RulesPage implements Page {
  private pending: string | null;

  constructor(hash: string) {
    halves ??= rulesByLang();
    this.pending = this.locate(hash);
  }

  /** The id to show for a hash: a game's section in the current language, or a heading of
   * either half (switching the language when it is in the other one). */
  private locate(hash: string): string | null {
    const id = decodeURIComponent(hash);
    if (!id) return null;
    const lang = getLang();
    if (GAME_SECTIONS[lang][id]) return GAME_SECTIONS[lang][id];
    if (ids(halves![lang]).has(id)) return id;
    const other = LANGS.find((l) => l !== lang && ids(halves![l]).has(id));
    if (other) setLang(other);
    return id;
  }

  private scroll(): void {
    if (!this.pending || typeof document === 'undefined') return;
    const el = document.getElementById(this.pending);
    this.pending = null;
    el?.scrollIntoView();
  }

  private anchor = (id: string) => {
    history.replaceState(null, '', `#${encodeURIComponent(id)}`);
    this.pending = this.locate(id); // a switch of language has redrawn the page by now
    this.scroll();
  };

  render(): VNode {
    const lang: Lang = getLang();
    const blocks = halves![lang];
    return h(
      'article.rules-page.card',
      {
        attrs: { 'data-testid': 'rules-page', lang },
        hook: { insert: () => this.scroll(), postpatch: () => this.scroll() },
      },
      [
        h('nav.rules-nav', [h('a', { attrs: { href: '/', 'data-testid': 'rules-back' }, on: { click: linkHandler('/') } }, t('lobby.rulesBack'))]),
        ...renderBlocks(blocks, { onAnchor: this.anchor, onPath: (p) => navigate(p) }),
      ],
    );
  }

  destroy(): void {}
}

export function rulesPage(hash: string): Page {
  return new RulesPage(hash);
}
