// Writes the app icons (SVG and PNG) into public/icons from one geometry, with no image library: PNG bytes
// are assembled by hand and deflated with node:zlib. Run by hand after changing the logo:
//   node web/tools/generate-icons.mjs
// It is a build-time tool that lives beside the logo it draws (web/ui/Logo.tsx); nothing imports it.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const GREEN = [0x0b, 0x6e, 0x4f];
const WHITE = [0xff, 0xff, 0xff];
const GOLD = [0xe9, 0xb9, 0x49];
const STAR_R = 22;
const STAR_INNER = (STAR_R * Math.cos(Math.PI / 4)) / Math.cos(Math.PI / 8);
const STAR = Array.from({ length: 16 }, (_, i) => {
  const angle = -Math.PI / 2 + (i * Math.PI) / 8;
  const radius = i % 2 === 0 ? STAR_R : STAR_INNER;
  return [32 + radius * Math.cos(angle), 32 + radius * Math.sin(angle)];
});

const outDir = new URL('../../public/icons/', import.meta.url);

function insidePolygon(x, y, points) {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function insideRoundedSquare(x, y, radius) {
  const cx = Math.min(Math.max(x, radius), 64 - radius);
  const cy = Math.min(Math.max(y, radius), 64 - radius);
  return x >= 0 && x <= 64 && y >= 0 && y <= 64 && (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/** Colour at a point of the 64-unit design, or null outside the tile. */
function sample(x, y, cornerRadius) {
  if (!insideRoundedSquare(x, y, cornerRadius)) return null;
  const d2 = (x - 32) ** 2 + (y - 32) ** 2;
  if (d2 <= 25) return GOLD;
  if (d2 <= 8.5 ** 2) return GREEN;
  return insidePolygon(x, y, STAR) ? WHITE : GREEN;
}

function render(size, cornerRadius) {
  const ss = 4;
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const colour = sample(((px + (sx + 0.5) / ss) * 64) / size, ((py + (sy + 0.5) / ss) * 64) / size, cornerRadius);
          if (!colour) continue;
          r += colour[0]; g += colour[1]; b += colour[2]; a += 1;
        }
      }
      const o = (py * size + px) * 4;
      if (a > 0) {
        pixels[o] = Math.round(r / a);
        pixels[o + 1] = Math.round(g / a);
        pixels[o + 2] = Math.round(b / a);
      }
      pixels[o + 3] = Math.round((a / (ss * ss)) * 255);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function svg(cornerRadius) {
  const points = STAR.map(([x, y]) => `${+x.toFixed(2)},${+y.toFixed(2)}`).join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="${cornerRadius}" fill="#0b6e4f"/>
  <polygon points="${points}" fill="#fff"/>
  <circle cx="32" cy="32" r="8.5" fill="#0b6e4f"/>
  <circle cx="32" cy="32" r="5" fill="#e9b949"/>
</svg>
`;
}

// "any" icons are a rounded tile; the maskable one fills the square and lets the platform cut its own shape,
// the star staying inside the 80% safe zone.
writeFileSync(new URL('icon.svg', outDir), svg(16));
writeFileSync(new URL('icon-192.png', outDir), png(192, render(192, 16)));
writeFileSync(new URL('icon-512.png', outDir), png(512, render(512, 16)));
writeFileSync(new URL('icon-maskable-512.png', outDir), png(512, render(512, 0.001)));
