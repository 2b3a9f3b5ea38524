// The board in words, for screen readers (the keyboard squares and blind mode): pieces by
// square, and a move's SAN (or the Minesweeper notation, or coordinates) as a sentence.
// Pure functions over t(); no DOM.
import { t } from '../i18n';
import './messages';

import { piecesOf, ROLES, LETTER_ROLE, type Colour, type Role } from './placement';

export { piecesOf, ROLES, type Colour, type Role, type PlacedPiece } from './placement';

export function pieceWords(colour: Colour, role: Role): string {
  return t(`words.${colour}.${role}`);
}

/** "e4, white knight" / "e4, empty", then any notes. */
export function squareWords(square: string, piece: { colour: Colour; role: Role } | null, notes: string[] = []): string {
  return [square, piece ? pieceWords(piece.colour, piece.role) : t('words.empty'), ...notes.filter(Boolean)].join(', ');
}

/** Square order for reading: files a→h, then ranks 1→10. */
function squareOrder(a: string, b: string): number {
  return a.charCodeAt(0) - b.charCodeAt(0) || Number(a.slice(1)) - Number(b.slice(1));
}

/** One line per colour: "White: King e1. Queen d1. Rooks a1, h1 …" (notes by square after it). */
export function boardLines(placement: string, notes: Record<string, string> = {}): { colour: Colour; text: string }[] {
  const pieces = piecesOf(placement);
  return (['white', 'black'] as Colour[]).map((colour) => {
    const mine = pieces.filter((p) => p.colour === colour);
    const parts: string[] = [];
    for (const role of ROLES) {
      const squares = mine.filter((p) => p.role === role).map((p) => p.square).sort(squareOrder);
      if (!squares.length) continue;
      const name = t(squares.length > 1 ? `words.roles.${role}` : `words.role.${role}`);
      parts.push(`${name} ${squares.map((s) => (notes[s] ? `${s} (${notes[s]})` : s)).join(', ')}`);
    }
    return { colour, text: `${t(`words.${colour}`)}: ${parts.length ? parts.join('. ') : t('words.noPieces')}.` };
  });
}

/** A SAN move (chess, or the Minesweeper notation) as a sentence: "Knight takes on f3, check". */
export function sanWords(san: string): string {
  let s = san.trim();
  const tail: string[] = [];
  if (s.endsWith('#')) tail.unshift(t('words.mate'));
  else if (s.endsWith('+')) tail.unshift(t('words.check'));
  s = s.replace(/[+#]+$/, '');
  if (/M$/.test(s)) {
    tail.unshift(t('words.mineCleared'));
    s = s.slice(0, -1);
  }
  if (s.endsWith('*')) {
    tail.unshift(t('words.mineBoom'));
    s = s.slice(0, -1);
  }
  let head: string;
  const castle = /^[O0]-[O0](-[O0])?$/.exec(s);
  const sap = /^S([a-p]\d{1,2})$/.exec(s);
  const m = /^([KQRBN])?([a-p])?(\d{1,2})?(x)?([a-p]\d{1,2})(?:=([QRBN]))?$/.exec(s);
  if (castle) head = t(castle[1] ? 'words.castleLong' : 'words.castleShort');
  else if (sap) head = t('words.sapper', { square: sap[1] });
  else if (m) {
    const role: Role = m[1] ? LETTER_ROLE[m[1].toLowerCase()] : 'pawn';
    const piece = t(`words.role.${role}`);
    const from = (m[2] ?? '') + (m[3] ?? '');
    const key = m[4] ? (from ? 'words.fromTakes' : 'words.takes') : from ? 'words.fromTo' : 'words.to';
    head = t(key, { piece, from, square: m[5] });
    if (m[6]) tail.unshift(t('words.promotes', { piece: t(`words.role.${LETTER_ROLE[m[6].toLowerCase()]}`).toLowerCase() }));
  } else head = san;
  return [head, ...tail].join(', ');
}

/** A coordinate move ("e2e4", Chief & Spy's "b1c3+c3d5", "e7e8gn") as "e2 to e4, then c3 to d5". */
export function coordinateWords(move: string): string {
  return move
    .split('+')
    .map((part) => {
      const m = /^([a-p]\d{1,2})([a-p]\d{1,2})/.exec(part);
      return m ? t('words.squares', { from: m[1], to: m[2] }) : part;
    })
    .join(`, ${t('words.then')} `);
}
