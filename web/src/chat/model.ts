// A game's chat as the page holds it (docs/players.md): two rooms, "players" (the two seats)
// and "spectators" (everyone else; shown to the seats once the game is over). Lines come from
// the history (GET …/chat) and the socket, in any order and possibly twice: each room keeps
// one line per `n`, ordered by `n`. A seat may mute its opponent: their lines are hidden here
// (the server stops sending them too). Pure: panel.ts draws it.
import type { Seat } from '../games/types';

export type Room = 'players' | 'spectators';
export const ROOMS: Room[] = ['players', 'spectators'];
export const MAX_CHAT = 140;

export interface ChatLine {
  room: Room;
  n: number;
  from: { name: string | null; seat: Seat | null };
  text: string;
  at: number;
}

/** A line from the server, or null when it lacks what a line needs. */
export function parseLine(raw: unknown, room?: Room): ChatLine | null {
  if (!raw || typeof raw !== 'object') return null;
  const o = raw as Record<string, any>;
  const r = o.room ?? room;
  if ((r !== 'players' && r !== 'spectators') || typeof o.n !== 'number' || typeof o.text !== 'string') return null;
  const from = o.from && typeof o.from === 'object' ? o.from : {};
  return {
    room: r,
    n: o.n,
    from: { name: typeof from.name === 'string' && from.name ? from.name : null, seat: from.seat === 'white' || from.seat === 'black' ? from.seat : null },
    text: o.text,
    at: typeof o.at === 'number' ? o.at : 0,
  };
}

export type DraftProblem = 'empty' | 'too-long' | 'control';

/** A draft as the server will judge it: trimmed, 1 to 140 characters (code points), no control characters (U+0000–U+001F, U+007F–U+009F). */
export function checkDraft(text: string): { text: string; length: number; problem: DraftProblem | null } {
  const trimmed = text.trim();
  const length = [...trimmed].length;
  // eslint-disable-next-line no-control-regex
  const problem: DraftProblem | null = !length ? 'empty' : length > MAX_CHAT ? 'too-long' : /[\u0000-\u001f\u007f-\u009f]/.test(trimmed) ? 'control' : null;
  return { text: trimmed, length, problem };
}

export class ChatModel {
  private rooms: Record<Room, ChatLine[]> = { players: [], spectators: [] };
  /** This seat has muted its opponent. */
  muted = false;

  constructor(
    /** This browser's seat in the game. */
    public seat: Seat | 'spectator',
  ) {}

  /** The room this browser writes to. */
  ownRoom(): Room {
    return this.seat === 'spectator' ? 'spectators' : 'players';
  }

  /** Rooms to show: a seat its own, and the spectators' once the game is over; a spectator theirs. */
  visibleRooms(over: boolean): Room[] {
    if (this.seat === 'spectator') return ['spectators'];
    return over ? ['players', 'spectators'] : ['players'];
  }

  /** Adds a line; false when the room already has line `n` (the socket and the history overlap). */
  add(line: ChatLine): boolean {
    const list = this.rooms[line.room];
    // usually the newest: search from the end
    let i = list.length;
    while (i > 0 && list[i - 1].n > line.n) i--;
    if (i > 0 && list[i - 1].n === line.n) return false;
    list.splice(i, 0, line);
    return true;
  }

  /** The answer of GET …/chat: `{players?: [line], spectators?: [line]}`. Returns how many were new. */
  addHistory(body: unknown): number {
    let added = 0;
    if (!body || typeof body !== 'object') return 0;
    for (const room of ROOMS) {
      const lines = (body as Record<string, unknown>)[room];
      if (!Array.isArray(lines)) continue;
      for (const raw of lines) {
        const l = parseLine(raw, room);
        if (l && this.add(l)) added++;
      }
    }
    return added;
  }

  /** Whether `line` comes from this seat's opponent (what muting hides). */
  fromOpponent(line: ChatLine): boolean {
    return this.seat !== 'spectator' && line.room === 'players' && line.from.seat !== null && line.from.seat !== this.seat;
  }

  /** The lines of `room` to show, oldest first (muted: without the opponent's). */
  lines(room: Room): ChatLine[] {
    const list = this.rooms[room];
    return this.muted ? list.filter((l) => !this.fromOpponent(l)) : list.slice();
  }

  /** Every line held for `room`, muted ones included. */
  count(room: Room): number {
    return this.rooms[room].length;
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
  }
}
