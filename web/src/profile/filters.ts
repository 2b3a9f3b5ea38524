// The profile's games list: its filters (variant, result) as the API's query and as the page's
// address, the next page's cursor, the export links, and a listed game's outcome for the
// profile's player. Pure: page.ts draws it.
import type { GameSummary, Seat } from '../games/types';

export const FILTER_VARIANTS = ['chess', 'chiefspy', 'minesweeper'] as const;
export const FILTER_RESULTS = ['win', 'loss', 'draw'] as const;
export type FilterVariant = (typeof FILTER_VARIANTS)[number];
export type FilterResult = (typeof FILTER_RESULTS)[number];

export interface GameFilters {
  variant: FilterVariant | null;
  result: FilterResult | null;
}

export const NO_FILTERS: GameFilters = { variant: null, result: null };

/** The filters an address's query names (`?variant=chess&result=win`); anything else is no filter. */
export function filtersFromSearch(search: string): GameFilters {
  const q = new URLSearchParams(search.replace(/^\?/, ''));
  const v = q.get('variant');
  const r = q.get('result');
  return {
    variant: (FILTER_VARIANTS as readonly string[]).includes(v ?? '') ? (v as FilterVariant) : null,
    result: (FILTER_RESULTS as readonly string[]).includes(r ?? '') ? (r as FilterResult) : null,
  };
}

/** The filters as an address's query: "" without any, else "?variant=…&result=…". */
export function filtersToSearch(f: GameFilters): string {
  const q = new URLSearchParams();
  if (f.variant) q.set('variant', f.variant);
  if (f.result) q.set('result', f.result);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** GET /api/players/{name}/games with the filters, a page size and the `next` cursor of the page before. */
export function gamesPath(name: string, f: GameFilters, opts: { limit?: number; before?: string | number | null } = {}): string {
  const q = new URLSearchParams();
  if (f.variant) q.set('variant', f.variant);
  if (f.result) q.set('result', f.result);
  if (opts.limit) q.set('limit', String(opts.limit));
  if (opts.before !== undefined && opts.before !== null && opts.before !== '') q.set('before', String(opts.before));
  const s = q.toString();
  return `/api/players/${encodeURIComponent(name)}/games${s ? `?${s}` : ''}`;
}

/** Every finished game of one variant, as records (docs/players.md). */
export function exportPath(name: string, variant: FilterVariant): string {
  return `/api/players/${encodeURIComponent(name)}/export?variant=${variant}`;
}

export type Outcome = FilterResult | 'playing' | 'aborted';

/** A listed game as the profile's player played it: the server's `outcome`, else from the result and the seat. */
export function outcomeOf(g: Pick<GameSummary, 'status' | 'result'> & { seat?: unknown; outcome?: unknown }): Outcome {
  if (g.outcome === 'win' || g.outcome === 'loss' || g.outcome === 'draw') return g.outcome;
  if (g.status === 'aborted') return 'aborted';
  if (g.status !== 'finished' || !g.result) return 'playing';
  const winner = g.result.winner;
  if (winner !== 'white' && winner !== 'black') return 'draw';
  return winner === g.seat ? 'win' : 'loss';
}

/** The other seat: the profile player's opponent in a listed game. */
export function opponentSeat(seat: unknown): Seat | null {
  return seat === 'white' ? 'black' : seat === 'black' ? 'white' : null;
}

/** A page of games added to what is shown: a game already there (the list moved between two pages) is kept once. */
export function appendPage<T extends { id: string }>(shown: T[], page: T[]): T[] {
  const seen = new Set(shown.map((g) => g.id));
  return [...shown, ...page.filter((g) => !seen.has(g.id))];
}
