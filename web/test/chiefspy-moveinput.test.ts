import { describe, expect, it } from 'vitest';
import { firstDests, drop, dropSecond, stopHere, choosePromotion, parseMove, gambitOrigins, secondDests, promotionPiece } from '../src/chiefspy/moveinput';

// White to move after 1. e4 d5 with the Spy on b1 (a real legalMoves list from the server).
const LEGAL = ['a2a3', 'e4e5', 'e4d5', 'b1a3', 'b1c3', 'd1e2', 'e1e2', 'f1c4', 'g1f3', 'b1c3+c3d5'];

describe('Chief & Spy move input', () => {
  it('parses the notations', () => {
    expect(parseMove('b1c3+c3d5')).toMatchObject({ from: 'b1', to: 'c3', gambit: { mid: 'c3', to: 'd5' } });
    expect(parseMove('e7e8gn')).toMatchObject({ from: 'e7', to: 'e8', promo: 'gn', gambit: null });
    expect(parseMove('b1c3+d3d5')).toBeNull();
  });
  it('first-step destinations include gambit middle squares once', () => {
    const d = firstDests(LEGAL);
    expect(d.get('b1')!.sort()).toEqual(['a3', 'c3']);
    expect(gambitOrigins(LEGAL)).toEqual(['b1']);
  });
  it('a plain move is sent at once', () => {
    expect(drop(LEGAL, 'e4', 'd5')).toEqual({ state: { kind: 'idle' }, send: 'e4d5' });
    expect(drop(LEGAL, 'b1', 'a3').send).toBe('b1a3');
  });
  it('an illegal drop sends nothing', () => {
    expect(drop(LEGAL, 'e4', 'e6')).toEqual({ state: { kind: 'idle' }, send: null });
  });
  it('the gambit is two steps: the middle square offers the second step or stopping', () => {
    const r = drop(LEGAL, 'b1', 'c3');
    expect(r.send).toBeNull();
    expect(r.state).toEqual({ kind: 'gambit', from: 'b1', mid: 'c3', seconds: ['d5'], plain: true });
    expect(secondDests(r.state).get('c3')).toEqual(['d5']);
    expect(dropSecond(r.state, 'c3', 'e4').send).toBeNull();
    expect(dropSecond(r.state, 'c3', 'd5')).toEqual({ state: { kind: 'idle' }, send: 'b1c3+c3d5' });
    expect(stopHere(r.state)).toEqual({ state: { kind: 'idle' }, send: 'b1c3' });
  });
  it('a bishop Spy\'s orthogonal first step is a gambit only (no stopping there)', () => {
    const legal = ['f1e2', 'f1f2+f2f7', 'f1f2+f2b6'];
    const r = drop(legal, 'f1', 'f2');
    expect(r.state).toEqual({ kind: 'gambit', from: 'f1', mid: 'f2', seconds: ['f7', 'b6'], plain: false });
    expect(stopHere(r.state).send).toBeNull();
    expect(dropSecond(r.state, 'f2', 'b6').send).toBe('f1f2+f2b6');
  });
  it('promotion offers the reserve\'s pieces', () => {
    const legal = ['e7e8gn', 'e7e8q', 'e7d8gn', 'e7d8q'];
    const r = drop(legal, 'e7', 'e8');
    expect(r.state).toEqual({ kind: 'promote', from: 'e7', to: 'e8', options: ['gn', 'q'] });
    expect(choosePromotion(r.state, 'r').send).toBeNull();
    expect(choosePromotion(r.state, 'gn').send).toBe('e7e8gn');
    expect(promotionPiece('gn')).toEqual({ role: 'knight', great: true, id: 'b' });
    expect(promotionPiece('b')).toEqual({ role: 'bishop', great: false, id: 'f' });
  });
  it('a single promotion choice or plain last-rank move goes at once', () => {
    expect(drop(['e7e8'], 'e7', 'e8').send).toBe('e7e8');
    expect(drop(['e7e8k'], 'e7', 'e8').send).toBe('e7e8k');
  });
});
