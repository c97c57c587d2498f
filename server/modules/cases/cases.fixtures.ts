import { expect } from 'vitest';
import type { SignedIn } from '../../../tests/support/identity.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { pdfBytes, postForm } from '../kyc/kyc.fixtures.ts';

/** A new help case of `who` with a PDF attached to its first message: the case's and the attachment's ids. */
export async function newCase(t: TestApp, who: SignedIn): Promise<{ id: number; attachmentId: number }> {
  const made = await postForm(t, who, '/api/cases/', {
    kind: 'other',
    message: 'I need help',
    file: { bytes: pdfBytes(), name: 'receipt.pdf', type: 'application/pdf' },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const body = made.body as { id: number; messages: { attachment: { id: number } }[] };
  return { id: body.id, attachmentId: Number(body.messages[0]?.attachment.id) };
}
