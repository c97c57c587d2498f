import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { PayoutFile, PayoutFileTransferState } from '../../../common/api/ops-payout-files';
import { formatRib } from '../../../common/banking/rib';
import styles from './Ops.module.css';
import { fetchPayoutFile, fetchPayoutFiles } from './ops-api';
import type { OpsKey } from './ops-i18n';
import { ListView, TableSection, useOpsList } from './OpsList';
import { DateTime, Fact, Money, PageTitle, QueryState, useOps } from './OpsParts';

const PAGE_SIZE = 25;

const stateTone: Record<PayoutFileTransferState, string | undefined> = {
  submitted: styles.badgeWarn,
  credited: styles.badgeOk,
  returned: styles.badgeBad,
};

/** The bank's reason codes a payment-status report most often gives, worded; any other is shown as its code. */
const knownReasons = ['AC01', 'AC04', 'AC06', 'AM05', 'BE01'] as const;
const reasonKey = (code: string): OpsKey | undefined =>
  (knownReasons as readonly string[]).includes(code) ? (`payoutFiles.reasons.${code}` as OpsKey) : undefined;

function StateBadge({ state }: { state: PayoutFileTransferState }) {
  const { ot } = useOps();
  return <span className={stateTone[state]}>{ot(`payoutFiles.state.${state}`)}</span>;
}

/** How many of a file's transfers are in each state, the states with none left out. */
function StateCounts({ file }: { file: PayoutFile }) {
  const { ot } = useOps();
  const states = (['submitted', 'credited', 'returned'] as const).filter((s) => file.states[s] > 0);
  return (
    <span className={styles.rowActions}>
      {states.map((state) => (
        <span key={state} className={stateTone[state]} data-testid={`payout-file-${state}`}>
          {ot('payoutFiles.stateCount', { state: ot(`payoutFiles.state.${state}`), count: file.states[state] })}
        </span>
      ))}
    </span>
  );
}

/** The payment files of bank deposits, newest first (`npm run admin -- payouts:export` writes them). */
export function PayoutFilesPage() {
  const { ot, withLang } = useOps();
  const state = useOpsList('payout-files', [] as const, PAGE_SIZE, fetchPayoutFiles);
  return (
    <>
      <PageTitle>{ot('payoutFiles.nav')}</PageTitle>
      <p className={styles.muted}>{ot('payoutFiles.intro')}</p>
      <ListView
        state={state}
        label={ot('payoutFiles.nav')}
        emptyText={ot('payoutFiles.empty')}
        testId="payout-files-table"
        rowTestId="payout-file-row"
        columns={[
          {
            header: ot('payoutFiles.messageId'),
            rowHeader: true,
            cell: (file) => (
              <Link to={withLang(`/ops/payout-files/${file.id}`)} data-testid={`payout-file-link-${file.id}`}>
                <bdi dir="ltr">{file.message_id}</bdi>
              </Link>
            ),
          },
          { header: ot('payoutFiles.created'), cell: (file) => <DateTime iso={file.created_at} /> },
          { header: ot('payoutFiles.transfers'), num: true, cell: (file) => file.transfers },
          {
            header: ot('payoutFiles.controlSum'),
            num: true,
            cell: (file) => <Money amount={file.control_sum} currency={file.currency} />,
          },
          { header: ot('payoutFiles.states'), cell: (file) => <StateCounts file={file} /> },
        ]}
      />
    </>
  );
}

/** One payment file: its header's figures and each transfer with what the bank's report made of it. */
export function PayoutFileDetailPage({ id }: { id: string }) {
  const { ot, withLang } = useOps();
  const detail = useQuery({
    queryKey: ['ops', 'payout-file', id],
    queryFn: ({ signal }) => fetchPayoutFile(id, signal),
  });
  const file = detail.data;
  return (
    <>
      <p>
        <Link to={withLang('/ops/payout-files')}>{ot('payoutFiles.back')}</Link>
      </p>
      <PageTitle>{ot('payoutFiles.title', { id })}</PageTitle>
      {!file ? (
        <QueryState isPending={detail.isPending} error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <>
          <dl className={styles.facts} data-testid="payout-file-facts">
            <Fact label={ot('payoutFiles.messageId')}>
              <bdi dir="ltr">{file.message_id}</bdi>
            </Fact>
            <Fact label={ot('payoutFiles.created')}>
              <DateTime iso={file.created_at} />
            </Fact>
            <Fact label={ot('payoutFiles.transfers')}>{file.transfers}</Fact>
            <Fact label={ot('payoutFiles.controlSum')}>
              <Money amount={file.control_sum} currency={file.currency} />
            </Fact>
            <Fact label={ot('payoutFiles.states')}>
              <StateCounts file={file} />
            </Fact>
          </dl>
          <TableSection
            title={ot('payoutFiles.transfers')}
            rows={file.lines}
            testId="payout-file-lines"
            rowTestId={(line) => `payout-line-${line.id}`}
            columns={[
              {
                header: ot('payoutFiles.transfer'),
                rowHeader: true,
                cell: (line) => (
                  <>
                    <Link to={withLang(`/ops/transactions/${line.id}`)}>
                      {ot('transaction.title', { id: line.id })}
                    </Link>
                    <span className={styles.stackedNote} title={ot('payoutFiles.endToEnd')}>
                      <bdi dir="ltr">{line.end_to_end_id}</bdi>
                    </span>
                  </>
                ),
              },
              {
                header: ot('payoutFiles.sender'),
                cell: (line) =>
                  line.sender ? (
                    <Link to={withLang(`/ops/customers/${line.sender.id}`)}>
                      <bdi>{line.sender.name || `#${line.sender.id}`}</bdi>
                    </Link>
                  ) : (
                    '—'
                  ),
              },
              { header: ot('payoutFiles.holder'), cell: (line) => <bdi dir="ltr">{line.holder_name}</bdi> },
              {
                header: ot('payoutFiles.rib'),
                cell: (line) => (
                  <bdi dir="ltr" className={styles.nowrap}>
                    {line.rib ? formatRib(line.rib) : '—'}
                  </bdi>
                ),
              },
              {
                header: ot('transactions.amount'),
                num: true,
                cell: (line) => <Money amount={line.amount} currency={line.currency} />,
              },
              {
                header: `${ot('payoutFiles.stateHeader')} · ${ot('payoutFiles.reason')}`,
                cell: (line) => {
                  const key = line.reason ? reasonKey(line.reason) : undefined;
                  return (
                    <>
                      <StateBadge state={line.state} />
                      {line.reason ? (
                        // Why the bank returned it: its code, and the code in words when this screen knows it.
                        <span className={styles.stackedNote} title={ot('payoutFiles.reason')}>
                          <bdi dir="ltr">{line.reason}</bdi>
                          {key ? ` — ${ot(key)}` : null}
                        </span>
                      ) : null}
                    </>
                  );
                },
              },
            ]}
          />
        </>
      )}
    </>
  );
}
