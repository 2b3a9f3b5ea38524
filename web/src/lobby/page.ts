import { h } from 'snabbdom';
import type { Page } from '../app';

export function lobbyPage(): Page {
  return { render: () => h('div.lobby', 'lobby'), destroy() {} };
}
