import { describe, it, expect } from 'vitest';
import { PlyCursor, moveRows } from '../src/chess/movelist';

describe('SAN list navigation', () => {
  it('follows new moves only while on the last ply', () => {
    const c = new PlyCursor();
    c.setLength(2);
    expect(c.ply).toBe(2);
    c.setLength(3);
    expect(c.ply).toBe(3);
    c.prev();
    c.prev();
    expect(c.ply).toBe(1);
    c.setLength(4);
    expect(c.ply).toBe(1);
    expect(c.following).toBe(false);
    c.last();
    expect(c.ply).toBe(4);
  });
  it('clamps and handles keys', () => {
    const c = new PlyCursor();
    c.setLength(3);
    expect(c.key('ArrowRight')).toBe(true);
    expect(c.ply).toBe(3);
    c.key('Home');
    expect(c.ply).toBe(0);
    c.key('ArrowLeft');
    expect(c.ply).toBe(0);
    c.key('ArrowRight');
    expect(c.ply).toBe(1);
    c.key('End');
    expect(c.ply).toBe(3);
    c.go(99);
    expect(c.ply).toBe(3);
    expect(c.key('x')).toBe(false);
  });
  it('groups SAN into numbered rows, also from a black start', () => {
    expect(moveRows(['e4', 'e5', 'Nf3'], 'white')).toEqual([
      { n: 1, white: { san: 'e4', ply: 1 }, black: { san: 'e5', ply: 2 } },
      { n: 2, white: { san: 'Nf3', ply: 3 }, black: null },
    ]);
    expect(moveRows(['Kc4', 'Ka2'], 'black', 7)).toEqual([
      { n: 7, white: null, black: { san: 'Kc4', ply: 1 } },
      { n: 8, white: { san: 'Ka2', ply: 2 }, black: null },
    ]);
  });
});
