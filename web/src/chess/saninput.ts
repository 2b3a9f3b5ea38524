// Keyboard move entry: match what the player typed (SAN like "Nf3", "exd5", "e8=Q", "O-O",
// loosely: "nf3", "e8q", "0-0"; or UCI "g1f3") against the server's legal UCI moves.
import { parsePlacement } from './replay';

function clean(s: string): string {
  return s.trim().replace(/[+#!?x:=\s-]/g, '').replace(/^0/, 'O');
}

/** The legal UCI move the input means, or null (unknown or ambiguous). */
export function matchMove(input: string, legal: readonly string[], fen: string): string | null {
  const raw = input.trim();
  if (!raw) return null;
  const lower = raw.toLowerCase();
  if (legal.includes(lower)) return lower; // UCI
  const board = parsePlacement(fen);
  const pieceAt = (sq: string) => board[Number(sq.slice(1)) - 1]?.[sq.charCodeAt(0) - 97] ?? null;

  // castling
  const c = raw.toUpperCase().replace(/0/g, 'O').replace(/[^O]/g, '');
  if (/^O-?O(-?O)?[+#]?$/i.test(raw.replace(/0/g, 'O'))) {
    const long = c.length === 3;
    const m = legal.find((u) => {
      const p = pieceAt(u.slice(0, 2));
      return p?.toLowerCase() === 'k' && Math.abs(u.charCodeAt(2) - u.charCodeAt(0)) >= 2 && (long ? u[2] < u[0] : u[2] > u[0]);
    });
    if (m) return m;
    // castling written as the king taking its own rook
    const r = legal.find((u) => {
      const p = pieceAt(u.slice(0, 2));
      const t = pieceAt(u.slice(2, 4));
      return p?.toLowerCase() === 'k' && t?.toLowerCase() === 'r' && (long ? u[2] < u[0] : u[2] > u[0]);
    });
    return r ?? null;
  }

  let s = clean(raw);
  // piece letter: upper case, or lower case other than 'b' (a pawn on the b-file)
  let piece = 'p';
  if (/^[NBRQK]/.test(s)) {
    piece = s[0].toLowerCase();
    s = s.slice(1);
  } else if (/^[nrqk]/.test(s)) {
    piece = s[0];
    s = s.slice(1);
  } else if (/^b[a-h]/.test(s)) {
    // "bc4": a bishop to c4 if one can go there, else a b-pawn capturing on c4
    const asBishop = matchParts('b', s.slice(1), legal, pieceAt);
    if (asBishop) return asBishop;
  }
  return matchParts(piece, s, legal, pieceAt);
}

function matchParts(piece: string, s: string, legal: readonly string[], pieceAt: (sq: string) => string | null): string | null {
  const m = /^([a-h])?([1-8])?([a-h][1-8])([qrbn])?$/i.exec(s);
  if (!m) return null;
  const [, ff, fr, dest, promo] = m;
  const found = legal.filter((u) => {
    const from = u.slice(0, 2);
    const to = u.slice(2, 4);
    const pr = u.slice(4);
    const p = pieceAt(from);
    if (!p || p.toLowerCase() !== piece) return false;
    if (to !== dest.toLowerCase()) return false;
    if (ff && from[0] !== ff.toLowerCase()) return false;
    if (fr && from[1] !== fr) return false;
    if (piece === 'p') return promo ? pr === promo.toLowerCase() : pr === '';
    return true;
  });
  return found.length === 1 ? found[0] : null;
}
