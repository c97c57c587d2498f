import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on 127.0.0.1 for the tests, checking what a real one (and the browser behind it) checks:
 *
 * - the VAPID JWT (RFC 8292): `Authorization: vapid t=<JWT>, k=<public key>`, the JWT an ES256 signature by that
 *   key over `{"typ":"JWT","alg":"ES256"}.{aud, exp, sub}`, `aud` the endpoint's origin, `exp` in the future and at
 *   most 24 h ahead, `sub` a mailto: or https: URL, and `k` the server's VAPID public key;
 * - the payload (RFC 8291 with RFC 8188 aes128gcm): decrypted with the subscription's private key and auth
 *   secret, which only this "browser" has; a payload that does not decrypt is refused.
 *
 * Each subscription is a browser: `subscribe()` makes its P-256 key pair and 16-byte secret and returns the
 * PushSubscription JSON a browser would give. `answer` sets what the service answers for one endpoint (410 for a
 * subscription that expired, 500 for an outage) until changed.
 */

export interface ReceivedPush {
  endpoint: string;
  ttl: string | undefined;
  /** The decrypted payload, as text. */
  text: string;
  jwt: { aud: string; exp: number; sub: string };
}

export interface TestPushService {
  url: string;
  received: ReceivedPush[];
  /** Requests refused (bad JWT, undecryptable), with why. */
  refused: string[];
  subscribe(path?: string): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** What the service answers for this endpoint from now on (undefined: back to normal). */
  answer(endpoint: string, status: number | undefined): void;
  close(): Promise<void>;
}

const b64url = (data: Buffer) => data.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 5869 HKDF with one block of output (enough for 16- and 12-byte results and 32-byte IKM). */
function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  const prk = hmac(salt, ikm);
  return hmac(prk, Buffer.concat([info, Buffer.from([1])])).subarray(0, length);
}

/** RFC 8291 section 3.4 then RFC 8188 section 2: one record, ending with the 0x02 delimiter and zero padding. */
export function decryptAes128gcm(
  body: Buffer,
  receiver: { privateKey: Buffer; publicKey: Buffer; authSecret: Buffer },
): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (salt.length !== 16 || idLength !== 65 || senderPublicKey[0] !== 4) throw new Error('bad aes128gcm header');
  if (ciphertext.length > recordSize || ciphertext.length < 17) throw new Error('not one record');

  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(receiver.privateKey);
  const ecdhSecret = ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.publicKey, senderPublicKey]);
  const ikm = hkdf(receiver.authSecret, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('last record without its 0x02 delimiter');
  return padded.subarray(0, end);
}

/** Checks `Authorization: vapid t=..., k=...`; returns the claims or throws why not. */
export function verifyVapid(
  header: string | undefined,
  expected: { publicKey: string; audience: string; now?: number },
): ReceivedPush['jwt'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a vapid Authorization header: ${String(header)}`);
  const [jwt, k] = [match[1], match[2]];
  if (k !== expected.publicKey) throw new Error('k is not the server’s VAPID public key');
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  });
  const [header64 = '', claims64 = '', signature64 = ''] = jwt.split('.');
  const signature = Buffer.from(signature64, 'base64url');
  if (signature.length !== 64) throw new Error('ES256 signature is not 64 bytes (r || s)');
  const signed = Buffer.from(`${header64}.${claims64}`);
  if (!verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, signature)) {
    throw new Error('JWT signature does not verify with k');
  }
  const head = JSON.parse(Buffer.from(header64, 'base64url').toString()) as { alg?: string; typ?: string };
  if (head.alg !== 'ES256' || head.typ !== 'JWT') throw new Error(`JWT header ${JSON.stringify(head)}`);
  const claims = JSON.parse(Buffer.from(claims64, 'base64url').toString()) as ReceivedPush['jwt'];
  const now = Math.floor((expected.now ?? Date.now()) / 1000);
  if (claims.aud !== expected.audience) throw new Error(`aud ${claims.aud} is not ${expected.audience}`);
  if (!(claims.exp > now && claims.exp <= now + 86_400)) throw new Error(`exp ${String(claims.exp)} out of range`);
  if (!/^(mailto:.+@.+|https:\/\/.+)$/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
  return claims;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startTestPushService(vapidPublicKey: string): Promise<TestPushService> {
  const browsers = new Map<string, { privateKey: Buffer; publicKey: Buffer; authSecret: Buffer }>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let url = '';

  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      const endpoint = `${url}${request.url ?? ''}`;
      const refuse = (status: number, why: string) => {
        refused.push(`${endpoint}: ${why}`);
        response.writeHead(status).end(why);
      };
      if (request.method !== 'POST') return refuse(405, 'POST expected');
      let jwt: ReceivedPush['jwt'];
      try {
        jwt = verifyVapid(request.headers.authorization, { publicKey: vapidPublicKey, audience: url });
      } catch (error) {
        return refuse(403, (error as Error).message);
      }
      const answer = answers.get(endpoint);
      if (answer !== undefined) return void response.writeHead(answer).end();
      const browser = browsers.get(endpoint);
      if (!browser) return refuse(404, 'no such subscription');
      if (request.headers['content-encoding'] !== 'aes128gcm')
        return refuse(400, 'Content-Encoding: aes128gcm expected');
      if (request.headers.ttl === undefined) return refuse(400, 'TTL header missing');
      let text: string;
      try {
        text = decryptAes128gcm(body, browser).toString('utf8');
      } catch (error) {
        return refuse(400, `payload does not decrypt: ${(error as Error).message}`);
      }
      received.push({ endpoint, ttl: request.headers.ttl as string | undefined, text, jwt });
      response.writeHead(201, { location: `${endpoint}/message/${String(received.length)}` }).end();
    })().catch((error: unknown) => {
      refused.push(String(error));
      response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;

  return {
    url,
    received,
    refused,
    subscribe(path = `/push/${randomBytes(12).toString('hex')}`) {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const endpoint = `${url}${path}`;
      browsers.set(endpoint, { privateKey: ecdh.getPrivateKey(), publicKey, authSecret });
      return { endpoint, expirationTime: null, keys: { p256dh: b64url(publicKey), auth: b64url(authSecret) } };
    },
    answer(endpoint, status) {
      if (status === undefined) answers.delete(endpoint);
      else answers.set(endpoint, status);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
