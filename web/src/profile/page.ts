// /player/NAME: a player's profile — name, member since, ratings per pool (provisional ones
// marked), a rating-history plot per pool, their games (filters by game and result, paged by
// the server's `next` cursor) and "Export all games" per game. Everything the player typed
// (their name, their opponents' names) is text.
import { h, type VNode } from 'snabbdom';
import type { Page } from '../app';
import { redraw, linkHandler } from '../app';
import { t } from '../i18n';
import { ApiError } from '../api';
import { errorText } from '../problems';
import { formatTimeControl } from '../game/clock';
import { account } from '../account/state';
import { formatDate } from '../account/tokens-page';
import { profileApi, type Profile, type ProfileGame } from './api';
import { FILTER_RESULTS, FILTER_VARIANTS, appendPage, exportPath, filtersFromSearch, filtersToSearch, opponentSeat, outcomeOf, type GameFilters } from './filters';
import { POOLS, formatRating } from './rating';
import { describePlayer, profilePath } from './label';
import { renderPlayerLabel } from './player-name';
import { renderRatingPlot } from './plot';
import '../lobby/messages';
import './messages';
import './profile.css';

const PAGE_SIZE = 20;

class ProfilePage implements Page {
  profile: Profile | null = null;
  notFound = false;
  error = '';
  filters: GameFilters;
  games: ProfileGame[] = [];
  next: string | number | null = null;
  gamesLoaded = false;
  gamesBusy = false;
  gamesError = '';
  destroyed = false;
  private loadNo = 0;

  constructor(public name: string) {
    this.filters = filtersFromSearch(location.search);
    void this.load();
    void this.loadGames(false);
  }

  async load(): Promise<void> {
    try {
      this.profile = await profileApi.player(this.name);
      document.title = `${this.profile.name} · Arbiter`;
    } catch (e) {
      this.notFound = e instanceof ApiError && e.status === 404;
      this.error = this.notFound ? '' : errorText(e);
    }
    redraw();
  }

  /** The first page for the current filters, or (more) the page after the shown ones. */
  async loadGames(more: boolean): Promise<void> {
    const no = ++this.loadNo;
    this.gamesBusy = true;
    redraw();
    try {
      const r = await profileApi.games(this.name, this.filters, more ? this.next : null, PAGE_SIZE);
      if (no !== this.loadNo || this.destroyed) return;
      const page = Array.isArray(r.games) ? r.games : [];
      this.games = more ? appendPage(this.games, page) : page;
      this.next = r.next ?? null;
      this.gamesError = '';
    } catch (e) {
      if (no !== this.loadNo) return;
      this.gamesError = errorText(e);
    }
    this.gamesBusy = false;
    this.gamesLoaded = true;
    redraw();
  }

  setFilters(f: Partial<GameFilters>): void {
    this.filters = { ...this.filters, ...f };
    // the filters live in the address: a reload or a shared link shows the same list
    history.replaceState(null, '', profilePath(this.name) + filtersToSearch(this.filters));
    this.games = [];
    this.next = null;
    this.gamesLoaded = false;
    void this.loadGames(false);
  }

  destroy(): void {
    this.destroyed = true;
    document.title = 'Arbiter';
  }

  render(): VNode {
    if (this.notFound)
      return h('div.profile-page.card', { attrs: { 'data-testid': 'profile-missing' } }, [
        h('p', t('profile.notFound', { name: this.name })),
        h('a', { attrs: { href: '/' }, on: { click: linkHandler('/') } }, t('app.home')),
      ]);
    if (this.error) return h('div.profile-page', [h('p.error', { attrs: { role: 'alert' } }, this.error)]);
    const p = this.profile;
    if (!p) return h('div.profile-page', { attrs: { 'aria-busy': 'true' } }, [h('p.muted', t('profile.loading'))]);
    const me = account()?.name.toLowerCase() === p.name.toLowerCase();
    return h('div.profile-page', { attrs: { 'data-testid': 'profile-page', 'data-name': p.name } }, [
      h('section.card.profile-head', [
        h('h1', { attrs: { 'data-testid': 'profile-name' } }, p.name),
        h('p.muted', [t('profile.memberSince', { date: formatDate(p.createdAt) }), me ? ' · ' + t('profile.you') : '']),
      ]),
      this.renderRatings(p),
      this.renderGames(),
      this.renderExport(p),
    ]);
  }

  private renderRatings(p: Profile): VNode {
    const pools = POOLS.filter((pool) => p.ratings?.[pool]);
    const extra = Object.keys(p.ratings ?? {}).filter((k) => !(POOLS as readonly string[]).includes(k));
    const all = [...pools, ...extra];
    const anyProvisional = all.some((pool) => p.ratings[pool].provisional);
    return h('section.card.profile-ratings', { attrs: { 'data-testid': 'profile-ratings' } }, [
      h('h2', t('profile.ratings')),
      !all.length
        ? h('p.muted', t('profile.noRatings'))
        : h('table.ratings-table', [
            h('thead', [h('tr', [h('th', { attrs: { scope: 'col' } }, t('profile.pool')), h('th', { attrs: { scope: 'col' } }, t('profile.rating')), h('th', { attrs: { scope: 'col' } }, t('profile.games'))])]),
            h(
              'tbody',
              all.map((pool) => {
                const r = p.ratings[pool];
                return h('tr', { attrs: { 'data-testid': `rating-${pool}`, 'data-rating': String(Math.round(r.rating)), 'data-provisional': String(!!r.provisional) } }, [
                  h('th', { attrs: { scope: 'row' } }, t(`pool.${pool}`)),
                  h('td.num', { attrs: { title: r.provisional ? t('player.provisional') : '' } }, formatRating(r.rating, r.provisional)),
                  h('td.num', typeof r.games === 'number' ? String(r.games) : ''),
                ]);
              }),
            ),
          ]),
      anyProvisional ? h('p.help', t('profile.provisionalNote')) : null,
      ...all
        .filter((pool) => (p.history?.[pool] ?? []).length > 0)
        .map((pool) => h('figure.rating-history', [h('figcaption', `${t('profile.history')} · ${t(`pool.${pool}`)}`), renderRatingPlot(pool, t(`pool.${pool}`), p.history[pool])])),
    ]);
  }

  private renderGames(): VNode {
    const f = this.filters;
    const select = (id: string, label: string, value: string | null, options: readonly string[], text: (v: string) => string, set: (v: string | null) => void) =>
      h('label.field-inline', [
        h('span', label),
        h(
          'select',
          { attrs: { 'data-testid': id }, on: { change: (e: Event) => set((e.target as HTMLSelectElement).value || null) } },
          [h('option', { attrs: { value: '' }, props: { selected: !value } }, t('profile.all')), ...options.map((o) => h('option', { attrs: { value: o }, props: { selected: o === value } }, text(o)))],
        ),
      ]);
    return h('section.card.profile-games', { attrs: { 'data-testid': 'profile-games' } }, [
      h('h2', t('profile.gamesTitle')),
      h('div.filters', [
        select('filter-variant', t('profile.filterVariant'), f.variant, FILTER_VARIANTS, (v) => t(`lobby.variant.${v}`), (v) => this.setFilters({ variant: v as GameFilters['variant'] })),
        select('filter-result', t('profile.filterResult'), f.result, FILTER_RESULTS, (v) => t(`profile.result.${v}`), (v) => this.setFilters({ result: v as GameFilters['result'] })),
      ]),
      this.gamesError ? h('p.error', { attrs: { role: 'alert' } }, this.gamesError) : null,
      this.gamesLoaded && !this.games.length && !this.gamesError ? h('p.muted', { attrs: { 'data-testid': 'profile-no-games' } }, t('profile.noGames')) : null,
      h('ul.games.profile-game-list', { attrs: { 'data-testid': 'profile-game-list', 'aria-busy': String(this.gamesBusy) } }, this.games.map((g) => this.gameRow(g))),
      this.next !== null && this.next !== undefined && this.next !== ''
        ? h('button', { attrs: { type: 'button', 'data-testid': 'profile-more', disabled: this.gamesBusy }, on: { click: () => void this.loadGames(true) } }, t('profile.more'))
        : null,
    ]);
  }

  private gameRow(g: ProfileGame): VNode {
    const outcome = outcomeOf(g);
    const mine = g.players?.[g.seat as 'white' | 'black'];
    const opp = opponentSeat(g.seat);
    const oppLabel = opp ? describePlayer(g.players?.[opp]) : null;
    const href = `/game/${g.id}`;
    const diff = mine && typeof mine.ratingDiff === 'number' ? describePlayer(mine) : null;
    return h('li.profile-game', { attrs: { 'data-testid': 'profile-game', 'data-id': g.id, 'data-outcome': outcome } }, [
      h('span.when.muted', formatDate(g.createdAt)),
      h('span.v', [t(`lobby.variant.${g.variant}`), ' ', h('span.tc', g.clock ? formatTimeControl(g.clock) : t('lobby.untimed')), g.rated ? h('span.badge.rated-badge', t('profile.rated')) : null]),
      h('span.opp', oppLabel ? [h('span.muted', t('profile.vs') + ' '), renderPlayerLabel(oppLabel)] : []),
      h(`span.outcome.${outcome}`, { attrs: { 'data-testid': 'profile-outcome' } }, [t(`profile.result.${outcome}`), diff?.diff ? h(`span.rating-diff.${diff.diffClass}`, ` ${diff.diff}`) : null]),
      h('a.button', { attrs: { href, 'data-testid': `profile-open-${g.id}` }, on: { click: linkHandler(href) } }, t('profile.open')),
    ]);
  }

  private renderExport(p: Profile): VNode {
    return h('section.card.profile-export', { attrs: { 'data-testid': 'profile-export' } }, [
      h('h2', t('profile.export')),
      h('p.help', t('profile.exportHelp')),
      h(
        'ul.export-links',
        FILTER_VARIANTS.map((v) =>
          h('li', [h('a', { attrs: { href: exportPath(p.name, v), download: `${p.name}-${v}.${v === 'chess' ? 'pgn' : 'txt'}`, 'data-testid': `export-${v}` } }, t(`lobby.variant.${v}`))]),
        ),
      ),
    ]);
  }
}

export function profilePage(name: string): Page {
  // /@/name is the same page at its served address
  if (location.pathname.startsWith('/@/')) history.replaceState(null, '', profilePath(name) + location.search);
  return new ProfilePage(name);
}
