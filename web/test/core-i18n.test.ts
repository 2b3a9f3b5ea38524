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
