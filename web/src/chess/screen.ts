// Chess screen (placeholder until the board lands).
import { h } from 'snabbdom';
import type { GameContext, GameScreen } from '../games/types';

export function createChessScreen(_ctx: GameContext): GameScreen {
  let fen = '';
  return {
    setView(view: any) {
      fen = view.fen;
    },
    applyEvent(ev: any) {
      if (ev.fen) fen = ev.fen;
    },
    render: () => h('div.chess', fen),
    destroy() {},
  };
}
