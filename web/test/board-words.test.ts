// The board in words (src/board/words.ts, blind.ts): moves as sentences and the pieces by
// square, in English and Italian.
import { describe, it, expect, afterEach } from 'vitest';
import { setLang } from '../src/i18n';
import { sanWords, coordinateWords, boardLines, squareWords, piecesOf } from '../src/board/words';

// snabbdom's style module reads `window` when it loads
(globalThis as any).window ??= globalThis;
const { announce, announcements, clearAnnouncements, boardText } = await import('../src/board/blind');

afterEach(() => setLang('en', false));

describe('moves in words', () => {
  it('SAN: pieces, pawns, captures, check, mate, castling, promotion', () => {
    expect(sanWords('Nf3')).toBe('Knight to f3');
    expect(sanWords('e4')).toBe('Pawn to e4');
    expect(sanWords('Nxf3+')).toBe('Knight takes on f3, check');
    expect(sanWords('exd5')).toBe('Pawn from e takes on d5');
    expect(sanWords('Nbd2')).toBe('Knight from b to d2');
    expect(sanWords('Qh4#')).toBe('Queen to h4, checkmate');
    expect(sanWords('O-O')).toBe('castles kingside');
    expect(sanWords('O-O-O+')).toBe('castles queenside, check');
    expect(sanWords('e8=Q+')).toBe('Pawn to e8, promotes to queen, check');
  });

  it('the Minesweeper marks: a mine destroys the piece, a king clears one, a sapper action', () => {
    expect(sanWords('Ra6*')).toBe('Rook to a6, the piece is destroyed by a mine');
    expect(sanWords('Ke4M')).toBe('King to e4, clears a mine');
    expect(sanWords('Sb4M')).toBe('sapper action on b4, clears a mine');
    expect(sanWords('e10=Q')).toBe('Pawn to e10, promotes to queen');
  });

  it('coordinates (Chief & Spy): a gambit in two steps', () => {
    expect(coordinateWords('e2e4')).toBe('e2 to e4');
    expect(coordinateWords('b1c3+c3d5')).toBe('b1 to c3, then c3 to d5');
    expect(coordinateWords('e7e8gn')).toBe('e7 to e8');
  });

  it('in Italian', () => {
    setLang('it', false);
    expect(sanWords('Nxf3+')).toBe('Cavallo prende in f3, scacco');
    expect(sanWords('O-O')).toBe('arrocco corto');
    expect(sanWords('e8=Q')).toBe('Pedone in e8, promuove a donna');
    expect(coordinateWords('b1c3+c3d5')).toBe('da b1 a c3, poi da c3 a d5');
    expect(squareWords('d1', { colour: 'white', role: 'queen' })).toBe('d1, donna bianca');
  });
});

describe('the board in words', () => {
  const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';
  it('pieces by square, files then ranks, one line per colour', () => {
    const [w, b] = boardLines(START);
    expect(w.text).toBe('White: King e1. Queen d1. Rooks a1, h1. Bishops c1, f1. Knights b1, g1. Pawns a2, b2, c2, d2, e2, f2, g2, h2.');
    expect(b.text.startsWith('Black: King e8. Queen d8. Rooks a8, h8.')).toBe(true);
    expect(piecesOf('4k3/8/8/8/8/8/8/8/8/4K3')).toEqual([
      { square: 'e10', colour: 'black', role: 'king' },
      { square: 'e1', colour: 'white', role: 'king' },
    ]);
  });

  it('notes by square, a side without pieces, and the whole text', () => {
    const lines = boardLines('4k3/8/8/8/8/8/8/4K3', { e1: 'Chief?' });
    expect(lines[0].text).toBe('White: King e1 (Chief?).');
    expect(boardLines('8/8/8/8/8/8/8/8')[1].text).toBe('Black: no pieces.');
    expect(boardText({ placement: '4k3/8/8/8/8/8/8/4K3', notes: ['Check.'] })).toBe('White: King e1. Black: King e8. Check.');
    expect(squareWords('e4', null, ['fogged square'])).toBe('e4, empty, fogged square');
  });

  it('the announcements keep the latest lines', () => {
    clearAnnouncements();
    for (let i = 1; i <= 10; i++) announce(`line ${i}`);
    announce('');
    const all = announcements();
    expect(all.length).toBe(8);
    expect(all[all.length - 1].text).toBe('line 10');
    expect(all[0].text).toBe('line 3');
  });
});

describe('the new texts exist in both languages', () => {
  it('board words, keyboard, blind mode and settings: every English key has its Italian', async () => {
    const { messageKeys } = await import('../src/i18n');
    await import('../src/board/messages');
    await import('../src/settings/messages');
    const ours = (lang: 'en' | 'it') => messageKeys(lang).filter((k) => /^(words|kb|blind|set)\./.test(k)).sort();
    expect(ours('en').length).toBeGreaterThan(60);
    expect(ours('it')).toEqual(ours('en'));
  });
});
