// Every English text of the accounts, profiles, quick pairing and chat has its Italian one.
import { describe, it, expect } from 'vitest';
import { messageKeys } from '../src/i18n';
import '../src/account/messages';
import '../src/account/form-messages';
import '../src/account/tokens-messages';
import '../src/profile/messages';
import '../src/profile/player-messages';
import '../src/pairing/messages';
import '../src/chat/messages';
import '../src/lobby/messages';
import '../src/problems';

describe('players messages', () => {
  it('has an Italian text for every English one', () => {
    const it_ = new Set(messageKeys('it'));
    const missing = messageKeys('en').filter((k) => /^(account|tokens|player|pool|profile|pair|chat|error)\./.test(k) && !it_.has(k));
    expect(missing).toEqual([]);
    expect(messageKeys('en').filter((k) => /^lobby\.rated/.test(k) && !it_.has(k))).toEqual([]);
  });
});
