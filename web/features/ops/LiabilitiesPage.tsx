import type { OpsLiabilityTree } from '../../../common/api/ops-liabilities';
import styles from './Ops.module.css';
import { fetchLiabilities } from './ops-api';
import { ListView, useOpsList } from './OpsList';
import { DateTime, Money, PageTitle, useOps } from './OpsParts';

const PAGE_SIZE = 20;

const isZero = (amount: string) => /^-?0+(\.0+)?$/.test(amount);

/**
 * A difference: zero when the figures agree, in red otherwise (and said in words, not by colour alone: the ledger's
 * one is a mismatch, the safeguarding account's a shortfall or a surplus).
 */
function Difference({
  amount,
  currency,
  kind,
  testId,
}: {
  amount: string | null;
  currency: string;
  kind: 'ledger' | 'safeguarding';
  testId: string;
}) {
  const { ot } = useOps();
  if (amount === null) return <span className={styles.muted}>{ot('liabilities.notEntered')}</span>;
  const zero = isZero(amount);
  const word = zero
    ? null
    : kind === 'ledger'
      ? ot('liabilities.mismatch')
      : ot(amount.startsWith('-') ? 'liabilities.shortfall' : 'liabilities.surplus');
  return (
    <div>
      <span
        className={zero ? styles.badgeOk : styles.badgeBad}
        data-testid={testId}
        data-state={zero ? 'zero' : 'difference'}
      >
        {ot('liabilities.difference')} <Money amount={amount} currency={currency} />
        {word ? ` · ${word}` : null}
      </span>
    </div>
  );
}

function PublicRecord({ tree }: { tree: OpsLiabilityTree }) {
  const { ot } = useOps();
  if (tree.record_url)
    return (
      <a href={tree.record_url} target="_blank" rel="noreferrer" data-testid="liabilities-record">
        {ot('liabilities.view')}
      </a>
    );
  return (
    <span className={styles.muted}>
      {ot('liabilities.pending')}
      {tree.anchor_error ? (
        <>
          {' '}
          (<bdi dir="ltr">{tree.anchor_error}</bdi>)
        </>
      ) : null}
    </span>
  );
}

/**
 * Proof of liabilities for operators and auditors: each snapshot's published total per currency against what the
 * ledger owed at that time and the safeguarding account's balance, each difference, and the public record.
 */
export function LiabilitiesPage() {
  const { ot, locale } = useOps();
  const state = useOpsList('liabilities', [] as const, PAGE_SIZE, fetchLiabilities);
  return (
    <>
      <PageTitle>{ot('liabilities.nav')}</PageTitle>
      <p className={styles.muted}>{ot('liabilities.intro')}</p>
      <ListView
        state={state}
        label={ot('liabilities.nav')}
        emptyText={ot('liabilities.empty')}
        testId="liabilities-table"
        rowKey={(tree) => `${tree.snapshot_id}-${tree.currency}`}
        rowTestId={(tree) => `liabilities-${tree.snapshot_id}-${tree.currency}`}
        columns={[
          {
            header: ot('liabilities.takenAt'),
            rowHeader: true,
            cell: (tree) => (
              <>
                <DateTime iso={tree.taken_at} />
                <span className={styles.stackedNote}>
                  {ot('liabilities.snapshot', { id: tree.snapshot_id })} · <bdi dir="ltr">{tree.currency}</bdi>
                </span>
                <span className={styles.stackedNote}>
                  {ot('liabilities.accountsLine', { count: new Intl.NumberFormat(locale).format(tree.accounts) })}
                </span>
              </>
            ),
          },
          {
            header: ot('liabilities.total'),
            num: true,
            cell: (tree) => <Money amount={tree.total} currency={tree.currency} />,
          },
          {
            // The ledger's figure and, under it, the total minus it.
            header: ot('liabilities.ledger'),
            num: true,
            cell: (tree) => (
              <>
                <Money amount={tree.ledger} currency={tree.currency} />
                <Difference
                  amount={tree.ledger_difference}
                  currency={tree.currency}
                  kind="ledger"
                  testId="liabilities-ledger-difference"
                />
              </>
            ),
          },
          {
            header: ot('liabilities.safeguarded'),
            num: true,
            cell: (tree) =>
              tree.safeguarded === null ? (
                <span className={styles.muted}>{ot('liabilities.notEntered')}</span>
              ) : (
                <>
                  <Money amount={tree.safeguarded} currency={tree.currency} />
                  <Difference
                    amount={tree.safeguarding_difference}
                    currency={tree.currency}
                    kind="safeguarding"
                    testId="liabilities-safeguarding-difference"
                  />
                </>
              ),
          },
          {
            header: ot('liabilities.record'),
            cell: (tree) => (
              <>
                <PublicRecord tree={tree} />
                <span className={styles.stackedNote}>
                  {ot('liabilities.root')}{' '}
                  <code dir="ltr" title={tree.root}>
                    {tree.root.slice(0, 16)}…
                  </code>
                </span>
              </>
            ),
          },
        ]}
      />
    </>
  );
}
