// The server's words as the player reads them: a game's status and the error codes of the API
// (docs/api.md) become sentences in the page's language, never the raw word ("This invite
// cannot be used: finished"). A referee's refusal (`rejected`) keeps the reason it gives; an
// unknown code shows the server's message.
import { t, registerMessages } from './i18n';

registerMessages({
  en: {
    'status.open': 'the game is waiting for its second player',
    'status.active': 'the game has already started',
    'status.finished': 'the game is over',
    'status.aborted': 'the game was aborted',
    'error.code.bad-invite': 'the invite code is wrong',
    'error.code.already-joined': 'somebody has already used it',
    'error.code.not-found': 'there is no such game',
    'error.code.game-over': 'the game is over',
    'error.code.not-started': 'the game is waiting for its second player',
    'error.code.forbidden': 'only a player of this game can do that',
    'error.code.unauthorized': 'this browser’s seat is not one of this game’s',
    'error.code.not-finished': 'the game is not over yet',
    'error.code.rematch-exists': 'the rematch is already set up',
    'error.code.rate-limited': 'too many requests: try again in a moment',
    'error.code.too-many-open-games': 'you already have as many games waiting for an opponent as the server allows',
    'error.code.storage-unavailable': 'the server cannot save right now: nothing happened, try again shortly',
    'error.code.unavailable': 'the server cannot load this game',
    'error.code.too-many-spectators': 'this game has as many spectators as it can take: try again later',
    'error.code.too-busy': 'the server is busy: try again shortly',
    'error.code.network': 'no connection to the server',
    'error.code.disconnected': 'the connection was lost',
    'error.code.closed': 'the connection is closed',
    'error.rejected': 'Refused: {reason}',
    'error.retryIn': '{text} (try again in {s} s)',
    'error.rateLimitedIn': 'too many attempts: try again in {s} s',
    'join.bad': 'This invite cannot be used: {error}',
  },
  it: {
    'status.open': 'la partita aspetta ancora il secondo giocatore',
    'status.active': 'la partita è già iniziata',
    'status.finished': 'la partita è finita',
    'status.aborted': 'la partita è stata annullata',
    'error.code.bad-invite': 'il codice d’invito è sbagliato',
    'error.code.already-joined': 'qualcuno l’ha già usato',
    'error.code.not-found': 'questa partita non esiste',
    'error.code.game-over': 'la partita è finita',
    'error.code.not-started': 'la partita aspetta ancora il secondo giocatore',
    'error.code.forbidden': 'solo un giocatore di questa partita può farlo',
    'error.code.unauthorized': 'il posto di questo browser non è di questa partita',
    'error.code.not-finished': 'la partita non è ancora finita',
    'error.code.rematch-exists': 'la rivincita è già pronta',
    'error.code.rate-limited': 'troppe richieste: riprova tra un momento',
    'error.code.too-many-open-games': 'hai già tutte le partite in attesa di un avversario che il server permette',
    'error.code.storage-unavailable': 'il server ora non riesce a salvare: non è successo nulla, riprova tra poco',
    'error.code.unavailable': 'il server non riesce a caricare questa partita',
    'error.code.too-many-spectators': 'questa partita ha già tutti gli spettatori che può avere: riprova più tardi',
    'error.code.too-busy': 'il server è occupato: riprova tra poco',
    'error.code.network': 'nessuna connessione con il server',
    'error.code.disconnected': 'la connessione si è interrotta',
    'error.code.closed': 'la connessione è chiusa',
    'error.rejected': 'Rifiutato: {reason}',
    'error.retryIn': '{text} (riprova tra {s} s)',
    'error.rateLimitedIn': 'troppi tentativi: riprova tra {s} s',
    'join.bad': 'Questo invito non si può usare: {error}',
  },
});

/** A game status (open, active, finished, aborted) as a sentence; an unknown one as it is. */
export function statusText(status: string): string {
  const key = `status.${status}`;
  const s = t(key);
  return s === key ? status : s;
}

/** An error from the API or the socket (`code` + message) as a sentence for the player; a 429
 * with `Retry-After` says when to try again. */
export function errorText(e: unknown): string {
  const err = e as { code?: string; message?: string; retryAfter?: number } | null;
  const wait = err?.retryAfter;
  if (typeof wait === 'number' && wait > 0 && err?.code === 'rate-limited') return t('error.rateLimitedIn', { s: wait });
  const text = codeText(err, err?.message ?? String(e));
  return typeof wait === 'number' && wait > 0 ? t('error.retryIn', { text, s: wait }) : text;
}

function codeText(err: { code?: string } | null, msg: string): string {
  const code = err?.code;
  if (code === 'rejected') return t('error.rejected', { reason: msg });
  if (code) {
    const key = `error.code.${code}`;
    const s = t(key);
    if (s !== key) return s;
  }
  return msg;
}

/** The join page's message: the game is not open (`status`), or joining failed (`error`). */
export function joinProblem(p: { status?: string; error?: unknown }): string {
  return t('join.bad', { error: p.status !== undefined ? statusText(p.status) : errorText(p.error) });
}

/** The same error with its message in the player's language (a referee's refusal is left as it is: screens say "Refused: …" themselves). */
export function localError(e: unknown): unknown {
  const err = e as { code?: string; message?: string } | null;
  if (!err || !err.code || err.code === 'rejected') return e;
  const text = errorText(err);
  if (text === err.message) return e;
  const out = new Error(text) as Error & { code?: string };
  out.code = err.code;
  return out;
}
