import { registerMessages } from '../i18n';

// The words for players and rating pools, used wherever a name is shown (the profile page has its own).
registerMessages({
  en: {
    'player.anonymous': 'Anonymous',
    'player.rating': 'Rating',
    'player.provisional': 'Provisional rating: few games yet',
    'player.ratingDiff': 'Rating change',
    'pool.chess-bullet': 'Chess · bullet',
    'pool.chess-blitz': 'Chess · blitz',
    'pool.chess-rapid': 'Chess · rapid',
    'pool.chess-classical': 'Chess · classical',
    'pool.chess-untimed': 'Chess · untimed',
    'pool.chiefspy': 'Chief & Spy',
    'pool.minesweeper': 'Minesweeper Chess',
  },
  it: {
    'player.anonymous': 'Anonimo',
    'player.rating': 'Punteggio',
    'player.provisional': 'Punteggio provvisorio: ancora poche partite',
    'player.ratingDiff': 'Variazione del punteggio',
    'pool.chess-bullet': 'Scacchi · bullet',
    'pool.chess-blitz': 'Scacchi · blitz',
    'pool.chess-rapid': 'Scacchi · rapid',
    'pool.chess-classical': 'Scacchi · classica',
    'pool.chess-untimed': 'Scacchi · senza orologio',
    'pool.chiefspy': 'Capo e Spia',
    'pool.minesweeper': 'Scacchi Campo Minato',
  },
});
