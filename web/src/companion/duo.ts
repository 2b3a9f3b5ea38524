// Companion mode on two devices, one per player, with no server: each device keeps only its
// owner's values. A battle needs both values, so the two devices exchange two short codes:
//   1. the defender's device shows a code carrying the defending piece's current and initial
//      value; the attacker's device takes it and decides the battle;
//   2. the attacker's device shows a code carrying the winner, the defender's new value and
//      the round's points; the defender's device takes it.
// The codes are scrambled with a keystream from the match code and the battle number, and
// carry a check over the battle as each device entered it, so a typo or a mismatched entry is
// refused. As on a shared device, the secrecy is the app's: the players do not decode codes.
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { resolveBattle, type Value, type Winner } from './battle';
import { SLOTS, type Slot, type Seat, type Colour, type PieceRef, type Assignment, type SideState, other, colourOf, seatOf, isAssignment } from './model';

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'; // no 0/O, 1/I/L
const VALUES: Value[] = ['1', '2', '3', '4', '5', '6', '7', 'C', 'S'];
const WINNERS: Winner[] = ['attacker', 'defender', 'tie'];

export interface DuoBattle {
  attackerColour: Colour;
  attacker: PieceRef;
  defender: PieceRef;
  attackerSupport: number;
  defenderSupport: number;
}

export interface DuoMatch {
  version: 1;
  kind: 'duo';
  code: string; // the match code both devices share
  me: Seat;
  names: Record<Seat, string>;
  round: number;
  phase: 'setup' | 'play' | 'round-over' | 'over';
  score: Record<Seat, number>;
  mine: SideState | null; // own side this round
  theirs: { onBoard: Record<Slot, boolean>; pawns: number };
  battleNo: number;
  /** This device defends a battle and waits for the attacker's answer. */
  waiting: DuoBattle | null;
  rounds: { round: number; reason: string; points: Record<Seat, number>; score: Record<Seat, number> }[];
}

export function randomCode(n = 6, rnd: () => number = () => crypto.getRandomValues(new Uint32Array(1))[0] / 2 ** 32): string {
  let s = '';
  for (let i = 0; i < n; i++) s += ALPHABET[Math.floor(rnd() * ALPHABET.length)];
  return s;
}

export function normaliseCode(s: string): string {
  return s.toUpperCase().replace(/[^0-9A-Z]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

export function isMatchCode(s: string): boolean {
  const c = normaliseCode(s);
  return c.length === 6 && [...c].every((ch) => ALPHABET.includes(ch));
}

function fullBoard(): Record<Slot, boolean> {
  const o = {} as Record<Slot, boolean>;
  for (const s of SLOTS) o[s] = true;
  return o;
}

export function newDuo(code: string, me: Seat, names?: Partial<Record<Seat, string>>): DuoMatch {
  return {
    version: 1,
    kind: 'duo',
    code: normaliseCode(code),
    me,
    names: { white: names?.white ?? '', black: names?.black ?? '' },
    round: 1,
    phase: 'setup',
    score: { white: 0, black: 0 },
    mine: null,
    theirs: { onBoard: fullBoard(), pawns: 8 },
    battleNo: 0,
    waiting: null,
    rounds: [],
  };
}

export function isDuo(x: unknown): x is DuoMatch {
  const m = x as DuoMatch;
  return !!m && m.version === 1 && m.kind === 'duo' && typeof m.code === 'string' && !!m.theirs;
}

export const myColour = (m: DuoMatch): Colour => colourOf(m.round, m.me);

export function setMyValues(m: DuoMatch, values: Assignment): DuoMatch {
  if (m.phase !== 'setup') throw new Error('not in set-up');
  if (!isAssignment(values)) throw new Error('use each of 2, 3, 4, 5, 6, 7, C and S exactly once');
  return { ...m, phase: 'play', mine: { initial: { ...values }, current: { ...values }, onBoard: fullBoard(), pawns: 8 } };
}

/** Pieces on the board of a colour, as this device knows them. */
export function duoPieces(m: DuoMatch, colour: Colour): PieceRef[] {
  const side = colour === myColour(m) ? m.mine : m.theirs;
  if (!side) return [];
  const out: PieceRef[] = SLOTS.filter((s) => side.onBoard[s]);
  if (side.pawns > 0) out.push('pawn');
  return out;
}

// ---- codes --------------------------------------------------------------------------------

function describe(b: DuoBattle): string {
  return `${b.attackerColour}|${b.attacker}|${b.defender}|${b.attackerSupport}|${b.defenderSupport}`;
}

function keystream(m: DuoMatch, tag: string, n: number): Uint8Array {
  return sha256(utf8ToBytes(`chiefspy-duo|${m.code}|${m.round}|${m.battleNo}|${tag}`)).slice(0, n);
}

function check(m: DuoMatch, tag: string, b: DuoBattle, payload: Uint8Array): number {
  return sha256(utf8ToBytes(`check|${m.code}|${m.round}|${m.battleNo}|${tag}|${describe(b)}|${[...payload].join(',')}`))[0];
}

/** 3 bytes of payload + 1 check byte → 7 characters of base 31, written "XXX-XXXX". */
function encode(m: DuoMatch, tag: string, b: DuoBattle, payload: number[]): string {
  const p = Uint8Array.from(payload);
  const ks = keystream(m, tag, p.length);
  const bytes = [...p.map((x, i) => x ^ ks[i]), check(m, tag, b, p)];
  let n = 0;
  for (const x of bytes) n = n * 256 + x;
  let s = '';
  for (let i = 0; i < 7; i++) {
    s = ALPHABET[n % 31] + s;
    n = Math.floor(n / 31);
  }
  return `${s.slice(0, 3)}-${s.slice(3)}`;
}

function decode(m: DuoMatch, tag: string, b: DuoBattle, code: string): number[] | null {
  const c = normaliseCode(code);
  if (c.length !== 7) return null;
  let n = 0;
  for (const ch of c) {
    const d = ALPHABET.indexOf(ch);
    if (d < 0) return null;
    n = n * 31 + d;
  }
  if (n >= 2 ** 32) return null;
  const bytes = [Math.floor(n / 2 ** 24) % 256, Math.floor(n / 2 ** 16) % 256, Math.floor(n / 2 ** 8) % 256, n % 256];
  const ks = keystream(m, tag, 3);
  const p = Uint8Array.from(bytes.slice(0, 3).map((x, i) => x ^ ks[i]));
  if (check(m, tag, b, p) !== bytes[3]) return null;
  return [...p];
}

function validate(m: DuoMatch, b: DuoBattle) {
  if (m.phase !== 'play' || !m.mine) throw new Error('no round in play');
  if (!duoPieces(m, b.attackerColour).includes(b.attacker)) throw new Error('the attacker is not on the board');
  if (!duoPieces(m, other(b.attackerColour)).includes(b.defender)) throw new Error('the defender is not on the board');
  for (const x of [b.attackerSupport, b.defenderSupport]) if (!Number.isInteger(x) || x < 0 || x > 15) throw new Error('support counts are 0 to 15');
}

const valueOf = (side: SideState, p: PieceRef): { current: Value; initial: Value } =>
  p === 'pawn' ? { current: '1', initial: '1' } : { current: side.current[p], initial: side.initial[p] };

/** Step 1, on the defender's device: the code for the attacker's device. */
export function defenderCode(m: DuoMatch, b: DuoBattle): { match: DuoMatch; code: string } {
  validate(m, b);
  if (other(b.attackerColour) !== myColour(m)) throw new Error('this device does not defend');
  const d = valueOf(m.mine!, b.defender);
  const code = encode(m, 'D', b, [VALUES.indexOf(d.current), VALUES.indexOf(d.initial), 0x5a]);
  return { match: { ...m, waiting: b }, code };
}

export interface DuoOutcome {
  winner: Winner;
  bonus: { attacker: number; defender: number };
  points: Record<Seat, number>;
  roundOver: boolean;
}

function cloneSide(s: SideState): SideState {
  return { initial: { ...s.initial }, current: { ...s.current }, onBoard: { ...s.onBoard }, pawns: s.pawns };
}

function removeTheirs(t: DuoMatch['theirs'], p: PieceRef): DuoMatch['theirs'] {
  return p === 'pawn' ? { ...t, pawns: t.pawns - 1 } : { ...t, onBoard: { ...t.onBoard, [p]: false } };
}

function finish(m: DuoMatch, points: Record<Seat, number>, reason: string | null): DuoMatch {
  const next = { ...m, battleNo: m.battleNo + 1, waiting: null };
  if (!reason) return next;
  const score = { white: m.score.white + points.white, black: m.score.black + points.black };
  const over = score.white >= 2 || score.black >= 2 || m.round >= 3;
  return { ...next, score, phase: over ? 'over' : 'round-over', rounds: [...m.rounds, { round: m.round, reason, points, score }] };
}

/** Step 2, on the attacker's device: takes the defender's code, decides, answers with a code. */
export function attackerResolve(m: DuoMatch, b: DuoBattle, code: string): { match: DuoMatch; outcome: DuoOutcome; code: string } {
  validate(m, b);
  if (b.attackerColour !== myColour(m)) throw new Error('this device does not attack');
  const p = decode(m, 'D', b, code);
  if (!p || p[2] !== 0x5a || !VALUES[p[0]] || !VALUES[p[1]]) throw new Error('this code does not fit this battle: check the code and the battle entered on both devices');
  const dCur = VALUES[p[0]],
    dInit = VALUES[p[1]];
  const a = valueOf(m.mine!, b.attacker);
  const r = resolveBattle({ attacker: a.current, defender: dCur, attackerSupport: b.attackerSupport, defenderSupport: b.defenderSupport, attackerInitial: a.initial, defenderInitial: dInit });
  const mine = cloneSide(m.mine!);
  let theirs = m.theirs;
  const points: Record<Seat, number> = { white: 0, black: 0 };
  let reason: string | null = null;
  const lose = (v: Value, colour: Colour) => {
    if (v !== 'C' && v !== 'S') return;
    points[seatOf(m.round, other(colour))] += v === 'C' ? 2 : 1;
    if (v === 'C' || !reason) reason = v === 'C' ? 'chief-captured' : 'spy-captured';
  };
  if (r.winner !== 'defender') {
    theirs = removeTheirs(theirs, b.defender);
    lose(dCur, other(b.attackerColour));
  }
  if (r.winner !== 'attacker') {
    if (b.attacker === 'pawn') mine.pawns -= 1;
    else mine.onBoard[b.attacker] = false;
    lose(a.current, b.attackerColour);
  } else if (b.attacker !== 'pawn') mine.current[b.attacker] = r.attacker.value!;
  const reasonCode = reason === 'chief-captured' ? 1 : reason === 'spy-captured' ? 2 : 0;
  const answer = encode(m, 'A', b, [WINNERS.indexOf(r.winner), r.defender.value ? VALUES.indexOf(r.defender.value) : 15, (points.white << 4) | (points.black << 2) | reasonCode]);
  const outcome = { winner: r.winner, bonus: { attacker: 1 + b.attackerSupport, defender: b.defenderSupport }, points, roundOver: !!reason };
  return { match: finish({ ...m, mine, theirs }, points, reason), outcome, code: answer };
}

/** Step 3, on the defender's device: takes the attacker's answer. */
export function defenderFinish(m: DuoMatch, code: string): { match: DuoMatch; outcome: DuoOutcome } {
  const b = m.waiting;
  if (!b || !m.mine) throw new Error('no battle waiting for an answer');
  const p = decode(m, 'A', b, code);
  if (!p || !WINNERS[p[0]]) throw new Error('this code does not fit this battle: check it');
  const winner = WINNERS[p[0]];
  const points: Record<Seat, number> = { white: (p[2] >> 4) & 3, black: (p[2] >> 2) & 3 };
  const reason = (p[2] & 3) === 1 ? 'chief-captured' : (p[2] & 3) === 2 ? 'spy-captured' : null;
  const mine = cloneSide(m.mine);
  let theirs = m.theirs;
  if (winner !== 'defender') {
    if (b.defender === 'pawn') mine.pawns -= 1;
    else mine.onBoard[b.defender] = false;
  } else if (b.defender !== 'pawn') {
    const v = VALUES[p[1]];
    if (!v) throw new Error('this code does not fit this battle: check it');
    mine.current[b.defender] = v;
  }
  if (winner !== 'attacker') theirs = removeTheirs(theirs, b.attacker);
  const outcome = { winner, bonus: { attacker: 1 + b.attackerSupport, defender: b.defenderSupport }, points, roundOver: !!reason };
  return { match: finish({ ...m, mine, theirs }, points, reason), outcome };
}

export function cancelWaiting(m: DuoMatch): DuoMatch {
  return { ...m, waiting: null };
}

/** A promotion on the board: own (the piece returns at its initial value) or the opponent's. */
export function duoPromote(m: DuoMatch, colour: Colour, piece: Slot): DuoMatch {
  if (m.phase !== 'play' || !m.mine) throw new Error('no round in play');
  if (colour === myColour(m)) {
    if (m.mine.onBoard[piece]) throw new Error('that piece is on the board');
    if (m.mine.pawns <= 0) throw new Error('no pawn left to promote');
    const mine = cloneSide(m.mine);
    mine.onBoard[piece] = true;
    mine.current[piece] = mine.initial[piece];
    mine.pawns -= 1;
    return { ...m, mine };
  }
  if (m.theirs.onBoard[piece]) throw new Error('that piece is on the board');
  if (m.theirs.pawns <= 0) throw new Error('no pawn left to promote');
  return { ...m, theirs: { onBoard: { ...m.theirs.onBoard, [piece]: true }, pawns: m.theirs.pawns - 1 } };
}

/** A round ended without a battle (entered on both devices). */
export function duoEndRound(m: DuoMatch, reason: 'resignation' | 'no-legal-move' | 'draw', loser?: Seat): DuoMatch {
  if (m.phase !== 'play') throw new Error('no round in play');
  const points: Record<Seat, number> = { white: 0, black: 0 };
  if (reason !== 'draw') {
    if (!loser) throw new Error('who lost the round?');
    points[other(loser)] = 2;
  }
  return finish({ ...m, battleNo: m.battleNo - 1 }, points, reason);
}

export function duoNextRound(m: DuoMatch): DuoMatch {
  if (m.phase !== 'round-over') throw new Error('the round is not over');
  return { ...m, round: m.round + 1, phase: 'setup', mine: null, theirs: { onBoard: fullBoard(), pawns: 8 }, battleNo: 0, waiting: null };
}
