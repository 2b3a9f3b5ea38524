// Display names of Chief & Spy pieces and values (through t()).
import { t } from '../i18n';
import { SLOTS } from './commitment';
import './messages';

export function pieceName(id: string | null | undefined): string {
  return id && (SLOTS as readonly string[]).includes(id) ? t(`cs.piece.${id}`) : t('cs.piece.pawn');
}
export function valueName(v: string): string {
  return v === 'C' || v === 'S' ? t(`cs.value.${v}`) : v;
}
