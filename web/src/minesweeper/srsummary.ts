// The Minesweeper board's facts in words for screen readers (the overlay is drawn for the eyes):
// discovered mines, numbers, fogged squares, each "none" agreeing with its noun in Italian
// (mine and case: nessuna; numeri: nessuno).
import { t } from '../i18n';
import './messages';

export function srSummary(mines: string[], numbers: [string, number][], fog: string[]): string[] {
  return [
    t('ms.sr.mines', { list: mines.length ? mines.join(', ') : t('ms.sr.noMines') }),
    t('ms.sr.numbers', { list: numbers.length ? numbers.map(([sq, n]) => `${sq} ${n}`).join(', ') : t('ms.sr.noNumbers') }),
    t('ms.sr.fog', { list: fog.length ? fog.join(', ') : t('ms.sr.noFog') }),
  ];
}
