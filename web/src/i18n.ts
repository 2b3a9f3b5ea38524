// Tiny i18n: every module registers its own messages; t() looks them up in the current
// language, falls back to English, then to the key itself.
export type Lang = 'en' | 'it';
export const LANGS: Lang[] = ['en', 'it'];
export type Dict = Record<string, string>;

const STORAGE_KEY = 'arbiter.lang';
const dicts: Record<Lang, Dict> = { en: {}, it: {} };
const listeners = new Set<(lang: Lang) => void>();
let current: Lang = 'en';

export function registerMessages(m: { en: Dict; it?: Dict }): void {
  Object.assign(dicts.en, m.en);
  if (m.it) Object.assign(dicts.it, m.it);
}

/** Translate `key`; `{name}` placeholders are replaced from `params`. */
export function t(key: string, params?: Record<string, string | number>): string {
  let s = dicts[current][key] ?? dicts.en[key] ?? key;
  if (params) s = s.replace(/\{(\w+)\}/g, (all, name: string) => (name in params ? String(params[name]) : all));
  return s;
}

export function hasMessage(key: string, lang: Lang = current): boolean {
  return key in dicts[lang];
}

/** Pick a supported language from a list of browser languages (navigator.languages). */
export function detectLang(prefs: readonly string[] | undefined): Lang {
  for (const p of prefs ?? []) {
    const base = p.toLowerCase().split('-')[0];
    if ((LANGS as string[]).includes(base)) return base as Lang;
  }
  return 'en';
}

export function getLang(): Lang {
  return current;
}

export function setLang(lang: Lang, persist = true): void {
  if (!LANGS.includes(lang)) lang = 'en';
  current = lang;
  if (persist) {
    try {
      localStorage.setItem(STORAGE_KEY, lang);
    } catch {
      /* storage unavailable */
    }
  }
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  for (const f of listeners) f(lang);
}

export function onLangChange(f: (lang: Lang) => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** Initial language: the stored choice, else the browser's. */
export function initLang(): Lang {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    /* storage unavailable */
  }
  const lang =
    stored && (LANGS as string[]).includes(stored)
      ? (stored as Lang)
      : detectLang(typeof navigator !== 'undefined' ? navigator.languages ?? [navigator.language] : []);
  setLang(lang, false);
  return lang;
}

/** Every key registered for `lang` (tests check that both languages are complete). */
export function messageKeys(lang: Lang): string[] {
  return Object.keys(dicts[lang]);
}
