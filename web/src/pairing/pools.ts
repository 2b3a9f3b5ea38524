// The quick-pairing pools the lobby offers (docs/players.md): chess at the common time
// controls and untimed, Chief & Spy, Minesweeper Chess.
import type { SeekRequest } from './seek';

export interface QuickPool {
  id: string;
  variant: SeekRequest['variant'];
  clock: { initial: number; increment: number } | null;
}

export const QUICK_POOLS: QuickPool[] = [
  { id: 'chess-1+0', variant: 'chess', clock: { initial: 60, increment: 0 } },
  { id: 'chess-3+2', variant: 'chess', clock: { initial: 180, increment: 2 } },
  { id: 'chess-5+3', variant: 'chess', clock: { initial: 300, increment: 3 } },
  { id: 'chess-10+0', variant: 'chess', clock: { initial: 600, increment: 0 } },
  { id: 'chess-15+10', variant: 'chess', clock: { initial: 900, increment: 10 } },
  { id: 'chess-untimed', variant: 'chess', clock: null },
  { id: 'chiefspy', variant: 'chiefspy', clock: { initial: 600, increment: 5 } },
  { id: 'minesweeper', variant: 'minesweeper', clock: { initial: 600, increment: 5 } },
];

export interface PoolCount {
  variant: string;
  clock: { initial: number; increment: number } | null;
  rated: boolean;
  waiting: number;
}

/** How many are waiting in `pool` (rated or casual), from GET /api/seeks. */
export function waitingIn(counts: PoolCount[], pool: QuickPool, rated: boolean): number {
  const same = (a: PoolCount['clock'], b: QuickPool['clock']) => (!a && !b) || (!!a && !!b && a.initial === b.initial && a.increment === b.increment);
  return counts.filter((c) => c.variant === pool.variant && !!c.rated === rated && same(c.clock, pool.clock)).reduce((n, c) => n + (Number(c.waiting) || 0), 0);
}
