// Display names of Chief & Spy pieces and values (through t()).
import { h, type VNode } from 'snabbdom';
import { t } from '../i18n';
import { SLOTS, type Slot } from './commitment';
import './messages';

export function pieceName(id: string | null | undefined): string {
  return id && (SLOTS as readonly string[]).includes(id) ? t(`cs.piece.${id}`) : t('cs.piece.pawn');
}
export function valueName(v: string): string {
  return v === 'C' || v === 'S' ? t(`cs.value.${v}`) : v;
}

/** The chess piece each back-rank identity is. */
export const SLOT_ROLE: Record<Slot, string> = { a: 'rook', b: 'knight', c: 'bishop', d: 'queen', e: 'king', f: 'bishop', g: 'knight', h: 'rook' };
const ROLE_LETTER: Record<string, string> = { pawn: 'p', knight: 'n', bishop: 'b', rook: 'r', queen: 'q', king: 'k' };

/** A small picture of a piece by identity (a..h, anything else a pawn), with the Great mark on a, b, c. */
export function identityIcon(id: string | null | undefined, colour: string): VNode {
  const slot = id && (SLOTS as readonly string[]).includes(id) ? (id as Slot) : null;
  const role = slot ? SLOT_ROLE[slot] : 'pawn';
  const great = slot !== null && slot <= 'c';
  return h(`span.cg-wrap.cs-icon${great ? '.cs-icon-great' : ''}`, { attrs: { 'aria-hidden': 'true' } }, [h(`piece.${ROLE_LETTER[role]}-piece.${colour}`)]);
}
