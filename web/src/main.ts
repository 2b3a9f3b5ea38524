import './style.css';
import { start, route } from './app';
import { lobbyPage } from './lobby/page';
import './sound'; // sees the page's first gesture, wherever it happens: no sound before one

// The lobby is in the first bundle; the game page (boards, variants) loads on demand and is
// prefetched once the lobby is up.
const gameModule = () => import('./game/page');
const registryModule = () => import('./games/registry');

route(/^\/$/, () => lobbyPage());
route(/^\/game\/([0-9a-zA-Z_-]+)\/?$/, async ([id], hash) => (await gameModule()).gamePage(id, hash));
route(/^\/join\/([0-9a-zA-Z_-]+)\/?$/, async ([id], hash) => (await gameModule()).joinPage(id, hash));
route(/^\/companion\/?$/, async () => (await registryModule()).extraPages.companion());

start(document.getElementById('app')!);

const idle: (f: () => void) => void = (window as any).requestIdleCallback ?? ((f: () => void) => setTimeout(f, 200));
idle(() => void gameModule().catch(() => {}));
