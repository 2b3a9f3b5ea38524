// Shared chessgroundx setup: the board CSS (base + piece images from the chessgroundx
// package, mapped onto its role classes) and a constructor with Arbiter's defaults.
import { Chessground } from 'chessgroundx';
import type { Api } from 'chessgroundx/api';
import type { Config } from 'chessgroundx/config';
import 'chessgroundx/assets/chessground.base.css';
import pieceCss from 'chessgroundx/assets/chessground.cburnett.css?raw';
import './board.css';

export type { Api as BoardApi, Config as BoardConfig };

const ROLE: Record<string, string> = { pawn: 'p', knight: 'n', bishop: 'b', rook: 'r', queen: 'q', king: 'k' };

let piecesInstalled = false;
/** The cburnett pieces (shipped in chessgroundx, named .pawn.white) for chessgroundx roles (.p-piece.white). */
export function installPieces(): void {
  if (piecesInstalled || typeof document === 'undefined') return;
  piecesInstalled = true;
  const css = pieceCss.replace(/\.(pawn|knight|bishop|rook|queen|king)\.(white|black)/g, (_all: string, r: string, c: string) => `.${ROLE[r]}-piece.${c}`);
  const style = document.createElement('style');
  style.dataset.arbiter = 'pieces';
  style.textContent = css;
  document.head.appendChild(style);
}

export const BOARD_8x8 = { width: 8, height: 8 };
export const BOARD_8x10 = { width: 8, height: 10 };

/** A board on `el` (its parent decides the size; the wrapper gets .board-8x8 / .board-8x10). */
export function createBoard(el: HTMLElement, config: Config = {}): Api {
  installPieces();
  const dims = config.dimensions ?? BOARD_8x8;
  el.classList.add(`board-${dims.width}x${dims.height}`);
  const api = Chessground(el, {
    coordinates: true,
    animation: { enabled: true, duration: 180 },
    highlight: { lastMove: true, check: true },
    draggable: { enabled: true, showGhost: true },
    drawable: { enabled: true },
    disableContextMenu: true,
    addPieceZIndex: false,
    ...config,
    dimensions: dims,
  });
  // chessgroundx caches the board's page position and clears it only on window resize and
  // scroll; our layout also moves when banners come and go. Forget it before each press
  // (capture phase: runs before chessgroundx's own handler).
  const clear = () => api.state.dom.bounds.clear();
  el.addEventListener('mousedown', clear, { capture: true });
  el.addEventListener('touchstart', clear, { capture: true, passive: true });
  return api;
}
