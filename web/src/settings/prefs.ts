// The player's display choices, kept in localStorage["arbiter.prefs"] (one JSON object) and
// applied to the whole page as attributes of <html>: data-board (the squares' colours),
// data-pieces (the piece set), data-blind (blind mode: the board in words beside it).
// Sound choices live in ../sound.ts.

export const BOARD_THEMES = ['brown', 'blue', 'green'] as const;
export const PIECE_SETS = ['classic', 'outline'] as const;
export type BoardTheme = (typeof BOARD_THEMES)[number];
export type PieceSet = (typeof PIECE_SETS)[number];

export interface Prefs {
  board: BoardTheme;
  pieces: PieceSet;
  blind: boolean;
}

export const DEFAULT_PREFS: Prefs = { board: 'brown', pieces: 'classic', blind: false };
const KEY = 'arbiter.prefs';

/** Stored text → prefs: anything unknown or malformed falls back to the default, field by field. */
export function parsePrefs(text: string | null | undefined): Prefs {
  let o: any = {};
  try {
    o = text ? JSON.parse(text) : {};
  } catch {
    o = {};
  }
  if (!o || typeof o !== 'object') o = {};
  return {
    board: (BOARD_THEMES as readonly string[]).includes(o.board) ? o.board : DEFAULT_PREFS.board,
    pieces: (PIECE_SETS as readonly string[]).includes(o.pieces) ? o.pieces : DEFAULT_PREFS.pieces,
    blind: o.blind === true,
  };
}

let current: Prefs = load();
const listeners = new Set<(p: Prefs) => void>();

function load(): Prefs {
  try {
    return parsePrefs(localStorage.getItem(KEY));
  } catch {
    return { ...DEFAULT_PREFS };
  }
}

export function prefs(): Prefs {
  return current;
}

export function setPrefs(change: Partial<Prefs>): void {
  current = parsePrefs(JSON.stringify({ ...current, ...change }));
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    /* storage unavailable: this page only */
  }
  applyPrefs();
  for (const f of listeners) f(current);
}

export function onPrefsChange(f: (p: Prefs) => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** Puts the choices on <html> (the CSS of board.css and pieces.ts reads them). */
export function applyPrefs(): void {
  if (typeof document === 'undefined') return;
  const el = document.documentElement;
  el.dataset.board = current.board;
  el.dataset.pieces = current.pieces;
  el.dataset.blind = current.blind ? 'on' : 'off';
}
