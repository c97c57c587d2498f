import { describe, expect, it } from 'vitest';
import { idempotentReplays } from '../ledger/ledger-metrics.ts';
import { registry } from './metrics.ts';

describe('the published registry', () => {
  it("carries the ledger's replay counter, which the ledger defines without a registry", async () => {
    idempotentReplays.inc();
    const text = await registry.metrics();
    expect(text).toMatch(/^wallet_idempotent_replays_total [1-9]/m);
  });
});
