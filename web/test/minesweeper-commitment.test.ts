import { describe, expect, it } from 'vitest';
import { buildPreimage, sha256Hex, verifyReveal } from '../src/minesweeper/commitment';
import standard from './fixtures/minesweeper-standard-resign.json';
import sapperGame from './fixtures/minesweeper-sapper-explosion-king-exposed.json';
import fogGoneGame from './fixtures/minesweeper-discovered-fog-gone-king-clears.json';

const fixtures: any[] = [standard, sapperGame, fogGoneGame];

function published(fx: { events: any[] }): string {
  return fx.events.find((e) => e.type === 'commitment').commitment;
}

describe('commitment', () => {
  it('sha256 of a known string', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
  it('the preimage sorts the squares by index', () => {
    expect(buildPreimage(['h7', 'b6', 'c5', 'f5'], 'x')).toBe('minesweeper-v1|c5,f5,b6,h7|x');
    expect(buildPreimage([], 's')).toBe('minesweeper-v1||s');
  });
  it('every real server reveal verifies against the commitment published at the start', () => {
    for (const fx of fixtures) {
      const reveal = fx.view.view.reveal;
      const ev = fx.events.find((e: any) => e.type === 'reveal');
      expect(ev.preimage).toBe(reveal.preimage);
      const r = verifyReveal(reveal, published(fx), fx.view.view.mines);
      expect(r.problems).toEqual([]);
      expect(r.ok).toBe(true);
      expect(r.computed).toBe(fx.view.view.commitment);
    }
  });
  it('a changed layout, salt or commitment fails', () => {
    const fx = sapperGame;
    const reveal = fx.view.view.reveal;
    const pub = published(fx);
    const moved = { ...reveal, mines: ['b4', 'a6', 'e6', 'g7'], preimage: undefined };
    expect(verifyReveal(moved as any, pub).problems).toContain('hash');
    const salt = { ...reveal, salt: reveal.salt.replace(/^./, (c: string) => (c === '0' ? '1' : '0')) };
    expect(verifyReveal(salt, pub).ok).toBe(false);
    expect(verifyReveal(reveal, '0'.repeat(64)).problems).toEqual(['commitment']);
    // a mine the game showed (exploded on a6) must be in the layout
    expect(verifyReveal(reveal, pub, ['a6', 'c7']).problems).toEqual(['seen']);
    expect(verifyReveal({ ...reveal, scheme: 'x' }, pub).problems).toContain('scheme');
  });
});
