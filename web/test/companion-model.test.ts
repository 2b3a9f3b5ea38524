import { describe, expect, it } from 'vitest';
import { newMatch, setValues, battle, promote, endRound, nextRound, colourOf, seatOf, piecesOnBoard, fallen, matchWinner, isReady, type Assignment } from '../src/companion/model';
import { load, save, commit, undo, STORE_KEY } from '../src/companion/store';

const W: Assignment = { a: '5', b: 'S', c: '3', d: '7', e: 'C', f: '2', g: '4', h: '6' };
const B: Assignment = { a: '4', b: '2', c: '6', d: '7', e: 'S', f: '5', g: 'C', h: '3' };
const started = () => setValues(setValues(newMatch({ white: 'Ann', black: 'Bob' }), 'white', W), 'black', B);

class Mem {
  m = new Map<string, string>();
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
}

describe('companion match', () => {
  it('colours alternate by round', () => {
    expect(colourOf(1, 'white')).toBe('white');
    expect(colourOf(2, 'white')).toBe('black');
    expect(seatOf(2, 'white')).toBe('black');
    expect(colourOf(3, 'black')).toBe('black');
  });
  it('each player enters a permutation; play starts when both have', () => {
    let m = newMatch();
    expect(() => setValues(m, 'white', { ...W, a: '6' })).toThrow();
    m = setValues(m, 'white', W);
    expect(m.phase).toBe('setup');
    expect(isReady(m, 'white')).toBe(true);
    expect(() => setValues(m, 'white', W)).toThrow();
    m = setValues(m, 'black', B);
    expect(m.phase).toBe('play');
  });
  it('a battle announces the winner and keeps the new value secret in the state', () => {
    // White's queen (7) +1 attacks Black's great knight (2) +0: attacker wins, 8-2 = 6.
    const r = battle(started(), { attackerColour: 'white', attacker: 'd', defender: 'b', attackerSupport: 0, defenderSupport: 0 });
    expect(r.announce.winner).toBe('attacker');
    expect(r.announce.bonus).toEqual({ attacker: 1, defender: 0 });
    expect(r.announce.roundEnd).toBeNull();
    expect(r.match.sides.white!.current.d).toBe('6');
    expect(r.match.sides.black!.onBoard.b).toBe(false);
    expect(fallen(r.match, 'black')).toEqual(['b']);
    expect(piecesOnBoard(r.match, 'black')).not.toContain('b');
  });
  it('the cap: a winner never exceeds its initial value', () => {
    // White pawn... a 5 with 4 supporters vs a pawn: 5+5-1 = 9, capped at 5.
    const r = battle(started(), { attackerColour: 'white', attacker: 'a', defender: 'pawn', attackerSupport: 4, defenderSupport: 0 });
    expect(r.match.sides.white!.current.a).toBe('5');
    expect(r.match.sides.black!.pawns).toBe(7);
  });
  it('capturing the Chief scores 2 and ends the match at once', () => {
    // White's Spy (b) attacks Black's Chief (g).
    const r = battle(started(), { attackerColour: 'white', attacker: 'b', defender: 'g', attackerSupport: 0, defenderSupport: 3 });
    expect(r.announce.winner).toBe('attacker');
    expect(r.announce.roundEnd).toMatchObject({ reason: 'chief-captured', points: { white: 2, black: 0 } });
    expect(r.match.phase).toBe('over');
    expect(matchWinner(r.match)).toBe('white');
  });
  it('capturing the Spy scores 1; the next round swaps colours; two Spies win the match', () => {
    // Black's pawn beats White's Spy (b): the Spy loses to everything but the Chief.
    let r = battle(started(), { attackerColour: 'black', attacker: 'pawn', defender: 'b', attackerSupport: 0, defenderSupport: 0 });
    expect(r.announce.winner).toBe('attacker');
    expect(r.match.phase).toBe('round-over');
    expect(r.match.score).toEqual({ white: 0, black: 1 });
    let m = nextRound(r.match);
    expect(m.round).toBe(2);
    // Round 2: seat white plays Black.
    m = setValues(setValues(m, 'white', W), 'black', B);
    expect(m.sides.black!.initial).toEqual(W);
    // Seat white (Black) attacks with its pawn the Spy of seat black (White's e).
    r = battle(m, { attackerColour: 'black', attacker: 'pawn', defender: 'e', attackerSupport: 0, defenderSupport: 0 });
    expect(r.match.score).toEqual({ white: 1, black: 1 });
    m = nextRound(r.match);
    m = setValues(setValues(m, 'white', W), 'black', B);
    r = battle(m, { attackerColour: 'white', attacker: 'pawn', defender: 'e', attackerSupport: 0, defenderSupport: 0 });
    expect(r.announce.roundEnd?.reason).toBe('spy-captured');
    expect(r.match.phase).toBe('over');
    expect(r.match.score).toEqual({ white: 2, black: 1 });
    expect(r.match.rounds).toHaveLength(3);
  });
  it('a tie removes both pieces', () => {
    // White 3 (c) +1 vs Black 4 (a) +0: 4 v 4.
    const r = battle(started(), { attackerColour: 'white', attacker: 'c', defender: 'a', attackerSupport: 0, defenderSupport: 0 });
    expect(r.announce.winner).toBe('tie');
    expect(r.match.sides.white!.onBoard.c).toBe(false);
    expect(r.match.sides.black!.onBoard.a).toBe(false);
  });
  it('promotion re-admits a fallen piece at its initial value', () => {
    let m = battle(started(), { attackerColour: 'white', attacker: 'd', defender: 'b', attackerSupport: 0, defenderSupport: 0 }).match;
    // White queen now 6; a white 2 (f) loses to a black 7 (d) after... promote black's b back.
    expect(() => promote(m, 'black', 'a')).toThrow();
    m = promote(m, 'black', 'b');
    expect(m.sides.black!.onBoard.b).toBe(true);
    expect(m.sides.black!.current.b).toBe('2');
    expect(m.sides.black!.pawns).toBe(7);
    // A worn-down piece that falls and returns comes back at its initial value.
    m = battle(m, { attackerColour: 'black', attacker: 'd', defender: 'd', attackerSupport: 0, defenderSupport: 0 }).match; // 7+1 v 6: black wins, 8-6=2
    expect(m.sides.black!.current.d).toBe('2');
    expect(m.sides.white!.onBoard.d).toBe(false);
    m = promote(m, 'white', 'd');
    expect(m.sides.white!.current.d).toBe('7');
  });
  it('resignation gives the other player 2; a draw gives nobody anything', () => {
    expect(endRound(started(), 'resignation', 'black').score).toEqual({ white: 2, black: 0 });
    const d = endRound(started(), 'draw');
    expect(d.score).toEqual({ white: 0, black: 0 });
    expect(d.phase).toBe('round-over');
  });
  it('rejects pieces not on the board', () => {
    const m = battle(started(), { attackerColour: 'white', attacker: 'd', defender: 'b', attackerSupport: 0, defenderSupport: 0 }).match;
    expect(() => battle(m, { attackerColour: 'white', attacker: 'd', defender: 'b', attackerSupport: 0, defenderSupport: 0 })).toThrow();
  });
  it('persists and undoes', () => {
    const s = new Mem();
    let saved = commit({ match: null, undo: [] }, newMatch());
    saved = commit(saved, setValues(saved.match!, 'white', W));
    save(saved, s);
    expect(s.m.has(STORE_KEY)).toBe(true);
    const back = load(s);
    expect(back.match!.sides.white!.initial).toEqual(W);
    const u = undo(back);
    expect(u.match!.sides.white).toBeNull();
    expect(u.undone).toBe(1);
    s.setItem(STORE_KEY, '{"match":{"version":9}}');
    expect(load(s).match).toBeNull();
  });
});

describe('companion special battles', () => {
  it('Chief v Chief with equal bonuses: both Chiefs leave, both score 2, a drawn match', () => {
    const m = setValues(setValues(newMatch(), 'white', W), 'black', { ...B, e: 'C', g: 'S' });
    // White's Chief (e) attacks Black's Chief (e): bonuses 1 v 1.
    const r = battle(m, { attackerColour: 'white', attacker: 'e', defender: 'e', attackerSupport: 0, defenderSupport: 1 });
    expect(r.announce.winner).toBe('tie');
    expect(r.match.score).toEqual({ white: 2, black: 2 });
    expect(r.match.phase).toBe('over');
    expect(matchWinner(r.match)).toBeNull();
  });
  it('a numbered piece beating an unknown piece does not end the round', () => {
    const r = battle(started(), { attackerColour: 'black', attacker: 'd', defender: 'pawn', attackerSupport: 0, defenderSupport: 0 });
    expect(r.match.phase).toBe('play');
    expect(r.match.sides.black!.current.d).toBe('7'); // 8 - 1 = 7, capped at 7
  });
  it('three rounds without 2 points end the match', () => {
    let m = endRound(started(), 'draw');
    m = nextRound(m);
    m = endRound(setValues(setValues(m, 'white', W), 'black', B), 'draw');
    m = nextRound(m);
    m = endRound(setValues(setValues(m, 'white', W), 'black', B), 'draw');
    expect(m.phase).toBe('over');
    expect(m.rounds).toHaveLength(3);
  });
});
