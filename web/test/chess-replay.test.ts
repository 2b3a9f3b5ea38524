import { describe, it, expect } from 'vitest';
import { placements, applyUci, parsePlacement, placementToFen, isCapture, turnOf } from '../src/chess/replay';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

describe('chess replay', () => {
  it('round-trips placements', () => {
    expect(placementToFen(parsePlacement(START))).toBe(START.split(' ')[0]);
  });
  it("follows fool's mate", () => {
    const p = placements(START, ['f2f3', 'e7e5', 'g2g4', 'd8h4']);
    expect(p.length).toBe(5);
    expect(p[4]).toBe('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR');
  });
  it('castles both ways and takes en passant', () => {
    const b = applyUci(parsePlacement('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'), 'e1g1');
    expect(placementToFen(b)).toBe('r3k2r/8/8/8/8/8/8/R4RK1');
    const c = applyUci(b, 'e8c8');
    expect(placementToFen(c)).toBe('2kr3r/8/8/8/8/8/8/R4RK1');
    const ep = applyUci(parsePlacement('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1'), 'e5d6');
    expect(placementToFen(ep)).toBe('4k3/8/3P4/8/8/8/8/4K3');
  });
  it('promotes to the chosen piece with the mover colour', () => {
    expect(placementToFen(applyUci(parsePlacement('8/4P3/8/8/8/8/8/k6K w - - 0 1'), 'e7e8n'))).toBe('4N3/8/8/8/8/8/8/k6K');
    expect(placementToFen(applyUci(parsePlacement('k6K/8/8/8/8/8/4p3/8 b - - 0 1'), 'e2e1q'))).toBe('k6K/8/8/8/8/8/8/4q3');
  });
  it('detects captures, en passant included', () => {
    const b = parsePlacement('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1');
    expect(isCapture(b, 'e5d6')).toBe(true);
    expect(isCapture(b, 'e5e6')).toBe(false);
    expect(isCapture(parsePlacement('4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1'), 'e4d5')).toBe(true);
    expect(turnOf(START)).toBe('white');
    expect(turnOf('8/8/8/8/8/8/8/8 b - - 0 1')).toBe('black');
  });
});
