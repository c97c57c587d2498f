import { deflateSync } from 'node:zlib';
import type { SignedIn } from '../../../tests/support/identity.ts';
import { uniqueIp, type Answer } from '../../../tests/support/identity.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';

/** A real 1x1 PNG (signature, IHDR, IDAT, IEND), distinct per `seed`, so tests can compare stored bytes. */
export function pngBytes(seed = 0): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8;
  header[9] = 2;
  const pixel = Buffer.from([0, seed & 0xff, (seed >> 8) & 0xff, 200]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixel)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

export const jpegBytes = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
export const pdfBytes = () => Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

export type KycForm = Record<string, string | { bytes: Buffer; name?: string; type?: string }>;

/** A complete national-id form with the profile fields level 2 asks for. */
export const fullForm = (seed = 1): KycForm => ({
  document_type: 'national_id',
  front: { bytes: pngBytes(seed), name: 'front.png', type: 'image/png' },
  back: { bytes: jpegBytes(), name: 'back.jpg', type: 'image/jpeg' },
  selfie: { bytes: pngBytes(seed + 1), name: 'selfie.png', type: 'image/png' },
  date_of_birth: '1990-04-12',
  address: '12 rue des Lilas',
  postcode: '75011',
  city: 'Paris',
});

/** POST /api/kyc/submissions/ as a browser's FormData would send it. */
export async function submit(t: TestApp, as: SignedIn, form: KycForm): Promise<Answer> {
  const data = new FormData();
  for (const [name, value] of Object.entries(form)) {
    if (typeof value === 'string') data.append(name, value);
    else data.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type ?? 'application/octet-stream' }), value.name ?? name);
  }
  const res = await fetch(`${t.baseUrl}/api/kyc/submissions/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${as.token}`, 'x-forwarded-for': uniqueIp() },
    body: data,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}
