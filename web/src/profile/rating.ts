// Ratings as the player reads them (docs/players.md): "1523", a provisional "1500?", a change
// "+7" / "−12", and the pool a game is rated in.
import type { GameSummary } from '../games/types';

export const POOLS = ['chess-bullet', 'chess-blitz', 'chess-rapid', 'chess-classical', 'chess-untimed', 'chiefspy', 'minesweeper'] as const;
export type Pool = (typeof POOLS)[number];

/** "1523"; a provisional rating "1500?"; the rating rounded to a whole number. */
export function formatRating(rating: number | undefined | null, provisional?: boolean): string {
  if (typeof rating !== 'number' || !Number.isFinite(rating)) return '';
  return `${Math.round(rating)}${provisional ? '?' : ''}`;
}

/** "+7", "−12" (a real minus sign), "±0"; empty when there is no change to show. */
export function formatDiff(diff: number | undefined | null): string {
  if (typeof diff !== 'number' || !Number.isFinite(diff)) return '';
  const d = Math.round(diff);
  if (d > 0) return `+${d}`;
  if (d < 0) return `\u2212${-d}`;
  return '±0';
}

/** The sign of a change, for its colour class: 'up', 'down' or 'same'. */
export function diffClass(diff: number): 'up' | 'down' | 'same' {
  const d = Math.round(diff);
  return d > 0 ? 'up' : d < 0 ? 'down' : 'same';
}

/**
 * The pool a game is rated in: chess by estimated duration (initial + 40 × increment seconds:
 * under 180 bullet, under 480 blitz, under 1500 rapid, else classical; no clock: untimed),
 * Chief & Spy and Minesweeper one pool each.
 */
export function poolOf(variant: GameSummary['variant'], clock: { initial: number; increment: number } | null | undefined): Pool | null {
  if (variant === 'chiefspy') return 'chiefspy';
  if (variant === 'minesweeper') return 'minesweeper';
  if (variant !== 'chess') return null;
  if (!clock) return 'chess-untimed';
  const est = clock.initial + 40 * clock.increment;
  if (est < 180) return 'chess-bullet';
  if (est < 480) return 'chess-blitz';
  if (est < 1500) return 'chess-rapid';
  return 'chess-classical';
}
