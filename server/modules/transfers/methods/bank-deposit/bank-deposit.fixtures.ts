import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { SignedIn } from '../../../../../tests/support/identity.ts';
import type { TestApp } from '../../../../../tests/support/test-app.ts';
import { payoutsExportCommand } from '../../../../cli/commands/payouts.ts';
import { recipientOf, type Body } from '../../transactions.fixtures.ts';

/** Test data of the payouts' API tests (bank deposits, mobile wallet payouts); files share one database. */

/** A valid RIB (key right, a known bank) the sandbox partner bank confirms the holder's name of. */
export const TEST_RIB = '007780000123456789012396';

/** A Moroccan mobile number nobody else uses (never one of the sandbox's failing test numbers, +2126000000x). */
export const moroccanMobile = () => `+2127${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;

/** A recipient of `who` with a bank account (TEST_RIB unless `body` says) and a Moroccan mobile: Fatima Zahra. */
export function bankRecipient(t: TestApp, who: SignedIn, body: Body = {}): Promise<number> {
  return recipientOf(t, who, {
    first_name: 'Fatima',
    last_name: 'Zahra',
    rib: TEST_RIB,
    phone_number: moroccanMobile(),
    ...body,
  });
}

/** The next payment file, as `npm run admin -- payouts:export` writes it; '' when there is nothing to send. */
export async function exportPaymentFile(t: TestApp): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'payment-file-')), 'file.xml');
  const lines: string[] = [];
  const code = await payoutsExportCommand.run({
    db: t.database.db,
    args: ['--out', file],
    out: (l) => lines.push(l),
    config: t.config,
  });
  expect(code, lines.join('\n')).toBe(0);
  return lines.join('\n').includes('Nothing to send') ? '' : readFileSync(file, 'utf8');
}
