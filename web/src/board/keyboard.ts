// Moves with the keyboard on the board itself, for any chessgroundx board: a layer of focusable
// squares over it (pointer events pass through to the board). One square is in the tab order
// (roving tabindex); the arrow keys move the focus as the squares stand on screen, Home / End
// to the row's ends, PageUp / PageDown to the column's; Enter or Space on a piece picks it up
// (chessground's own selection, as a click), on a target plays the move (the screen's usual
// move handler runs), on the picked-up piece again puts it back, and so does Escape. Each
// square is named in words (square, piece, the screen's notes, picked up, a possible target).
import { h, type VNode } from 'snabbdom';
import type { Key } from 'chessgroundx/types';
import type { BoardApi } from './setup';
import { squareToKey, keyToSquare } from './keys';
import { squareWords, pieceWords, type Colour, type Role } from './words';
import { t } from '../i18n';
import './messages';

const FILES = 'abcdefghijklmnop';
const CG_ROLE: Record<string, Role> = { 'k-piece': 'king', 'q-piece': 'queen', 'r-piece': 'rook', 'b-piece': 'bishop', 'n-piece': 'knight', 'p-piece': 'pawn' };

/** The square the key moves to from `square` on a board seen from `orientation`; null: not a move key. */
export function stepSquare(square: string, key: string, orientation: Colour, files: number, ranks: number): string | null {
  let f = FILES.indexOf(square[0]);
  let r = Number(square.slice(1));
  const up = orientation === 'white' ? 1 : -1; // screen up = towards the top rank for White
  switch (key) {
    case 'ArrowUp':
      r += up;
      break;
    case 'ArrowDown':
      r -= up;
      break;
    case 'ArrowRight':
      f += up;
      break;
    case 'ArrowLeft':
      f -= up;
      break;
    case 'Home':
      f = orientation === 'white' ? 0 : files - 1;
      break;
    case 'End':
      f = orientation === 'white' ? files - 1 : 0;
      break;
    case 'PageUp':
      r = orientation === 'white' ? ranks : 1;
      break;
    case 'PageDown':
      r = orientation === 'white' ? 1 : ranks;
      break;
    default:
      return null;
  }
  f = Math.max(0, Math.min(files - 1, f));
  r = Math.max(1, Math.min(ranks, r));
  return FILES[f] + r;
}

/** Left / top of a square in percent of the board, as seen from `orientation`. */
export function squarePosition(square: string, orientation: Colour, files: number, ranks: number): { left: string; top: string } {
  const f = FILES.indexOf(square[0]);
  const r = Number(square.slice(1));
  const col = orientation === 'white' ? f : files - 1 - f;
  const row = orientation === 'white' ? ranks - r : r - 1;
  return { left: `${(col * 100) / files}%`, top: `${(row * 100) / ranks}%` };
}

export interface BoardKeysOptions {
  files?: number;
  ranks?: number;
  board(): BoardApi | null;
  orientation(): Colour;
  /** The screen's own handling of Enter / Space on a square (true: done). */
  activate?(square: string): boolean;
  /** Escape (after the board's own selection is dropped). */
  cancel?(): void;
  /** Extra words for a square (fog, a mine, a value). */
  notes?(square: string): string[];
  /** A sentence for screen readers (blind mode's log). */
  say?(text: string): void;
}

export class BoardKeys {
  cursor: string | null = null;
  private chosen = false; // the player has been on the board: the cursor stays where they left it
  private el: HTMLElement | null = null;
  private cells = new Map<string, HTMLElement>();
  private files: number;
  private ranks: number;

  constructor(private o: BoardKeysOptions) {
    this.files = o.files ?? 8;
    this.ranks = o.ranks ?? 8;
  }

  /** The layer's vnode: snabbdom owns the element, this class its children. */
  render(): VNode {
    return h('div.kb-layer', {
      key: 'kb-layer',
      attrs: { role: 'group', 'aria-label': t('kb.board'), 'data-testid': 'board-keys' },
      hook: {
        insert: (v) => this.mount(v.elm as HTMLElement),
        postpatch: (_o, v) => {
          if (v.elm !== this.el) this.mount(v.elm as HTMLElement);
          else this.refresh();
        },
        destroy: () => {
          this.el = null;
          this.cells.clear();
        },
      },
    });
  }

  private mount(el: HTMLElement): void {
    this.el = el;
    this.cells.clear();
    el.replaceChildren();
    for (let r = this.ranks; r >= 1; r--)
      for (let f = 0; f < this.files; f++) {
        const sq = FILES[f] + r;
        const cell = document.createElement('div');
        cell.className = 'kb-sq';
        cell.dataset.square = sq;
        cell.setAttribute('role', 'button');
        cell.tabIndex = -1;
        el.appendChild(cell);
        this.cells.set(sq, cell);
      }
    el.addEventListener('keydown', (e) => this.onKey(e));
    el.addEventListener('focusin', (e) => {
      const sq = (e.target as HTMLElement).dataset?.square;
      if (sq) this.chosen = true;
      if (sq && sq !== this.cursor) {
        this.cursor = sq;
        this.refresh();
      }
    });
    this.refresh();
  }

  private pieceAt(sq: string): { colour: Colour; role: Role } | null {
    const p = this.o.board()?.state.boardState.pieces.get(squareToKey(sq));
    if (!p) return null;
    const role = CG_ROLE[p.role];
    return role ? { colour: p.color as Colour, role } : null;
  }

  private defaultCursor(): string {
    const bottom = this.o.orientation();
    for (const cell of this.cells.keys()) {
      const p = this.pieceAt(cell);
      if (p && p.role === 'king' && p.colour === bottom) return cell;
    }
    return bottom === 'white' ? 'a1' : FILES[this.files - 1] + this.ranks;
  }

  /** Positions, names and the one tabbable square, from the board's state now. */
  refresh(): void {
    if (!this.el) return;
    const cg = this.o.board();
    const orient = this.o.orientation();
    if (!this.chosen || !this.cursor || !this.cells.has(this.cursor)) this.cursor = this.defaultCursor();
    const sel = cg?.state.selectable.selected;
    const selected = typeof sel === 'string' ? keyToSquare(sel) : null;
    const dests = new Set((sel && typeof sel === 'string' ? (cg?.state.movable.dests?.get(sel as Key) ?? []) : []).map((k) => keyToSquare(k)));
    for (const [sq, cell] of this.cells) {
      const pos = squarePosition(sq, orient, this.files, this.ranks);
      cell.style.left = pos.left;
      cell.style.top = pos.top;
      cell.style.width = `${100 / this.files}%`;
      cell.style.height = `${100 / this.ranks}%`;
      const notes = [...(this.o.notes?.(sq) ?? [])];
      if (sq === selected) notes.push(t('words.selected'));
      if (dests.has(sq)) notes.push(t('words.target'));
      const label = squareWords(sq, this.pieceAt(sq), notes);
      if (cell.getAttribute('aria-label') !== label) cell.setAttribute('aria-label', label);
      cell.tabIndex = sq === this.cursor ? 0 : -1;
      cell.classList.toggle('kb-selected', sq === selected);
    }
  }

  /** Focus the tabbable square (e.g. after a promotion dialog closes). */
  focus(): void {
    if (!this.cursor) this.refresh();
    if (this.cursor) this.cells.get(this.cursor)?.focus();
  }

  /** Whether the focus is on one of the squares. */
  hasFocus(): boolean {
    return !!this.el && this.el.contains(document.activeElement);
  }

  private onKey(e: KeyboardEvent): void {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const from = this.cursor ?? this.defaultCursor();
    const next = stepSquare(from, e.key, this.o.orientation(), this.files, this.ranks);
    if (next) {
      this.cursor = next;
      this.refresh();
      this.cells.get(next)?.focus();
    } else if (e.key === 'Enter' || e.key === ' ') this.activate(from);
    else if (e.key === 'Escape') {
      const cg = this.o.board();
      if (cg?.state.selectable.selected) {
        cg.selectSquare(null);
        this.o.say?.(t('words.putBack'));
      }
      this.o.cancel?.();
      this.refresh();
    } else return;
    // the page's own keys (e.g. the move list's arrows) do not see these
    e.preventDefault();
    e.stopPropagation();
  }

  private activate(sq: string): void {
    if (this.o.activate?.(sq)) {
      this.refresh();
      return;
    }
    const cg = this.o.board();
    if (!cg) return;
    const key = squareToKey(sq);
    const before = cg.state.selectable.selected;
    if (before === key) {
      cg.selectSquare(null);
      this.o.say?.(t('words.putBack'));
    } else {
      cg.selectSquare(key);
      const now = cg.state.selectable.selected;
      const p = this.pieceAt(sq);
      if (now === key && p) this.o.say?.(t('words.picked', { piece: pieceWords(p.colour, p.role), square: sq }));
    }
    this.refresh();
  }
}
