// Issue 13, defect 12: the join page says the colour the invited player will have, from the
// invite link (the server's view of an open game does not say which seat is free).
import { describe, it, expect } from 'vitest';
import { parseJoinHash, joinLink } from '../src/game/invite';

describe('the join link carries the joiner’s colour', () => {
  it('joinLink adds it to the server’s invite path, or to a public game’s bare join path', () => {
    expect(joinLink('/join/abc#51c2', 'black')).toBe('/join/abc#51c2&as=black');
    expect(joinLink('/join/abc', 'white')).toBe('/join/abc#as=white');
  });

  it('parseJoinHash reads the invite and the colour; an old link has no colour', () => {
    expect(parseJoinHash('#51c2&as=black')).toEqual({ invite: '51c2', seat: 'black' });
    expect(parseJoinHash('51c2')).toEqual({ invite: '51c2', seat: null });
    expect(parseJoinHash('as=white')).toEqual({ invite: '', seat: 'white' });
    expect(parseJoinHash('')).toEqual({ invite: '', seat: null });
    expect(parseJoinHash('51c2&as=purple')).toEqual({ invite: '51c2', seat: null });
  });
});
