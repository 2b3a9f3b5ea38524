// What the companion says after a battle, a promotion, a round and the match, on one shared
// device and on two devices alike: the pieces to take off the real board, who scored and why,
// the result — each naming the player by the name typed at the start ("Player 1/2" without
// one) with the colour they play this round. Pure functions over the public record: no value
// is ever part of a text.
import { t } from '../i18n';
import type { Winner } from './battle';
import { type Seat, type Colour, type PieceRef, other, seatOf } from './model';
import './messages'; // and the Chief & Spy names it imports

export type Names = Record<Seat, string>;

/** The name a player typed (trimmed), or "Player 1" / "Player 2". */
export function playerName(names: Partial<Names> | undefined, seat: Seat): string {
  return names?.[seat]?.trim() || t(`cs.seat.${seat}`);
}

const colourName = (c: Colour) => t(`cs.colour.${c}`);
const piece = (p: PieceRef) => t(`cs.piece.${p}`); // as chiefspy/names.ts (which needs a DOM) names them

export interface FoughtBattle {
  attackerColour: Colour;
  attacker: PieceRef;
  defender: PieceRef;
}

/** The pieces that leave the board after a battle: the loser, or both on a tie (attacker first). */
export function removals(b: FoughtBattle, winner: Winner): { colour: Colour; piece: PieceRef }[] {
  const att = { colour: b.attackerColour, piece: b.attacker };
  const def = { colour: other(b.attackerColour), piece: b.defender };
  return winner === 'attacker' ? [def] : winner === 'defender' ? [att] : [att, def];
}

/** A battle's announcement: who won, and which piece(s) to take off the board. */
export function battleText(names: Partial<Names> | undefined, round: number, b: FoughtBattle, winner: Winner): { winner: string; remove: string } {
  const who = (c: Colour) => ({ name: playerName(names, seatOf(round, c)), colour: colourName(c) });
  const won = winner === 'tie' ? t('co.win.tie') : t(`co.win.${winner}`, who(winner === 'attacker' ? b.attackerColour : other(b.attackerColour)));
  const out = removals(b, winner).map((r) => ({ ...who(r.colour), piece: piece(r.piece) }));
  const remove =
    out.length === 1
      ? t('co.remove.one', out[0])
      : t('co.remove.both', { name1: out[0].name, piece1: out[0].piece, colour1: out[0].colour, name2: out[1].name, piece2: out[1].piece, colour2: out[1].colour });
  return { winner: won, remove };
}

/** A promotion: whose piece returns. */
export function promotedText(names: Partial<Names> | undefined, round: number, colour: Colour, p: PieceRef): string {
  return t('co.promote.done', { name: playerName(names, seatOf(round, colour)), piece: piece(p), colour: colourName(colour) });
}

/** A finished round as both modes record it. */
export interface RoundLike {
  round: number;
  reason: string;
  points: Record<Seat, number>;
  score: Record<Seat, number>;
}

const points = (n: number) => (n === 1 ? t('co.pts.one') : t('co.pts.many', { n }));
const SEATS: Seat[] = ['white', 'black'];

/** A round's end: who scored (headline), why (with the name of the player who lost it), the score. */
export function roundText(names: Partial<Names> | undefined, r: RoundLike): { headline: string; why: string; score: string } {
  const name = (s: Seat) => playerName(names, s);
  const scorers = SEATS.filter((s) => r.points[s] > 0);
  const headline =
    scorers.length === 0
      ? t('co.round.nobody', { n: r.round })
      : scorers.length === 1
        ? t('co.round.scores', { n: r.round, name: name(scorers[0]), points: points(r.points[scorers[0]]) })
        : t('co.round.both', { n: r.round, name1: name('white'), points1: points(r.points.white), name2: name('black'), points2: points(r.points.black) });
  // The player who lost the round is the opponent of the one who scored; a tie of two Chiefs
  // (or two Spies) makes both score.
  const loser = scorers.length === 1 ? other(scorers[0]) : null;
  let why: string;
  if (r.reason === 'chief-captured' || r.reason === 'spy-captured') {
    const kind = r.reason === 'chief-captured' ? 'chief' : 'spy';
    why = scorers.length === 2 ? t(`co.why.${kind}s`) : loser ? t(`co.why.${kind}`, { name: name(loser) }) : t(`co.roundEnd.${r.reason}`);
  } else if ((r.reason === 'resignation' || r.reason === 'no-legal-move') && loser) {
    why = t(`co.why.${r.reason}`, { name: name(loser) });
  } else {
    why = t(`co.roundEnd.${r.reason}`);
  }
  const score = t('co.scoreLine', { name1: name('white'), score1: r.score.white, score2: r.score.black, name2: name('black') });
  return { headline, why, score };
}

/** The match result: the winner and their points first, or a drawn match. */
export function matchText(names: Partial<Names> | undefined, score: Record<Seat, number>): string {
  if (score.white === score.black) return t('co.draw', { name1: playerName(names, 'white'), name2: playerName(names, 'black'), w: score.white, l: score.black });
  const w: Seat = score.white > score.black ? 'white' : 'black';
  return t('co.winner', { name: playerName(names, w), w: score[w], l: score[other(w)], other: playerName(names, other(w)) });
}
