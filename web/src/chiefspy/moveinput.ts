// Move input for Chief & Spy, from the server's legalMoves (pure state, unit-tested):
// plain moves `e2e4`, castling `e1h1`, promotions `e7e8gn` (suffix = the returning piece),
// and the Spy gambit `b1c3+c3d5` as two steps: the first drop on the middle square offers
// the second step's destinations (or "stop here" when the first step alone is also legal).

export type InputState =
  | { kind: 'idle' }
  | { kind: 'gambit'; from: string; mid: string; seconds: string[]; plain: boolean }
  | { kind: 'promote'; from: string; to: string; options: string[] };

export type DropResult = { state: InputState; send: string | null };

const IDLE: InputState = { kind: 'idle' };
export const idle = (): InputState => IDLE;

export interface ParsedMove {
  move: string;
  from: string;
  to: string;
  /** Promotion suffix (q k r n b gr gn gb) or ''. */
  promo: string;
  /** For a gambit: the middle square (= `to` of the first step) and the final square. */
  gambit: { mid: string; to: string } | null;
}

const SQ = '([a-h](?:10|[1-9]))';
const PLAIN = new RegExp(`^${SQ}${SQ}(q|k|r|n|b|gr|gn|gb)?$`);
const GAMBIT = new RegExp(`^${SQ}${SQ}\\+${SQ}${SQ}$`);

export function parseMove(move: string): ParsedMove | null {
  let m = GAMBIT.exec(move);
  if (m) {
    if (m[2] !== m[3]) return null;
    return { move, from: m[1], to: m[2], promo: '', gambit: { mid: m[2], to: m[4] } };
  }
  m = PLAIN.exec(move);
  if (m) return { move, from: m[1], to: m[2], promo: m[3] ?? '', gambit: null };
  return null;
}

/** Destinations of the first step (plain moves and gambit middle squares), by origin. */
export function firstDests(legal: readonly string[]): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const mv of legal) {
    const p = parseMove(mv);
    if (!p) continue;
    if (!out.has(p.from)) out.set(p.from, new Set());
    out.get(p.from)!.add(p.to);
  }
  return new Map([...out].map(([k, v]) => [k, [...v]]));
}

/** Destinations while a gambit waits for its second step (from the middle square). */
export function secondDests(st: InputState): Map<string, string[]> {
  return st.kind === 'gambit' ? new Map([[st.mid, st.seconds]]) : new Map();
}

/** Whether any gambit exists (the Spy is the only piece with them). */
export function gambitOrigins(legal: readonly string[]): string[] {
  const s = new Set<string>();
  for (const mv of legal) {
    const p = parseMove(mv);
    if (p?.gambit) s.add(p.from);
  }
  return [...s];
}

/** The first drop of a piece from `from` to `to`. */
export function drop(legal: readonly string[], from: string, to: string): DropResult {
  const parsed = legal.map(parseMove).filter((p): p is ParsedMove => !!p && p.from === from && p.to === to);
  const plain = parsed.filter((p) => !p.gambit);
  const gambits = parsed.filter((p) => p.gambit);
  if (gambits.length) {
    return {
      state: { kind: 'gambit', from, mid: to, seconds: gambits.map((g) => g.gambit!.to), plain: plain.length > 0 },
      send: null,
    };
  }
  if (plain.length === 0) return { state: IDLE, send: null };
  const promos = plain.map((p) => p.promo).filter((s) => s !== '');
  if (promos.length === 0) return { state: IDLE, send: plain[0].move };
  if (promos.length === 1 && plain.length === 1) return { state: IDLE, send: plain[0].move };
  return { state: { kind: 'promote', from, to, options: promos }, send: null };
}

/** The second drop of a gambit (from the middle square). */
export function dropSecond(st: InputState, from: string, to: string): DropResult {
  if (st.kind !== 'gambit' || from !== st.mid || !st.seconds.includes(to)) return { state: st, send: null };
  return { state: IDLE, send: `${st.from}${st.mid}+${st.mid}${to}` };
}

/** "Stop here": play the first step alone (only when it is a legal move by itself). */
export function stopHere(st: InputState): DropResult {
  if (st.kind !== 'gambit' || !st.plain) return { state: st, send: null };
  return { state: IDLE, send: `${st.from}${st.mid}` };
}

/** Choosing a promotion option ('' for none). */
export function choosePromotion(st: InputState, suffix: string): DropResult {
  if (st.kind !== 'promote' || !st.options.includes(suffix)) return { state: st, send: null };
  return { state: IDLE, send: `${st.from}${st.to}${suffix}` };
}

/** The piece a promotion suffix names: its role and whether it is a Great piece. */
export function promotionPiece(suffix: string): { role: 'queen' | 'king' | 'rook' | 'knight' | 'bishop'; great: boolean; id: string } {
  const great = suffix.startsWith('g');
  const letter = great ? suffix.slice(1) : suffix;
  const role = ({ q: 'queen', k: 'king', r: 'rook', n: 'knight', b: 'bishop' } as const)[letter as 'q'] ?? 'queen';
  const id = great ? { r: 'a', n: 'b', b: 'c' }[letter] ?? '' : { q: 'd', k: 'e', b: 'f', n: 'g', r: 'h' }[letter] ?? '';
  return { role, great, id };
}
