// The profile's games list (src/profile/filters.ts): filters in the address and in the API's
// query, the next page, export links, each game's outcome for the profile's player; and the
// rating plot's geometry (src/profile/plot-geometry.ts).
import { describe, it, expect } from 'vitest';
import { filtersFromSearch, filtersToSearch, gamesPath, exportPath, outcomeOf, opponentSeat, appendPage, NO_FILTERS } from '../src/profile/filters';
import { plotGeometry, niceStep, DEFAULT_BOX } from '../src/profile/plot-geometry';

describe('profile filters', () => {
  it('read from and written to the address, unknown values ignored', () => {
    expect(filtersFromSearch('?variant=chess&result=win')).toEqual({ variant: 'chess', result: 'win' });
    expect(filtersFromSearch('variant=minesweeper')).toEqual({ variant: 'minesweeper', result: null });
    expect(filtersFromSearch('?variant=go&result=maybe')).toEqual(NO_FILTERS);
    expect(filtersToSearch({ variant: 'chiefspy', result: 'draw' })).toBe('?variant=chiefspy&result=draw');
    expect(filtersToSearch(NO_FILTERS)).toBe('');
    const f = { variant: 'chess' as const, result: 'loss' as const };
    expect(filtersFromSearch(filtersToSearch(f))).toEqual(f);
  });

  it('the API query: filters, page size, the cursor of the page before', () => {
    expect(gamesPath('alice', NO_FILTERS)).toBe('/api/players/alice/games');
    expect(gamesPath('alice', { variant: 'chess', result: 'win' }, { limit: 20 })).toBe('/api/players/alice/games?variant=chess&result=win&limit=20');
    expect(gamesPath('alice', { variant: null, result: 'draw' }, { limit: 20, before: 'c:123' })).toBe('/api/players/alice/games?result=draw&limit=20&before=c%3A123');
    expect(gamesPath('alice', NO_FILTERS, { before: null })).toBe('/api/players/alice/games');
    expect(gamesPath('alice', NO_FILTERS, { before: 0 })).toBe('/api/players/alice/games?before=0');
  });

  it('export links per game', () => {
    expect(exportPath('Bob_2', 'chess')).toBe('/api/players/Bob_2/export?variant=chess');
    expect(exportPath('Bob_2', 'minesweeper')).toBe('/api/players/Bob_2/export?variant=minesweeper');
  });

  it('the outcome: the server’s, else from the result and the seat', () => {
    const fin = (winner: 'white' | 'black' | null, seat: 'white' | 'black') => ({ status: 'finished' as const, result: { score: '', reason: '', winner }, seat });
    expect(outcomeOf({ ...fin('white', 'black'), outcome: 'win' })).toBe('win'); // the server knows best
    expect(outcomeOf(fin('white', 'white'))).toBe('win');
    expect(outcomeOf(fin('white', 'black'))).toBe('loss');
    expect(outcomeOf(fin(null, 'black'))).toBe('draw');
    expect(outcomeOf({ status: 'active', result: null, seat: 'white' })).toBe('playing');
    expect(outcomeOf({ status: 'aborted', result: null, seat: 'white' })).toBe('aborted');
    expect(opponentSeat('white')).toBe('black');
    expect(opponentSeat('spectator')).toBeNull();
  });

  it('a next page adds its games once', () => {
    expect(appendPage([{ id: 'a' }, { id: 'b' }], [{ id: 'b' }, { id: 'c' }]).map((g) => g.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('rating plot geometry', () => {
  it('round tick steps', () => {
    expect(niceStep(100)).toBe(50);
    expect(niceStep(400)).toBe(100);
    expect(niceStep(37)).toBe(10);
    expect(niceStep(0)).toBe(50);
  });

  it('places points by time and rating inside the box, higher ratings higher up', () => {
    const g = plotGeometry([
      { at: 3000, rating: 1480 },
      { at: 1000, rating: 1500 },
      { at: 2000, rating: 1530 },
    ]);
    expect(g.points.map((p) => p.rating)).toEqual([1500, 1530, 1480]); // by time
    expect(g.points[0].x).toBe(DEFAULT_BOX.left);
    expect(g.points[2].x).toBe(DEFAULT_BOX.width - DEFAULT_BOX.right);
    expect(g.points[1].y).toBeLessThan(g.points[0].y);
    expect(g.points[2].y).toBeGreaterThan(g.points[0].y);
    for (const p of g.points) {
      expect(p.y).toBeGreaterThanOrEqual(g.y0);
      expect(p.y).toBeLessThanOrEqual(g.y1);
    }
    // ticks at round ratings, covering every point
    expect(g.yTicks.every((t) => t.rating % 10 === 0)).toBe(true);
    expect(g.yTicks[0].rating).toBeLessThanOrEqual(1480);
    expect(g.yTicks[g.yTicks.length - 1].rating).toBeGreaterThanOrEqual(1530);
  });

  it('one point stands in the middle, with at least 100 rating points of range', () => {
    const g = plotGeometry([{ at: 5, rating: 1662 }]);
    expect(g.points).toHaveLength(1);
    expect(g.points[0].x).toBe((g.x0 + g.x1) / 2);
    const span = g.yTicks[g.yTicks.length - 1].rating - g.yTicks[0].rating;
    expect(span).toBeGreaterThanOrEqual(100);
    expect(plotGeometry([]).points).toEqual([]);
  });

  it('takes seconds for milliseconds when the time is small', () => {
    const g = plotGeometry([{ at: 1_700_000_000, rating: 1500 }]);
    expect(g.points[0].at).toBe(1_700_000_000_000);
  });
});
