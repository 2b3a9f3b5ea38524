import { describe, it, expect } from 'vitest';
import { t, registerMessages, setLang, detectLang } from '../src/i18n';

describe('i18n', () => {
  it('falls back to English, then to the key', () => {
    registerMessages({ en: { 'x.hello': 'Hello {name}', 'x.only': 'only en' }, it: { 'x.hello': 'Ciao {name}' } });
    setLang('it', false);
    expect(t('x.hello', { name: 'Ada' })).toBe('Ciao Ada');
    expect(t('x.only')).toBe('only en');
    expect(t('x.missing')).toBe('x.missing');
    setLang('en', false);
    expect(t('x.hello', { name: 'Ada' })).toBe('Hello Ada');
  });
  it('detects the browser language', () => {
    expect(detectLang(['it-IT', 'en'])).toBe('it');
    expect(detectLang(['de-DE', 'en-GB'])).toBe('en');
    expect(detectLang(['fr'])).toBe('en');
    expect(detectLang([])).toBe('en');
  });
});

describe('core messages', () => {
  it('has an Italian text for every English one of the core modules', async () => {
    const { messageKeys } = await import('../src/i18n');
    await import('../src/game/messages');
    await import('../src/lobby/messages');
    await import('../src/chess/messages');
    const it_ = new Set(messageKeys('it'));
    const missing = messageKeys('en').filter((k) => /^(game|conn|seat|result|reason|join|variant|error|lobby|chess)\./.test(k) && !it_.has(k));
    expect(missing).toEqual([]);
  });
});
