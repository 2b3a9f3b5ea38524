import { describe, it, expect } from 'vitest';
import { matchMove } from '../src/chess/saninput';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const START_MOVES = ['a2a3', 'b2b3', 'c2c3', 'd2d3', 'e2e3', 'f2f3', 'g2g3', 'h2h3', 'a2a4', 'b2b4', 'c2c4', 'd2d4', 'e2e4', 'f2f4', 'g2g4', 'h2h4', 'b1a3', 'b1c3', 'g1f3', 'g1h3'];

describe('typed moves', () => {
  it('takes UCI and SAN', () => {
    expect(matchMove('e2e4', START_MOVES, START)).toBe('e2e4');
    expect(matchMove('e4', START_MOVES, START)).toBe('e2e4');
    expect(matchMove('Nf3', START_MOVES, START)).toBe('g1f3');
    expect(matchMove('nf3', START_MOVES, START)).toBe('g1f3');
    expect(matchMove('b4', START_MOVES, START)).toBe('b2b4');
    expect(matchMove('Ke2', START_MOVES, START)).toBeNull();
    expect(matchMove('', START_MOVES, START)).toBeNull();
  });
  it('captures, disambiguation, promotion, castling', () => {
    const fen = 'r3k2r/1P6/8/3p4/4P3/8/8/R3K1NR w KQkq - 0 1';
    const legal = ['e4d5', 'e4e5', 'b7b8q', 'b7b8r', 'b7b8b', 'b7b8n', 'b7a8q', 'b7a8r', 'b7a8b', 'b7a8n', 'e1g1', 'e1c1', 'g1f3', 'g1e2', 'a1a7'];
    expect(matchMove('exd5', legal, fen)).toBe('e4d5');
    expect(matchMove('b8=Q', legal, fen)).toBe('b7b8q');
    expect(matchMove('b8n', legal, fen)).toBe('b7b8n');
    expect(matchMove('bxa8=N+', legal, fen)).toBe('b7a8n');
    expect(matchMove('b8', legal, fen)).toBeNull(); // which piece?
    expect(matchMove('O-O', legal, fen)).toBe('e1g1');
    expect(matchMove('0-0-0', legal, fen)).toBe('e1c1');
    expect(matchMove('Ra7', legal, fen)).toBe('a1a7');
  });
  it('asks for a disambiguation when two pieces can go', () => {
    const fen = '4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1';
    const legal = ['b1d2', 'g1e2', 'g1f3', 'b1c3', 'g1h3', 'b1a3', 'e1d2', 'e1e2', 'e1f2', 'e1d1', 'e1f1'];
    // both knights reach … only b1 reaches d2; both? g1-e2 and b1? no: make a real ambiguity
    const fen2 = '4k3/8/8/8/8/8/8/1N3N1K w - - 0 1';
    const legal2 = ['b1d2', 'f1d2', 'b1c3', 'b1a3', 'f1e3', 'f1g3', 'f1h2'];
    expect(matchMove('Nd2', legal2, fen2)).toBeNull();
    expect(matchMove('Nbd2', legal2, fen2)).toBe('b1d2');
    expect(matchMove('Nfd2', legal2, fen2)).toBe('f1d2');
    expect(matchMove('Nf3', legal, fen)).toBe('g1f3');
  });
  it('reads "bc4" as a bishop move when a bishop can make it, else a pawn capture', () => {
    const fen = '4k3/8/8/8/3p4/2P5/8/4KB2 w - - 0 1';
    const legal = ['f1c4', 'c3d4', 'c3c4', 'e1d1'];
    expect(matchMove('Bc4', legal, fen)).toBe('f1c4');
    expect(matchMove('bc4', legal, fen)).toBe('f1c4');
    expect(matchMove('cxd4', legal, fen)).toBe('c3d4');
  });
});
