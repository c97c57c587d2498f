import type { ReactNode } from 'react';
import { numberFormat } from '../../ui/intl-format';
import { rateText } from '../../ui/rate-format';
import styles from './Ops.module.css';
import { OpsTable } from './OpsList';
import { useOps } from './OpsParts';

/** The four figures of a set of rates, as the API writes them (exact decimal text). */
export interface RateFigures {
  official?: string | undefined;
  freemium?: string | undefined;
  subscription?: string | undefined;
  fee?: string | undefined;
}

const rows = [
  { key: 'official', label: 'rates.official' },
  { key: 'freemium', label: 'rates.freemium' },
  { key: 'subscription', label: 'rates.subscription' },
  { key: 'fee', label: 'rates.fee' },
] as const;

type Row = (typeof rows)[number];

const decimal = (text: string | undefined) => (text !== undefined && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : NaN);

/** A rate's change in percent of the one in force (NaN when either is missing or zero). */
export function percentChange(before: string | undefined, after: string | undefined): number {
  const b = decimal(before);
  const a = decimal(after);
  return b > 0 && Number.isFinite(a) ? ((a - b) / b) * 100 : NaN;
}

/** The card fee's change in basis points (it is a fraction: 0.0025 is 25 basis points). */
export const feeChangeBp = (before: string | undefined, after: string | undefined): number =>
  Math.round((decimal(after) - decimal(before)) * 10_000);

/**
 * Whether a change exceeds the four-eyes limits against the rates in force: more than `percent` % on a rate or more
 * than `feeBp` basis points on the card fee. The server measures against the rates of the last 24 hours too, so
 * `false` only means "not against those in force".
 */
export function exceedsFourEyes(before: RateFigures, after: RateFigures, percent: string, feeBp: number): boolean {
  const limit = Number(percent);
  const rate = (['official', 'freemium', 'subscription'] as const).some(
    (key) => Math.abs(percentChange(before[key], after[key])) > limit,
  );
  const fee = after.fee !== undefined && Math.abs(feeChangeBp(before.fee, after.fee)) > feeBp;
  return rate || fee;
}

/**
 * Old → new of each figure, labelled (official, freemium, subscription, card fee), with its change: in percent for
 * a rate, in the fee's own unit for the card fee. Figures not given (the fee kept) are left out.
 */
export function RatesChangeTable({
  before,
  after,
  testId,
  caption,
}: {
  before: RateFigures | null;
  after: RateFigures;
  testId: string;
  caption?: ReactNode;
}) {
  const { ot, locale } = useOps();
  const shown = rows.filter((row) => after[row.key] !== undefined && after[row.key] !== '');
  const signed = (value: number, digits: number) =>
    numberFormat(locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits === 2 ? 2 : 4,
      signDisplay: 'exceptZero',
      useGrouping: false,
    }).format(value);
  const change = (row: Row) => {
    const was = before?.[row.key];
    const now = after[row.key];
    if (was === undefined) return '—';
    if (row.key === 'fee') {
      const bp = feeChangeBp(was, now);
      return Number.isFinite(bp) ? signed(bp / 10_000, 3) : '—';
    }
    const percent = percentChange(was, now);
    return Number.isFinite(percent) ? `${signed(percent, 2)} %` : '—';
  };
  return (
    <>
      {caption}
      <OpsTable
        label={ot('ratesChange.table')}
        testId={testId}
        rows={shown}
        rowKey={(row) => row.key}
        rowTestId={(row) => `${testId}-${row.key}`}
        columns={[
          { header: ot('ratesChange.value'), rowHeader: true, cell: (row) => ot(row.label) },
          {
            header: ot('ratesChange.before'),
            num: true,
            cell: (row) => (
              <bdi dir="ltr">{before?.[row.key] === undefined ? '—' : rateText(before[row.key], locale)}</bdi>
            ),
          },
          {
            header: ot('ratesChange.after'),
            num: true,
            cell: (row) => <bdi dir="ltr">{rateText(after[row.key], locale)}</bdi>,
          },
          {
            header: ot('ratesChange.change'),
            num: true,
            cell: (row) => (
              <bdi dir="ltr" className={styles.nowrap}>
                {change(row)}
              </bdi>
            ),
          },
        ]}
      />
    </>
  );
}
