// Accounts in the client: the seats offered at sign-up (`claim`), the forms' way back, a 429's wait.
import { describe, it, expect } from 'vitest';
import { claimableSeats } from '../src/account/state';
import { scopeList } from '../src/account/api';
import { safeNext } from '../src/account/next';
import { retryAfterSeconds, ApiError } from '../src/api';
import { errorText } from '../src/problems';
import '../src/account/messages';

describe('claimableSeats', () => {
  it('one entry per game with its seat token; games on one device are left out', () => {
    const seats = {
      g1: { seat: 'white' as const, token: 'aa' },
      g2: { seat: 'black' as const, token: 'bb', over: true },
      g3: { seat: 'white' as const, token: 'cc', tokens: { white: 'cc', black: 'dd' } },
      g4: { seat: 'white' as const, token: '' },
    };
    expect(claimableSeats(seats)).toEqual([
      { game: 'g1', token: 'aa' },
      { game: 'g2', token: 'bb' },
    ]);
  });
});

describe('safeNext', () => {
  it('a path on this site, never another origin or the forms', () => {
    expect(safeNext('/game/abc')).toBe('/game/abc');
    expect(safeNext('/join/x#inv&as=black')).toBe('/join/x#inv&as=black');
    expect(safeNext(null)).toBe('/');
    expect(safeNext('https://evil.example/')).toBe('/');
    expect(safeNext('//evil.example/')).toBe('/');
    expect(safeNext('/\\evil.example')).toBe('/');
    expect(safeNext('/login?next=/x')).toBe('/');
  });
});

describe('Retry-After', () => {
  it('seconds or an HTTP date, in whole seconds', () => {
    expect(retryAfterSeconds('6')).toBe(6);
    expect(retryAfterSeconds('1.2')).toBe(2);
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds('soon')).toBeUndefined();
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10);
  });

  it('an error says when to try again', () => {
    expect(errorText(new ApiError(429, 'rate-limited', 'slow down', 6))).toBe('too many attempts: try again in 6 s');
    expect(errorText(new ApiError(429, 'too-many-seeks', 'five at most', 3))).toBe('you are already looking for as many games as the server allows (try again in 3 s)');
    expect(errorText(new ApiError(429, 'rate-limited', 'slow down'))).toBe('too many requests: try again in a moment');
    expect(errorText(new ApiError(401, 'bad-login', 'wrong name or password'))).toBe('wrong name or password');
    expect(errorText(new ApiError(400, 'bad-name', 'a name starts with a letter or digit'))).toBe('a name starts with a letter or digit'); // the server's text
  });
});

describe('scopeList', () => {
  it('a list, or the space-separated string the server answers', () => {
    expect(scopeList(['play', 'read'])).toEqual(['play', 'read']);
    expect(scopeList('play chat read')).toEqual(['play', 'chat', 'read']);
    expect(scopeList('')).toEqual([]);
    expect(scopeList(undefined)).toEqual([]);
  });
});
