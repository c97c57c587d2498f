import { Link } from 'react-router';
import { caseKinds, caseStates, type OpsCaseSummary } from '../../../common/api/cases';
import styles from './Ops.module.css';
import caseStyles from './Cases.module.css';
import { fetchCases } from './ops-api';
import type { OpsKey } from './ops-i18n';
import { FilterForm, ListView, useOpsList } from './OpsList';
import { DateTime, PageTitle, useOps } from './OpsParts';

const PAGE_SIZE = 25;
const FILTERS = ['state', 'kind'] as const;

export const caseStateKey = (state: string) => `cases.states.${state}` as OpsKey;
export const caseKindKey = (kind: string) => `cases.kinds.${kind}` as OpsKey;

/** A case's state as a badge: the operators' turn stands out, a resolved one is quiet. */
export function CaseStateBadge({ state }: { state: string }) {
  const { ot } = useOps();
  const tone = state === 'open' ? styles.badgeWarn : state === 'resolved' ? styles.badgeOk : styles.badge;
  return (
    <span className={tone} data-testid="ops-case-state">
      {ot(caseStateKey(state))}
    </span>
  );
}

/** Due, and late when no operator answered it past the kind's target time (CASE_TARGET_HOURS_*). */
export function DueCell({ item }: { item: Pick<OpsCaseSummary, 'due_at' | 'late' | 'first_answer_at'> }) {
  const { ot } = useOps();
  if (item.first_answer_at !== null) return <span className={styles.muted}>{ot('cases.answeredAt')}</span>;
  return (
    <>
      <DateTime iso={item.due_at} />{' '}
      {item.late ? (
        <span className={caseStyles.late} data-testid="case-late">
          {ot('cases.late')}
        </span>
      ) : null}
    </>
  );
}

/** The help cases' queue, oldest first, by state and kind; a late one is marked against its target. */
export function CasesPage() {
  const { ot, withLang } = useOps();
  const state = useOpsList('cases', FILTERS, PAGE_SIZE, fetchCases);
  return (
    <>
      <PageTitle>{ot('nav.cases')}</PageTitle>
      <FilterForm
        state={state}
        testId="cases-filters"
        applyTestId="cases-apply"
        filters={[
          {
            key: 'state',
            label: ot('cases.state'),
            type: 'select',
            options: caseStates.map((s) => ({ value: s, label: ot(caseStateKey(s)) })),
            testId: 'cases-state',
          },
          {
            key: 'kind',
            label: ot('cases.kind'),
            type: 'select',
            options: caseKinds.map((k) => ({ value: k, label: ot(caseKindKey(k)) })),
            testId: 'cases-kind',
          },
        ]}
      />
      <ListView
        state={state}
        showCount
        label={ot('nav.cases')}
        emptyText={ot('cases.empty')}
        testId="cases-table"
        className={caseStyles.queue}
        rowTestId={(c) => `case-row-${c.id}`}
        columns={[
          {
            header: ot('cases.reference'),
            rowHeader: true,
            cell: (c) => (
              <Link to={withLang(`/ops/cases/${c.id}`)} data-testid={`case-link-${c.id}`}>
                <bdi dir="ltr">{c.reference}</bdi>
              </Link>
            ),
          },
          { header: ot('cases.opened'), cell: (c) => <DateTime iso={c.created_at} /> },
          { header: ot('cases.kind'), cell: (c) => ot(caseKindKey(c.kind)) },
          { header: ot('cases.state'), cell: (c) => <CaseStateBadge state={c.state} /> },
          { header: ot('cases.customer'), cell: (c) => <bdi>{c.customer.name || `#${c.customer.id}`}</bdi> },
          { header: ot('cases.due'), cell: (c) => <DueCell item={c} /> },
          {
            header: ot('cases.assigned'),
            cell: (c) => (c.assigned_to ? <bdi>{c.assigned_to.name}</bdi> : <span className={styles.muted}>—</span>),
          },
          {
            header: ot('cases.lastMessage'),
            className: caseStyles.lastMessage,
            cell: (c) => <span dir="auto">{c.last_message ?? '—'}</span>,
          },
        ]}
      />
    </>
  );
}
