// Variant → screen factory. Each variant helper replaces its own line.
import { h } from 'snabbdom';
import type { GameContext, GameScreen, ScreenFactory } from './types';
import { t, registerMessages } from '../i18n';
import { createChessScreen } from '../chess/screen';
import { createChiefSpyScreen } from '../chiefspy/screen';
import { companionPage } from '../companion/page';
import type { Page } from '../app';
import { createMinesweeperScreen } from '../minesweeper/screen';

registerMessages({
  en: { 'registry.unavailable': 'This game is not available in the browser yet.' },
  it: { 'registry.unavailable': 'Questo gioco non è ancora disponibile nel browser.' },
});

/** A screen that only says the variant is not available yet. */
export function placeholderScreen(_ctx: GameContext): GameScreen {
  return {
    setView() {},
    applyEvent() {},
    render: () => h('div.placeholder', { attrs: { 'data-testid': 'screen-unavailable' } }, t('registry.unavailable')),
    destroy() {},
  };
}

export const registry: Record<string, ScreenFactory> = {
  chess: createChessScreen,
  chiefspy: createChiefSpyScreen,
  minesweeper: createMinesweeperScreen,
};

export function screenFor(variant: string): ScreenFactory {
  return registry[variant] ?? placeholderScreen;
}

/** Pages outside a game (e.g. /companion); each variant helper replaces its own line. */
export const extraPages: Record<string, () => Page> = {
  companion: companionPage,
};

function placeholderPage(): Page {
  return { render: () => h('div.placeholder', { attrs: { 'data-testid': 'screen-unavailable' } }, t('registry.unavailable')), destroy() {} };
}
