import { describe, expect, it } from 'vitest';
import { type DuoBattle, newDuo, setMyValues, defenderCode, attackerResolve, defenderFinish, duoPieces, duoPromote, duoNextRound, duoEndRound, isMatchCode, normaliseCode, randomCode } from '../src/companion/duo';
import type { Assignment } from '../src/companion/model';

const W: Assignment = { a: '5', b: 'S', c: '3', d: '7', e: 'C', f: '2', g: '4', h: '6' };
const B: Assignment = { a: '4', b: '2', c: '6', d: '7', e: 'S', f: '5', g: 'C', h: '3' };

function devices() {
  const code = 'K7M2QX';
  return { ann: setMyValues(newDuo(code, 'white'), W), bob: setMyValues(newDuo(code, 'black'), B) };
}

describe('companion on two devices (codes exchanged)', () => {
  it('match codes', () => {
    expect(isMatchCode(randomCode())).toBe(true);
    expect(normaliseCode('k7m-2qx')).toBe('K7M2QX');
    expect(isMatchCode('K7M2Q')).toBe(false);
  });
  it('a battle: the defender shows a code, the attacker decides, the defender takes the answer', () => {
    let { ann, bob } = devices();
    const b = { attackerColour: 'white' as const, attacker: 'd' as const, defender: 'b' as const, attackerSupport: 1, defenderSupport: 1 };
    const d = defenderCode(bob, b);
    expect(d.code).toMatch(/^[2-9A-Z]{3}-[2-9A-Z]{4}$/);
    bob = d.match;
    const a = attackerResolve(ann, b, d.code);
    expect(a.outcome.winner).toBe('attacker'); // 7+2 v 2+1
    ann = a.match;
    expect(ann.mine!.current.d).toBe('7'); // 9-2 = 7, capped
    expect(duoPieces(ann, 'black')).not.toContain('b');
    const f = defenderFinish(bob, a.code);
    expect(f.outcome.winner).toBe('attacker');
    bob = f.match;
    expect(bob.mine!.onBoard.b).toBe(false);
    expect(bob.waiting).toBeNull();
    expect(ann.battleNo).toBe(1);
    expect(bob.battleNo).toBe(1);
  });
  it('a mistyped code or a battle entered differently is refused', () => {
    const { ann, bob } = devices();
    const b = { attackerColour: 'white' as const, attacker: 'd' as const, defender: 'b' as const, attackerSupport: 1, defenderSupport: 1 };
    const d = defenderCode(bob, b);
    const typo = d.code.slice(0, 6) + (d.code[6] === '2' ? '3' : '2');
    expect(() => attackerResolve(ann, b, typo)).toThrow();
    expect(() => attackerResolve(ann, { ...b, defenderSupport: 2 }, d.code)).toThrow();
  });
  it('the defender wins: it learns (secretly) its new value; the Chief captured ends the match on both devices', () => {
    let { ann, bob } = devices();
    // White's 2 (f) attacks Black's 7 (d): the defender wins, 7 - 2 = 5.
    let b: DuoBattle = { attackerColour: 'white', attacker: 'f', defender: 'd', attackerSupport: 0, defenderSupport: 0 };
    let d = defenderCode(bob, b);
    let a = attackerResolve(ann, b, d.code);
    expect(a.outcome.winner).toBe('defender');
    ann = a.match;
    bob = defenderFinish(d.match, a.code).match;
    expect(bob.mine!.current.d).toBe('5');
    expect(ann.mine!.onBoard.f).toBe(false);
    // White's Spy (b) attacks Black's Chief (g).
    b = { attackerColour: 'white', attacker: 'b', defender: 'g', attackerSupport: 0, defenderSupport: 2 };
    d = defenderCode(bob, b);
    a = attackerResolve(ann, b, d.code);
    expect(a.outcome).toMatchObject({ winner: 'attacker', roundOver: true, points: { white: 2, black: 0 } });
    const fin = defenderFinish(d.match, a.code);
    expect(fin.match.phase).toBe('over');
    expect(a.match.phase).toBe('over');
    expect(fin.match.score).toEqual({ white: 2, black: 0 });
  });
  it('promotions and the next round', () => {
    let { ann, bob } = devices();
    const b = { attackerColour: 'white' as const, attacker: 'pawn' as const, defender: 'e' as const, attackerSupport: 0, defenderSupport: 0 };
    const d = defenderCode(bob, b);
    const a = attackerResolve(ann, b, d.code); // pawn beats the Spy: 1 point to Ann
    ann = a.match;
    bob = defenderFinish(d.match, a.code).match;
    expect(ann.phase).toBe('round-over');
    expect(bob.score).toEqual({ white: 1, black: 0 });
    ann = duoNextRound(ann);
    expect(ann.round).toBe(2);
    ann = setMyValues(ann, W);
    expect(() => duoPromote(ann, 'black', 'a')).toThrow(); // Ann plays Black now; a is on the board
    expect(duoEndRound(ann, 'resignation', 'black').score).toEqual({ white: 3, black: 0 });
  });
});
