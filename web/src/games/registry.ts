// Variant → screen factory, and the pages outside a game.
import { h } from 'snabbdom';
import type { GameContext, GameScreen, ScreenFactory } from './types';
import { t, registerMessages } from '../i18n';
import { createChessScreen } from '../chess/screen';
import { createChiefSpyScreen } from '../chiefspy/screen';
import { companionPage } from '../companion/page';
import type { Page } from '../app';
import { createMinesweeperScreen } from '../minesweeper/screen';

registerMessages({
  en: { 'registry.unknownVariant': 'This client does not know the game “{variant}”: reload the page, or update the client.' },
  it: { 'registry.unknownVariant': 'Questo client non conosce il gioco «{variant}»: ricarica la pagina o aggiorna il client.' },
});

/** For a variant the server has and this (perhaps older, cached) client does not. */
function unknownVariantScreen(variant: string): ScreenFactory {
  return (_ctx: GameContext): GameScreen => ({
    setView() {},
    applyEvent() {},
    render: () => h('div.unknown-variant', { attrs: { 'data-testid': 'screen-unavailable' } }, t('registry.unknownVariant', { variant })),
    destroy() {},
  });
}

export const registry: Record<string, ScreenFactory> = {
  chess: createChessScreen,
  chiefspy: createChiefSpyScreen,
  minesweeper: createMinesweeperScreen,
};

export function screenFor(variant: string): ScreenFactory {
  return registry[variant] ?? unknownVariantScreen(variant);
}

/** Pages outside a game (e.g. /companion). */
export const extraPages: Record<string, () => Page> = {
  companion: companionPage,
};

