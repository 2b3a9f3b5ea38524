// Ratings as shown (src/profile/rating.ts) and players as named (src/profile/label.ts).
import { describe, it, expect, afterEach } from 'vitest';
import { formatRating, formatDiff, diffClass, poolOf } from '../src/profile/rating';
import { describePlayer, profilePath } from '../src/profile/label';
import { setLang } from '../src/i18n';

afterEach(() => setLang('en', false));

describe('rating formatting', () => {
  it('a rating, a provisional one with "?"', () => {
    expect(formatRating(1523, false)).toBe('1523');
    expect(formatRating(1500, true)).toBe('1500?');
    expect(formatRating(1523.6)).toBe('1524');
    expect(formatRating(undefined)).toBe('');
    expect(formatRating(NaN)).toBe('');
  });

  it('a change with its sign: a real minus, ±0', () => {
    expect(formatDiff(7)).toBe('+7');
    expect(formatDiff(-12)).toBe('\u221212');
    expect(formatDiff(0)).toBe('±0');
    expect(formatDiff(0.4)).toBe('±0');
    expect(formatDiff(undefined)).toBe('');
    expect(diffClass(7)).toBe('up');
    expect(diffClass(-1)).toBe('down');
    expect(diffClass(0)).toBe('same');
  });

  it('the pool of a game: chess by initial + 40 × increment seconds (lichess’s split)', () => {
    expect(poolOf('chess', { initial: 60, increment: 0 })).toBe('chess-bullet'); // 60
    expect(poolOf('chess', { initial: 120, increment: 1 })).toBe('chess-bullet'); // 160
    expect(poolOf('chess', { initial: 180, increment: 0 })).toBe('chess-blitz'); // 180
    expect(poolOf('chess', { initial: 180, increment: 2 })).toBe('chess-blitz'); // 260
    expect(poolOf('chess', { initial: 300, increment: 3 })).toBe('chess-blitz'); // 420
    expect(poolOf('chess', { initial: 480, increment: 0 })).toBe('chess-rapid'); // 480
    expect(poolOf('chess', { initial: 900, increment: 10 })).toBe('chess-rapid'); // 1300
    expect(poolOf('chess', { initial: 1500, increment: 0 })).toBe('chess-classical'); // 1500
    expect(poolOf('chess', null)).toBe('chess-untimed');
    expect(poolOf('chiefspy', { initial: 60, increment: 0 })).toBe('chiefspy');
    expect(poolOf('minesweeper', null)).toBe('minesweeper');
    expect(poolOf('othello', null)).toBeNull();
  });
});

describe('describePlayer', () => {
  it('an account: its name, a link to its profile, the rating, the change after the game', () => {
    const l = describePlayer({ name: 'alice', rating: 1523, provisional: false, ratingDiff: 7 })!;
    expect(l).toMatchObject({ name: 'alice', profile: '/player/alice', rating: '1523', diff: '+7', diffClass: 'up', computer: false });
    expect(describePlayer({ name: 'bob', rating: 1500, provisional: true })).toMatchObject({ rating: '1500?', diff: '', diffClass: null });
    expect(describePlayer({ name: 'bob', rating: 1488, provisional: true, ratingDiff: -12 })).toMatchObject({ diff: '\u221212', diffClass: 'down' });
  });

  it('an anonymous seat is "Anonymous" (or the caller’s word), without a link', () => {
    expect(describePlayer({ name: null })).toMatchObject({ name: 'Anonymous', profile: null, rating: '' });
    expect(describePlayer({ name: null }, 'You')).toMatchObject({ name: 'You', profile: null });
    setLang('it', false);
    expect(describePlayer({ name: null })!.name).toBe('Anonimo');
  });

  it('a computer seat by the name the server gives it, no link and no rating', () => {
    expect(describePlayer({ name: 'Arbiter level 3', computer: true, rating: 1800 })).toMatchObject({ name: 'Arbiter level 3', profile: null, rating: '', computer: true });
  });

  it('nothing said about the seat: null (the caller keeps its own words)', () => {
    expect(describePlayer(undefined)).toBeNull();
    expect(describePlayer(null)).toBeNull();
  });

  it('a profile path escapes what a name cannot hold anyway', () => {
    expect(profilePath('a_b-1')).toBe('/player/a_b-1');
    expect(profilePath('x/y?z')).toBe('/player/x%2Fy%3Fz');
  });
});
