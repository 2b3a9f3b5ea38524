import './style.css';
import { start, route } from './app';
import { extraPages } from './games/registry';
import { lobbyPage } from './lobby/page';
import { gamePage, joinPage } from './game/page';

route(/^\/$/, () => lobbyPage());
route(/^\/game\/([0-9a-zA-Z_-]+)\/?$/, ([id], hash) => gamePage(id, hash));
route(/^\/join\/([0-9a-zA-Z_-]+)\/?$/, ([id], hash) => joinPage(id, hash));
route(/^\/companion\/?$/, () => extraPages.companion());

start(document.getElementById('app')!);
