// The game's flow around the moves, as lichess players expect it: which of Abort, "+15 s",
// Takeback and the claims (once the opponent left) a seat is offered, the countdown to the
// claim, and the announcements of those events. Pure functions: the page renders them.
import { t } from '../i18n';
import type { Seat } from '../games/types';
import './flow-messages';

/** The server's `opponentGone` (view field, presence message). */
export interface OpponentGone {
  since: number;
  claimableAt: number;
  /** Milliseconds left as the server made the message (its clock may differ from ours). */
  claimableIn?: number;
}

/** When the claim opens, on the local monotonic clock, from a message received at `receivedAt`. */
export function claimOpensAt(gone: OpponentGone, receivedAt: number, wallNow: number = Date.now()): number {
  const left = typeof gone.claimableIn === 'number' ? gone.claimableIn : gone.claimableAt - wallNow;
  return receivedAt + Math.max(0, left);
}

/** Whole seconds until the claim opens (0: open now). */
export function secondsLeft(opensAt: number, now: number): number {
  return Math.max(0, Math.ceil((opensAt - now) / 1000));
}

export interface FlowState {
  status: string;
  seat: Seat | 'spectator';
  local: boolean;
  variant: string;
  opponent: string;
  timed: boolean;
  /** view.abortable (some side has not made its first move). */
  abortable: boolean;
  /** Plies played (chess); a takeback needs one. */
  moves: number;
  takebackOffer: Seat | null;
  /** The opponent is gone (a presence said so), and whether the claim is open already. */
  opponentGone: boolean;
  claimOpen: boolean;
}

export interface FlowButtons {
  abort: boolean;
  giveTime: boolean;
  /** offer: the Takeback button; pending: ours is waiting; answer: accept or decline theirs. */
  takeback: 'offer' | 'pending' | 'answer' | null;
  /** wait: the countdown; open: Claim victory and Call it a draw. */
  claim: 'wait' | 'open' | null;
}

export function flowButtons(s: FlowState): FlowButtons {
  const none: FlowButtons = { abort: false, giveTime: false, takeback: null, claim: null };
  if (s.status !== 'active' || s.seat === 'spectator') return none;
  const people = s.opponent === 'human' && !s.local;
  let takeback: FlowButtons['takeback'] = null;
  if (s.variant === 'chess' && !s.local) {
    if (s.takebackOffer === s.seat) takeback = 'pending';
    else if (s.takebackOffer) takeback = 'answer';
    else if (s.moves > 0) takeback = 'offer';
  }
  return {
    abort: s.abortable,
    giveTime: s.timed && !s.local && s.opponent !== 'computer',
    takeback,
    claim: people && s.opponentGone && !s.abortable ? (s.claimOpen ? 'open' : 'wait') : null,
  };
}

/** The announcement of a flow event for this viewer, or null. */
export function flowNotice(ev: any, seat: Seat | 'spectator', local = false): string | null {
  const me = !local && (seat === 'white' || seat === 'black') ? seat : null;
  const side = (s: unknown) => t(`seat.${s === 'black' ? 'black' : 'white'}`);
  switch (ev?.type) {
    case 'time-given':
      if (me && ev.to === me) return t('flow.timeGivenToYou', { seconds: ev.seconds ?? 15 });
      if (me && ev.by === me) return t('flow.timeGivenByYou', { seconds: ev.seconds ?? 15 });
      return t('flow.timeGiven', { by: side(ev.by), to: side(ev.to), seconds: ev.seconds ?? 15 });
    case 'takeback':
      return t(ev.plies === 2 ? 'flow.takeback2' : 'flow.takeback1');
    case 'takeback-declined':
      return me && ev.by !== me ? t('flow.takebackDeclinedYours') : t('flow.takebackDeclined');
    case 'no-first-move':
      if (me && ev.seat === me) return t('flow.noFirstMoveYou');
      return t('flow.noFirstMove', { side: side(ev.seat) });
    default:
      return null;
  }
}
