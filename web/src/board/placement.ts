// The pieces of a FEN placement field (any number of ranks, the top rank first), shared by
// the board in words and the Minesweeper model. No DOM, no i18n.
export type Colour = 'white' | 'black';
export type Role = 'king' | 'queen' | 'rook' | 'bishop' | 'knight' | 'pawn';
export const ROLES: readonly Role[] = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'];
export const LETTER_ROLE: Record<string, Role> = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
const FILES = 'abcdefghijklmnop';

export interface PlacedPiece {
  square: string;
  colour: Colour;
  role: Role;
}

/** Pieces of a FEN placement (any number of ranks, the top rank first). */
export function piecesOf(placement: string): PlacedPiece[] {
  const rows = placement.trim().split(/\s+/)[0].split('/');
  const out: PlacedPiece[] = [];
  rows.forEach((row, i) => {
    const rank = rows.length - i;
    let file = 0;
    let num = '';
    for (const c of row) {
      if (c >= '0' && c <= '9') {
        num += c;
        continue;
      }
      if (num) file += Number(num);
      num = '';
      const role = LETTER_ROLE[c.toLowerCase()];
      if (role) out.push({ square: FILES[file] + rank, colour: c === c.toUpperCase() ? 'white' : 'black', role });
      file++;
    }
  });
  return out;
}

