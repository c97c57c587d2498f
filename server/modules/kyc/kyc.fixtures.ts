import type { SignedIn } from '../../../tests/support/identity.ts';
import { uniqueIp, type Answer } from '../../../tests/support/identity.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { jpegBytes, pngBytes } from '../../../tests/support/kyc-files.ts';

export { jpegBytes, pdfBytes, pngBytes } from '../../../tests/support/kyc-files.ts';

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
export const submit = (t: TestApp, as: SignedIn, form: KycForm): Promise<Answer> =>
  postForm(t, as, '/api/kyc/submissions/', form);

/** POST `form` to `path` as a browser's FormData would send it (files with their name and declared type). */
export async function postForm(t: TestApp, as: SignedIn, path: string, form: KycForm): Promise<Answer> {
  const data = new FormData();
  for (const [name, value] of Object.entries(form)) {
    if (typeof value === 'string') data.append(name, value);
    else
      data.append(
        name,
        new Blob([new Uint8Array(value.bytes)], { type: value.type ?? 'application/octet-stream' }),
        value.name ?? name,
      );
  }
  const res = await fetch(`${t.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${as.token}`, 'x-forwarded-for': uniqueIp() },
    body: data,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}
