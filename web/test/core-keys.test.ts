import { describe, it, expect } from 'vitest';
import { squareToKey, keyToSquare, splitMove, destsFromMoves, moveKeys } from '../src/board/keys';

describe('board keys', () => {
  it('maps rank 10 to chessgroundx ":"', () => {
    expect(squareToKey('e10')).toBe('e:');
    expect(squareToKey('a1')).toBe('a1');
    expect(squareToKey('h9')).toBe('h9');
    expect(keyToSquare('e:')).toBe('e10');
    expect(keyToSquare('h8')).toBe('h8');
    for (const f of 'abcdefgh') for (let r = 1; r <= 10; r++) expect(keyToSquare(squareToKey(`${f}${r}`))).toBe(`${f}${r}`);
  });
  it('rejects malformed squares', () => {
    expect(() => squareToKey('z1')).toThrow();
    expect(() => squareToKey('e0')).toThrow();
    expect(() => keyToSquare('e0')).toThrow();
  });
  it('splits coordinate moves of both board sizes', () => {
    expect(splitMove('e2e4')).toEqual({ from: 'e2', to: 'e4', rest: '' });
    expect(splitMove('e7e8q')).toEqual({ from: 'e7', to: 'e8', rest: 'q' });
    expect(splitMove('e9e10')).toEqual({ from: 'e9', to: 'e10', rest: '' });
    expect(splitMove('e10e9')).toEqual({ from: 'e10', to: 'e9', rest: '' });
    expect(splitMove('a10a9n')).toEqual({ from: 'a10', to: 'a9', rest: 'n' });
    expect(splitMove('e5e5')).toEqual({ from: 'e5', to: 'e5', rest: '' });
    expect(splitMove('b1c3+c3d5')).toEqual({ from: 'b1', to: 'c3', rest: '+c3d5' });
    expect(splitMove('zz')).toBeNull();
  });
  it('builds dests without duplicates (promotions)', () => {
    const d = destsFromMoves(['e7e8q', 'e7e8r', 'e7e8b', 'e7e8n', 'e9e10', 'g1f3', 'g1h3']);
    expect(d.get('e7')).toEqual(['e8']);
    expect(d.get('e9')).toEqual(['e:']);
    expect(d.get('g1')).toEqual(['f3', 'h3']);
    expect(moveKeys('e9e10')).toEqual(['e9', 'e:']);
  });
});
