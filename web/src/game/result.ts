// The result banner's text: who won, and how (the server's reason, translated when known).
// A player reads about themselves ("You win", "Opponent wins"), never a colour: in Chief & Spy
// the colours swap between rounds, and "White wins" read as a loss by the winner who had Black
// last. Spectators and two players on one device have no "you": chess and Minesweeper name
// the colour, Chief & Spy the seat as its screen does (Player 1, Player 2).
import { t } from '../i18n';
import type { Seat } from '../games/types';
import './messages';

export interface ResultViewer {
  seat: Seat | 'spectator';
  local?: boolean;
  variant?: string;
}

export function resultText(result: { score?: string; reason?: string; winner?: Seat | null } | null, status?: string, viewer?: ResultViewer): string {
  if (status === 'aborted' || result?.reason === 'aborted') return t('result.aborted');
  if (!result) return t('result.finished');
  const match = viewer?.variant === 'chiefspy';
  const player = !!viewer && !viewer.local && (viewer.seat === 'white' || viewer.seat === 'black');
  const w = result.winner;
  let who: string;
  if (w === 'white' || w === 'black') {
    if (player) who = t(w === viewer!.seat ? (match ? 'result.youMatch' : 'result.you') : match ? 'result.opponentMatch' : 'result.opponent');
    else who = t(match ? `result.seatMatch.${w}` : `result.${w}`);
  } else who = result.score === '1/2-1/2' ? t(match ? 'result.drawMatch' : 'result.draw') : t('result.finished');
  const key = `reason.${result.reason}`;
  const reason = result.reason ? t(key) : '';
  const r = reason === key ? result.reason! : reason;
  return r ? `${who} ${r}` : who;
}
