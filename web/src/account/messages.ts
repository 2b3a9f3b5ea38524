import { registerMessages } from '../i18n';

// The header's account menu and the account routes' error codes (first bundle).
registerMessages({
  en: {
    'account.menu': 'Account',
    'account.loginSignup': 'Log in / Sign up',
    'account.login': 'Log in',
    'account.signup': 'Sign up',
    'account.logout': 'Log out',
    'account.profile': 'Profile',
    'account.tokens': 'API tokens',
    'account.loggedInAs': 'Logged in as {name}',
    'error.code.bad-login': 'wrong name or password',
    'error.code.not-logged-in': 'you are not logged in',
    'error.code.account-required': 'this needs an account: log in first',
    'error.code.same-player': 'you cannot play against yourself',
    'error.code.cross-origin': 'the request came from another site and was refused',
    'error.code.too-many-seeks': 'you are already looking for as many games as the server allows',
  },
  it: {
    'account.menu': 'Account',
    'account.loginSignup': 'Accedi / Registrati',
    'account.login': 'Accedi',
    'account.signup': 'Registrati',
    'account.logout': 'Esci',
    'account.profile': 'Profilo',
    'account.tokens': 'Token API',
    'account.loggedInAs': 'Accesso come {name}',
    'error.code.bad-login': 'nome o password sbagliati',
    'error.code.not-logged-in': 'non hai effettuato l’accesso',
    'error.code.account-required': 'serve un account: accedi prima',
    'error.code.same-player': 'non puoi giocare contro te stesso',
    'error.code.cross-origin': 'la richiesta veniva da un altro sito ed è stata rifiutata',
    'error.code.too-many-seeks': 'stai già cercando tutte le partite che il server permette',
  },
});
