// App shell: the snabbdom patch loop, the router and the header (language, connection state).
import { init, classModule, attributesModule, propsModule, styleModule, eventListenersModule, h } from 'snabbdom';
import type { VNode } from 'snabbdom';
import { t, initLang, setLang, getLang, onLangChange, registerMessages, LANGS, type Lang } from './i18n';
import { renderSettings } from './settings/panel';
import { renderAccountMenu } from './account/menu';

export const patch = init([classModule, attributesModule, propsModule, styleModule, eventListenersModule]);

export interface Page {
  render(): VNode;
  destroy(): void;
  /** Extra header content (connection state…). */
  header?(): VNode | null;
}

registerMessages({
  en: { 'app.title': 'Arbiter', 'app.lang': 'Language', 'app.home': 'Lobby', 'app.notFound': 'Page not found.', 'app.loadError': 'Could not load the page: {error}' },
  it: { 'app.title': 'Arbiter', 'app.lang': 'Lingua', 'app.home': 'Sala', 'app.notFound': 'Pagina non trovata.', 'app.loadError': 'Impossibile caricare la pagina: {error}' },
});

let vnode: VNode | Element | null = null;
let page: Page | null = null;
let scheduled = false;

export function redraw(): void {
  if (scheduled) return;
  scheduled = true;
  requestAnimationFrame(() => {
    scheduled = false;
    redrawNow();
  });
}

export function redrawNow(): void {
  if (!vnode) return;
  vnode = patch(vnode, renderApp());
}

function renderApp(): VNode {
  return h('div#app.app', [
    h('header.top', [
      h('a.brand', { attrs: { href: '/', 'data-testid': 'home' }, on: { click: linkHandler('/') } }, t('app.title')),
      h('div.top-extra', page?.header ? [page.header()] : []),
      renderAccountMenu(),
      renderSettings(() => redrawNow()),
      h('label.lang', [
        h('span.sr-only', t('app.lang')),
        h(
          'select',
          {
            attrs: { 'data-testid': 'lang-select', 'aria-label': t('app.lang') },
            props: { value: getLang() },
            on: { change: (e: Event) => setLang((e.target as HTMLSelectElement).value as Lang) },
          },
          LANGS.map((l) => h('option', { attrs: { value: l }, props: { selected: l === getLang() } }, l === 'en' ? 'English' : 'Italiano')),
        ),
      ]),
    ]),
    h('main.main', [page ? page.render() : h('div')]),
  ]);
}

export function linkHandler(path: string) {
  return (e: MouseEvent) => {
    if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    navigate(path);
  };
}

type Route = (params: string[], hash: string) => Page | Promise<Page>;
const routes: [RegExp, Route][] = [];

export function route(re: RegExp, f: Route): void {
  routes.push([re, f]);
}

export function navigate(path: string, replace = false): void {
  if (replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  void dispatch();
}

let dispatches = 0;

async function dispatch(): Promise<void> {
  const path = location.pathname;
  const hash = location.hash.replace(/^#/, '');
  const mine = ++dispatches;
  page?.destroy();
  page = null;
  for (const [re, f] of routes) {
    const m = re.exec(path);
    if (m) {
      let next: Page;
      try {
        next = await f(m.slice(1), hash);
      } catch (e) {
        next = { render: () => h('p.error', t('app.loadError', { error: (e as Error).message })), destroy() {} };
      }
      if (mine !== dispatches) {
        next.destroy(); // another navigation won meanwhile
        return;
      }
      page = next;
      redrawNow();
      if (!performance.getEntriesByName('arbiter:interactive').length) performance.mark('arbiter:interactive');
      return;
    }
  }
  page = { render: () => h('p.not-found', t('app.notFound')), destroy() {} };
  redrawNow();
}

export function start(el: Element): void {
  initLang();
  onLangChange(() => redrawNow());
  vnode = el;
  window.addEventListener('popstate', () => void dispatch());
  void dispatch();
}
