// The app's icons, drawn at build time into PNGs (no image files in the repository, no image
// library): a gold coin with a white star on the app's blue. The drawing stays inside the middle
// 60 %, so the same picture serves as a maskable icon (Android crops up to the inner 80 % circle).
import { deflateSync } from 'node:zlib';

const BLUE = [11, 79, 138];
const GOLD = [245, 179, 1];
const GOLD_EDGE = [184, 122, 0];
const WHITE = [255, 255, 255];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An RGB PNG of `size`² pixels whose colour `paint(x, y)` gives (x, y in 0..1). */
export function png(size: number, paint: (x: number, y: number) => number[]): Buffer {
  const raw = Buffer.alloc(size * (size * 3 + 1));
  const S = 3; // 3×3 samples a pixel: smooth edges
  for (let py = 0; py < size; py++) {
    raw[py * (size * 3 + 1)] = 0; // filter: none
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < S; sy++)
        for (let sx = 0; sx < S; sx++) {
          const c = paint((px + (sx + 0.5) / S) / size, (py + (sy + 0.5) / S) / size);
          sum[0] += c[0];
          sum[1] += c[1];
          sum[2] += c[2];
        }
      const o = py * (size * 3 + 1) + 1 + px * 3;
      raw[o] = Math.round(sum[0] / (S * S));
      raw[o + 1] = Math.round(sum[1] / (S * S));
      raw[o + 2] = Math.round(sum[2] / (S * S));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A five-pointed star centred on (cx, cy): its outline as a polygon. */
function star(cx: number, cy: number, outer: number, inner: number): [number, number][] {
  return Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)] as [number, number];
  });
}

function inside(poly: [number, number][], x: number, y: number): boolean {
  let hit = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

const STAR = star(0.5, 0.52, 0.19, 0.08);

export function coin(x: number, y: number): number[] {
  const d = Math.hypot(x - 0.5, y - 0.5);
  if (d > 0.3) return BLUE;
  if (d > 0.27) return GOLD_EDGE;
  return inside(STAR, x, y) ? WHITE : GOLD;
}

export const iconPng = (size: number) => png(size, coin);
