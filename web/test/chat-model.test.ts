// The chat model (src/chat/model.ts): lines ordered by n, each n once per room (socket and
// history overlap), the rooms a seat and a spectator see, muting the opponent, the draft check.
import { describe, it, expect } from 'vitest';
import { ChatModel, checkDraft, parseLine, MAX_CHAT, type ChatLine } from '../src/chat/model';

const line = (room: 'players' | 'spectators', n: number, seat: 'white' | 'black' | null = 'white', text = `line ${n}`, name: string | null = null): ChatLine => ({
  room,
  n,
  from: { name, seat },
  text,
  at: 1000 + n,
});

describe('ChatModel', () => {
  it('orders lines by n, whatever the order they came in', () => {
    const m = new ChatModel('white');
    for (const n of [3, 1, 4, 2, 6, 5]) m.add(line('players', n));
    expect(m.lines('players').map((l) => l.n)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('keeps each n once per room: the socket and the history overlap', () => {
    const m = new ChatModel('white');
    expect(m.add(line('players', 1))).toBe(true);
    expect(m.add(line('players', 2))).toBe(true);
    expect(m.add(line('players', 2, 'white', 'again'))).toBe(false);
    const added = m.addHistory({ players: [line('players', 1), line('players', 2), line('players', 3)], spectators: [line('spectators', 1, null, 'hi', 'carol')] });
    expect(added).toBe(2); // 3 in players, 1 in spectators
    expect(m.lines('players').map((l) => [l.n, l.text])).toEqual([
      [1, 'line 1'],
      [2, 'line 2'],
      [3, 'line 3'],
    ]);
    // the same n in another room is another line
    expect(m.lines('spectators').map((l) => l.n)).toEqual([1]);
  });

  it('takes the room from the history when a line does not say it, and skips malformed lines', () => {
    const m = new ChatModel('spectator');
    const added = m.addHistory({ spectators: [{ n: 1, from: { name: 'dan', seat: null }, text: 'a', at: 1 }, { n: 'x', text: 'bad' }, null, { n: 2, from: {}, text: 'b' }] });
    expect(added).toBe(2);
    expect(m.lines('spectators').map((l) => [l.n, l.from.name])).toEqual([
      [1, 'dan'],
      [2, null],
    ]);
    expect(parseLine({ room: 'lobby', n: 1, text: 'x' })).toBeNull();
  });

  it('shows a seat its own room, and the spectators’ once the game is over; a spectator only theirs', () => {
    const seat = new ChatModel('black');
    expect(seat.ownRoom()).toBe('players');
    expect(seat.visibleRooms(false)).toEqual(['players']);
    expect(seat.visibleRooms(true)).toEqual(['players', 'spectators']);
    const watcher = new ChatModel('spectator');
    expect(watcher.ownRoom()).toBe('spectators');
    expect(watcher.visibleRooms(false)).toEqual(['spectators']);
    expect(watcher.visibleRooms(true)).toEqual(['spectators']);
  });

  it('muting hides the opponent’s lines (not one’s own, not the spectators’) and unmuting shows them again', () => {
    const m = new ChatModel('white');
    m.add(line('players', 1, 'white', 'mine'));
    m.add(line('players', 2, 'black', 'theirs'));
    m.add(line('players', 3, 'white', 'mine again'));
    m.add(line('spectators', 1, null, 'audience', 'eve'));
    m.setMuted(true);
    expect(m.muted).toBe(true);
    expect(m.lines('players').map((l) => l.text)).toEqual(['mine', 'mine again']);
    expect(m.lines('spectators').map((l) => l.text)).toEqual(['audience']);
    expect(m.count('players')).toBe(3);
    // a muted line arriving later stays hidden, and is kept once
    m.add(line('players', 4, 'black', 'more'));
    m.add(line('players', 4, 'black', 'more'));
    expect(m.lines('players').map((l) => l.n)).toEqual([1, 3]);
    m.setMuted(false);
    expect(m.lines('players').map((l) => l.n)).toEqual([1, 2, 3, 4]);
  });

  it('a spectator’s model never counts lines as the opponent’s', () => {
    const m = new ChatModel('spectator');
    m.add(line('spectators', 1, null, 'x', 'a'));
    m.setMuted(true);
    expect(m.lines('spectators')).toHaveLength(1);
  });
});

describe('checkDraft', () => {
  it('trims, counts characters (not UTF-16 units) and says what is wrong', () => {
    expect(checkDraft('  hello  ')).toEqual({ text: 'hello', length: 5, problem: null });
    expect(checkDraft('   ').problem).toBe('empty');
    expect(checkDraft('♞'.repeat(MAX_CHAT)).problem).toBe(null);
    expect(checkDraft('😀'.repeat(MAX_CHAT)).length).toBe(MAX_CHAT);
    expect(checkDraft('😀'.repeat(MAX_CHAT)).problem).toBe(null);
    expect(checkDraft('x'.repeat(MAX_CHAT + 1)).problem).toBe('too-long');
    expect(checkDraft('a\u0007b').problem).toBe('control');
    expect(checkDraft('a\u0085b').problem).toBe('control');
  });
});
