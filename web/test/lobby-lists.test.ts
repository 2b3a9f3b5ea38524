// Issue 13, defect 12: each game in one list of the lobby; who played a listed game; the
// assist badge explained (no bare "✦").
import { describe, it, expect, afterEach } from 'vitest';
import { arrangeLists, playerNames, assistBadge } from '../src/lobby/lists';
import { setLang } from '../src/i18n';
import type { GameSummary } from '../src/games/types';
import type { SeatEntry } from '../src/session';
import '../src/lobby/messages';

let n = 0;
function game(o: Partial<GameSummary>): GameSummary {
  n++;
  return { id: `g${n}`, variant: 'chess', status: 'active', opponent: 'human', clock: null, createdAt: 1000 + n, result: null, rematch: null, rematchOf: null, ...o };
}
const seat = (s: 'white' | 'black', extra: Partial<SeatEntry> = {}): SeatEntry => ({ seat: s, token: 't', ...extra });

afterEach(() => setLang('en', false));

describe('arrangeLists: each game once', () => {
  it('one’s own live games are under "Your games" only; the public lists keep the others', () => {
    const myOpen = game({ status: 'open', public: true });
    const theirOpen = game({ status: 'open', public: true });
    const myActive = game({ opponent: 'computer', level: 2 });
    const theirActive = game({ opponent: 'local' });
    const myFinished = game({ status: 'finished', opponent: 'computer', level: 1 });
    const seats = { [myOpen.id]: seat('white'), [myActive.id]: seat('black'), [myFinished.id]: seat('white') };
    const l = arrangeLists({ open: [myOpen, theirOpen], active: [myActive, theirActive], finished: [myFinished] }, seats);
    expect(l.mine.map((g) => g.id)).toEqual([myActive.id, myOpen.id]); // newest first
    expect(l.open.map((g) => g.id)).toEqual([theirOpen.id]);
    expect(l.active.map((g) => g.id)).toEqual([theirActive.id]);
    expect(l.finished.map((g) => g.id)).toEqual([myFinished.id]);
    const all = [...l.mine, ...l.open, ...l.active, ...l.finished].map((g) => g.id);
    expect(new Set(all).size).toBe(all.length);
  });

  it('a game caught in two of the server’s lists (it started or ended between the requests) is shown once, at its later status', () => {
    const a = game({ status: 'open', public: true });
    const b = game({});
    const l = arrangeLists({ open: [a], active: [{ ...a, status: 'active' }, b], finished: [{ ...b, status: 'finished' }] }, {});
    expect(l.open).toEqual([]);
    expect(l.active.map((g) => [g.id, g.status])).toEqual([[a.id, 'active']]);
    expect(l.finished.map((g) => [g.id, g.status])).toEqual([[b.id, 'finished']]);
  });

  it('one’s own friends’ game made by invite, which the server does not list, is under "Your games" (fetched by id)', () => {
    const invited = game({ status: 'open' });
    const over = game({ status: 'finished' });
    const seats = { [invited.id]: seat('black'), [over.id]: seat('white') };
    const l = arrangeLists({ open: [], active: [], finished: [] }, seats, [invited, over]);
    expect(l.mine.map((g) => g.id)).toEqual([invited.id]);
    expect(l.finished).toEqual([]);
  });
});

describe('playerNames: who played', () => {
  it('people are Anonymous, this browser’s seat is You; the computer by its level', () => {
    const h = game({ status: 'finished' });
    expect(playerNames(h)).toEqual([
      { side: 'white', name: 'Anonymous' },
      { side: 'black', name: 'Anonymous' },
    ]);
    expect(playerNames(h, seat('black'))).toEqual([
      { side: 'white', name: 'Anonymous' },
      { side: 'black', name: 'You' },
    ]);
    // a game on one device: both seats are this browser's, neither is "You"
    const local = game({ opponent: 'local' });
    expect(playerNames(local, seat('white', { tokens: { white: 'a', black: 'b' } })).map((p) => p.name)).toEqual(['Anonymous', 'Anonymous']);
  });

  it('against the computer: its colour from the server or this browser, otherwise no colours', () => {
    const c = game({ opponent: 'computer', level: 3, status: 'finished' });
    expect(playerNames(c)).toEqual([
      { side: null, name: 'Anonymous' },
      { side: null, name: 'Computer level 3' },
    ]);
    expect(playerNames(c, seat('black'))).toEqual([
      { side: 'white', name: 'Computer level 3' },
      { side: 'black', name: 'You' },
    ]);
    expect(playerNames(game({ opponent: 'computer' }), seat('white', { level: 5 }))[1]).toEqual({ side: 'black', name: 'Computer level 5' });
    // A stranger sees the colours too when the server says which seat the computer had.
    expect(playerNames(game({ opponent: 'computer', level: 3, computerSeat: 'white' }))).toEqual([
      { side: 'white', name: 'Computer level 3' },
      { side: 'black', name: 'Anonymous' },
    ]);
    setLang('it', false);
    expect(playerNames(c).map((p) => p.name)).toEqual(['Anonimo', 'Computer livello 3']);
  });
});

describe('assistBadge', () => {
  it('a word with its explanation in both languages, never a bare symbol', () => {
    expect(assistBadge(game({}))).toBeNull();
    const proposed = assistBadge(game({ assist: { proposed: true, enabled: false } }))!;
    expect(proposed.text).toBe('assist');
    expect(proposed.title).toMatch(/proposed: on only if the player who joins agrees/);
    expect(assistBadge(game({ assist: { proposed: true, enabled: true } }))!.title).toMatch(/^Assist helpers on/);
    setLang('it', false);
    const it = assistBadge(game({ assist: { proposed: true, enabled: false } }))!;
    expect(it.text).toBe('aiuti');
    expect(it.title).toMatch(/^Aiuti proposti/);
    for (const b of [proposed, it]) expect(b.text + b.title).not.toMatch(/✦/);
  });
});

describe('playerNames with the server’s players (docs/players.md)', () => {
  it('names, ratings and colours from `players`; an anonymous seat is Anonymous, this browser’s own You', () => {
    const g = game({ status: 'finished', rated: true, players: { white: { name: 'alice', rating: 1523, provisional: false, ratingDiff: 7 }, black: { name: null } } });
    const [w, b] = playerNames(g);
    expect(w).toMatchObject({ side: 'white', name: 'alice', label: { profile: '/player/alice', rating: '1523', diff: '+7' } });
    expect(b).toMatchObject({ side: 'black', name: 'Anonymous' });
    const [, mine] = playerNames(g, seat('black'));
    expect(mine.name).toBe('You');
  });

  it('a computer seat: in the page’s language with its level, else by the name the server gives it', () => {
    const g = game({ opponent: 'computer', level: 3, players: { white: { name: 'Arbiter level 3', computer: true }, black: { name: 'bob', rating: 1500, provisional: true } } });
    const [w, b] = playerNames(g);
    expect(w).toMatchObject({ side: 'white', name: 'Computer level 3', label: { computer: true, profile: null } });
    expect(b).toMatchObject({ side: 'black', name: 'bob', label: { rating: '1500?' } });
    setLang('it', false);
    expect(playerNames(g)[0].name).toBe('Computer livello 3');
    setLang('en', false);
    const noLevel = game({ opponent: 'computer', players: { white: { name: 'Arbiter level 5', computer: true }, black: { name: null } } });
    expect(playerNames(noLevel)[0].name).toBe('Arbiter level 5');
  });

  it('a seat the server says nothing about keeps the old words', () => {
    const g = game({ opponent: 'computer', level: 2, computerSeat: 'white', players: { black: { name: 'bob' } } });
    const [w, b] = playerNames(g);
    expect(w).toMatchObject({ side: 'white', name: 'Computer level 2' });
    expect(b.name).toBe('bob');
  });
});
