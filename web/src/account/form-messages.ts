import { registerMessages } from '../i18n';

// The log-in and sign-up forms.
registerMessages({
  en: {
    'account.loginTitle': 'Log in',
    'account.signupTitle': 'Create an account',
    'account.name': 'Name',
    'account.password': 'Password',
    'account.nameHelp': '2 to 20 letters, digits, _ or -, starting with a letter or digit.',
    'account.passwordHelp': 'At least 8 characters.',
    'account.claim': 'Add this browser’s games to the account',
    'account.claimHelp': 'The games you played in this browser ({n}) get your name.',
    'account.submitLogin': 'Log in',
    'account.submitSignup': 'Create account',
    'account.busy': 'Please wait…',
    'account.toSignup': 'No account yet?',
    'account.toLogin': 'Already have an account?',
    'account.why': 'An account puts your name on your games, gives you ratings and quick pairing, and brings your games back in any browser. Playing by invite link needs none.',
  },
  it: {
    'account.loginTitle': 'Accedi',
    'account.signupTitle': 'Crea un account',
    'account.name': 'Nome',
    'account.password': 'Password',
    'account.nameHelp': 'Da 2 a 20 lettere, cifre, _ o -, che inizi con una lettera o una cifra.',
    'account.passwordHelp': 'Almeno 8 caratteri.',
    'account.claim': 'Aggiungi all’account le partite di questo browser',
    'account.claimHelp': 'Le partite giocate in questo browser ({n}) avranno il tuo nome.',
    'account.submitLogin': 'Accedi',
    'account.submitSignup': 'Crea l’account',
    'account.busy': 'Attendere…',
    'account.toSignup': 'Non hai ancora un account?',
    'account.toLogin': 'Hai già un account?',
    'account.why': 'Un account mette il tuo nome sulle partite, ti dà un punteggio e l’abbinamento rapido, e ti riporta le tue partite in qualsiasi browser. Per giocare con un link d’invito non serve.',
  },
});
