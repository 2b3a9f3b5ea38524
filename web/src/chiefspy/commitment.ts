// Checks a Chief & Spy round's reveal against the commitment published at the round's start
// (docs/rules.md#fair-play-in-chief--spy):
// sha256_hex("chiefspy-v1|<colour>|V,V,V,V,V,V,V,V|<salt>"), values in slot order a..h.
// Computed in the browser: the client trusts nothing the server says about it.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export const SLOTS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const;
export type Slot = (typeof SLOTS)[number];
export type Colour = 'white' | 'black';

export interface RevealSide {
  seat?: string;
  values: Record<string, string>;
  text?: string;
  salt: string;
  commitment: string;
}

export function assignmentText(values: Record<string, string>): string {
  return SLOTS.map((s) => String(values[s])).join(',');
}

export function commitmentPreimage(colour: Colour, values: Record<string, string>, salt: string): string {
  return `chiefspy-v1|${colour}|${assignmentText(values)}|${salt}`;
}

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/**
 * Whether the revealed values and salt open to `published` (the commitment from the round's
 * start; defaults to the one repeated in the reveal). Also checks the reveal's `text` matches
 * its values when present.
 */
export function verifyReveal(colour: Colour, side: RevealSide, published?: string | null): boolean {
  const expected = (published ?? side.commitment ?? '').toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(expected)) return false;
  if (side.commitment && side.commitment.toLowerCase() !== expected) return false;
  if (side.text && side.text !== assignmentText(side.values)) return false;
  return sha256Hex(commitmentPreimage(colour, side.values, side.salt)) === expected;
}

/** Short form of a commitment for display: first 8 hex digits, an ellipsis, last 4. */
export function shortHex(hex: string): string {
  return hex.length > 14 ? `${hex.slice(0, 8)}…${hex.slice(-4)}` : hex;
}
