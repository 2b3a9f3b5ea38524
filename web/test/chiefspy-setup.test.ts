import { describe, expect, it } from 'vitest';
import {
  emptySetup, tapChip, tapPiece, assign, randomAll, randomFill, reroll, isComplete, setValuesAction, unused, valueOfKey, holder, clearSlot,
} from '../src/chiefspy/setup';

function seq(...xs: number[]) {
  let i = 0;
  return () => xs[i++ % xs.length];
}

describe('Chief & Spy set-up assignment', () => {
  it('tap a chip then a piece assigns it', () => {
    let st = tapChip(emptySetup(), 'C');
    expect(st.chip).toBe('C');
    st = tapPiece(st, 'e');
    expect(st.values.e).toBe('C');
    expect(st.chip).toBeNull();
  });
  it('tap a piece then a chip assigns it too; tapping two pieces swaps them', () => {
    let st = tapPiece(emptySetup(), 'b');
    st = tapChip(st, 'S');
    expect(st.values.b).toBe('S');
    st = assign(st, 'a', '5');
    st = tapPiece(tapPiece(st, 'a'), 'b');
    expect(st.values.a).toBe('S');
    expect(st.values.b).toBe('5');
  });
  it('a value already used moves: the two pieces swap', () => {
    let st = assign(assign(emptySetup(), 'a', '7'), 'b', '2');
    st = assign(st, 'b', '7');
    expect(st.values.b).toBe('7');
    expect(st.values.a).toBe('2');
    expect(holder(st, '7')).toBe('b');
  });
  it('assigning a used value to an empty piece frees the old holder', () => {
    let st = assign(emptySetup(), 'a', '7');
    st = assign(st, 'h', '7');
    expect(st.values.a).toBeNull();
    expect(unused(st)).not.toContain('7');
    expect(unused(st)).toHaveLength(7);
  });
  it('random fills only the empty pieces with the unused values', () => {
    let st = assign(assign(emptySetup(), 'e', 'C'), 'b', 'S');
    st = randomFill(st, seq(0.1, 0.9, 0.5, 0.3));
    expect(isComplete(st)).toBe(true);
    expect(st.values.e).toBe('C');
    expect(st.values.b).toBe('S');
  });
  it('the random button keeps a partial set-up and deals a full or empty one again', () => {
    const partial = reroll(assign(emptySetup(), 'e', 'C'));
    expect(isComplete(partial)).toBe(true);
    expect(partial.values.e).toBe('C');
    expect(isComplete(reroll(emptySetup()))).toBe(true);
    const full = randomAll(seq(0));
    const again = reroll(full, seq(0.99, 0.98, 0.97, 0.96, 0.95, 0.94, 0.93, 0.92));
    expect(isComplete(again)).toBe(true);
    expect(again.values).not.toEqual(full.values);
  });
  it('random produces a permutation', () => {
    for (let i = 0; i < 50; i++) {
      const st = randomAll();
      expect(isComplete(st)).toBe(true);
      expect(new Set(Object.values(st.values)).size).toBe(8);
    }
  });
  it('ready sends set-values only when complete', () => {
    let st = emptySetup();
    expect(isComplete(st)).toBe(false);
    expect(() => setValuesAction(st)).toThrow();
    const order = ['5', 'S', '3', '7', 'C', '2', '4', '6'] as const;
    (['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const).forEach((s, i) => (st = assign(st, s, order[i])));
    expect(setValuesAction(st)).toEqual({
      type: 'set-values',
      values: { a: '5', b: 'S', c: '3', d: '7', e: 'C', f: '2', g: '4', h: '6' },
    });
    expect(isComplete(clearSlot(st, 'c'))).toBe(false);
  });
  it('keyboard keys map to values', () => {
    expect(valueOfKey('c')).toBe('C');
    expect(valueOfKey('S')).toBe('S');
    expect(valueOfKey('7')).toBe('7');
    expect(valueOfKey('1')).toBeNull();
    expect(valueOfKey('8')).toBeNull();
  });
});
