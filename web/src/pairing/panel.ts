// The lobby's "Play now": a button per pool and, when logged in, a Rated switch. A click opens
// a seek (seek.ts) and shows "Waiting…" with Cancel (aborting the request ends the seek on the
// server); once paired the seat's token is kept like a created or joined game's, and the game
// opens.
import { h, type VNode } from 'snabbdom';
import { navigate, redraw, linkHandler } from '../app';
import { call, ApiError } from '../api';
import { t } from '../i18n';
import { errorText } from '../problems';
import { setSeat } from '../session';
import { account, accountKnown } from '../account/state';
import { formatTimeControl } from '../game/clock';
import { poolOf } from '../profile/rating';
import { QUICK_POOLS, waitingIn, type PoolCount, type QuickPool } from './pools';
import { seek } from './seek';
import './messages';
import '../profile/player-messages';
import './pairing.css';

const RATED_KEY = 'arbiter.quickRated';
// a server that does not count seeks is not asked again until the page is reloaded
let countsUnsupported = false;

export class QuickPairing {
  ratedWanted = false;
  active: { pool: QuickPool; rated: boolean; controller: AbortController } | null = null;
  error = '';
  counts: PoolCount[] = [];

  constructor() {
    try {
      this.ratedWanted = localStorage.getItem(RATED_KEY) === '1';
    } catch {
      /* ignore */
    }
  }

  /** Rated only with an account. */
  rated(): boolean {
    return this.ratedWanted && !!account();
  }

  /** The pools' waiting counts (GET /api/seeks); quietly nothing from a server without seeks. */
  async refreshCounts(): Promise<void> {
    if (countsUnsupported) return;
    try {
      const r = await call<{ pools: PoolCount[] }>('GET', '/api/seeks');
      this.counts = Array.isArray(r?.pools) ? r.pools : [];
    } catch (e) {
      if (e instanceof ApiError && (e.status === 404 || e.status === 405 || e.status === 501)) countsUnsupported = true;
      this.counts = [];
    }
  }

  async start(pool: QuickPool): Promise<void> {
    this.cancel();
    const controller = new AbortController();
    const rated = this.rated();
    this.active = { pool, rated, controller };
    this.error = '';
    redraw();
    try {
      const p = await seek({ variant: pool.variant, clock: pool.clock, rated, color: 'random' }, controller.signal);
      if (this.active?.controller !== controller) return;
      this.active = null;
      setSeat(p.game, { seat: p.seat, token: p.token });
      navigate(`/game/${p.game}`);
    } catch (e) {
      if (controller.signal.aborted || this.active?.controller !== controller) return; // cancelled
      this.active = null;
      this.error = e instanceof ApiError && e.code === 'seek-ended' ? t('pair.ended') : t('pair.failed', { error: errorText(e) });
      redraw();
    }
  }

  cancel(): void {
    const a = this.active;
    this.active = null;
    a?.controller.abort();
  }

  destroy(): void {
    this.cancel();
  }

  private poolName(p: QuickPool): string {
    if (p.variant !== 'chess') return t(`lobby.variant.${p.variant}`);
    return p.clock ? formatTimeControl(p.clock) : t('pair.untimed');
  }

  private poolSub(p: QuickPool): string {
    if (p.variant === 'chess') {
      // the speed under the clock; untimed says it all in its name
      const pool = p.clock ? poolOf(p.variant, p.clock) : null;
      return pool ? t(`pool.${pool}`).replace(/^.*· /, '') : '';
    }
    return p.clock ? formatTimeControl(p.clock) : t('pair.untimed');
  }

  render(): VNode {
    const a = this.active;
    const logged = !!account();
    const rated = this.rated();
    return h('section.quick.card', { attrs: { 'aria-labelledby': 'quick-title', 'data-testid': 'quick-pairing', 'data-state': a ? 'waiting' : 'idle' } }, [
      h('h2#quick-title', t('pair.title')),
      h('p.help', t('pair.help')),
      h('div.quick-pools', [
        ...QUICK_POOLS.map((p) => {
          const n = waitingIn(this.counts, p, rated);
          const waitingHere = a?.pool.id === p.id;
          return h(
            'button.quick-pool',
            {
              class: { waiting: waitingHere },
              attrs: { type: 'button', 'data-testid': `quick-${p.id}`, 'aria-pressed': String(waitingHere), disabled: !!a && !waitingHere },
              on: { click: () => (waitingHere ? this.cancel() : void this.start(p), redraw()) },
            },
            [h('strong', this.poolName(p)), this.poolSub(p) ? h('small', this.poolSub(p)) : null, n > 0 ? h('small.quick-count', t('pair.waitingCount', { n })) : null],
          );
        }),
      ]),
      logged
        ? h('label.check', [
            h('input', {
              attrs: { type: 'checkbox', 'data-testid': 'quick-rated', disabled: !!a, 'aria-describedby': 'quick-rated-help' },
              props: { checked: this.ratedWanted },
              on: {
                change: (e: Event) => {
                  this.ratedWanted = (e.target as HTMLInputElement).checked;
                  try {
                    localStorage.setItem(RATED_KEY, this.ratedWanted ? '1' : '0');
                  } catch {
                    /* ignore */
                  }
                  redraw();
                },
              },
            }),
            h('span', [t('pair.rated'), h('br'), h('small#quick-rated-help.muted', t('pair.ratedHelp'))]),
          ])
        : accountKnown()
          ? h('p.help', [h('a', { attrs: { href: '/login?next=/' }, on: { click: linkHandler('/login?next=/') } }, t('pair.loginForRated'))])
          : null,
      a
        ? h('div.quick-waiting', { attrs: { role: 'status', 'aria-live': 'polite', 'data-testid': 'quick-waiting' } }, [
            h('span.spinner', { attrs: { 'aria-hidden': 'true' } }),
            h('span', t('pair.waiting', { pool: `${this.poolName(a.pool)} · ${t(a.rated ? 'pair.kind.rated' : 'pair.kind.casual')}` })),
            h('button', { attrs: { type: 'button', 'data-testid': 'quick-cancel' }, on: { click: () => (this.cancel(), redraw()) } }, t('pair.cancel')),
          ])
        : null,
      this.error ? h('p.error', { attrs: { role: 'alert', 'data-testid': 'quick-error' } }, this.error) : null,
    ]);
  }
}
