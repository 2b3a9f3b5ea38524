import { h } from 'snabbdom';
import type { Page } from '../app';

export function gamePage(id: string, _hash: string): Page {
  return { render: () => h('div.game', id), destroy() {} };
}

export function joinPage(id: string, _hash: string): Page {
  return { render: () => h('div.join', id), destroy() {} };
}
