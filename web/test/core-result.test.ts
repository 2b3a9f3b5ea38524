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

describe('result texts name the person, not a colour (issue 13, defect 3)', async () => {
  const { resultText } = await import('../src/game/result');
  const { setLang } = await import('../src/i18n');
  const won = { score: '1-0', reason: 'chief-captured', winner: 'white' as const };
  it('a player of Chief & Spy reads "You win the match" / "Opponent wins the match", whatever colour they had last', () => {
    setLang('en', false);
    expect(resultText(won, 'finished', { seat: 'white', variant: 'chiefspy' })).toBe('You win the match (the Chief was captured)');
    expect(resultText(won, 'finished', { seat: 'black', variant: 'chiefspy' })).toBe('Opponent wins the match (the Chief was captured)');
    expect(resultText({ score: '0-1', reason: 'resignation', winner: 'black' }, 'finished', { seat: 'black', variant: 'chiefspy' })).toBe('You win the match by resignation');
    expect(resultText({ score: '1/2-1/2', reason: 'three-rounds', winner: null }, 'finished', { seat: 'white', variant: 'chiefspy' })).toBe('The match is drawn after three rounds');
    // spectators and one-device games: the seats' names of the screen (colours swap between rounds)
    expect(resultText(won, 'finished', { seat: 'spectator', variant: 'chiefspy' })).toBe('Player 1 wins the match (the Chief was captured)');
    expect(resultText(won, 'finished', { seat: 'white', local: true, variant: 'chiefspy' })).toBe('Player 1 wins the match (the Chief was captured)');
    setLang('it', false);
    expect(resultText(won, 'finished', { seat: 'white', variant: 'chiefspy' })).toBe('Hai vinto la partita (il Capo è stato catturato)');
    expect(resultText(won, 'finished', { seat: 'black', variant: 'chiefspy' })).toBe('L’avversario vince la partita (il Capo è stato catturato)');
    expect(resultText(won, 'finished', { seat: 'spectator', variant: 'chiefspy' })).toBe('Vince la partita il Giocatore 1 (il Capo è stato catturato)');
    setLang('en', false);
  });
  it('chess and Minesweeper: "You win" / "Opponent wins" for a player, the colour for a spectator or one device', () => {
    setLang('en', false);
    const mate = { score: '0-1', reason: 'checkmate', winner: 'black' as const };
    expect(resultText(mate, 'finished', { seat: 'black', variant: 'chess' })).toBe('You win by checkmate');
    expect(resultText(mate, 'finished', { seat: 'white', variant: 'chess' })).toBe('Opponent wins by checkmate');
    expect(resultText(mate, 'finished', { seat: 'spectator', variant: 'chess' })).toBe('Black wins by checkmate');
    expect(resultText(mate, 'finished', { seat: 'white', local: true, variant: 'minesweeper' })).toBe('Black wins by checkmate');
    expect(resultText({ score: '1/2-1/2', reason: 'agreement', winner: null }, 'finished', { seat: 'white', variant: 'chess' })).toBe('Draw by agreement');
    setLang('it', false);
    expect(resultText(mate, 'finished', { seat: 'black', variant: 'chess' })).toBe('Hai vinto per scacco matto');
    expect(resultText(mate, 'finished', { seat: 'white', variant: 'minesweeper' })).toBe('Vince l’avversario per scacco matto');
    setLang('en', false);
  });
});
