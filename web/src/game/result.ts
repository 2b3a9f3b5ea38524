// The result banner's text: who won, and how (the server's reason, translated when known).
import { t } from '../i18n';
import type { Seat } from '../games/types';
import './messages';

export function resultText(result: { score?: string; reason?: string; winner?: Seat | null } | null, status?: string): string {
  if (status === 'aborted' || result?.reason === 'aborted') return t('result.aborted');
  if (!result) return t('result.finished');
  const who = result.winner === 'white' ? t('result.white') : result.winner === 'black' ? t('result.black') : result.score === '1/2-1/2' ? t('result.draw') : t('result.finished');
  const key = `reason.${result.reason}`;
  const reason = result.reason ? t(key) : '';
  const r = reason === key ? result.reason! : reason;
  return r ? `${who} ${r}` : who;
}
