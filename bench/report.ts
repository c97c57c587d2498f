/**
 * One figure of a benchmark, for bench/run-all.ts's table. Each bench prints its own human-readable lines and,
 * for every headline figure, one `@bench {json}` line that run-all collects (a bench also runs on its own).
 */
export interface Metric {
  metric: string;
  value: string;
  goal?: string;
  /** undefined: no goal, or nothing to compare. */
  met?: boolean;
}

export const metricPrefix = '@bench ';

export function emitMetric(metric: Metric): void {
  console.log(`${metricPrefix}${JSON.stringify(metric)}`);
}

/** Figures of a benchmark (rates, milliseconds, bytes), never money. */
export const fmt = (v: number, digits = 0) =>
  Number.isFinite(v)
    ? v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false })
    : '-';

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
