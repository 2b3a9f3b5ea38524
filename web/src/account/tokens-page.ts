// /account/tokens: the account's personal API tokens — list, create (label, scopes; the new
// token shown once, with a copy button), revoke. Only a browser session may do this.
import { h, type VNode } from 'snabbdom';
import type { Page } from '../app';
import { redraw, linkHandler } from '../app';
import { t, getLang } from '../i18n';
import { errorText } from '../problems';
import { ApiError } from '../api';
import { accountApi, SCOPES, scopeList, type ApiToken, type Scope } from './api';
import { account, accountKnown, onAccountChange } from './state';
import './messages';
import './tokens-messages';
import './account.css';

export function formatDate(at: number | string | undefined): string {
  if (at === undefined || at === null) return '';
  const d = new Date(typeof at === 'number' && at < 1e11 ? at * 1000 : at);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString(getLang(), { year: 'numeric', month: 'short', day: 'numeric' });
}

class TokensPage implements Page {
  tokens: ApiToken[] | null = null;
  label = '';
  scopes = new Set<Scope>(['read']);
  created: (ApiToken & { token: string }) | null = null;
  copied = false;
  confirm: string | null = null;
  busy = false;
  error = '';
  needLogin = false;
  private off: () => void;

  constructor() {
    this.off = onAccountChange(() => void this.load());
    if (accountKnown()) void this.load();
  }

  async load(): Promise<void> {
    if (!account()) {
      this.needLogin = accountKnown();
      this.tokens = null;
      redraw();
      return;
    }
    this.needLogin = false;
    try {
      this.tokens = await accountApi.tokens();
      this.error = '';
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) this.needLogin = true;
      else this.error = errorText(e);
    }
    redraw();
  }

  async create(): Promise<void> {
    if (!this.scopes.size) {
      this.error = t('tokens.noScope');
      redraw();
      return;
    }
    this.busy = true;
    this.error = '';
    redraw();
    try {
      this.created = await accountApi.createToken(this.label.trim(), SCOPES.filter((s) => this.scopes.has(s)));
      this.copied = false;
      this.label = '';
      await this.load();
    } catch (e) {
      this.error = errorText(e);
    }
    this.busy = false;
    redraw();
  }

  async revoke(id: string): Promise<void> {
    this.confirm = null;
    try {
      await accountApi.revokeToken(id);
      if (this.created?.id === id) this.created = null;
      await this.load();
    } catch (e) {
      this.error = errorText(e);
      redraw();
    }
  }

  async copy(): Promise<void> {
    if (!this.created) return;
    try {
      await navigator.clipboard.writeText(this.created.token);
    } catch {
      const el = document.querySelector<HTMLInputElement>('[data-testid="token-value"]');
      el?.select();
      document.execCommand?.('copy');
    }
    this.copied = true;
    redraw();
  }

  render(): VNode {
    if (this.needLogin)
      return h('div.tokens-page.card', { attrs: { 'data-testid': 'tokens-page' } }, [
        h('h1', t('tokens.title')),
        h('p', [t('tokens.needLogin') + ' ', h('a', { attrs: { href: '/login?next=/account/tokens' }, on: { click: linkHandler('/login?next=/account/tokens') } }, t('account.login'))]),
      ]);
    return h('div.tokens-page.card', { attrs: { 'data-testid': 'tokens-page' } }, [
      h('h1', t('tokens.title')),
      h('p.muted', t('tokens.help')),
      h('form.token-form', { on: { submit: (e: Event) => (e.preventDefault(), void this.create()) } }, [
        h('label.field', [
          h('span', t('tokens.label')),
          h('input', { attrs: { type: 'text', maxlength: 60, 'data-testid': 'token-label', required: true }, props: { value: this.label }, on: { input: (e: Event) => (this.label = (e.target as HTMLInputElement).value) } }),
        ]),
        h('fieldset', [
          h('legend', t('tokens.scopes')),
          ...SCOPES.map((s) =>
            h('label.check', [
              h('input', {
                attrs: { type: 'checkbox', 'data-testid': `token-scope-${s}` },
                props: { checked: this.scopes.has(s) },
                on: { change: (e: Event) => ((e.target as HTMLInputElement).checked ? this.scopes.add(s) : this.scopes.delete(s)) },
              }),
              h('span', t(`tokens.scope.${s}`)),
            ]),
          ),
        ]),
        h('button.primary', { attrs: { type: 'submit', 'data-testid': 'token-create', disabled: this.busy } }, t('tokens.create')),
      ]),
      this.created
        ? h('div.token-new', { attrs: { role: 'status', 'data-testid': 'token-new' } }, [
            h('p', t('tokens.created')),
            h('input.token-value', { attrs: { readonly: true, 'data-testid': 'token-value', 'aria-label': t('tokens.created') }, props: { value: this.created.token }, on: { focus: (e: Event) => (e.target as HTMLInputElement).select() } }),
            h('button', { attrs: { type: 'button', 'data-testid': 'token-copy' }, on: { click: () => void this.copy() } }, this.copied ? t('tokens.copied') : t('tokens.copy')),
          ])
        : null,
      this.error ? h('p.error', { attrs: { role: 'alert', 'data-testid': 'tokens-error' } }, this.error) : null,
      h('h2', t('tokens.list')),
      this.tokens === null
        ? h('p.muted', t('tokens.loading'))
        : !this.tokens.length
          ? h('p.muted', { attrs: { 'data-testid': 'tokens-none' } }, t('tokens.none'))
          : h(
              'ul.token-list',
              { attrs: { 'data-testid': 'token-list' } },
              this.tokens.map((tok) =>
                h('li', { attrs: { 'data-testid': 'token-row', 'data-id': tok.id } }, [
                  h('span.token-label', tok.label || '—'),
                  h('span.token-scopes', scopeList(tok.scopes).join(' ')),
                  h('small.muted', t('tokens.createdAt', { date: formatDate(tok.createdAt) })),
                  this.confirm === tok.id
                    ? h('span', [
                        h('button.danger', { attrs: { type: 'button', 'data-testid': 'token-revoke-confirm' }, on: { click: () => void this.revoke(tok.id) } }, t('tokens.revokeConfirm', { label: tok.label || tok.id })),
                        ' ',
                        h('button', { attrs: { type: 'button', 'aria-label': t('tokens.cancel') }, on: { click: () => ((this.confirm = null), redraw()) } }, '✕'),
                      ])
                    : h('button', { attrs: { type: 'button', 'data-testid': 'token-revoke' }, on: { click: () => ((this.confirm = tok.id), redraw()) } }, t('tokens.revoke')),
                ]),
              ),
            ),
    ]);
  }

  destroy(): void {
    this.off();
  }
}

export function tokensPage(): Page {
  return new TokensPage();
}
