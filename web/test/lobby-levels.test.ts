// Issue 15, item 4: the lobby's level selector shows each level's Elo estimate and a one-line
// description, from the server's catalog (GET /api/levels), in the page's language.
import { describe, it, expect, afterEach, vi } from 'vitest';
import { levelDescription, levelHelpText, levelInfo, levelOptionText, loadLevels, levelCatalog, type LevelCatalog } from '../src/lobby/levels';
import { setLang } from '../src/i18n';
import '../src/lobby/messages';

const catalog: LevelCatalog = {
  chess: [
    { level: 0, elo: 300, description: 'Random: any legal move', translations: { it: 'Casuale: una mossa legale qualsiasi' } },
    { level: 3, elo: 900, description: 'Club beginner: sees simple tactics, blunders under pressure', translations: { it: 'Principiante di circolo' } },
  ],
  minesweeper: [
    { level: 0, elo: 400, description: 'Random: walks onto mines' },
    { level: 3, elo: 950, description: 'Casual player: weighs mine odds' },
  ],
};

afterEach(() => {
  setLang('en', false);
  vi.unstubAllGlobals();
});

describe('the level selector', () => {
  it('labels each level with its Elo estimate for the selected game', () => {
    expect(levelOptionText(catalog, 'chess', 3)).toBe('3 · Elo 900');
    expect(levelOptionText(catalog, 'minesweeper', 3)).toBe('3 · Elo 950');
  });

  it('shows the bare number for a level or game the catalog lacks, or without a catalog', () => {
    expect(levelOptionText(catalog, 'chess', 5)).toBe('5');
    expect(levelOptionText(catalog, 'chiefspy', 3)).toBe('3');
    expect(levelOptionText(null, 'chess', 3)).toBe('3');
    expect(levelHelpText(null, 'chess', 3)).toBe('0 = random moves, 8 = full strength');
  });

  it('describes the selected level in one line, with the scale its Elo is on', () => {
    expect(levelHelpText(catalog, 'chess', 3)).toBe('Club beginner: sees simple tactics, blunders under pressure (Elo estimated on Stockfish’s scale)');
    expect(levelHelpText(catalog, 'minesweeper', 3)).toBe('Casual player: weighs mine odds (Elo estimated for this game’s levels, random moves = 400)');
  });

  it('speaks the page’s language, English where there is no translation', () => {
    setLang('it', false);
    expect(levelDescription(levelInfo(catalog, 'chess', 3)!)).toBe('Principiante di circolo');
    expect(levelHelpText(catalog, 'chess', 0)).toBe('Casuale: una mossa legale qualsiasi (Elo stimato sulla scala di Stockfish)');
    expect(levelDescription(levelInfo(catalog, 'minesweeper', 3)!)).toBe('Casual player: weighs mine odds');
    expect(levelOptionText(catalog, 'chess', 3)).toBe('3 · Elo 900');
  });
});

describe('loadLevels', () => {
  it('asks the server once and keeps the catalog; a failure is asked again', async () => {
    const fail = vi.fn(async () => new Response('{"code":"not-found","error":"no such route"}', { status: 404 }));
    vi.stubGlobal('fetch', fail);
    expect(await loadLevels()).toBeNull();
    expect(levelCatalog()).toBeNull();
    const ok = vi.fn(async (_path: string) => new Response(JSON.stringify(catalog), { status: 200 }));
    vi.stubGlobal('fetch', ok);
    expect(await loadLevels()).toEqual(catalog);
    expect(await loadLevels()).toEqual(catalog);
    expect(ok).toHaveBeenCalledTimes(1);
    expect(ok.mock.calls[0][0]).toBe('/api/levels');
    expect(levelCatalog()).toEqual(catalog);
  });
});
