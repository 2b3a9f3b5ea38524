// Companion mode for a physical board (docs/rules.md#on-a-real-board): the state of
// one match, kept entirely in the browser. The players move real pieces; this model keeps the
// secret values, resolves each battle the players enter (battle.ts), re-admits promoted
// pieces at their initial value, and scores rounds and the match. Pure functions over a
// plain JSON object (persisted in localStorage by store.ts), so every rule is unit-tested.
import { resolveBattle, BACK_RANK_VALUES, type Value, type Winner } from './battle';

export type Seat = 'white' | 'black'; // seat "white" = player 1: White in rounds 1 and 3
export type Colour = 'white' | 'black';
export const SLOTS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const;
export type Slot = (typeof SLOTS)[number];
export type PieceRef = Slot | 'pawn';
export type Assignment = Record<Slot, Value>;

export interface SideState {
  initial: Assignment;
  current: Assignment;
  onBoard: Record<Slot, boolean>;
  pawns: number;
}

export interface BattleRecord {
  attackerColour: Colour;
  attacker: PieceRef;
  defender: PieceRef;
  bonus: { attacker: number; defender: number };
  winner: Winner;
  /** The round ended with this battle. */
  ended: boolean;
}

export type RoundReason = 'chief-captured' | 'spy-captured' | 'resignation' | 'no-legal-move' | 'draw';

export interface RoundRecord {
  round: number;
  reason: RoundReason;
  colourOf: Record<Seat, Colour>;
  points: Record<Seat, number>;
  score: Record<Seat, number>;
  /** The initial values, revealed at the round's end (by colour). */
  values: Record<Colour, Assignment>;
}

export interface CompanionMatch {
  version: 1;
  names: Record<Seat, string>;
  round: number;
  phase: 'setup' | 'play' | 'round-over' | 'over';
  score: Record<Seat, number>;
  /** By colour this round; null until that player has entered the values. */
  sides: Record<Colour, SideState | null>;
  battles: BattleRecord[];
  promotions: { colour: Colour; piece: Slot }[];
  rounds: RoundRecord[];
}

export interface BattleInput {
  attackerColour: Colour;
  attacker: PieceRef;
  defender: PieceRef;
  attackerSupport: number;
  defenderSupport: number;
}

export const other = <T extends Seat | Colour>(c: T): T => (c === 'white' ? 'black' : 'white') as T;

/** Seat → colour in `round` (colours alternate between rounds [D]). */
export function colourOf(round: number, seat: Seat): Colour {
  return round % 2 === 0 ? other(seat) : seat;
}
export function seatOf(round: number, colour: Colour): Seat {
  return round % 2 === 0 ? other(colour) : colour;
}

export function newMatch(names?: Partial<Record<Seat, string>>): CompanionMatch {
  return {
    version: 1,
    names: { white: names?.white ?? '', black: names?.black ?? '' },
    round: 1,
    phase: 'setup',
    score: { white: 0, black: 0 },
    sides: { white: null, black: null },
    battles: [],
    promotions: [],
    rounds: [],
  };
}

export function isAssignment(v: unknown): v is Assignment {
  if (!v || typeof v !== 'object') return false;
  const vals = SLOTS.map((s) => (v as Record<string, unknown>)[s]);
  return BACK_RANK_VALUES.every((x) => vals.includes(x)) && vals.length === 8;
}

/** A player enters their secret values for this round. */
export function setValues(m: CompanionMatch, seat: Seat, values: Assignment): CompanionMatch {
  if (m.phase !== 'setup') throw new Error('not in set-up');
  if (!isAssignment(values)) throw new Error('use each of 2, 3, 4, 5, 6, 7, C and S exactly once');
  const colour = colourOf(m.round, seat);
  if (m.sides[colour]) throw new Error('values already entered');
  const onBoard = {} as Record<Slot, boolean>;
  for (const s of SLOTS) onBoard[s] = true;
  const side: SideState = { initial: { ...values }, current: { ...values }, onBoard, pawns: 8 };
  const sides = { ...m.sides, [colour]: side };
  return { ...m, sides, phase: sides.white && sides.black ? 'play' : 'setup' };
}

export function isReady(m: CompanionMatch, seat: Seat): boolean {
  return !!m.sides[colourOf(m.round, seat)];
}

/** Pieces of `colour` on the board (back-rank ids, then 'pawn' when any pawn is left). */
export function piecesOnBoard(m: CompanionMatch, colour: Colour): PieceRef[] {
  const s = m.sides[colour];
  if (!s) return [];
  const out: PieceRef[] = SLOTS.filter((x) => s.onBoard[x]);
  if (s.pawns > 0) out.push('pawn');
  return out;
}

/** Fallen back-rank pieces of `colour` (the promotion choices). */
export function fallen(m: CompanionMatch, colour: Colour): Slot[] {
  const s = m.sides[colour];
  return s ? SLOTS.filter((x) => !s.onBoard[x]) : [];
}

function valueOf(side: SideState, p: PieceRef): { current: Value; initial: Value } {
  return p === 'pawn' ? { current: '1', initial: '1' } : { current: side.current[p], initial: side.initial[p] };
}

function cloneSide(s: SideState): SideState {
  return { initial: { ...s.initial }, current: { ...s.current }, onBoard: { ...s.onBoard }, pawns: s.pawns };
}

function removePiece(s: SideState, p: PieceRef): Value {
  if (p === 'pawn') {
    s.pawns -= 1;
    return '1';
  }
  s.onBoard[p] = false;
  return s.current[p];
}

export interface BattleAnnouncement {
  winner: Winner;
  bonus: { attacker: number; defender: number };
  /** Set when the battle ended the round. */
  roundEnd: RoundRecord | null;
}

/** Resolves a battle entered by the players; returns the new state and what to announce. */
export function battle(m: CompanionMatch, input: BattleInput): { match: CompanionMatch; announce: BattleAnnouncement } {
  if (m.phase !== 'play') throw new Error('no round in play');
  const ac = input.attackerColour;
  const dc = other(ac);
  const A = m.sides[ac],
    D = m.sides[dc];
  if (!A || !D) throw new Error('no round in play');
  if (!piecesOnBoard(m, ac).includes(input.attacker)) throw new Error('the attacker is not on the board');
  if (!piecesOnBoard(m, dc).includes(input.defender)) throw new Error('the defender is not on the board');
  for (const n of [input.attackerSupport, input.defenderSupport])
    if (!Number.isInteger(n) || n < 0 || n > 15) throw new Error('support counts are 0 to 15');
  const a = valueOf(A, input.attacker),
    d = valueOf(D, input.defender);
  const r = resolveBattle({
    attacker: a.current,
    defender: d.current,
    attackerSupport: input.attackerSupport,
    defenderSupport: input.defenderSupport,
    attackerInitial: a.initial,
    defenderInitial: d.initial,
  });
  const bonus = { attacker: 1 + input.attackerSupport, defender: input.defenderSupport };
  const sides = { white: cloneSide(m.sides.white!), black: cloneSide(m.sides.black!) };
  const lost: { colour: Colour; value: Value }[] = [];
  if (r.winner === 'attacker' || r.winner === 'tie') lost.push({ colour: dc, value: removePiece(sides[dc], input.defender) });
  if (r.winner === 'defender' || r.winner === 'tie') lost.push({ colour: ac, value: removePiece(sides[ac], input.attacker) });
  if (r.winner === 'attacker' && input.attacker !== 'pawn') sides[ac].current[input.attacker] = r.attacker.value!;
  if (r.winner === 'defender' && input.defender !== 'pawn') sides[dc].current[input.defender] = r.defender.value!;
  // A round ends the moment a Chief or a Spy leaves the board; the other player scores.
  const points: Record<Seat, number> = { white: 0, black: 0 };
  let reason: RoundReason | null = null;
  for (const l of lost) {
    if (l.value !== 'C' && l.value !== 'S') continue;
    const scorer = seatOf(m.round, other(l.colour));
    points[scorer] += l.value === 'C' ? 2 : 1;
    if (l.value === 'C' || !reason) reason = l.value === 'C' ? 'chief-captured' : 'spy-captured';
  }
  const rec: BattleRecord = { ...input, bonus, winner: r.winner, ended: !!reason };
  let next: CompanionMatch = { ...m, sides, battles: [...m.battles, rec] };
  let roundEnd: RoundRecord | null = null;
  if (reason) {
    next = endRoundWith(next, reason, points);
    roundEnd = next.rounds[next.rounds.length - 1];
  }
  return { match: next, announce: { winner: r.winner, bonus, roundEnd } };
}

/** A pawn of `colour` reached the last rank (and survived): `piece` returns at its initial value. */
export function promote(m: CompanionMatch, colour: Colour, piece: Slot): CompanionMatch {
  if (m.phase !== 'play') throw new Error('no round in play');
  const s = m.sides[colour];
  if (!s) throw new Error('no round in play');
  if (s.onBoard[piece]) throw new Error('that piece is on the board');
  if (s.pawns <= 0) throw new Error('no pawn left to promote');
  const n = cloneSide(s);
  n.onBoard[piece] = true;
  n.current[piece] = n.initial[piece];
  n.pawns -= 1;
  return { ...m, sides: { ...m.sides, [colour]: n }, promotions: [...m.promotions, { colour, piece }] };
}

function endRoundWith(m: CompanionMatch, reason: RoundReason, points: Record<Seat, number>): CompanionMatch {
  const score = { white: m.score.white + points.white, black: m.score.black + points.black };
  const rec: RoundRecord = {
    round: m.round,
    reason,
    colourOf: { white: colourOf(m.round, 'white'), black: colourOf(m.round, 'black') },
    points,
    score,
    values: { white: { ...m.sides.white!.initial }, black: { ...m.sides.black!.initial } },
  };
  const over = score.white >= 2 || score.black >= 2 || m.round >= 3;
  return { ...m, score, rounds: [...m.rounds, rec], phase: over ? 'over' : 'round-over' };
}

/** Ends the round without a battle: a resignation or no legal move (the other scores 2), or a draw. */
export function endRound(m: CompanionMatch, reason: 'resignation' | 'no-legal-move' | 'draw', loser?: Seat): CompanionMatch {
  if (m.phase !== 'play') throw new Error('no round in play');
  const points: Record<Seat, number> = { white: 0, black: 0 };
  if (reason !== 'draw') {
    if (!loser) throw new Error('who lost the round?');
    points[other(loser)] = 2;
  }
  return endRoundWith(m, reason, points);
}

/** After a round's end: the next round's set-up (colours swap). */
export function nextRound(m: CompanionMatch): CompanionMatch {
  if (m.phase !== 'round-over') throw new Error('the round is not over');
  return { ...m, round: m.round + 1, phase: 'setup', sides: { white: null, black: null }, battles: [], promotions: [] };
}

/** The match result once over: the seat ahead on points, or null for a drawn match. */
export function matchWinner(m: CompanionMatch): Seat | null {
  if (m.score.white === m.score.black) return null;
  return m.score.white > m.score.black ? 'white' : 'black';
}

/** Sanity check of stored data (a reload must not crash on an old or broken entry). */
export function isMatch(x: unknown): x is CompanionMatch {
  const m = x as CompanionMatch;
  return !!m && m.version === 1 && typeof m.round === 'number' && !!m.sides && !!m.score && Array.isArray(m.rounds) && Array.isArray(m.battles);
}
