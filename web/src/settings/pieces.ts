// The "outline" piece set, drawn for Arbiter: plain geometric shapes on a 45×45 grid, white
// pieces hollow with a dark line, black pieces dark with a light line (so both stay visible
// on every board theme). Installed once as CSS data URLs for chessgroundx's role classes
// (.k-piece.white …), switched on by <html data-pieces="outline"> (prefs.ts). The classic set
// is the one board/setup.ts installs from chessgroundx.

type Role = 'k' | 'q' | 'r' | 'b' | 'n' | 'p';

const BASE = '<rect x="11" y="34" width="23" height="5" rx="1.5"/>';

/** Body shapes (filled and stroked); `detail` lines are drawn in the contrasting colour. */
const SHAPES: Record<Role, { body: string; detail?: string }> = {
  p: { body: `<circle cx="22.5" cy="13" r="5.5"/><path d="M18 20h9l3.5 14h-16z"/>${BASE}` },
  r: { body: `<path d="M13 19v-8h4v3h3v-3h5v3h3v-3h4v8z"/><path d="M15.5 19h14l1.5 15h-17z"/>${BASE}`, detail: '<path d="M15.5 22h14"/>' },
  n: {
    body: `<path d="M14 34c0-6 2-10 7-14l-5 1-3 3-2.5-2.5 7.5-10 3-4 1.5 3c7 2 11 9 11 16v8.5z"/>${BASE}`,
    detail: '<circle cx="19" cy="15" r="1.3"/><path d="M12.5 22.5l2-1.5"/>',
  },
  b: {
    body: `<circle cx="22.5" cy="7.5" r="2.5"/><path d="M22.5 10c-6 5-8.5 11-6.5 17h13c2-6-.5-12-6.5-17z"/><path d="M16 27h13l1 7h-15z"/>${BASE}`,
    detail: '<path d="M22.5 14.5v7M19 18h7"/>',
  },
  q: {
    body: `<path d="M12 34l-2-19 5.5 9.5 1.5-12.5 5.5 11 5.5-11 1.5 12.5 5.5-9.5-2 19z"/><circle cx="10" cy="14" r="2"/><circle cx="17" cy="11" r="2"/><circle cx="28" cy="11" r="2"/><circle cx="35" cy="14" r="2"/><circle cx="22.5" cy="9" r="2"/>${BASE}`,
    detail: '<path d="M14 29h17"/>',
  },
  k: {
    body: `<path d="M21 4h3v4h3.5v3H24v4h-3v-4h-3.5V8H21z"/><path d="M13 34l-2-10c0-5 5-8.5 11.5-8.5S34 19 34 24l-2 10z"/>${BASE}`,
    detail: '<path d="M14.5 29h16M22.5 17v11"/>',
  },
};

const COLOURS = {
  white: { fill: '#ffffff', line: '#1b1b1b' },
  black: { fill: '#262626', line: '#f2f2f2' },
};

export function pieceSvg(role: Role, colour: 'white' | 'black'): string {
  const s = SHAPES[role];
  const c = COLOURS[colour];
  const detail = s.detail ? `<g fill="none" stroke="${colour === 'white' ? c.line : c.line}" stroke-width="1.4" stroke-linecap="round">${s.detail}</g>` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45">` +
    `<g fill="${c.fill}" stroke="${c.line}" stroke-width="1.6" stroke-linejoin="round">${s.body}</g>${detail}</svg>`
  );
}

export function outlineCss(): string {
  const out: string[] = [];
  for (const role of Object.keys(SHAPES) as Role[])
    for (const colour of ['white', 'black'] as const)
      out.push(`html[data-pieces="outline"] .cg-wrap piece.${role}-piece.${colour}{background-image:url("data:image/svg+xml,${encodeURIComponent(pieceSvg(role, colour))}")}`);
  return out.join('\n');
}

let installed = false;
export function installOutlinePieces(): void {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  const style = document.createElement('style');
  style.dataset.arbiter = 'outline-pieces';
  style.textContent = outlineCss();
  document.head.appendChild(style);
}
