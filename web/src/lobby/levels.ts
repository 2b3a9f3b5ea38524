// The computer's levels as the server describes them (GET /api/levels, docs/api.md): each
// game's levels 0–8 with an Elo estimate and a one-line description. The lobby's level
// selector shows them; until they arrive (or if the server has no such route) it shows the
// bare numbers.
import { call } from '../api';
import { getLang, t, type Lang } from '../i18n';

export interface LevelInfo {
  level: number;
  elo: number;
  /** One line for a casual player, in English. */
  description: string;
  /** The same line in other languages, by language code. */
  translations?: Partial<Record<string, string>>;
}

/** Each game's levels, by variant ("chess", "chiefspy", "minesweeper"). */
export type LevelCatalog = Record<string, LevelInfo[]>;

export const LEVELS = [0, 1, 2, 3, 4, 5, 6, 7, 8];

let catalog: LevelCatalog | null = null;
let loading: Promise<LevelCatalog | null> | null = null;

/** The server's catalog, asked for once per page load; null if it could not be had. */
export function loadLevels(): Promise<LevelCatalog | null> {
  loading ??= call<LevelCatalog>('GET', '/api/levels').then(
    (c) => (catalog = c),
    () => {
      loading = null; // asked again next time
      return null;
    },
  );
  return loading;
}

export function levelCatalog(): LevelCatalog | null {
  return catalog;
}

/** A level of a game from a catalog, if the catalog has it. */
export function levelInfo(c: LevelCatalog | null, variant: string, level: number): LevelInfo | undefined {
  return c?.[variant]?.find((l) => l.level === level);
}

/** The description in the page's language (English when there is no translation). */
export function levelDescription(info: LevelInfo, lang: Lang = getLang()): string {
  return (lang !== 'en' && info.translations?.[lang]) || info.description;
}

/** An option of the level selector: "3 · Elo 900", or the bare number without a catalog. */
export function levelOptionText(c: LevelCatalog | null, variant: string, level: number): string {
  const info = levelInfo(c, variant, level);
  return info ? t('lobby.levelOption', { level, elo: info.elo }) : String(level);
}

/** The line under the selector: the selected level's description and what its Elo is measured against. */
export function levelHelpText(c: LevelCatalog | null, variant: string, level: number): string {
  const info = levelInfo(c, variant, level);
  if (!info) return t('lobby.levelHelp');
  const scale = variant === 'chess' ? t('lobby.levelScale.chess') : t('lobby.levelScale.hidden', { elo: levelInfo(c, variant, 0)?.elo ?? '?' });
  return `${levelDescription(info)} (${scale})`;
}
