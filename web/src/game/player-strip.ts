// The game page's two player strips, the same for all three games: the colour, who plays
// (the server's `players`: the account's name linking to its profile, "Anonymous", the computer
// — "Computer (level 3)" in the page's language, or the server's name for it without a level —;
// this browser's own anonymous seat "You"), the rating in a
// rated game ("1500?" while provisional) and its change once the game has ended, the clock.
import { h, type VNode } from 'snabbdom';
import { t } from '../i18n';
import { getSeat } from '../session';
import type { GameSummary, Seat } from '../games/types';
import { describePlayer, type PlayerLabel } from '../profile/label';
import { renderPlayerLabel } from '../profile/player-name';
import { formatClock, type Clocks } from './clock';

export interface StripState {
  id: string;
  summary: GameSummary;
  seat: Seat | 'spectator';
  local: boolean;
  toMove: Seat | null;
  clocks: Clocks;
}

/** The words for a seat when the server names nobody (older servers, games on one device). */
function plainName(s: StripState, side: Seat): string {
  const g = s.summary;
  if (s.local) return t(`seat.${side}`);
  if (s.seat === side) return t('game.you');
  if (g.opponent === 'computer' && s.seat !== 'spectator') {
    const level = typeof g.level === 'number' ? g.level : getSeat(s.id)?.level;
    return typeof level === 'number' ? t('game.computer', { level }) : t('game.computerNoLevel');
  }
  if (g.status === 'open' && s.seat !== 'spectator') return t('game.waiting');
  return s.seat === 'spectator' ? t(`seat.${side}`) : t('game.opponent');
}

/** Who sits at `side`: the server's name for it (a label), or plain words. */
export function stripName(s: StripState, side: Seat): PlayerLabel | string {
  const info = s.summary.players?.[side];
  if (s.local || !info) return plainName(s, side);
  // an open game's empty seat: nobody to name yet
  if (s.summary.status === 'open' && s.seat !== side && !info.name && !info.computer && s.seat !== 'spectator') return t('game.waiting');
  const label = describePlayer(info, s.seat === side ? t('game.you') : undefined);
  if (!label) return plainName(s, side);
  // the computer in the page's language when its level is known, else by the server's name
  const level = typeof s.summary.level === 'number' ? s.summary.level : getSeat(s.id)?.level;
  if (label.computer && typeof level === 'number') label.name = t('game.computer', { level });
  return label;
}

export function renderPlayerStrip(s: StripState, side: Seat, pos: 'top' | 'bottom'): VNode {
  const now = performance.now();
  const c = s.clocks;
  const ms = c.remaining(side, now);
  const running = c.running === side;
  const who = stripName(s, side);
  return h('div.player', { class: { [pos]: true, 'to-move': s.toMove === side }, attrs: { 'data-testid': `player-${pos}`, 'data-side': side } }, [
    h('span.side-chip', { class: { [side]: true }, attrs: { 'aria-hidden': 'true' } }),
    h('span.name', [h('span.sr-only', t(`seat.${side}`) + ': '), typeof who === 'string' ? who : renderPlayerLabel(who, `name-${side}`)]),
    c.enabled
      ? h('span.clock', { class: { running, low: ms < 20000 }, attrs: { 'data-testid': `clock-${side}`, 'aria-label': `${t(`seat.${side}`)} ${formatClock(ms)}` } }, formatClock(ms))
      : null,
  ]);
}
