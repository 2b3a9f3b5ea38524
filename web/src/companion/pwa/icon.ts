// The companion's app icon, drawn once as a list of shapes and written out two ways: as SVG
// (iconSvg) and as PNG (iconPng: a small scanline rasteriser with 4×4 anti-aliasing and a
// PNG encoder over node:zlib). Used at build time by build.ts; nothing is downloaded.
//
// The drawing, on a 512×512 grid: the client's blue, a white crown (the Chief) over two ranks
// of a chessboard (the real board). Everything but the background lies within 202 px of the
// centre, inside the maskable icon's safe circle (radius 204.8).
import { deflateSync } from 'node:zlib';

export type Shape =
  | { kind: 'rect'; x: number; y: number; w: number; h: number; r?: number; fill: string }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill: string }
  | { kind: 'poly'; points: [number, number][]; fill: string };

export const ICON_GRID = 512;
const BLUE = '#0b5fa5';
const WHITE = '#ffffff';
const GOLD = '#f5a623';

/** The drawing; `maskable` fills the whole square (the platform cuts its own shape). */
export function iconShapes(maskable = false): Shape[] {
  const squares: Shape[] = [];
  for (let row = 0; row < 2; row++)
    for (let col = 0; col < 4; col++) if ((row + col) % 2) squares.push({ kind: 'rect', x: 144 + col * 56, y: 314 + row * 48, w: 56, h: 48, fill: BLUE });
  return [
    { kind: 'rect', x: 0, y: 0, w: ICON_GRID, h: ICON_GRID, r: maskable ? 0 : 96, fill: BLUE },
    // the crown
    { kind: 'poly', points: [[136, 290], [136, 176], [196, 230], [256, 148], [316, 230], [376, 176], [376, 290]], fill: WHITE },
    { kind: 'circle', cx: 136, cy: 168, r: 20, fill: WHITE },
    { kind: 'circle', cx: 256, cy: 138, r: 22, fill: WHITE },
    { kind: 'circle', cx: 376, cy: 168, r: 20, fill: WHITE },
    { kind: 'circle', cx: 256, cy: 252, r: 17, fill: GOLD },
    // the board: two ranks of four squares in a white frame
    { kind: 'rect', x: 136, y: 306, w: 240, h: 112, r: 8, fill: WHITE },
    ...squares,
  ];
}

export function iconSvg(maskable = false): string {
  const body = iconShapes(maskable)
    .map((s) => {
      if (s.kind === 'rect') return `<rect x="${s.x}" y="${s.y}" width="${s.w}" height="${s.h}"${s.r ? ` rx="${s.r}"` : ''} fill="${s.fill}"/>`;
      if (s.kind === 'circle') return `<circle cx="${s.cx}" cy="${s.cy}" r="${s.r}" fill="${s.fill}"/>`;
      return `<polygon points="${s.points.map((p) => p.join(',')).join(' ')}" fill="${s.fill}"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${ICON_GRID} ${ICON_GRID}">${body}</svg>\n`;
}

// ---- rasteriser -------------------------------------------------------------------------

function arc(cx: number, cy: number, r: number, from: number, to: number, steps: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i <= steps; i++) {
    const a = from + ((to - from) * i) / steps;
    out.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return out;
}

/** A shape as one closed polygon (circles and rounded corners as fine polylines). */
export function outline(s: Shape): [number, number][] {
  if (s.kind === 'poly') return s.points;
  if (s.kind === 'circle') return arc(s.cx, s.cy, s.r, 0, 2 * Math.PI, 96).slice(0, -1);
  const r = Math.min(s.r ?? 0, s.w / 2, s.h / 2);
  if (!r) return [[s.x, s.y], [s.x + s.w, s.y], [s.x + s.w, s.y + s.h], [s.x, s.y + s.h]];
  const q = Math.PI / 2;
  return [
    ...arc(s.x + s.w - r, s.y + r, r, -q, 0, 24),
    ...arc(s.x + s.w - r, s.y + s.h - r, r, 0, q, 24),
    ...arc(s.x + r, s.y + s.h - r, r, q, 2 * q, 24),
    ...arc(s.x + r, s.y + r, r, 2 * q, 3 * q, 24),
  ];
}

const SUB = 4; // sub-scanlines per pixel row; the horizontal coverage is exact

/** RGBA pixels (straight alpha) of the icon at size×size. */
export function rasterise(shapes: Shape[], size: number): Uint8Array {
  const px = new Float64Array(size * size * 4); // premultiplied, 0..1
  const scale = size / ICON_GRID;
  const cover = new Float64Array(size + 1);
  for (const s of shapes) {
    const pts = outline(s).map(([x, y]) => [x * scale, y * scale] as [number, number]);
    const rgb = [1, 3, 5].map((i) => parseInt(s.fill.slice(i, i + 2), 16) / 255);
    for (let y = 0; y < size; y++) {
      cover.fill(0);
      let any = false;
      for (let k = 0; k < SUB; k++) {
        const sy = y + (k + 0.5) / SUB;
        const xs: number[] = [];
        for (let i = 0; i < pts.length; i++) {
          const [x0, y0] = pts[i];
          const [x1, y1] = pts[(i + 1) % pts.length];
          if (y0 <= sy !== y1 <= sy) xs.push(x0 + ((sy - y0) * (x1 - x0)) / (y1 - y0));
        }
        xs.sort((a, b) => a - b);
        for (let i = 0; i + 1 < xs.length; i += 2) {
          const a = Math.max(0, Math.min(size, xs[i]));
          const b = Math.max(0, Math.min(size, xs[i + 1]));
          if (b <= a) continue;
          any = true;
          const ia = Math.floor(a);
          const ib = Math.floor(b);
          if (ia === ib) cover[ia] += (b - a) / SUB;
          else {
            cover[ia] += (ia + 1 - a) / SUB;
            for (let x = ia + 1; x < ib; x++) cover[x] += 1 / SUB;
            if (ib < size) cover[ib] += (b - ib) / SUB;
          }
        }
      }
      if (!any) continue;
      for (let x = 0; x < size; x++) {
        const a = Math.min(1, cover[x]);
        if (a <= 0) continue;
        const o = (y * size + x) * 4;
        for (let c = 0; c < 3; c++) px[o + c] = rgb[c] * a + px[o + c] * (1 - a);
        px[o + 3] = a + px[o + 3] * (1 - a);
      }
    }
  }
  const out = new Uint8Array(size * size * 4);
  for (let i = 0; i < size * size; i++) {
    const a = px[i * 4 + 3];
    for (let c = 0; c < 3; c++) out[i * 4 + c] = a > 0 ? Math.round((px[i * 4 + c] / a) * 255) : 0;
    out[i * 4 + 3] = Math.round(a * 255);
  }
  return out;
}

// ---- PNG --------------------------------------------------------------------------------

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  dv.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** An 8-bit RGBA PNG of `rgba` (width×height, rows top to bottom). */
export function encodePng(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const ihdr = new Uint8Array(13);
  const dv = new DataView(ihdr.buffer);
  dv.setUint32(0, width);
  dv.setUint32(4, height);
  ihdr.set([8, 6, 0, 0, 0], 8); // depth 8, colour type RGBA, deflate, filter 0, no interlace
  const raw = new Uint8Array(height * (1 + width * 4));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 4);
    raw[row] = 1; // filter "Sub": flat colours become runs of zeros
    for (let i = 0; i < width * 4; i++) raw[row + 1 + i] = (rgba[y * width * 4 + i] - (i >= 4 ? rgba[y * width * 4 + i - 4] : 0)) & 0xff;
  }
  const parts = [Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

export function iconPng(size: number, maskable = false): Uint8Array {
  return encodePng(rasterise(iconShapes(maskable), size), size, size);
}
