// Navigation over a game's plies: ply 0 = the initial position, `length` = the last move.
// `following` = the cursor stays on the last ply as moves arrive.

export class PlyCursor {
  ply = 0;
  length = 0;

  get following(): boolean {
    return this.ply === this.length;
  }

  /** A new number of plies; a cursor on the last ply follows along. */
  setLength(n: number): void {
    const follow = this.following;
    this.length = Math.max(0, n);
    if (follow || this.ply > this.length) this.ply = this.length;
  }

  first(): void {
    this.ply = 0;
  }
  prev(): void {
    this.ply = Math.max(0, this.ply - 1);
  }
  next(): void {
    this.ply = Math.min(this.length, this.ply + 1);
  }
  last(): void {
    this.ply = this.length;
  }
  go(ply: number): void {
    this.ply = Math.max(0, Math.min(this.length, ply));
  }

  /** Keyboard: arrows, Home/End. Returns true if handled. */
  key(k: string): boolean {
    switch (k) {
      case 'ArrowLeft':
        this.prev();
        return true;
      case 'ArrowRight':
        this.next();
        return true;
      case 'ArrowUp':
      case 'Home':
        this.first();
        return true;
      case 'ArrowDown':
      case 'End':
        this.last();
        return true;
    }
    return false;
  }
}

/** Rows of the move list: [moveNumber, white SAN | null, black SAN | null, white ply]. */
export function moveRows(san: readonly string[], firstTurn: 'white' | 'black', firstMoveNumber = 1): { n: number; white: { san: string; ply: number } | null; black: { san: string; ply: number } | null }[] {
  const rows: { n: number; white: { san: string; ply: number } | null; black: { san: string; ply: number } | null }[] = [];
  let i = 0;
  let n = firstMoveNumber;
  if (firstTurn === 'black' && san.length) {
    rows.push({ n, white: null, black: { san: san[0], ply: 1 } });
    i = 1;
    n++;
  }
  for (; i < san.length; i += 2, n++) {
    rows.push({ n, white: { san: san[i], ply: i + 1 }, black: i + 1 < san.length ? { san: san[i + 1], ply: i + 2 } : null });
  }
  return rows;
}
