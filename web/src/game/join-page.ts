// /join/:id#INVITE: the game's facts, the colour the joiner will play, the assist consent,
// and the Join button (a rated game needs an account: the refusal says so).
import { h, type VNode } from 'snabbdom';
import type { Page } from '../app';
import { navigate, redraw, linkHandler } from '../app';
import { api, ApiError } from '../api';
import { t } from '../i18n';
import { getSeat, setSeat } from '../session';
import { account, accountKnown } from '../account/state';
import type { GameSummary, Seat } from '../games/types';
import { formatTimeControl } from './clock';
import { errorText, joinProblem } from '../problems';
import { parseJoinHash } from './invite';
import './messages';
import '../lobby/messages';
import './game.css';

class JoinPage implements Page {
  summary: GameSummary | null = null;
  joined: Seat | null = null; // the join answer's seat
  error = '';
  assist = false;
  busy = false;

  constructor(
    public id: string,
    public invite: string,
    /** The colour the link says the joiner will play (parseJoinHash). */
    public seat: Seat | null = null,
  ) {
    const mine = getSeat(id);
    if (mine) {
      queueMicrotask(() => navigate(`/game/${id}`, true));
      return;
    }
    void this.load();
  }

  async load(): Promise<void> {
    try {
      const g = await api.game(this.id);
      const { view: _v, ...s } = g;
      this.summary = s as GameSummary;
      if (s.status !== 'open') this.error = joinProblem({ status: s.status });
    } catch (e) {
      this.error = e instanceof ApiError && e.status === 404 ? t('game.notFound') : t('error.generic', { error: errorText(e) });
    }
    redraw();
  }

  async join(): Promise<void> {
    this.busy = true;
    redraw();
    try {
      const body: { invite?: string; assist?: boolean } = {};
      if (this.invite) body.invite = this.invite;
      if (this.summary?.assist?.proposed) body.assist = this.assist;
      const r = await api.join(this.id, body);
      this.joined = r.seat;
      setSeat(this.id, { seat: r.seat, token: r.token });
      navigate(`/game/${this.id}`, true);
    } catch (e) {
      this.busy = false;
      this.error = joinProblem({ error: e });
      redraw();
    }
  }

  render(): VNode {
    const s = this.summary;
    // The join answer, else the server's free seat, else what the link says.
    const youPlay = this.joined ?? s?.freeSeat ?? this.seat;
    return h('div.join-page.card', { attrs: { 'data-testid': 'join-page' } }, [
      h('h1', t('join.title')),
      s
        ? h('dl.facts', [
            h('dt', t('join.variant')),
            h('dd', [t(`variant.${s.variant}`), h('br'), h('small.muted', t(`lobby.variantHelp.${s.variant}`))]),
            h('dt', t('join.clock')),
            h('dd', s.clock ? formatTimeControl(s.clock) : t('game.noClock')),
            ...(s.rated ? [h('dt', t('lobby.rated')), h('dd', { attrs: { 'data-testid': 'join-rated' } }, t('lobby.ratedHelp'))] : []),
          ])
        : null,
      youPlay && (!s || s.status === 'open')
        ? h('p.join-seat', { attrs: { 'data-testid': 'join-seat', 'data-seat': youPlay } }, [
            h(`span.side-chip.${youPlay}`, { attrs: { 'aria-hidden': 'true' } }),
            ' ' + t('join.youPlay', { side: t(`seat.${youPlay}`) }),
          ])
        : null,
      s?.assist?.proposed
        ? h('label.check', [h('input', { attrs: { type: 'checkbox', 'data-testid': 'join-assist' }, props: { checked: this.assist }, on: { change: (e: Event) => (this.assist = (e.target as HTMLInputElement).checked) } }), ' ' + t('join.assist')])
        : null,
      this.error ? h('p.error', { attrs: { role: 'alert' } }, this.error) : null,
      // a rated game takes only accounts (docs/players.md)
      s?.rated && accountKnown() && !account()
        ? h('p', [h('a', { attrs: { href: this.loginHref(), 'data-testid': 'join-login' }, on: { click: linkHandler(this.loginHref()) } }, t('lobby.ratedNeedsAccount'))])
        : null,
      s && s.status === 'open'
        ? h('button.primary.big', { attrs: { type: 'button', 'data-testid': 'join-button', disabled: this.busy }, on: { click: () => void this.join() } }, t('join.button'))
        : null,
      h('p', [h('a', { attrs: { href: `/game/${this.id}`, 'data-testid': 'join-watch' }, on: { click: linkHandler(`/game/${this.id}`) } }, t('join.watch'))]),
    ]);
  }

  private loginHref(): string {
    return `/login?next=${encodeURIComponent(location.pathname + location.hash)}`;
  }

  destroy(): void {}
}

export function joinPage(id: string, hash: string): Page {
  const { invite, seat } = parseJoinHash(hash);
  return new JoinPage(id, invite, seat);
}
