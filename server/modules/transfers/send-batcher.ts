/**
 * Group commit of sends: the sends that arrive while earlier ones are being written go to the database together,
 * in one statement (one round trip, one transaction, one WAL flush), instead of each paying those alone.
 *
 * No timer: a send that finds a free slot (fewer than `inFlight` writes under way) goes at once, alone, exactly as
 * it would without batching, so a quiet server adds no latency. Sends that find every slot busy queue; when a write
 * ends, everything queued (up to `maxBatch`) leaves as the next write. The batch size follows the load by itself:
 * one at a time when sends are rare, as many as arrived during one write when they are not.
 *
 * Every send still gets its own answer. An item the batch could not decide (it raised inside its subtransaction,
 * e.g. not enough funds or a serialization failure) is sent again on its own, where its error becomes its usual
 * answer. A batch that failed as a whole with an error the database reported (the statement was aborted, so
 * nothing of it committed) is sent again item by item. A batch whose fate is unknown (the connection broke: it may
 * have committed) is never sent again here: each of its sends gets the error, as a single send would, and the
 * client's retry finds its Idempotency-Key.
 */

/** What the database answered for one item of a batch it could not decide. */
export interface BatchItemError {
  outcome: 'error';
  state: string;
}

export interface SendWriter<Item, Result> {
  /** One send alone (its own statement, with the usual retries of a serialization failure). */
  one(item: Item): Promise<Result>;
  /** Several in one statement, an answer per item in their order. */
  many(items: Item[]): Promise<(Result | BatchItemError)[]>;
  /** Whether an error of `many` was reported by the database for a statement that it aborted (nothing committed). */
  abortedByDatabase(error: unknown): boolean;
}

/** A count the batcher adds to: a Prometheus counter in the server, a plain number in a test. */
export interface Tally {
  inc(by: number): void;
}

/** What the batcher counts as it goes, for the operators' metrics. */
export interface BatcherCounts {
  /** Writes sent to the database, and the sends they carried: sends per write is what group commit saves. */
  writes: Tally;
  sends: Tally;
  /** Items sent again alone after their batch could not decide them. */
  alone: Tally;
}

export interface BatcherOptions {
  /** Items in one write at most. */
  maxBatch: number;
  /** Writes under way at once (each holds a database connection). */
  inFlight: number;
  counts: BatcherCounts;
}

interface Waiting<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

export class SendBatcher<Item, Result> {
  private readonly queue: Waiting<Item, Result>[] = [];
  private running = 0;

  constructor(
    private readonly writer: SendWriter<Item, Result>,
    private readonly options: BatcherOptions,
  ) {
    if (options.maxBatch < 1 || options.inFlight < 1) throw new Error('a batch holds one send at least');
  }

  send(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.options.inFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxBatch);
      this.running++;
      this.options.counts.writes.inc(1);
      this.options.counts.sends.inc(batch.length);
      void this.write(batch).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  private async write(batch: Waiting<Item, Result>[]): Promise<void> {
    const [only] = batch;
    if (only && batch.length === 1) return settle(only, () => this.writer.one(only.item));
    let answers: (Result | BatchItemError)[];
    try {
      answers = await this.writer.many(batch.map((w) => w.item));
      if (answers.length !== batch.length) throw new Error(`${answers.length} answers for ${batch.length} sends`);
    } catch (error) {
      if (!this.writer.abortedByDatabase(error)) {
        for (const w of batch) w.reject(error);
        return;
      }
      this.options.counts.alone.inc(batch.length);
      await Promise.all(batch.map((w) => settle(w, () => this.writer.one(w.item))));
      return;
    }
    const again: Promise<void>[] = [];
    batch.forEach((w, i) => {
      const answer = answers[i] as Result | BatchItemError;
      if (!isItemError(answer)) return w.resolve(answer);
      this.options.counts.alone.inc(1);
      again.push(settle(w, () => this.writer.one(w.item)));
    });
    await Promise.all(again);
  }
}

function isItemError(answer: unknown): answer is BatchItemError {
  return typeof answer === 'object' && answer !== null && (answer as { outcome?: unknown }).outcome === 'error';
}

async function settle<Item, Result>(w: Waiting<Item, Result>, work: () => Promise<Result>): Promise<void> {
  try {
    w.resolve(await work());
  } catch (error) {
    w.reject(error);
  }
}
