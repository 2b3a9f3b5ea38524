// The SAN-like move list of Minesweeper Chess (docs/minesweeper.md "The move list in the web
// client"), from public events only: real server runs (fixtures) and hand-made positions.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { notationList, plyNotation, PlyHistory, type PlyRecord } from '../src/minesweeper/notation';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));

function fromFixture(name: string): { list: string[]; history: PlyHistory; moves: string[] } {
  const f = fixture(name);
  const history = new PlyHistory();
  for (const ev of f.events) history.add(ev);
  history.add(f.events[3]); // a repeated event changes nothing
  const view = f.view.view;
  const mated = f.view.result?.reason === 'checkmate';
  return { list: notationList(view.initialFen.split(' ')[0], history.records, mated), history, moves: view.moves };
}

const rec = (uci: string, by: 'white' | 'black', extra: Partial<PlyRecord> = {}): PlyRecord => ({ uci, by, after: '', check: false, exploded: false, cleared: false, ...extra });

describe('Minesweeper notation', () => {
  it('a sapper action that finds a mine, explosions, a king move (real server events)', () => {
    const { list, history, moves } = fromFixture('minesweeper-sapper-explosion-king-exposed');
    expect(history.matches(moves)).toBe(true);
    expect(list).toEqual(['Sb4M', 'Ra6*', 'Kg1', 'Re6*']);
  });

  it('pawn moves and a king that clears a mine (real server events)', () => {
    expect(fromFixture('minesweeper-discovered-fog-gone-king-clears').list).toEqual(['a4', 'h8', 'Kd4', 'Ke9', 'Ke4M']);
    expect(fromFixture('minesweeper-standard-resign').list).toEqual(['e4']);
  });

  const START = 'rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR';
  it('pieces, captures, check, promotion, castling both ways', () => {
    expect(plyNotation(rec('g1f3', 'white'), START)).toBe('Nf3');
    expect(plyNotation(rec('e2e3', 'white', { check: true }), START)).toBe('e3+');
    // a pawn captures; a queen captures and mates
    const open = '4k3/8/8/8/8/3p4/4P3/8/8/4K2R';
    expect(plyNotation(rec('e4d5', 'white'), '4k3/8/8/8/8/3p4/4P3/8/8/4K3')).toBe('exd5');
    expect(plyNotation(rec('h1h10', 'white'), '4k2r/8/8/8/8/8/8/8/8/4K2R', true)).toBe('Rxh10#');
    expect(plyNotation(rec('e1g1', 'white'), open)).toBe('O-O');
    expect(plyNotation(rec('e1h1', 'white'), open)).toBe('O-O'); // written as king takes rook
    expect(plyNotation(rec('e10c10', 'black'), 'r3k3/8/8/8/8/8/8/8/8/4K3')).toBe('O-O-O');
    expect(plyNotation(rec('b9b10q', 'white'), '4k3/1P6/8/8/8/8/8/8/8/4K3')).toBe('b10=Q');
    expect(plyNotation(rec('c2c1', 'black', { check: true }), '4k3/8/8/8/8/8/8/8/2p5/4K3')).toBe('c1=Q+');
    expect(plyNotation(rec('d5d5', 'black'), '4k3/8/8/8/8/3p4/8/8/8/4K3')).toBe('Sd4'); // black saps downwards
  });

  it('two knights or rooks that could go to the same square: file, else rank', () => {
    expect(plyNotation(rec('b1d2', 'white'), '4k3/8/8/8/8/8/8/8/8/1N2KN2')).toBe('Nbd2');
    expect(plyNotation(rec('a1a3', 'white'), '4k3/8/8/8/8/R7/8/8/8/R3K3')).toBe('R1a3');
    // a blocked rook is no rival
    expect(plyNotation(rec('a1c1', 'white'), '4k3/8/8/8/8/8/8/8/8/R4R1K')).toBe('Rac1');
    expect(plyNotation(rec('a1c1', 'white'), '4k3/8/8/8/8/8/8/8/8/R2BR2K')).toBe('Rc1');
  });

  it('a move the list cannot place falls back to its squares', () => {
    expect(plyNotation(rec('c3c4', 'white', { exploded: true }), '4k3/8/8/8/8/8/8/8/8/4K3')).toBe('c3-c4*');
  });
});
