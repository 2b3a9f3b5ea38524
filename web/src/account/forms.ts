// /login and /signup: name and password; at sign-up, "add this browser's games to the
// account" (ticked by default: the seat tokens this browser keeps go in `claim`). The server's
// error text is shown as it is said (or in the page's language for the codes the client
// knows), a 429 with its wait.
import { h, type VNode } from 'snabbdom';
import type { Page } from '../app';
import { navigate, redraw, linkHandler } from '../app';
import { t } from '../i18n';
import { errorText } from '../problems';
import { account, claimableSeats, login, signup } from './state';
import { safeNext } from './next';
import './messages';
import './form-messages';
import './account.css';

type Mode = 'login' | 'signup';

class AuthPage implements Page {
  name = '';
  password = '';
  claim = true;
  busy = false;
  error = '';

  constructor(
    public mode: Mode,
    public next: string,
  ) {}

  async submit(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.error = '';
    redraw();
    try {
      if (this.mode === 'signup') await signup(this.name.trim(), this.password, this.claim);
      else await login(this.name.trim(), this.password);
      navigate(this.next, true);
    } catch (e) {
      this.busy = false;
      this.error = errorText(e);
      redraw();
    }
  }

  render(): VNode {
    const signupMode = this.mode === 'signup';
    const other: Mode = signupMode ? 'login' : 'signup';
    const otherHref = `/${other}?next=${encodeURIComponent(this.next)}`;
    const a = account();
    const seats = signupMode ? claimableSeats().length : 0;
    const field = (id: string, label: string, type: string, value: string, set: (v: string) => void, help?: string, autocomplete?: string) =>
      h('label.field', [
        h('span', label),
        h('input', {
          attrs: { type, name: id, 'data-testid': `auth-${id}`, autocomplete: autocomplete ?? 'off', required: true, maxlength: type === 'password' ? 1024 : 20, ...(help ? { 'aria-describedby': `auth-${id}-help` } : {}) },
          props: { value },
          on: { input: (e: Event) => set((e.target as HTMLInputElement).value) },
        }),
        help ? h(`small#auth-${id}-help`, help) : null,
      ]);
    return h('div.auth-page.card', { attrs: { 'data-testid': `${this.mode}-page` } }, [
      h('h1', t(signupMode ? 'account.signupTitle' : 'account.loginTitle')),
      a ? h('p.muted', { attrs: { 'data-testid': 'auth-already' } }, t('account.loggedInAs', { name: a.name })) : null,
      signupMode ? h('p.muted', t('account.why')) : null,
      h('form', { attrs: { 'data-testid': 'auth-form', novalidate: true }, on: { submit: (e: Event) => (e.preventDefault(), void this.submit()) } }, [
        field('name', t('account.name'), 'text', this.name, (v) => (this.name = v), signupMode ? t('account.nameHelp') : undefined, 'username'),
        field('password', t('account.password'), 'password', this.password, (v) => (this.password = v), signupMode ? t('account.passwordHelp') : undefined, signupMode ? 'new-password' : 'current-password'),
        signupMode && seats > 0
          ? h('label.check', [
              h('input', { attrs: { type: 'checkbox', 'data-testid': 'auth-claim' }, props: { checked: this.claim }, on: { change: (e: Event) => (this.claim = (e.target as HTMLInputElement).checked) } }),
              h('span', [t('account.claim'), h('br'), h('small.muted', t('account.claimHelp', { n: seats }))]),
            ])
          : null,
        this.error ? h('p.error', { attrs: { role: 'alert', 'data-testid': 'auth-error' } }, this.error) : null,
        h('button.primary.big', { attrs: { type: 'submit', 'data-testid': 'auth-submit', disabled: this.busy } }, this.busy ? t('account.busy') : t(signupMode ? 'account.submitSignup' : 'account.submitLogin')),
      ]),
      h('p.switch', [
        t(signupMode ? 'account.toLogin' : 'account.toSignup') + ' ',
        h('a', { attrs: { href: otherHref, 'data-testid': `to-${other}` }, on: { click: linkHandler(otherHref) } }, t(`account.${other}`)),
      ]),
    ]);
  }

  destroy(): void {}
}

export function authPage(mode: Mode): Page {
  return new AuthPage(mode, safeNext(new URLSearchParams(location.search).get('next')));
}
