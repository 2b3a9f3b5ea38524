// Issue 13, defect 7: no raw server word in a message ("This invite cannot be used: finished",
// Italian "…: active"), and the Italian texts finished: "Numeri: nessuno" (numeri is
// masculine), the commitment named as the technical term, a drawn round "è patta". ("round" and
// "set-up" stay: they are the words of the game's Italian original and of docs/rules.md.)
import { describe, it, expect } from 'vitest';
import { t, setLang, messageKeys } from '../src/i18n';
import { ApiError } from '../src/api';
import { statusText, errorText, joinProblem } from '../src/problems';
import { srSummary } from '../src/minesweeper/srsummary';
import '../src/game/messages';
import '../src/lobby/messages';
import '../src/chess/messages';
import '../src/chiefspy/messages';
import '../src/minesweeper/messages';
import '../src/companion/messages';

const STATUSES = ['open', 'active', 'finished', 'aborted'];

describe('server words are translated', () => {
  for (const lang of ['en', 'it'] as const) {
    it(`${lang}: every game status has a sentence, never the raw word`, () => {
      setLang(lang, false);
      for (const s of STATUSES) {
        const text = statusText(s);
        expect(text).not.toBe(s);
        if (lang === 'it') expect(text).not.toMatch(new RegExp(`\\b${s}\\b`, 'i'));
        expect(text.split(' ').length).toBeGreaterThan(2); // a sentence
      }
      setLang('en', false);
    });
  }

  it('the join page: a finished or started game, a used or wrong invite', () => {
    setLang('en', false);
    expect(joinProblem({ status: 'finished' })).toBe('This invite cannot be used: the game is over');
    expect(joinProblem({ status: 'active' })).toBe('This invite cannot be used: the game has already started');
    expect(joinProblem({ error: new ApiError(409, 'already-joined', 'this invite was used already') })).toBe('This invite cannot be used: somebody has already used it');
    setLang('it', false);
    expect(joinProblem({ status: 'active' })).toBe('Questo invito non si può usare: la partita è già iniziata');
    expect(joinProblem({ status: 'finished' })).toBe('Questo invito non si può usare: la partita è finita');
    expect(joinProblem({ error: new ApiError(403, 'bad-invite', 'wrong invite code') })).toBe('Questo invito non si può usare: il codice d’invito è sbagliato');
    setLang('en', false);
  });

  it('error codes read as sentences in both languages; a referee refusal keeps its reason; an unknown code its message', () => {
    setLang('it', false);
    expect(errorText(new ApiError(409, 'game-over', 'the game has ended'))).toBe('la partita è finita');
    expect(errorText(new ApiError(429, 'rate-limited', 'slow down'))).toMatch(/troppe richieste/);
    expect(errorText(new ApiError(0, 'network', 'Failed to fetch'))).toMatch(/connessione/);
    expect(errorText(new ApiError(409, 'rejected', 'it is not your turn'))).toBe('Rifiutato: it is not your turn');
    expect(errorText(new ApiError(418, 'teapot', 'I am a teapot'))).toBe('I am a teapot');
    setLang('en', false);
    expect(errorText(new ApiError(409, 'game-over', 'the game has ended'))).toBe('the game is over');
  });
});

describe('the Italian texts are finished', () => {
  it('a commitment is named as the technical term docs/rules.md defines ("impegno crittografico"), a drawn round "è patta"', () => {
    setLang('it', false);
    expect(t('cs.commitment')).toMatch(/^Impegni crittografici \(/);
    expect(t('ms.commitment')).toMatch(/^Impegno crittografico /);
    expect(t('co.roundEnd.draw')).toBe('Il round è patta.');
    setLang('en', false);
  });

  it('the screen-reader summary of the Minesweeper board: "Numeri: nessuno", "Mine scoperte: nessuna"', () => {
    setLang('it', false);
    expect(srSummary([], [], [])).toEqual(['Mine scoperte: nessuna.', 'Numeri: nessuno.', 'Case nella nebbia: nessuna.']);
    expect(srSummary(['e6'], [['d5', 1]], ['a4'])).toEqual(['Mine scoperte: e6.', 'Numeri: d5 1.', 'Case nella nebbia: a4.']);
    setLang('en', false);
    expect(srSummary([], [], [])).toEqual(['Discovered mines: none.', 'Numbers: none.', 'Fogged squares: none.']);
  });
});
