// The companion as an app, in the browser: while the companion page is shown, the document
// links the web manifest (so the browser offers to install it) and the service worker is
// registered with the scope /companion (it controls the companion's page only; see sw.js).
// Only in a production build: the dev server has neither file.
const BASE = import.meta.env.BASE_URL;
export const WORKER_URL = `${BASE}companion-sw.js`;
export const WORKER_SCOPE = `${BASE}companion`;

/** Adds the manifest link and the theme colour, registers the worker; returns the undo of the first two. */
export function installCompanionApp(): () => void {
  if (!import.meta.env.PROD || typeof document === 'undefined') return () => {};
  const added: HTMLElement[] = [];
  const add = (tag: string, attrs: Record<string, string>) => {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    el.dataset.companionApp = '';
    document.head.appendChild(el);
    added.push(el);
  };
  add('link', { rel: 'manifest', href: `${BASE}companion.webmanifest` });
  add('link', { rel: 'apple-touch-icon', href: `${BASE}companion-icon-192.png` });
  add('meta', { name: 'theme-color', content: '#0b5fa5' });
  if ('serviceWorker' in navigator) navigator.serviceWorker.register(WORKER_URL, { scope: WORKER_SCOPE }).catch((e) => console.warn('companion: no offline worker:', e));
  return () => added.forEach((el) => el.remove());
}
