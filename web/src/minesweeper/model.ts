// Minesweeper Chess: the client's model of the public state (docs/minesweeper.md) — pure
// functions only (no DOM), so that the unit tests can drive them.
//
// Squares are the server's names `a1` … `h10` (index = file + 8 * (rank - 1), a1 = 0,
// h10 = 79). The conversion to chessgroundx keys lives in ../board/keys.ts.

import type { Key } from 'chessgroundx/types';
import { squareToKey } from '../board/keys';
import { piecesOf } from '../board/placement';

export const WIDTH = 8;
export const HEIGHT = 10;
export const FILES = 'abcdefgh';
export const ZONE_RANKS = [4, 5, 6, 7] as const; // fog zone (docs/rules.md#fog-mines-and-numbers)

export type Color = 'white' | 'black';

/** What one square of the 8x10 board shows, besides its piece. */
export interface SquareInfo {
  square: string;
  zone: boolean; // in the fog zone (ranks 4-7)
  fog: boolean; // still fogged
  mine: boolean; // a discovered mine
  number: number; // revealed fog-zone square: mines among its neighbours (0 = nothing shown)
}

export interface Reveal {
  scheme: string;
  mines: string[];
  salt: string;
  preimage: string;
  commitment: string;
}

/** Parsed `zone:` field: rank 7 first, files a-h. */
export interface Zone {
  fog: Set<string>;
  mines: Set<string>;
  numbers: Map<string, number>;
}

export interface ParsedFen {
  placement: string; // the board part (10 ranks)
  turn: Color;
  zone: Zone | null; // null for a plain FEN (no fog, no mines)
  counter: number | null;
}

export function squareName(index: number): string {
  return FILES[index % WIDTH] + String(Math.floor(index / WIDTH) + 1);
}

/** `e10` → 79 … `a1` → 0; -1 for anything else. */
export function squareIndex(sq: string): number {
  const m = /^([a-h])(10|[1-9])$/.exec(sq);
  if (!m) return -1;
  return FILES.indexOf(m[1]) + WIDTH * (Number(m[2]) - 1);
}

export function fileOf(sq: string): number {
  return FILES.indexOf(sq[0]);
}

export function rankOf(sq: string): number {
  return Number(sq.slice(1));
}

export function inZone(sq: string): boolean {
  const r = rankOf(sq);
  return r >= 4 && r <= 7;
}

/** Every square, a1 … h10 in index order. */
export const ALL_SQUARES: readonly string[] = Array.from({ length: WIDTH * HEIGHT }, (_, i) => squareName(i));

/** The 32 fog-zone squares in index order. */
export const ZONE_SQUARES: readonly string[] = ALL_SQUARES.filter(inZone);

export function parseZone(field: string): Zone {
  const rows = field.split('/');
  if (rows.length !== 4 || rows.some((r) => r.length !== 8)) throw new Error(`bad zone field: ${field}`);
  const zone: Zone = { fog: new Set(), mines: new Set(), numbers: new Map() };
  rows.forEach((row, i) => {
    const rank = 7 - i;
    for (let f = 0; f < 8; f++) {
      const sq = FILES[f] + rank;
      const c = row[f];
      if (c === '~') zone.fog.add(sq);
      else if (c === '*') zone.mines.add(sq);
      else if (c >= '1' && c <= '8') zone.numbers.set(sq, Number(c));
      else if (c !== '.') throw new Error(`bad zone character ${c}`);
    }
  });
  return zone;
}

/** The public FEN of a view or move event: chess fields, then `zone:` and `counter:`. */
export function parseFen(fen: string): ParsedFen {
  const fields = fen.trim().split(/\s+/);
  const out: ParsedFen = { placement: fields[0] ?? '', turn: fields[1] === 'b' ? 'black' : 'white', zone: null, counter: null };
  for (const f of fields) {
    if (f.startsWith('zone:')) out.zone = parseZone(f.slice(5));
    else if (f.startsWith('counter:')) out.counter = Number(f.slice(8));
  }
  return out;
}

export interface PieceOn {
  color: Color;
  role: 'pawn' | 'knight' | 'bishop' | 'rook' | 'queen' | 'king';
}

/** Pieces by square from a 10-rank placement (top rank = 10). */
export function readPlacement(placement: string): Map<string, PieceOn> {
  const pieces = new Map<string, PieceOn>();
  for (const p of piecesOf(placement))
    if (FILES.includes(p.square[0])) pieces.set(p.square, { role: p.role, color: p.colour });
  return pieces;
}

/** The public state the screen draws. */
export interface MsState {
  fen: string;
  placement: string;
  turn: Color;
  fog: Set<string>;
  mines: Set<string>; // discovered mines on the board
  numbers: Map<string, number>;
  counter: number;
  minesAtStart: number;
  fogGone: boolean;
  moves: string[];
  legalMoves: string[]; // of the side to move; stale (empty) between a move event and the next view
  legalFresh: boolean; // legalMoves belong to the current position
  check: Color | null; // who is in check
  commitment: string;
  reveal: Reveal | null;
  lastMove: [string, string] | null;
  status: string;
  result: { score: string; reason: string; winner?: Color | null } | null;
  /** Mines seen leaving the board (explosions, cleared): part of the layout at the start. */
  removedMines: Set<string>;
  /** Mines seen at any point (discovered, exploded, cleared): used to check the reveal. */
  seenMines: Set<string>;
  eventsSeen: number; // how many events (by seq) the state reflects
}

export function emptyState(): MsState {
  return {
    fen: '',
    placement: '',
    turn: 'white',
    fog: new Set(),
    mines: new Set(),
    numbers: new Map(),
    counter: 0,
    minesAtStart: 0,
    fogGone: true,
    moves: [],
    legalMoves: [],
    legalFresh: false,
    check: null,
    commitment: '',
    reveal: null,
    lastMove: null,
    status: 'active',
    result: null,
    removedMines: new Set(),
    seenMines: new Set(),
    eventsSeen: 0,
  };
}

export function parseUci(uci: string): { from: string; to: string; promotion?: string } | null {
  const m = /^([a-h](?:10|[1-9]))([a-h](?:10|[1-9]))([qrbn])?$/.exec(uci);
  if (!m) return null;
  return { from: m[1], to: m[2], promotion: m[3] };
}

export function isSapper(uci: string): boolean {
  const m = parseUci(uci);
  return !!m && m.from === m.to;
}

/**
 * The square a pawn on `pawn` saps: the one directly in front of it
 * (docs/rules.md#the-sapper-action).
 */
export function sapperTarget(pawn: string, color: Color): string | null {
  const f = fileOf(pawn);
  const r = rankOf(pawn) + (color === 'white' ? 1 : -1);
  if (f < 0 || r < 1 || r > HEIGHT) return null;
  return FILES[f] + r;
}

export interface SapperAction {
  pawn: string; // the pawn's square
  target: string; // the square in front
  uci: string; // `e5e5`
}

/** Sapper actions among the legal moves of the side to move `turn`. */
export function sapperActions(legalMoves: readonly string[], turn: Color): SapperAction[] {
  const out: SapperAction[] = [];
  for (const uci of legalMoves) {
    const m = parseUci(uci);
    if (!m || m.from !== m.to) continue;
    const target = sapperTarget(m.from, turn);
    if (target) out.push({ pawn: m.from, target, uci });
  }
  return out;
}

/** Ordinary moves: origin → destinations (server squares); sapper actions left out. */
export function destinations(legalMoves: readonly string[]): Map<string, string[]> {
  const dests = new Map<string, string[]>();
  for (const uci of legalMoves) {
    const m = parseUci(uci);
    if (!m || m.from === m.to) continue;
    const list = dests.get(m.from);
    if (list) {
      if (!list.includes(m.to)) list.push(m.to);
    } else dests.set(m.from, [m.to]);
  }
  return dests;
}

/** The legal move string for from → to (promotions carry their `q`), or null. */
export function findMove(legalMoves: readonly string[], from: string, to: string): string | null {
  for (const uci of legalMoves) {
    const m = parseUci(uci);
    if (m && m.from === from && m.to === to) return uci;
  }
  return null;
}

/** Parse what a player typed: `e2e4`, `e2-e4`, `E9E10`, `e5e5` (sapper), `sap e5`. */
export function normaliseTyped(text: string): string {
  const s = text.trim().toLowerCase().replace(/[\s-]+/g, ' ');
  const sap = /^(?:sap|💣)\s*([a-h](?:10|[1-9]))$/.exec(s);
  if (sap) return sap[1] + sap[1];
  return s.replace(/\s+/g, '');
}

const LETTERS: Record<PieceOn['role'], string> = { pawn: 'p', knight: 'n', bishop: 'b', rook: 'r', queen: 'q', king: 'k' };

/** A 10-rank placement from pieces by square. */
export function writePlacement(pieces: Map<string, PieceOn>): string {
  const rows: string[] = [];
  for (let rank = HEIGHT; rank >= 1; rank--) {
    let row = '';
    let empty = 0;
    for (let f = 0; f < WIDTH; f++) {
      const p = pieces.get(FILES[f] + rank);
      if (!p) {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      const l = LETTERS[p.role];
      row += p.color === 'white' ? l.toUpperCase() : l;
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  return rows.join('/');
}

/** The placement with one more piece on `square` (the piece a mine is about to destroy). */
export function placementWith(placement: string, square: string, piece: PieceOn): string {
  const pieces = readPlacement(placement);
  pieces.set(square, piece);
  return writePlacement(pieces);
}

/** chessgroundx destinations (board keys; rank 10 is ':') of the ordinary moves. */
export function cgDests(legalMoves: readonly string[]): Map<Key, Key[]> {
  const out = new Map<Key, Key[]>();
  for (const [from, tos] of destinations(legalMoves)) out.set(squareToKey(from), tos.map(squareToKey));
  return out;
}

/** Per-square display of the board: zone, fog, number, mine. */
export function boardModel(state: Pick<MsState, 'fog' | 'mines' | 'numbers'>): Map<string, SquareInfo> {
  const out = new Map<string, SquareInfo>();
  for (const square of ALL_SQUARES) {
    out.set(square, {
      square,
      zone: inZone(square),
      fog: state.fog.has(square),
      mine: state.mines.has(square),
      number: state.numbers.get(square) ?? 0,
    });
  }
  return out;
}

/** CSS classes of one square of the overlay (stable names the tests use). */
export function squareClasses(info: SquareInfo): string[] {
  const c: string[] = [];
  if (info.zone) c.push('zone');
  if (info.fog) c.push('fog');
  else if (info.mine) c.push('mine');
  else if (info.number > 0) c.push('num', `n${info.number}`);
  else if (info.zone) c.push('clear');
  return c;
}

function asColor(s: unknown): Color | null {
  return s === 'white' || s === 'black' ? s : null;
}

/** The state from a full view (welcome, reconnect, or a re-fetch). Keeps what only events
 *  teach (mines seen leaving the board) from `prev`. */
export function stateFromView(view: any, prev?: MsState): MsState {
  const s = emptyState();
  s.fen = String(view.fen ?? '');
  const parsed = parseFen(s.fen);
  s.placement = parsed.placement;
  s.turn = asColor(view.toMove) ?? parsed.turn;
  s.fog = new Set<string>(view.fog ?? parsed.zone?.fog ?? []);
  s.mines = new Set<string>(view.mines ?? parsed.zone?.mines ?? []);
  s.numbers = new Map<string, number>(
    view.numbers ? Object.entries(view.numbers as Record<string, number>) : parsed.zone ? [...parsed.zone.numbers] : [],
  );
  s.counter = Number(view.counter ?? parsed.counter ?? 0);
  s.minesAtStart = Number(view.minesAtStart ?? s.counter);
  s.fogGone = view.fogGone ?? s.fog.size === 0;
  s.moves = [...(view.moves ?? [])];
  s.legalMoves = [...(view.legalMoves ?? [])];
  s.legalFresh = true;
  s.check = view.check ? s.turn : null;
  s.commitment = String(view.commitment ?? prev?.commitment ?? '');
  s.reveal = view.reveal ?? null;
  s.status = String(view.status ?? 'active');
  s.result = view.result ?? null;
  const last = s.moves.length ? parseUci(s.moves[s.moves.length - 1]) : null;
  s.lastMove = last ? [last.from, last.to] : null;
  s.removedMines = new Set(prev?.removedMines ?? []);
  s.seenMines = new Set([...(prev?.seenMines ?? []), ...s.mines]);
  s.eventsSeen = typeof view.events === 'number' ? view.events : (prev?.eventsSeen ?? 0);
  return s;
}

/** What an event means for the screen's animations (the state change is done in place). */
export type Effect =
  | { kind: 'move'; from: string; to: string; sapper: boolean; capture: boolean }
  | { kind: 'explosion'; square: string; piece: string; color: Color }
  | { kind: 'cleared'; square: string; by: 'king' | 'sapper' | string }
  | { kind: 'lifted'; squares: string[] }
  | { kind: 'fog-gone'; squares: string[] }
  | { kind: 'check'; side: Color }
  | { kind: 'result' }
  | { kind: 'reveal' }
  | { kind: 'none' };

/** Apply one event (docs/minesweeper.md "Events") to the state, in place. Events already
 *  reflected by the state's view (seq < eventsSeen) change nothing but still give their
 *  effect, so the animation can play. */
export function applyEvent(s: MsState, ev: any): Effect {
  const seq = typeof ev.seq === 'number' ? ev.seq : null;
  const fresh = seq === null || seq >= s.eventsSeen;
  if (seq !== null && fresh) s.eventsSeen = seq + 1;
  switch (ev.type) {
    case 'commitment':
      if (fresh && ev.commitment) s.commitment = String(ev.commitment);
      return { kind: 'none' };
    case 'move': {
      const m = parseUci(String(ev.uci ?? ''));
      const sapper = !!ev.sapper || (!!m && m.from === m.to);
      let capture = false;
      if (fresh) {
        if (m && !sapper) capture = readPlacement(s.placement).has(m.to);
        s.fen = String(ev.fen ?? s.fen);
        const p = parseFen(s.fen);
        s.placement = p.placement;
        s.turn = p.turn;
        if (p.zone) {
          s.fog = p.zone.fog;
          s.mines = p.zone.mines;
          s.numbers = p.zone.numbers;
        } else {
          s.fog = new Set();
          s.mines = new Set();
          s.numbers = new Map();
        }
        for (const sq of s.mines) s.seenMines.add(sq);
        s.counter = Number(ev.counter ?? p.counter ?? s.counter);
        s.fogGone = s.fog.size === 0;
        s.moves.push(String(ev.uci));
        s.legalMoves = [];
        s.legalFresh = false;
        s.check = ev.check ? s.turn : null;
        s.lastMove = m ? [m.from, m.to] : null;
      }
      return m ? { kind: 'move', from: m.from, to: m.to, sapper, capture } : { kind: 'none' };
    }
    case 'explosion':
      if (fresh) {
        s.removedMines.add(ev.square);
        s.seenMines.add(ev.square);
        s.mines.delete(ev.square);
        if (typeof ev.counter === 'number') s.counter = ev.counter;
      }
      return { kind: 'explosion', square: ev.square, piece: String(ev.piece ?? ''), color: asColor(ev.color) ?? 'white' };
    case 'mine-cleared':
      if (fresh) {
        s.removedMines.add(ev.square);
        s.seenMines.add(ev.square);
        s.mines.delete(ev.square);
        if (typeof ev.counter === 'number') s.counter = ev.counter;
      }
      return { kind: 'cleared', square: ev.square, by: String(ev.by ?? '') };
    case 'fog-lifted':
      if (fresh) for (const sq of ev.squares ?? []) s.fog.delete(sq);
      return { kind: 'lifted', squares: [...(ev.squares ?? [])] };
    case 'fog-gone':
      if (fresh) {
        for (const sq of ev.squares ?? []) s.fog.delete(sq);
        s.fogGone = true;
      }
      return { kind: 'fog-gone', squares: [...(ev.squares ?? [])] };
    case 'check':
      if (fresh) s.check = asColor(ev.side);
      return { kind: 'check', side: asColor(ev.side) ?? s.turn };
    case 'result':
      if (fresh) {
        s.result = { score: ev.score, reason: ev.reason, winner: ev.winner ?? null };
        s.status = 'finished';
        s.legalMoves = [];
        s.legalFresh = true;
      }
      return { kind: 'result' };
    case 'reveal':
      if (fresh) s.reveal = { scheme: ev.scheme, mines: ev.mines, salt: ev.salt, preimage: ev.preimage, commitment: ev.commitment };
      return { kind: 'reveal' };
    default:
      return { kind: 'none' };
  }
}

/** Whether the mine-odds overlay may be offered (the brief's consent rule). */
export function assistAllowed(summary: { assist?: { enabled?: boolean }; status?: string } | undefined, state: MsState): boolean {
  return !!summary?.assist?.enabled || state.status === 'finished' || state.status === 'aborted' || state.result !== null;
}

/** `{"odds": {"a4": 0.12, …}}` → square → probability, only squares still fogged. */
export function oddsFrom(body: any, fog: Set<string>): Map<string, number> {
  const out = new Map<string, number>();
  const odds = body?.odds;
  if (!odds || typeof odds !== 'object') return out;
  for (const [sq, p] of Object.entries(odds)) if (fog.has(sq) && typeof p === 'number' && isFinite(p)) out.set(sq, p);
  return out;
}

/** A probability as the overlay shows it: `0%`, `<1%`, `37%`, `>99%`, `100%`. */
export function formatOdds(p: number): string {
  if (p <= 0) return '0%';
  if (p >= 1) return '100%';
  const pc = p * 100;
  if (pc < 1) return '<1%';
  if (pc > 99) return '>99%';
  return `${Math.round(pc)}%`;
}

/** Heat class 0-4 of a probability, for the overlay's colour ramp. */
export function heatLevel(p: number): number {
  if (p <= 0) return 0;
  if (p >= 1) return 4;
  if (p < 0.15) return 1;
  if (p < 0.35) return 2;
  return 3;
}
