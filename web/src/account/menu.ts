// The header's account element: "Log in / Sign up", or the logged-in name with a menu
// (Profile, API tokens, Log out). The name is a text node.
import { h, type VNode } from 'snabbdom';
import { t } from '../i18n';
import { linkHandler, navigate, redraw } from '../app';
import { profilePath } from '../profile/label';
import { account, accountKnown, ensureAccount, logout } from './state';
import { nextParam } from './next';
import './messages';
import './account.css';

let open = false;

function close(e: Event): void {
  const d = (e.currentTarget as HTMLElement).closest('details');
  if (d) d.open = false;
  open = false;
}

export function renderAccountMenu(): VNode {
  ensureAccount(location.pathname);
  const a = account();
  if (!a) {
    const next = encodeURIComponent(nextParam());
    const href = `/login?next=${next}`;
    // nothing until the start-up check answered, so a logged-in visitor never sees the buttons flash
    return h('div.account', { attrs: { 'data-testid': 'account', 'data-state': accountKnown() ? 'anonymous' : 'unknown' } }, accountKnown()
      ? [
          h('a.button.account-login', { attrs: { href, 'data-testid': 'account-login', 'aria-label': t('account.loginSignup') }, on: { click: linkHandler(href) } }, [
            // a phone's header has room for "Log in" only (the form links to sign-up)
            h('span.long', { attrs: { 'aria-hidden': 'true' } }, t('account.loginSignup')),
            h('span.short', { attrs: { 'aria-hidden': 'true' } }, t('account.login')),
          ]),
        ]
      : []);
  }
  const profile = profilePath(a.name);
  return h(
    'details.account',
    {
      attrs: { 'data-testid': 'account', 'data-state': 'logged-in', 'data-name': a.name },
      props: { open },
      on: {
        toggle: (e: Event) => (open = (e.target as HTMLDetailsElement).open),
        keydown: (e: KeyboardEvent) => {
          if (e.key !== 'Escape' || !open) return;
          const d = e.currentTarget as HTMLDetailsElement;
          d.open = false;
          open = false;
          d.querySelector<HTMLElement>('summary')?.focus();
        },
      },
    },
    [
      h('summary', { attrs: { 'data-testid': 'account-open', title: t('account.loggedInAs', { name: a.name }) } }, [h('span.account-name', { attrs: { 'data-testid': 'account-name' } }, a.name)]),
      h('ul.account-menu', { attrs: { 'data-testid': 'account-menu' } }, [
        h('li', [h('a', { attrs: { href: profile, 'data-testid': 'account-profile' }, on: { click: (e: MouseEvent) => (close(e), linkHandler(profile)(e)) } }, t('account.profile'))]),
        h('li', [h('a', { attrs: { href: '/account/tokens', 'data-testid': 'account-tokens' }, on: { click: (e: MouseEvent) => (close(e), linkHandler('/account/tokens')(e)) } }, t('account.tokens'))]),
        h('li', [
          h(
            'button',
            {
              attrs: { type: 'button', 'data-testid': 'account-logout' },
              on: {
                click: (e: Event) => {
                  close(e);
                  void logout().finally(() => {
                    redraw();
                    // a page showing the account's own things has nothing left to show
                    if (location.pathname.startsWith('/account/')) navigate('/');
                  });
                },
              },
            },
            t('account.logout'),
          ),
        ]),
      ]),
    ],
  );
}
