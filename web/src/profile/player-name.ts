// A player's label drawn: the name (a link to the profile), the rating, the change. Names are
// text nodes only (snabbdom's text children), never HTML.
import { h, type VNode } from 'snabbdom';
import { t } from '../i18n';
import { linkHandler } from '../app';
import type { PlayerLabel } from './label';
import './player-messages';
import './player-name.css';

/** The label as inline content: name (a link to the profile), rating, change. */
export function renderPlayerLabel(l: PlayerLabel, testid?: string): VNode {
  const provisional = l.rating.endsWith('?');
  return h('span.player-label', { attrs: testid ? { 'data-testid': testid } : {} }, [
    l.profile
      ? h('a.player-link', { attrs: { href: l.profile, 'data-testid': 'player-link' }, on: { click: linkHandler(l.profile) } }, l.name)
      : h('span.player-anon', l.name),
    l.rating ? ' ' : null,
    l.rating
      ? h('span.player-rating', { attrs: { 'data-testid': 'player-rating', title: provisional ? t('player.provisional') : t('player.rating') } }, l.rating)
      : null,
    l.diff ? ' ' : null,
    l.diff ? h(`span.rating-diff.${l.diffClass}`, { attrs: { 'data-testid': 'rating-diff', title: t('player.ratingDiff') } }, l.diff) : null,
  ]);
}
