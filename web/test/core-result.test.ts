import { describe, it, expect } from 'vitest';

describe('result texts', async () => {
  const { resultText } = await import('../src/game/result');
  const { setLang } = await import('../src/i18n');
  it('names the winner and the reason, in both languages', () => {
    setLang('en', false);
    expect(resultText({ score: '0-1', reason: 'checkmate', winner: 'black' }, 'finished')).toBe('Black wins by checkmate');
    expect(resultText({ score: '1/2-1/2', reason: 'agreement', winner: null }, 'finished')).toBe('Draw by agreement');
    expect(resultText({ score: '1/2-1/2', reason: 'threefold repetition', winner: null }, 'finished')).toBe('Draw by threefold repetition');
    expect(resultText({ score: '1-0', reason: 'something new', winner: 'white' }, 'finished')).toBe('White wins something new');
    expect(resultText(null, 'aborted')).toBe('Game aborted');
    setLang('it', false);
    expect(resultText({ score: '1-0', reason: 'timeout', winner: 'white' }, 'finished')).toBe('Vince il Bianco per tempo');
    setLang('en', false);
  });
});
