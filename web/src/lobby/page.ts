// The lobby: create a game; lists of open, running and finished games (refreshed by itself).
import { h, type VNode } from 'snabbdom';
import type { Page } from '../app';
import { navigate, redraw, linkHandler, route } from '../app';
import { api, ApiError } from '../api';
import { t } from '../i18n';
import { errorText } from '../problems';
import { allSeats, getSeat, setSeat } from '../session';
import type { GameSummary } from '../games/types';
import { formatTimeControl } from '../game/clock';
import { arrangeLists, assistBadge, playerNames } from './lists';
import { QuickPairing } from '../pairing/panel';
import { account } from '../account/state';
import { renderPlayerLabel } from '../profile/player-name';
import { LEVELS, levelCatalog, levelHelpText, levelOptionText, loadLevels } from './levels';
import './messages';
import './lobby.css';

// The full rules (docs/rules.md) at /rules, loaded only when asked for. Registered here, with
// the first bundle, because the lobby links to it (/rules#chess, #chiefspy, #minesweeper).
route(/^\/rules\/?$/, async (_params, hash) => (await import('./rules-page')).rulesPage(hash));

export const PRESETS: { id: string; initial: number; increment: number }[] = [
  { id: '1+0', initial: 60, increment: 0 },
  { id: '3+2', initial: 180, increment: 2 },
  { id: '5+3', initial: 300, increment: 3 },
  { id: '10+0', initial: 600, increment: 0 },
  { id: '15+10', initial: 900, increment: 10 },
  { id: '30+0', initial: 1800, increment: 0 },
];

type Variant = 'chess' | 'chiefspy' | 'minesweeper';
type Opponent = 'human' | 'computer' | 'local';
const VARIANTS: Variant[] = ['chess', 'chiefspy', 'minesweeper'];
// This browser's games the server does not list (a friends' game made by invite), asked for
// one by one: at most this many, the newest.
const MAX_UNLISTED = 20;

export function agoText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return t('lobby.ago.s');
  if (s < 3600) return t('lobby.ago.m', { n: Math.floor(s / 60) });
  if (s < 86400) return t('lobby.ago.h', { n: Math.floor(s / 3600) });
  return t('lobby.ago.d', { n: Math.floor(s / 86400) });
}

class LobbyPage implements Page {
  variant: Variant = 'chess';
  time = '5+3';
  customMin = 10;
  customInc = 5;
  colour: 'white' | 'black' | 'random' = 'random';
  opponent: Opponent = 'human';
  level = 3;
  isPublic = false;
  assist = false;
  rated = false;
  quick = new QuickPairing();
  busy = false;
  error = '';
  listError = '';
  open: GameSummary[] = [];
  active: GameSummary[] = [];
  finished: GameSummary[] = [];
  unlisted: GameSummary[] = [];
  loaded = false;
  timer: ReturnType<typeof setInterval>;
  private onVisible = () => {
    if (document.visibilityState === 'visible') void this.refresh();
  };

  constructor() {
    try {
      const saved = JSON.parse(localStorage.getItem('arbiter.lobby') ?? 'null');
      if (saved && typeof saved === 'object') {
        if (VARIANTS.includes(saved.variant)) this.variant = saved.variant;
        if (typeof saved.time === 'string') this.time = saved.time;
        if (typeof saved.customMin === 'number') this.customMin = saved.customMin;
        if (typeof saved.customInc === 'number') this.customInc = saved.customInc;
        if (['white', 'black', 'random'].includes(saved.colour)) this.colour = saved.colour;
        if (['human', 'computer', 'local'].includes(saved.opponent)) this.opponent = saved.opponent;
        if (typeof saved.level === 'number') this.level = saved.level;
      }
    } catch {
      /* ignore */
    }
    void this.refresh();
    // each level's Elo estimate and description, for the level selector
    if (!levelCatalog()) void loadLevels().then((c) => c && redraw());
    this.timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') void this.refresh();
    }, 4000);
    document.addEventListener('visibilitychange', this.onVisible);
  }

  destroy(): void {
    this.quick.destroy(); // a seek lives as long as its request: leaving the lobby ends it
    clearInterval(this.timer);
    document.removeEventListener('visibilitychange', this.onVisible);
  }

  async refresh(): Promise<void> {
    try {
      const counts = this.quick.refreshCounts();
      const [open, active, finished] = await Promise.all([api.list('open'), api.list('active'), api.list('finished')]);
      await counts;
      this.open = open.slice(0, 50);
      this.active = active.slice(0, 50);
      this.finished = finished.slice(0, 20);
      this.unlisted = await this.fetchUnlisted(new Set([...open, ...active, ...finished].map((g) => g.id)));
      this.listError = '';
    } catch (e) {
      this.listError = t('lobby.listError', { error: errorText(e) });
    }
    this.loaded = true;
    redraw();
  }

  /** This browser's live games missing from the server's lists, from the server one by one. */
  private async fetchUnlisted(listed: Set<string>): Promise<GameSummary[]> {
    const seats = allSeats();
    const ids = Object.keys(seats)
      .filter((id) => !listed.has(id) && !seats[id].over)
      .slice(-MAX_UNLISTED);
    const games = await Promise.all(
      ids.map(async (id) => {
        try {
          const { view: _view, ...g } = await api.game(id, seats[id].token);
          if (g.status !== 'open' && g.status !== 'active') setSeat(id, { ...seats[id], over: true });
          return g as GameSummary;
        } catch (e) {
          // gone, or not this browser's seat after all: not asked again
          if (e instanceof ApiError && (e.status === 404 || e.status === 401)) setSeat(id, { ...seats[id], over: true });
          return null;
        }
      }),
    );
    return games.filter((g): g is GameSummary => g !== null);
  }

  clock(): { initial: number; increment: number } | null {
    if (this.time === 'none') return null;
    if (this.time === 'custom') return { initial: Math.max(1, Math.round(this.customMin * 60)), increment: Math.max(0, Math.round(this.customInc)) };
    const p = PRESETS.find((x) => x.id === this.time) ?? PRESETS[2];
    return { initial: p.initial, increment: p.increment };
  }

  private save(): void {
    try {
      const { variant, time, customMin, customInc, colour, opponent, level } = this;
      localStorage.setItem('arbiter.lobby', JSON.stringify({ variant, time, customMin, customInc, colour, opponent, level }));
    } catch {
      /* ignore */
    }
  }

  async create(): Promise<void> {
    this.busy = true;
    this.error = '';
    this.save();
    redraw();
    try {
      const req: Parameters<typeof api.createGame>[0] = { variant: this.variant, clock: this.clock(), color: this.colour, opponent: this.opponent };
      if (this.opponent === 'computer') req.level = this.level;
      if (this.opponent === 'human' && this.isPublic) req.public = true;
      if (this.variant !== 'chess' && this.assist) req.assist = true;
      if (this.canRate() && this.rated) req.rated = true;
      const r = await api.createGame(req);
      setSeat(r.id, { seat: r.seat, token: r.token, tokens: r.tokens, invitePath: r.invitePath, level: this.opponent === 'computer' ? this.level : undefined });
      navigate(`/game/${r.id}`);
    } catch (e) {
      this.busy = false;
      this.error = errorText(e);
      redraw();
    }
  }

  /** A rated game needs an account and a person as the opponent (docs/players.md). */
  canRate(): boolean {
    return !!account() && this.opponent === 'human';
  }

  render(): VNode {
    return h('div.lobby', { attrs: { 'data-testid': 'lobby' } }, [h('div.lobby-main', [this.quick.render(), this.renderCreate()]), this.renderLists()]);
  }

  private radio<T extends string>(name: string, value: T, current: T, label: string, set: (v: T) => void, extra?: VNode | null): VNode {
    return h('label.choice', { class: { selected: value === current } }, [
      h('input', {
        attrs: { type: 'radio', name, value, 'data-testid': `${name}-${value}` },
        props: { checked: value === current },
        on: { change: () => (set(value), redraw()) },
      }),
      h('span', label),
      extra ?? null,
    ]);
  }

  private renderCreate(): VNode {
    const hidden = this.variant !== 'chess';
    return h('section.create.card', { attrs: { 'aria-labelledby': 'create-title' } }, [
      h('h2#create-title', t('lobby.create')),
      h('form', { on: { submit: (e: Event) => (e.preventDefault(), void this.create()) } }, [
        h('fieldset', [
          h('legend', t('lobby.variant')),
          h('div.choices', VARIANTS.map((v) => this.radio('variant', v, this.variant, t(`lobby.variant.${v}`), (x) => (this.variant = x)))),
          h('p.help', [
            t(`lobby.variantHelp.${this.variant}`),
            ' ',
            h('a', { attrs: { href: `/rules#${this.variant}`, 'data-testid': 'rules-link' }, on: { click: linkHandler(`/rules#${this.variant}`) } }, t('lobby.rulesLink')),
          ]),
        ]),
        h('fieldset', [
          h('legend', t('lobby.time')),
          h('div.choices.time', [
            ...PRESETS.map((p) => this.radio('time', p.id, this.time, p.id, (x) => (this.time = x))),
            this.radio('time', 'custom', this.time, t('lobby.custom'), (x) => (this.time = x)),
            this.radio('time', 'none', this.time, t('lobby.none'), (x) => (this.time = x)),
          ]),
          h('p.help', t('lobby.timeHelp')),
          this.time === 'custom'
            ? h('div.custom', [
                h('label', [
                  h('span', t('lobby.minutes')),
                  h('input', {
                    attrs: { type: 'number', min: 1, max: 1440, step: 1, 'data-testid': 'custom-minutes' },
                    props: { value: String(this.customMin) },
                    on: { input: (e: Event) => (this.customMin = Number((e.target as HTMLInputElement).value) || 1) },
                  }),
                ]),
                h('label', [
                  h('span', t('lobby.increment')),
                  h('input', {
                    attrs: { type: 'number', min: 0, max: 180, step: 1, 'data-testid': 'custom-increment' },
                    props: { value: String(this.customInc) },
                    on: { input: (e: Event) => (this.customInc = Number((e.target as HTMLInputElement).value) || 0) },
                  }),
                ]),
              ])
            : null,
        ]),
        h('fieldset', [
          h('legend', t('lobby.opponent')),
          h('div.choices.col', [
            this.radio('opponent', 'human', this.opponent, t('lobby.friend'), (x) => (this.opponent = x)),
            this.radio(
              'opponent',
              'computer',
              this.opponent,
              t('lobby.computer'),
              (x) => (this.opponent = x),
              this.opponent === 'computer'
                ? h('span.level', [
                    h('label', [
                      h('span', ` ${t('lobby.level')} `),
                      h(
                        'select',
                        {
                          attrs: { 'data-testid': 'level', 'aria-describedby': 'level-help' },
                          on: { change: (e: Event) => ((this.level = Number((e.target as HTMLSelectElement).value)), redraw()) },
                        },
                        LEVELS.map((n) => h('option', { attrs: { value: String(n) }, props: { selected: n === this.level } }, levelOptionText(levelCatalog(), this.variant, n))),
                      ),
                    ]),
                    // the selected level in one line: how it plays, and what its Elo is measured against
                    h('small#level-help.muted.level-help', { attrs: { 'data-testid': 'level-description' } }, levelHelpText(levelCatalog(), this.variant, this.level)),
                  ])
                : null,
            ),
            this.radio('opponent', 'local', this.opponent, t('lobby.local'), (x) => (this.opponent = x)),
          ]),
          this.opponent === 'human'
            ? h('label.check', [
                h('input', { attrs: { type: 'checkbox', 'data-testid': 'public' }, props: { checked: this.isPublic }, on: { change: (e: Event) => (this.isPublic = (e.target as HTMLInputElement).checked) } }),
                h('span', t('lobby.public')),
              ])
            : null,
          // rated: only with an account and against a person; otherwise shown disabled, saying why
          h('label.check', { class: { disabled: !this.canRate() } }, [
            h('input', {
              attrs: { type: 'checkbox', 'data-testid': 'rated', disabled: !this.canRate(), 'aria-describedby': 'rated-help' },
              props: { checked: this.canRate() && this.rated },
              on: { change: (e: Event) => ((this.rated = (e.target as HTMLInputElement).checked), redraw()) },
            }),
            h('span', [t('lobby.rated'), h('br'), h('small#rated-help.muted', t(!account() ? 'lobby.ratedNeedsAccount' : this.opponent !== 'human' ? 'lobby.ratedNeedsPerson' : 'lobby.ratedHelp'))]),
          ]),
        ]),
        this.opponent !== 'local'
          ? h('fieldset', [
              h('legend', t('lobby.colour')),
              h('div.choices', [
                this.radio('colour', 'white', this.colour, t('lobby.white'), (x) => (this.colour = x)),
                this.radio('colour', 'random', this.colour, t('lobby.random'), (x) => (this.colour = x)),
                this.radio('colour', 'black', this.colour, t('lobby.black'), (x) => (this.colour = x)),
              ]),
            ])
          : null,
        hidden
          ? h('fieldset', [
              h('label.check', [
                h('input', { attrs: { type: 'checkbox', 'data-testid': 'assist' }, props: { checked: this.assist }, on: { change: (e: Event) => ((this.assist = (e.target as HTMLInputElement).checked), redraw()) } }),
                // against the computer or on one device the creator's choice stands (docs/api.md)
                h('span', t(this.opponent === 'human' ? 'lobby.assist' : 'lobby.assistSolo')),
              ]),
              h('p.help', { attrs: { 'data-testid': 'assist-help' } }, t(this.opponent === 'human' ? 'lobby.assistHelp' : 'lobby.assistHelpSolo')),
            ])
          : null,
        this.error ? h('p.error', { attrs: { role: 'alert', 'data-testid': 'create-error' } }, this.error) : null,
        h('button.primary.big', { attrs: { type: 'submit', 'data-testid': 'create-game', disabled: this.busy } }, this.busy ? t('lobby.creating') : t('lobby.createButton')),
      ]),
    ]);
  }

  private gameRow(g: GameSummary, kind: 'open' | 'active' | 'finished'): VNode {
    const mine = getSeat(g.id);
    const href = kind === 'open' && !mine ? `/join/${g.id}` : `/game/${g.id}`;
    const label = kind === 'open' ? (mine ? t('lobby.yours') : t('lobby.join')) : kind === 'active' ? (mine ? t('lobby.resume') : t('lobby.watch')) : t('lobby.view');
    const result = g.status === 'aborted' ? t('lobby.aborted') : g.result?.score ?? '';
    const badge = assistBadge(g);
    return h('li.game-row', { attrs: { 'data-testid': `${kind}-game`, 'data-id': g.id } }, [
      h('span.v', t(`lobby.variant.${g.variant}`)),
      h('span.tc', g.clock ? formatTimeControl(g.clock) : t('lobby.untimed')),
      // an open game is waiting for its second player: who is in it says little yet
      kind === 'open' ? h('span.opp.muted', t(`lobby.opp.${g.opponent}`)) : this.players(g),
      kind === 'finished' ? h('span.res', result) : h('span.ago.muted', agoText(Date.now() - g.createdAt)),
      badge ? h('span.badge.assist-badge', { attrs: { title: badge.title, 'data-testid': 'assist-badge' } }, [badge.text, h('span.sr-only', `: ${badge.title}`)]) : h('span.badge-slot'),
      h('a.button', { class: { primary: kind === 'open' && !mine }, attrs: { href, 'data-testid': `${kind}-${label === t('lobby.join') ? 'join' : 'open'}-${g.id}` }, on: { click: linkHandler(href) } }, label),
    ]);
  }

  /** Who played: "You – Computer level 3", names with ratings, with the colours when they are known. */
  private players(g: GameSummary): VNode {
    const [a, b] = playerNames(g, getSeat(g.id));
    const one = (p: ReturnType<typeof playerNames>[number]) => {
      const name = p.label ? renderPlayerLabel(p.label) : p.name;
      return h('span.player-name', p.side ? [h(`span.pc.${p.side}`, { attrs: { 'aria-hidden': 'true' } }), h('span.sr-only', `${t(`lobby.${p.side}`)}: `), name] : [name]);
    };
    return h('span.players', { attrs: { 'data-testid': 'players' } }, [one(a), h('span.muted', ' – '), one(b)]);
  }

  private renderList(kind: 'open' | 'active' | 'finished', games: GameSummary[], empty: string): VNode {
    return h('section.list.card', { attrs: { 'data-testid': `list-${kind}` } }, [
      h('h2', t(`lobby.${kind}`)),
      this.loaded && !games.length ? h('p.muted', empty) : h('ul.games', games.map((g) => this.gameRow(g, kind))),
    ]);
  }

  private renderLists(): VNode {
    // each game once: one's own live games under "Your games" only (docs/web.md)
    const lists = arrangeLists({ open: this.open, active: this.active, finished: this.finished }, allSeats(), this.unlisted);
    const mine = lists.mine;
    return h('div.lists', [
      this.listError ? h('p.error', this.listError) : null,
      mine.length ? h('section.list.card', { attrs: { 'data-testid': 'list-mine' } }, [h('h2', t('lobby.mine')), h('ul.games', mine.map((g) => this.gameRow(g, g.status === 'open' ? 'open' : 'active')))]) : null,
      this.renderList('open', lists.open, t('lobby.openEmpty')),
      this.renderList('active', lists.active, t('lobby.activeEmpty')),
      this.renderList('finished', lists.finished, t('lobby.finishedEmpty')),
      h('section.list.card.companion-link', { attrs: { 'data-testid': 'companion-card' } }, [
        h('h2', t('lobby.companionTitle')),
        h('p', t('lobby.companionText')),
        h('a.button', { attrs: { href: '/companion', 'data-testid': 'open-companion' }, on: { click: linkHandler('/companion') } }, t('lobby.companionOpen')),
      ]),
    ]);
  }
}

export function lobbyPage(): Page {
  return new LobbyPage();
}
