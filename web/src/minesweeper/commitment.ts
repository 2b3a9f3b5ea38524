// Checks the referee's reveal against the commitment published at the start
// (docs/rules.md#fair-play-in-minesweeper-chess, docs/minesweeper.md "Commitment"):
// sha256_hex("minesweeper-v1|" + squares + "|" + salt), the squares of the layout at the start
// sorted by index (a1 = 0 … h10 = 79), comma-separated.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { squareIndex, type Reveal } from './model';

export const SCHEME = 'minesweeper-v1';

export type RevealProblem =
  | 'scheme' // not minesweeper-v1
  | 'squares' // a square that is not on the board, or a duplicate
  | 'salt' // not 64 lowercase hex digits
  | 'preimage' // the preimage is not built from the mines and the salt as the rules say
  | 'hash' // sha256(preimage) differs from the revealed commitment
  | 'commitment' // the revealed commitment differs from the one published at the start
  | 'seen'; // a mine seen during the game is missing from the layout

export interface Verification {
  ok: boolean;
  problems: RevealProblem[];
  computed: string; // sha256 hex of the preimage we built
  preimage: string; // the preimage we built from mines + salt
  missing: string[]; // mines seen during the game that the layout lacks
}

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** The preimage as the rules define it, from the mine squares (any order) and the salt. */
export function buildPreimage(mines: readonly string[], salt: string): string {
  const sorted = [...mines].sort((a, b) => squareIndex(a) - squareIndex(b));
  return `${SCHEME}|${sorted.join(',')}|${salt}`;
}

/**
 * Verify a reveal. `published` is the commitment shown during the game (view or the
 * `commitment` event); `seen` the mines the game showed (discovered, exploded, cleared),
 * which must all belong to the layout at the start.
 */
export function verifyReveal(reveal: Reveal, published: string, seen: Iterable<string> = []): Verification {
  const problems: RevealProblem[] = [];
  const mines = Array.isArray(reveal.mines) ? reveal.mines.map(String) : [];
  if (reveal.scheme !== SCHEME) problems.push('scheme');
  if (mines.some((m) => squareIndex(m) < 0) || new Set(mines).size !== mines.length) problems.push('squares');
  if (!/^[0-9a-f]{64}$/.test(String(reveal.salt))) problems.push('salt');
  const preimage = buildPreimage(mines, String(reveal.salt));
  if (reveal.preimage !== undefined && reveal.preimage !== preimage) problems.push('preimage');
  const computed = sha256Hex(preimage);
  if (computed !== String(reveal.commitment).toLowerCase()) problems.push('hash');
  if (published && computed !== published.toLowerCase()) problems.push('commitment');
  const layout = new Set(mines);
  const missing = [...new Set(seen)].filter((sq) => !layout.has(sq));
  if (missing.length) problems.push('seen');
  return { ok: problems.length === 0, problems, computed, preimage, missing };
}
