// Board placements along a chess game, from the initial FEN and the UCI moves
// (for the move list's navigation; only piece placement is needed for display).

export type Placement = (string | null)[][]; // [rank 0..7][file 0..7], rank 0 = rank 1

export function parsePlacement(fen: string): Placement {
  const rows = fen.split(' ')[0].split('/');
  const board: Placement = [];
  for (let i = 0; i < 8; i++) board.push(new Array(8).fill(null));
  rows.forEach((row, i) => {
    const rank = 7 - i;
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) file += Number(ch);
      else if (rank >= 0 && file < 8) board[rank][file++] = ch;
    }
  });
  return board;
}

export function placementToFen(b: Placement): string {
  const rows: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const p = b[rank][file];
      if (!p) empty++;
      else {
        if (empty) row += empty;
        empty = 0;
        row += p;
      }
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return rows.join('/');
}

const sq = (s: string): [number, number] => [s.charCodeAt(0) - 97, Number(s.slice(1)) - 1];

/** Apply one UCI move (castling as king two squares, en passant, promotion) to a placement. */
export function applyUci(b: Placement, uci: string): Placement {
  const next = b.map((r) => r.slice());
  const [ff, fr] = sq(uci.slice(0, 2));
  const [tf, tr] = sq(uci.slice(2, 4));
  const promo = uci[4];
  const piece = next[fr]?.[ff];
  if (!piece) return next;
  const white = piece === piece.toUpperCase();
  const lower = piece.toLowerCase();
  // castling: the king moves two files (or onto its own rook)
  const target = next[tr][tf];
  if (lower === 'k' && target && target.toLowerCase() === 'r' && (target === target.toUpperCase()) === white) {
    const kingSide = tf > ff;
    next[fr][ff] = null;
    next[tr][tf] = null;
    next[fr][kingSide ? 6 : 2] = piece;
    next[fr][kingSide ? 5 : 3] = target;
    return next;
  }
  if (lower === 'k' && Math.abs(tf - ff) === 2 && fr === tr) {
    const kingSide = tf > ff;
    const rf = kingSide ? 7 : 0;
    const rook = next[fr][rf];
    next[fr][rf] = null;
    next[fr][kingSide ? 5 : 3] = rook;
  }
  if (lower === 'p' && ff !== tf && !target) next[fr][tf] = null; // en passant
  next[fr][ff] = null;
  next[tr][tf] = promo ? (white ? promo.toUpperCase() : promo.toLowerCase()) : piece;
  return next;
}

/** Placement FEN fields after each ply: [0] = the initial position, [i] = after move i. */
export function placements(initialFen: string, moves: readonly string[]): string[] {
  let b = parsePlacement(initialFen);
  const out = [placementToFen(b)];
  for (const m of moves) {
    b = applyUci(b, m);
    out.push(placementToFen(b));
  }
  return out;
}

/** 'white' | 'black' to move in a FEN. */
export function turnOf(fen: string): 'white' | 'black' {
  return fen.split(' ')[1] === 'b' ? 'black' : 'white';
}

/** Whether a UCI move captured something on the given placement (before the move). */
export function isCapture(b: Placement, uci: string): boolean {
  const [ff, fr] = sq(uci.slice(0, 2));
  const [tf, tr] = sq(uci.slice(2, 4));
  const piece = b[fr]?.[ff];
  const target = b[tr]?.[tf];
  if (!piece) return false;
  const white = piece === piece.toUpperCase();
  if (target) return (target === target.toUpperCase()) !== white;
  return piece.toLowerCase() === 'p' && ff !== tf;
}
