// The ONE place that converts between server squares ("e4", "e10") and chessgroundx keys.
// chessgroundx names ranks with one character each: '1'…'9', then ':' for rank 10
// (its rank alphabet continues ';', '<', … for 11, 12, …).
import type { Key } from 'chessgroundx/types';

const CG_RANKS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', ':', ';', '<', '=', '>', '?', '@'];

/** "e10" → "e:" ; "e4" → "e4". Throws on a malformed square. */
export function squareToKey(square: string): Key {
  const m = /^([a-p])(\d{1,2})$/.exec(square);
  if (!m) throw new Error(`bad square '${square}'`);
  const r = Number(m[2]);
  if (r < 1 || r > CG_RANKS.length) throw new Error(`bad square '${square}'`);
  return (m[1] + CG_RANKS[r - 1]) as Key;
}

/** "e:" → "e10" ; "e4" → "e4". */
export function keyToSquare(key: string): string {
  const file = key[0];
  const r = CG_RANKS.indexOf(key.slice(1));
  if (r < 0 || !/^[a-p]$/.test(file)) throw new Error(`bad key '${key}'`);
  return file + String(r + 1);
}

export interface CoordMove {
  from: string; // server squares
  to: string;
  rest: string; // promotion letter or anything after the two squares
}

/** Split a coordinate move "e7e8q", "e9e10", "e5e5" into its squares. */
export function splitMove(uci: string): CoordMove | null {
  const m = /^([a-p](?:1[0-6]|[1-9]))([a-p](?:1[0-6]|[1-9]))(.*)$/.exec(uci);
  if (!m) return null;
  return { from: m[1], to: m[2], rest: m[3] };
}

/** chessgroundx dests (orig key → dest keys) from a list of coordinate moves. */
export function destsFromMoves(moves: readonly string[]): Map<Key, Key[]> {
  const dests = new Map<Key, Key[]>();
  for (const mv of moves) {
    const s = splitMove(mv);
    if (!s) continue;
    const o = squareToKey(s.from);
    const d = squareToKey(s.to);
    const list = dests.get(o);
    if (!list) dests.set(o, [d]);
    else if (!list.includes(d)) list.push(d);
  }
  return dests;
}

/** The move's [orig, dest] keys, for lastMove highlights. */
export function moveKeys(uci: string): [Key, Key] | null {
  const s = splitMove(uci);
  return s ? [squareToKey(s.from), squareToKey(s.to)] : null;
}
