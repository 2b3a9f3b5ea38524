import { describe, expect, it } from 'vitest';
import { commitmentPreimage, shortHex, verifyReveal } from '../src/chiefspy/commitment';
import fx from './fixtures/chiefspy-reveal.json';

describe('Chief & Spy commitment verification', () => {
  const { reveal, roundStartCommitments } = fx as any;
  it('builds the preimage of RULES.md §4', () => {
    expect(commitmentPreimage('white', reveal.white.values, 'ab')).toBe('chiefspy-v1|white|5,S,3,7,C,2,4,6|ab');
  });
  it('verifies both sides of a real reveal from the server against the round-start commitments', () => {
    expect(verifyReveal('white', reveal.white, roundStartCommitments.white)).toBe(true);
    expect(verifyReveal('black', reveal.black, roundStartCommitments.black)).toBe(true);
  });
  it('rejects a changed value, salt, colour or commitment', () => {
    const w = reveal.white;
    expect(verifyReveal('white', { ...w, values: { ...w.values, a: '6', h: '5' }, text: undefined })).toBe(false);
    expect(verifyReveal('white', { ...w, salt: w.salt.replace(/^./, '0') })).toBe(false);
    expect(verifyReveal('black', w)).toBe(false);
    expect(verifyReveal('white', w, roundStartCommitments.black)).toBe(false);
    expect(verifyReveal('white', { ...w, text: '6,S,3,7,C,2,4,5' })).toBe(false);
  });
  it('shortens for display', () => {
    expect(shortHex(reveal.white.commitment)).toBe('d86554a0…b5a8');
  });
});
