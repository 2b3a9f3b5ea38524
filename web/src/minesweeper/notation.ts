// The Minesweeper Chess move list in a SAN-like notation (docs/minesweeper.md, "The move list
// in the web client"), computed from public events only: each move event's public FEN and the
// explosion / mine-cleared events that follow it. Pure functions, no DOM.
//
//   Nf3  exd5  Qxe7+  e10=Q  O-O  O-O-O      as in chess SAN (no en passant in this game)
//   Nd5*      the moving piece was destroyed by a hidden mine on d5
//   Ke5M      the king stepped on a mine and cleared it
//   Se6  Se6M a sapper action on e6 (by the pawn behind it); M: it found the mine and cleared it
//   + after the move: check; # checkmate (only the game's last move, ended by checkmate)
import { readPlacement, parseUci, sapperTarget, fileOf, rankOf, FILES, type Color, type PieceOn } from './model';

export interface PlyRecord {
  uci: string;
  by: Color;
  /** Public placement after the move (the move event's FEN, first field). */
  after: string;
  check: boolean;
  exploded: boolean;
  cleared: boolean;
}

const LETTER: Record<PieceOn['role'], string> = { pawn: '', knight: 'N', bishop: 'B', rook: 'R', queen: 'Q', king: 'K' };
const WIDTH = 8;
const HEIGHT = 10;

function sq(f: number, r: number): string {
  return FILES[f] + String(r);
}

/** Whether a `role` on `from` attacks `to` on this board (geometry and blockers only). */
function reaches(role: PieceOn['role'], from: string, to: string, pieces: Map<string, PieceOn>): boolean {
  const df = fileOf(to) - fileOf(from);
  const dr = rankOf(to) - rankOf(from);
  if (!df && !dr) return false;
  if (role === 'knight') return (Math.abs(df) === 1 && Math.abs(dr) === 2) || (Math.abs(df) === 2 && Math.abs(dr) === 1);
  if (role === 'king') return Math.abs(df) <= 1 && Math.abs(dr) <= 1;
  const straight = df === 0 || dr === 0;
  const diagonal = Math.abs(df) === Math.abs(dr);
  if (role === 'rook' && !straight) return false;
  if (role === 'bishop' && !diagonal) return false;
  if (role === 'queen' && !straight && !diagonal) return false;
  if (role === 'pawn') return false;
  const sf = Math.sign(df);
  const sr = Math.sign(dr);
  for (let f = fileOf(from) + sf, r = rankOf(from) + sr; f !== fileOf(to) || r !== rankOf(to); f += sf, r += sr) {
    if (f < 0 || f >= WIDTH || r < 1 || r > HEIGHT) return false;
    if (pieces.has(sq(f, r))) return false;
  }
  return true;
}

/** File, rank or both of `from`, as SAN adds them when another piece of the kind could go to `to`. */
function disambiguation(piece: PieceOn, from: string, to: string, pieces: Map<string, PieceOn>): string {
  if (piece.role === 'pawn' || piece.role === 'king') return '';
  const rivals = [...pieces].filter(([s, p]) => s !== from && p.role === piece.role && p.color === piece.color && reaches(p.role, s, to, pieces)).map(([s]) => s);
  if (!rivals.length) return '';
  if (!rivals.some((s) => s[0] === from[0])) return from[0];
  if (!rivals.some((s) => rankOf(s) === rankOf(from))) return from.slice(1);
  return from;
}

/** One ply in the notation; `before` is the public placement before it. */
export function plyNotation(rec: PlyRecord, before: string, mate = false): string {
  const m = parseUci(rec.uci);
  if (!m) return rec.uci;
  const tail = (rec.exploded ? '*' : '') + (rec.cleared ? 'M' : '') + (mate ? '#' : rec.check ? '+' : '');
  if (m.from === m.to) return `S${sapperTarget(m.from, rec.by) ?? m.from}${rec.cleared ? 'M' : ''}${mate ? '#' : rec.check ? '+' : ''}`;
  const pieces = readPlacement(before);
  const piece = pieces.get(m.from);
  if (!piece) return `${m.from}-${m.to}${tail}`; // not on the board we know: the plain squares
  const target = pieces.get(m.to);
  if (piece.role === 'king' && (Math.abs(fileOf(m.to) - fileOf(m.from)) >= 2 || (target && target.color === piece.color && target.role === 'rook')))
    return (fileOf(m.to) > fileOf(m.from) ? 'O-O' : 'O-O-O') + tail;
  const capture = !!target && target.color !== piece.color;
  let s: string;
  if (piece.role === 'pawn') {
    s = (capture ? `${m.from[0]}x` : '') + m.to;
    const last = piece.color === 'white' ? HEIGHT : 1;
    if (rankOf(m.to) === last) s += '=Q';
  } else s = LETTER[piece.role] + disambiguation(piece, m.from, m.to, pieces) + (capture ? 'x' : '') + m.to;
  return s + tail;
}

/** The whole list; `initial` is the public placement at the start, `mated` whether the game
 *  ended by checkmate (its last move gets '#'). */
export function notationList(initial: string, records: readonly PlyRecord[], mated = false): string[] {
  let before = initial;
  return records.map((r, i) => {
    const s = plyNotation(r, before, mated && i === records.length - 1);
    before = r.after;
    return s;
  });
}

/** Collects the plies from the game's events (live or fetched from the event stream). */
export class PlyHistory {
  records: PlyRecord[] = [];
  private lastSeq = -1;

  /** Absorb one event; events already absorbed (by seq) are skipped. */
  add(ev: any): void {
    if (!ev || typeof ev !== 'object') return;
    if (typeof ev.seq === 'number') {
      if (ev.seq <= this.lastSeq) return;
      this.lastSeq = ev.seq;
    }
    const last = this.records[this.records.length - 1];
    if (ev.type === 'move' && typeof ev.uci === 'string') {
      const placement = String(ev.fen ?? '').trim().split(/\s+/)[0] ?? '';
      this.records.push({ uci: ev.uci, by: ev.by === 'black' ? 'black' : 'white', after: placement, check: !!ev.check, exploded: false, cleared: false });
    } else if (ev.type === 'explosion' && last) last.exploded = true;
    else if (ev.type === 'mine-cleared' && last) last.cleared = true;
    else if (ev.type === 'check' && last) last.check = true;
  }

  /** Whether the history holds exactly these moves (the view's `moves`). */
  matches(moves: readonly string[]): boolean {
    return this.records.length === moves.length && this.records.every((r, i) => r.uci === moves[i]);
  }

  get seqSeen(): number {
    return this.lastSeq;
  }
}
