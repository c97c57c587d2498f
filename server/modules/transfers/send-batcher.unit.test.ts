import { describe, expect, it } from 'vitest';
import { SendBatcher, type BatchItemError, type BatcherCounts, type SendWriter } from './send-batcher.ts';

/** What a batcher counts, kept as plain numbers and read back with `figures()`. */
function tallies() {
  const n = { writes: 0, sends: 0, alone: 0 };
  const counts: BatcherCounts = {
    writes: { inc: (by) => (n.writes += by) },
    sends: { inc: (by) => (n.sends += by) },
    alone: { inc: (by) => (n.alone += by) },
  };
  return { counts, figures: () => ({ ...n }) };
}

/** A writer whose writes end when the test says so, recording what it was asked. */
function writer(answer: (item: number) => string | BatchItemError = (item) => `sent ${item}`) {
  const calls: { kind: 'one' | 'many'; items: number[] }[] = [];
  const open: (() => void)[] = [];
  let failMany: Error | undefined;
  const gate = () => new Promise<void>((resolve) => open.push(resolve));
  const w: SendWriter<number, string> = {
    async one(item) {
      calls.push({ kind: 'one', items: [item] });
      await gate();
      const a = answer(item);
      if (typeof a !== 'string') throw new Error(`refused ${item}`);
      return a;
    },
    async many(items) {
      calls.push({ kind: 'many', items });
      await gate();
      if (failMany) throw failMany;
      return items.map(answer);
    },
    abortedByDatabase: (error) => (error as { aborted?: boolean }).aborted === true,
  };
  return {
    w,
    calls,
    ...tallies(),
    failManyWith(error: Error) {
      failMany = error;
    },
    /** Ends every write under way, then lets the promises that follow run. */
    async release() {
      while (open.length > 0) open.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

describe('SendBatcher', () => {
  it('a send that finds a slot free goes at once, alone', async () => {
    const t = writer();
    const b = new SendBatcher(t.w, { maxBatch: 32, inFlight: 1, counts: t.counts });
    const sent = b.send(1);
    expect(t.calls).toEqual([{ kind: 'one', items: [1] }]);
    await t.release();
    await expect(sent).resolves.toBe('sent 1');
  });

  it('sends that arrive while a write is under way leave together when it ends, at most maxBatch a write', async () => {
    const t = writer();
    const b = new SendBatcher(t.w, { maxBatch: 3, inFlight: 1, counts: t.counts });
    const all = [1, 2, 3, 4, 5].map((i) => b.send(i));
    expect(t.calls).toEqual([{ kind: 'one', items: [1] }]);
    await t.release();
    expect(t.calls.at(-1)).toEqual({ kind: 'many', items: [2, 3, 4] });
    await t.release();
    expect(t.calls.at(-1)).toEqual({ kind: 'one', items: [5] });
    await t.release();
    expect(await Promise.all(all)).toEqual(['sent 1', 'sent 2', 'sent 3', 'sent 4', 'sent 5']);
    expect(t.figures()).toEqual({ writes: 3, sends: 5, alone: 0 });
  });

  it('two slots: the first two sends go alone side by side, the rest together after', async () => {
    const t = writer();
    const b = new SendBatcher(t.w, { maxBatch: 32, inFlight: 2, counts: t.counts });
    const all = [1, 2, 3, 4].map((i) => b.send(i));
    expect(t.calls).toEqual([
      { kind: 'one', items: [1] },
      { kind: 'one', items: [2] },
    ]);
    await t.release();
    expect(t.calls.at(-1)).toEqual({ kind: 'many', items: [3, 4] });
    await t.release();
    expect(await Promise.all(all)).toEqual(['sent 1', 'sent 2', 'sent 3', 'sent 4']);
  });

  it('an item the batch could not decide is sent again alone, and its error is its own', async () => {
    // Item 3 raises in the batch (not enough funds, say); alone, the writer throws its error.
    const t = writer((item) => (item === 3 ? { outcome: 'error', state: 'LG004' } : `sent ${item}`));
    const b = new SendBatcher(t.w, { maxBatch: 32, inFlight: 1, counts: t.counts });
    const all = [1, 2, 3, 4].map((i) => b.send(i).catch((e: Error) => e.message));
    await t.release();
    await t.release();
    await t.release();
    expect(t.calls.map((c) => c.kind)).toEqual(['one', 'many', 'one']);
    expect(t.calls[2]).toEqual({ kind: 'one', items: [3] });
    expect(await Promise.all(all)).toEqual(['sent 1', 'sent 2', 'refused 3', 'sent 4']);
    expect(t.figures()).toEqual({ writes: 2, sends: 4, alone: 1 });
  });

  it('a batch the database aborted as a whole goes again item by item', async () => {
    const t = writer();
    t.failManyWith(Object.assign(new Error('deadlock detected'), { aborted: true }));
    const b = new SendBatcher(t.w, { maxBatch: 32, inFlight: 1, counts: t.counts });
    const all = [1, 2, 3].map((i) => b.send(i));
    await t.release();
    await t.release();
    await t.release();
    expect(t.calls.map((c) => c.kind)).toEqual(['one', 'many', 'one', 'one']);
    expect(await Promise.all(all)).toEqual(['sent 1', 'sent 2', 'sent 3']);
    expect(t.figures()).toEqual({ writes: 2, sends: 3, alone: 2 });
  });

  it('a batch whose fate is unknown (the connection broke) is never sent again: each send gets the error', async () => {
    const t = writer();
    const broken = new Error('Connection terminated unexpectedly');
    t.failManyWith(broken);
    const b = new SendBatcher(t.w, { maxBatch: 32, inFlight: 1, counts: t.counts });
    const all = [1, 2, 3].map((i) => b.send(i).catch((e: unknown) => e));
    await t.release();
    await t.release();
    expect(t.calls.map((c) => c.kind)).toEqual(['one', 'many']);
    expect(await Promise.all(all)).toEqual(['sent 1', broken, broken]);
    expect(t.figures()).toEqual({ writes: 2, sends: 3, alone: 0 });
  });

  it('refuses a batch of no sends or no slot', () => {
    const t = writer();
    expect(() => new SendBatcher(t.w, { maxBatch: 0, inFlight: 1, counts: t.counts })).toThrow();
    expect(() => new SendBatcher(t.w, { maxBatch: 1, inFlight: 0, counts: t.counts })).toThrow();
  });
});
