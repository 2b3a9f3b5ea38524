// What the companion says after a battle, a round and a match (issue 13, defect 12): which
// pieces to take off the real board, who scored and why, the match result — always with the
// names the players typed (or "Player 1/2"), in both modes and both languages.
import { afterEach, describe, expect, it } from 'vitest';
import { setLang } from '../src/i18n';
import { newMatch, setValues, battle, endRound, nextRound, type Assignment, type RoundRecord } from '../src/companion/model';
import { newDuo, setMyValues, defenderCode, attackerResolve, defenderFinish, duoEndRound, duoNextRound, type DuoBattle } from '../src/companion/duo';
import { removals, battleText, roundText, matchText, playerName, promotedText } from '../src/companion/announce';

const W: Assignment = { a: '5', b: 'S', c: '3', d: '7', e: 'C', f: '2', g: '4', h: '6' };
const B: Assignment = { a: '4', b: '2', c: '6', d: '7', e: 'S', f: '5', g: 'C', h: '3' };
const names = { white: 'Ann', black: 'Bob' };
const started = (n = names) => setValues(setValues(newMatch(n), 'white', W), 'black', B);

afterEach(() => setLang('en', false));

describe('the pieces to take off the board', () => {
  const b = { attackerColour: 'black' as const, attacker: 'd' as const, defender: 'pawn' as const };
  it('the loser, or both on a tie', () => {
    expect(removals(b, 'attacker')).toEqual([{ colour: 'white', piece: 'pawn' }]);
    expect(removals(b, 'defender')).toEqual([{ colour: 'black', piece: 'd' }]);
    expect(removals(b, 'tie')).toEqual([{ colour: 'black', piece: 'd' }, { colour: 'white', piece: 'pawn' }]);
  });
});

describe('a battle announced with names', () => {
  it('the winner and the piece to remove, by name, colour and piece; the names follow the colours round by round', () => {
    const b = { attackerColour: 'white' as const, attacker: 'd' as const, defender: 'b' as const };
    expect(battleText(names, 1, b, 'attacker')).toEqual({ winner: 'The attacker, Ann (White), wins', remove: 'Remove Bob’s Great knight (Black) from the board.' });
    expect(battleText(names, 2, b, 'defender')).toEqual({ winner: 'The defender, Ann (Black), wins', remove: 'Remove Bob’s Queen (White) from the board.' });
    expect(battleText(names, 1, { ...b, defender: 'pawn' }, 'tie')).toEqual({
      winner: 'Tie: both pieces leave the board',
      remove: 'Remove both pieces from the board: Ann’s Queen (White) and Bob’s Pawn (Black).',
    });
  });
  it('no number but the names’ own: the announcement never carries a value', () => {
    const b = { attackerColour: 'black' as const, attacker: 'pawn' as const, defender: 'e' as const };
    for (const w of ['attacker', 'defender', 'tie'] as const) expect(Object.values(battleText(names, 1, b, w)).join(' ')).not.toMatch(/\d/);
  });
  it('without names: Player 1 and Player 2; a name typed with spaces is trimmed', () => {
    expect(playerName({ white: '', black: '  ' }, 'black')).toBe('Player 2');
    expect(playerName({ white: ' Ann ', black: '' }, 'white')).toBe('Ann');
    expect(battleText({ white: '', black: '' }, 1, { attackerColour: 'white', attacker: 'a', defender: 'h' }, 'attacker').winner).toBe('The attacker, Player 1 (White), wins');
  });
  it('in Italian', () => {
    setLang('it', false);
    const b = { attackerColour: 'white' as const, attacker: 'd' as const, defender: 'b' as const };
    expect(battleText(names, 1, b, 'attacker')).toEqual({ winner: 'Vince l’attaccante, Ann (Bianco)', remove: 'Togli dalla scacchiera il pezzo di Bob (Nero): Grande cavallo.' });
    expect(battleText(names, 1, b, 'tie').remove).toBe('Togli dalla scacchiera entrambi i pezzi: Regina di Ann (Bianco) e Grande cavallo di Bob (Nero).');
    expect(battleText({ white: '', black: '' }, 1, b, 'defender').winner).toBe('Vince il difensore, Giocatore 2 (Nero)');
  });
  it('a promotion names whose piece returns', () => {
    expect(promotedText(names, 2, 'white', 'b')).toBe('Bob’s Great knight (White) returns on the promotion square.');
    setLang('it', false);
    expect(promotedText(names, 1, 'white', 'b')).toBe('Grande cavallo di Ann (Bianco) rientra sulla casa di promozione.');
  });
});

describe('a round’s end says who scored, and why', () => {
  const last = (m: { rounds: RoundRecord[] }) => m.rounds[m.rounds.length - 1];
  it('a Spy captured: its owner’s opponent scores 1', () => {
    // Bob's pawn takes Ann's Spy (great knight b).
    const r = battle(started(), { attackerColour: 'black', attacker: 'pawn', defender: 'b', attackerSupport: 0, defenderSupport: 0 });
    expect(roundText(names, r.announce.roundEnd!)).toEqual({ headline: 'Round 1 is over: Bob scores 1 point.', why: 'Ann’s Spy was captured.', score: 'Score: Ann 0 – 1 Bob' });
  });
  it('a Chief captured in round 2 (colours swapped): 2 points', () => {
    let m = nextRound(battle(started(), { attackerColour: 'black', attacker: 'pawn', defender: 'b', attackerSupport: 0, defenderSupport: 0 }).match);
    m = setValues(setValues(m, 'white', W), 'black', B); // Ann plays Black with W: her Spy is b
    // Ann (Black) takes Bob's Chief (knight g, White) with her Spy.
    const r = battle(m, { attackerColour: 'black', attacker: 'b', defender: 'g', attackerSupport: 0, defenderSupport: 3 });
    expect(roundText(names, r.announce.roundEnd!)).toEqual({ headline: 'Round 2 is over: Ann scores 2 points.', why: 'Bob’s Chief was captured.', score: 'Score: Ann 2 – 1 Bob' });
    expect(matchText(names, r.match.score)).toBe('Ann wins the match 2–1 against Bob.');
  });
  it('both Chiefs in one tie: both score', () => {
    const m = setValues(setValues(newMatch(names), 'white', W), 'black', { ...B, e: 'C', g: 'S' });
    const r = battle(m, { attackerColour: 'white', attacker: 'e', defender: 'e', attackerSupport: 0, defenderSupport: 1 });
    expect(roundText(names, r.announce.roundEnd!)).toEqual({
      headline: 'Round 1 is over: Ann scores 2 points and Bob scores 2 points.',
      why: 'Both Chiefs left the board.',
      score: 'Score: Ann 2 – 2 Bob',
    });
    expect(matchText(names, r.match.score)).toBe('Ann and Bob draw the match 2–2.');
  });
  it('a resignation, no legal move, a drawn round', () => {
    expect(roundText(names, last(endRound(started(), 'resignation', 'white')))).toEqual({ headline: 'Round 1 is over: Bob scores 2 points.', why: 'Ann resigned the round.', score: 'Score: Ann 0 – 2 Bob' });
    expect(roundText(names, last(endRound(started(), 'no-legal-move', 'black'))).why).toBe('Bob had no legal move.');
    expect(roundText(names, last(endRound(started(), 'draw')))).toEqual({ headline: 'Round 1 is over: nobody scores.', why: 'Drawn round.', score: 'Score: Ann 0 – 0 Bob' });
  });
  it('the match winner’s points come first, whichever seat won', () => {
    expect(matchText(names, { white: 1, black: 2 })).toBe('Bob wins the match 2–1 against Ann.');
    expect(matchText({ white: '', black: '' }, { white: 0, black: 2 })).toBe('Player 2 wins the match 2–0 against Player 1.');
  });
  it('in Italian', () => {
    setLang('it', false);
    const r = battle(started(), { attackerColour: 'black', attacker: 'pawn', defender: 'b', attackerSupport: 0, defenderSupport: 0 });
    expect(roundText(names, r.announce.roundEnd!)).toEqual({ headline: 'Il round 1 è finito: Bob segna 1 punto.', why: 'La Spia di Ann è stata catturata.', score: 'Punteggio: Ann 0 – 1 Bob' });
    expect(roundText(names, last(endRound(started(), 'resignation', 'black'))).headline).toBe('Il round 1 è finito: Ann segna 2 punti.');
    expect(roundText(names, last(endRound(started(), 'draw'))).why).toBe('Il round è patta.');
    expect(matchText(names, { white: 1, black: 2 })).toBe('Bob vince la partita 2–1 contro Ann.');
  });
});

describe('two devices: both say the same, with each device’s names', () => {
  it('the round ended by a battle reads the same on the attacker’s and the defender’s device', () => {
    const code = 'K7M2QX';
    const ann = setMyValues(newDuo(code, 'white', names), W);
    const bob = setMyValues(newDuo(code, 'black', names), B);
    // Ann's pawn takes Bob's Spy (king e).
    const b: DuoBattle = { attackerColour: 'white', attacker: 'pawn', defender: 'e', attackerSupport: 0, defenderSupport: 0 };
    const d = defenderCode(bob, b);
    const a = attackerResolve(ann, b, d.code);
    const f = defenderFinish(d.match, a.code);
    const expected = { headline: 'Round 1 is over: Ann scores 1 point.', why: 'Bob’s Spy was captured.', score: 'Score: Ann 1 – 0 Bob' };
    expect(roundText(a.match.names, a.match.rounds[0])).toEqual(expected);
    expect(roundText(f.match.names, f.match.rounds[0])).toEqual(expected);
    expect(battleText(f.match.names, f.match.round, b, f.outcome.winner).remove).toBe('Remove Bob’s King (Black) from the board.');
    // Round 2: Bob (White now) resigns.
    const r2 = duoEndRound(setMyValues(duoNextRound(a.match), W), 'resignation', 'black');
    expect(roundText(r2.names, r2.rounds[1])).toEqual({ headline: 'Round 2 is over: Ann scores 2 points.', why: 'Bob resigned the round.', score: 'Score: Ann 3 – 0 Bob' });
    expect(matchText(r2.names, r2.score)).toBe('Ann wins the match 3–0 against Bob.');
  });
});
