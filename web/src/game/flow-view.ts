// The game page's flow state and controls around the moves (flow.ts decides): Abort, "+15 s",
// Takeback (chess), the opponent-left notice with its countdown and the claims, and the
// announcement of the last such event. Spectators get the announcements only.
import { h, type VNode } from 'snabbdom';
import { t } from '../i18n';
import type { Seat } from '../games/types';
import { claimOpensAt, flowButtons, flowNotice, secondsLeft, type FlowButtons, type FlowState, type OpponentGone } from './flow';

type Button = (id: string, label: string, on: () => void, cls?: string, aria?: string) => VNode;
type Control = (action: object) => void;

export class GameFlow {
  takebackOffer: Seat | null = null;
  abortable: boolean | null = null;
  gone: OpponentGone | null = null;
  opensAt = 0;
  notice = '';
  private shown = -1;

  absorbView(view: any): void {
    if (!view) return;
    this.takebackOffer = view.takebackOffer ?? null;
    if (typeof view.abortable === 'boolean') this.abortable = view.abortable;
    if ('opponentGone' in view) this.setGone(view.opponentGone);
    if (view.status && view.status !== 'active') this.gone = null;
  }

  /** A presence message or a view's `opponentGone`. */
  setGone(gone: OpponentGone | null | undefined, now = performance.now()): void {
    this.gone = gone && typeof gone.since === 'number' ? gone : null;
    this.opensAt = this.gone ? claimOpensAt(this.gone, now) : 0;
    this.shown = -1;
  }

  /** Returns the announcement the event makes, if any. */
  onEvent(ev: any, seat: Seat | 'spectator', local: boolean): string | null {
    switch (ev?.type) {
      case 'takeback-offered':
        this.takebackOffer = ev.by ?? null;
        break;
      case 'takeback':
      case 'takeback-declined':
      case 'takeback-cancelled':
        this.takebackOffer = null;
        break;
      case 'move':
        this.notice = '';
        break;
      case 'result':
        this.takebackOffer = null;
        this.gone = null;
        break;
    }
    const notice = flowNotice(ev, seat, local);
    if (notice) this.notice = notice;
    return notice;
  }

  /** Whether the countdown's seconds changed since the last tick (the page redraws then). */
  tick(now: number): boolean {
    if (!this.gone) return false;
    const left = secondsLeft(this.opensAt, now);
    if (left === this.shown) return false;
    this.shown = left;
    return true;
  }

  buttons(s: Omit<FlowState, 'takebackOffer' | 'opponentGone' | 'claimOpen' | 'abortable'> & { abortable?: boolean }, now: number): FlowButtons {
    return flowButtons({
      ...s,
      abortable: this.abortable ?? s.abortable ?? false,
      takebackOffer: this.takebackOffer,
      opponentGone: !!this.gone,
      claimOpen: !!this.gone && secondsLeft(this.opensAt, now) === 0,
    });
  }

  /** What stands above the button row: the opponent's takeback request, the opponent-left notice. */
  alerts(b: FlowButtons, btn: Button, control: Control, now: number): VNode[] {
    const out: VNode[] = [];
    if (b.takeback === 'answer')
      out.push(
        h('div.draw-offer', { attrs: { role: 'alert', 'data-testid': 'takeback-offered' } }, [
          h('span', t('flow.takebackAsked')),
          btn('takeback-accept', t('game.accept'), () => control({ type: 'takeback-accept' }), '.primary'),
          btn('takeback-decline', t('game.decline'), () => control({ type: 'takeback-decline' })),
        ]),
      );
    if (b.claim) {
      const left = secondsLeft(this.opensAt, now);
      out.push(
        h('div.draw-offer.opponent-left', { attrs: { role: 'alert', 'data-testid': 'opponent-left', 'data-claim': b.claim } }, [
          h('span', t('flow.opponentLeft')),
          b.claim === 'wait'
            ? h('span', { attrs: { 'data-testid': 'claim-countdown', 'data-seconds': String(left) } }, t('flow.claimIn', { seconds: left }))
            : h('span', t('flow.claimNow')),
          ...(b.claim === 'open'
            ? [btn('claim-victory', t('flow.claimVictory'), () => control({ type: 'claim-victory' }), '.primary'), btn('call-draw', t('flow.callDraw'), () => control({ type: 'call-draw' }))]
            : []),
        ]),
      );
    }
    return out;
  }

  /** Buttons for the control row (before Offer draw and Resign). */
  row(b: FlowButtons, btn: Button, control: Control): VNode[] {
    const out: VNode[] = [];
    if (b.abort) out.push(btn('abort', t('game.abort'), () => control({ type: 'abort' })));
    if (b.takeback === 'offer') out.push(btn('takeback-offer', t('flow.takebackOffer'), () => control({ type: 'takeback-offer' }), '', t('flow.takebackOfferLabel')));
    if (b.takeback === 'pending') out.push(h('span.pending', { attrs: { 'data-testid': 'takeback-pending' } }, t('flow.takebackPending')));
    if (b.giveTime) out.push(btn('give-time', t('flow.giveTime'), () => control({ type: 'give-time' }), '', t('flow.giveTimeLabel')));
    return out;
  }

  renderNotice(): VNode | null {
    return this.notice ? h('p.flow-notice', { attrs: { role: 'status', 'aria-live': 'polite', 'data-testid': 'flow-notice' } }, this.notice) : null;
  }
}
