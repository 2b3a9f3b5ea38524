import { describe, it, expect } from 'vitest';

// snabbdom's style module reads `window` when it loads
(globalThis as any).window ??= globalThis;

describe('game flow: which controls a seat gets (abort, +15 s, takeback, claims)', async () => {
  const { flowButtons, claimOpensAt, secondsLeft } = await import('../src/game/flow');
  const base = {
    status: 'active',
    seat: 'white' as const,
    local: false,
    variant: 'chess',
    opponent: 'human',
    timed: true,
    abortable: false,
    moves: 4,
    takebackOffer: null,
    opponentGone: false,
    claimOpen: false,
  };

  it('abort only while a side has not moved; +15 s only in timed games against a person', () => {
    expect(flowButtons({ ...base, abortable: true, moves: 1 }).abort).toBe(true);
    expect(flowButtons(base).abort).toBe(false);
    expect(flowButtons(base).giveTime).toBe(true);
    expect(flowButtons({ ...base, timed: false }).giveTime).toBe(false);
    expect(flowButtons({ ...base, opponent: 'computer' }).giveTime).toBe(false);
    expect(flowButtons({ ...base, local: true, opponent: 'local' }).giveTime).toBe(false);
  });

  it('takeback: chess only, once a move is played; pending for the asker, answer for the other', () => {
    expect(flowButtons({ ...base, moves: 0 }).takeback).toBe(null);
    expect(flowButtons(base).takeback).toBe('offer');
    expect(flowButtons({ ...base, takebackOffer: 'white' }).takeback).toBe('pending');
    expect(flowButtons({ ...base, takebackOffer: 'black' }).takeback).toBe('answer');
    expect(flowButtons({ ...base, variant: 'chiefspy' }).takeback).toBe(null);
    expect(flowButtons({ ...base, variant: 'minesweeper' }).takeback).toBe(null);
    expect(flowButtons({ ...base, local: true, opponent: 'local' }).takeback).toBe(null);
  });

  it('the claim: a countdown, then open; never before both first moves, against the computer or when over', () => {
    expect(flowButtons(base).claim).toBe(null);
    expect(flowButtons({ ...base, opponentGone: true }).claim).toBe('wait');
    expect(flowButtons({ ...base, opponentGone: true, claimOpen: true }).claim).toBe('open');
    expect(flowButtons({ ...base, opponentGone: true, abortable: true }).claim).toBe(null);
    expect(flowButtons({ ...base, opponentGone: true, opponent: 'computer' }).claim).toBe(null);
    expect(flowButtons({ ...base, opponentGone: true, status: 'finished' }).claim).toBe(null);
  });

  it('spectators get no control at all', () => {
    const b = flowButtons({ ...base, seat: 'spectator', abortable: true, opponentGone: true, claimOpen: true, takebackOffer: 'black' });
    expect(b).toEqual({ abort: false, giveTime: false, takeback: null, claim: null });
  });

  it('the countdown runs on the local clock from what the server said was left', () => {
    const at = claimOpensAt({ since: 1_000, claimableAt: 31_000, claimableIn: 12_000 }, 500, 999_999);
    expect(at).toBe(12_500);
    expect(secondsLeft(at, 500)).toBe(12);
    expect(secondsLeft(at, 11_600)).toBe(1);
    expect(secondsLeft(at, 12_500)).toBe(0);
    // without claimableIn: the wall clock
    expect(claimOpensAt({ since: 0, claimableAt: 10_000 }, 100, 4_000)).toBe(6_100);
    expect(claimOpensAt({ since: 0, claimableAt: 10_000 }, 100, 20_000)).toBe(100);
  });
});

describe('game flow announcements, in English and Italian', async () => {
  const { flowNotice } = await import('../src/game/flow');
  const { resultText } = await import('../src/game/result');
  const { setLang } = await import('../src/i18n');
  it('says who gave time, what was taken back, who did not move', () => {
    setLang('en', false);
    const given = { type: 'time-given', by: 'white', to: 'black', seconds: 15 };
    expect(flowNotice(given, 'black')).toBe('Your opponent gave you 15 seconds.');
    expect(flowNotice(given, 'white')).toBe('You gave your opponent 15 seconds.');
    expect(flowNotice(given, 'spectator')).toBe('White gave Black 15 seconds.');
    expect(flowNotice({ type: 'takeback', plies: 1 }, 'white')).toBe('The last move was taken back.');
    expect(flowNotice({ type: 'takeback', plies: 2 }, 'white')).toBe('The last two moves were taken back.');
    expect(flowNotice({ type: 'takeback-declined', by: 'black' }, 'white')).toBe('Your opponent declined the takeback.');
    expect(flowNotice({ type: 'no-first-move', seat: 'black' }, 'white')).toBe('Game aborted: Black did not make a first move in time.');
    expect(flowNotice({ type: 'no-first-move', seat: 'black' }, 'black')).toBe('Game aborted: you did not make your first move in time.');
    expect(flowNotice({ type: 'move' }, 'white')).toBe(null);
    expect(resultText({ score: '1-0', reason: 'opponent left', winner: 'white' }, 'finished', { seat: 'white' })).toBe('You win (the opponent left the game)');
    setLang('it', false);
    expect(flowNotice(given, 'black')).toBe('Il tuo avversario ti ha dato 15 secondi.');
    expect(flowNotice(given, 'spectator')).toBe('Il Bianco ha dato 15 secondi al Nero.');
    expect(flowNotice({ type: 'takeback', plies: 2 }, 'white')).toBe('Le ultime due mosse sono state ritirate.');
    expect(flowNotice({ type: 'no-first-move', seat: 'white' }, 'black')).toBe('Partita annullata: il Bianco non ha fatto la prima mossa in tempo.');
    expect(resultText({ score: '1/2-1/2', reason: 'opponent left', winner: null }, 'finished', { seat: 'white' })).toBe('Patta (l’avversario ha lasciato la partita)');
    setLang('en', false);
  });
});

describe('the page’s flow state follows events, views and presence messages', async () => {
  const { GameFlow } = await import('../src/game/flow-view');
  const { setLang } = await import('../src/i18n');
  it('a takeback request comes and goes; a move clears the last announcement', () => {
    setLang('en', false);
    const f = new GameFlow();
    f.absorbView({ status: 'active', takebackOffer: null, abortable: false });
    f.onEvent({ type: 'takeback-offered', by: 'black' }, 'white', false);
    expect(f.takebackOffer).toBe('black');
    expect(f.onEvent({ type: 'takeback', by: 'black', plies: 2, ply: 4 }, 'white', false)).toBe('The last two moves were taken back.');
    expect(f.takebackOffer).toBe(null);
    expect(f.notice).toBe('The last two moves were taken back.');
    f.onEvent({ type: 'move' }, 'white', false);
    expect(f.notice).toBe('');
  });

  it('the opponent leaves, the countdown ends, the game ends', () => {
    const f = new GameFlow();
    const s = { status: 'active', seat: 'white' as const, local: false, variant: 'chess', opponent: 'human', timed: true, moves: 2 };
    f.absorbView({ status: 'active', abortable: false, opponentGone: null });
    expect(f.buttons(s, 0).claim).toBe(null);
    f.setGone({ since: 1, claimableAt: 30_001, claimableIn: 3_000 }, 1_000);
    expect(f.buttons(s, 1_000).claim).toBe('wait');
    expect(f.tick(1_000)).toBe(true); // nothing shown yet
    expect(f.buttons(s, 4_000).claim).toBe('open');
    f.setGone(null);
    expect(f.buttons(s, 5_000).claim).toBe(null);
    f.setGone({ since: 1, claimableAt: 2, claimableIn: 0 }, 6_000);
    f.onEvent({ type: 'result', score: '1-0', reason: 'opponent left', winner: 'white' }, 'white', false);
    expect(f.gone).toBe(null);
  });
});

describe('the refusals of the flow actions, in words', async () => {
  await import('../src/game/flow');
  const { errorText } = await import('../src/problems');
  const { setLang } = await import('../src/i18n');
  it('names why a takeback or a claim was refused, in English and Italian', () => {
    setLang('en', false);
    expect(errorText({ code: 'no-takeback', message: 'x' })).toMatch(/chess only/);
    expect(errorText({ code: 'opponent-here', message: 'x' })).toBe('your opponent is back');
    setLang('it', false);
    expect(errorText({ code: 'too-early', message: 'x' })).toMatch(/conto alla rovescia/);
    setLang('en', false);
  });
});
