// Clocks: the server sends remaining milliseconds and the running side; the client ticks
// the running side locally from the moment it received them.
import type { Seat } from '../games/types';

export interface ClockData {
  initial?: number;
  increment?: number;
  white: number;
  black: number;
  running: Seat | null;
}

/** 5:00, 0:59, 0:09.4 (tenths under 10 s), 1:02:03 (an hour or more). */
export function formatClock(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) ms = 0;
  if (ms < 10000) {
    const tenths = Math.floor(ms / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** "5+3", "1+0", "30+0"; minutes may be fractional (0.5 → "½"). */
export function formatTimeControl(clock: { initial: number; increment: number } | null | undefined, none = '∞'): string {
  if (!clock) return none;
  const min = clock.initial / 60;
  const m = min === 0.5 ? '½' : min === 0.25 ? '¼' : Number.isInteger(min) ? String(min) : min.toFixed(1);
  return `${m}+${clock.increment}`;
}

export class Clocks {
  white = 0;
  black = 0;
  running: Seat | null = null;
  at = 0;
  enabled = false;
  stopped = false;

  update(c: Partial<ClockData> | null | undefined, now: number): void {
    if (!c || typeof c.white !== 'number' || typeof c.black !== 'number') {
      if (c === null) this.enabled = false;
      return;
    }
    this.enabled = true;
    this.white = c.white;
    this.black = c.black;
    this.running = c.running ?? null;
    this.at = now;
  }

  stop(now: number): void {
    if (this.running) {
      this[this.running] = this.remaining(this.running, now);
      this.running = null;
    }
    this.at = now;
    this.stopped = true;
  }

  remaining(seat: Seat, now: number): number {
    const base = this[seat];
    if (this.running !== seat) return Math.max(0, base);
    return Math.max(0, base - (now - this.at));
  }
}
