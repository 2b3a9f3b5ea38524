import './style.css';
import { start, route, redraw } from './app';
import { lobbyPage } from './lobby/page';
import './sound'; // sees the page's first gesture, wherever it happens: no sound before one
import { onAccountChange } from './account/state';

// The lobby is in the first bundle; the game page (boards, variants) loads on demand and is
// prefetched once the lobby is up.
const gameModule = () => import('./game/page');
const registryModule = () => import('./games/registry');

route(/^\/$/, () => lobbyPage());
route(/^\/game\/([0-9a-zA-Z_-]+)\/?$/, async ([id], hash) => (await gameModule()).gamePage(id, hash));
route(/^\/join\/([0-9a-zA-Z_-]+)\/?$/, async ([id], hash) => (await gameModule()).joinPage(id, hash));
route(/^\/companion\/?$/, async () => (await registryModule()).extraPages.companion());
// Accounts and profiles (docs/players.md), each a chunk of its own. The server gives index.html
// to paths of letters, digits, '-', '_' and '/', so a profile is /player/NAME ('@' is not one of
// them: /@/NAME reaches the client only when opened from inside it).
route(/^\/(login|signup)\/?$/, async ([mode]) => (await import('./account/forms')).authPage(mode as 'login' | 'signup'));
route(/^\/account\/tokens\/?$/, async () => (await import('./account/tokens-page')).tokensPage());
route(/^\/(?:player|@)\/([^/]+)\/?$/, async ([name]) => (await import('./profile/page')).profilePage(decodeURIComponent(name)));

onAccountChange(() => redraw()); // who is logged in: asked by the header (account/menu.ts)
start(document.getElementById('app')!);

const idle: (f: () => void) => void = (window as any).requestIdleCallback ?? ((f: () => void) => setTimeout(f, 200));
idle(() => void gameModule().catch(() => {}));
