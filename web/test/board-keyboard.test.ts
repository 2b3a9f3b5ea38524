// Keyboard moves on the board (src/board/keyboard.ts): the arrows follow the board as it stands
// on screen (White or Black at the bottom, 8x8 and 8x10), and stop at its edges.
import { describe, it, expect } from 'vitest';

// snabbdom's style module reads `window` when it loads
(globalThis as any).window ??= globalThis;
const { stepSquare, squarePosition } = await import('../src/board/keyboard');

describe('keyboard squares', () => {
  it('White at the bottom: up is towards the 8th rank, right towards the h-file', () => {
    expect(stepSquare('e1', 'ArrowUp', 'white', 8, 8)).toBe('e2');
    expect(stepSquare('e1', 'ArrowRight', 'white', 8, 8)).toBe('f1');
    expect(stepSquare('e2', 'ArrowDown', 'white', 8, 8)).toBe('e1');
    expect(stepSquare('e2', 'ArrowLeft', 'white', 8, 8)).toBe('d2');
    expect(stepSquare('e4', 'Home', 'white', 8, 8)).toBe('a4');
    expect(stepSquare('e4', 'End', 'white', 8, 8)).toBe('h4');
    expect(stepSquare('e4', 'PageUp', 'white', 8, 8)).toBe('e8');
    expect(stepSquare('e4', 'PageDown', 'white', 8, 8)).toBe('e1');
  });

  it('Black at the bottom: the same keys go the other way on the board', () => {
    expect(stepSquare('e8', 'ArrowUp', 'black', 8, 8)).toBe('e7');
    expect(stepSquare('e8', 'ArrowRight', 'black', 8, 8)).toBe('d8');
    expect(stepSquare('e4', 'Home', 'black', 8, 8)).toBe('h4');
    expect(stepSquare('e4', 'PageUp', 'black', 8, 8)).toBe('e1');
  });

  it('stops at the edges; an 8x10 board reaches rank 10; other keys are not moves', () => {
    expect(stepSquare('a1', 'ArrowLeft', 'white', 8, 8)).toBe('a1');
    expect(stepSquare('h8', 'ArrowUp', 'white', 8, 8)).toBe('h8');
    expect(stepSquare('e9', 'ArrowUp', 'white', 8, 10)).toBe('e10');
    expect(stepSquare('e10', 'ArrowUp', 'white', 8, 10)).toBe('e10');
    expect(stepSquare('e10', 'ArrowUp', 'black', 8, 10)).toBe('e9');
    expect(stepSquare('e4', 'Enter', 'white', 8, 8)).toBeNull();
    expect(stepSquare('e4', 'x', 'white', 8, 8)).toBeNull();
  });

  it('places each square where chessground draws it', () => {
    expect(squarePosition('a1', 'white', 8, 8)).toEqual({ left: '0%', top: '87.5%' });
    expect(squarePosition('a1', 'black', 8, 8)).toEqual({ left: '87.5%', top: '0%' });
    expect(squarePosition('h10', 'white', 8, 10)).toEqual({ left: '87.5%', top: '0%' });
    expect(squarePosition('a1', 'white', 8, 10)).toEqual({ left: '0%', top: '90%' });
  });
});
