import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { OpsRate, OpsRatesPage, SetRatesResponse } from '../../../common/api/ops-rates';
import { ApiError } from '../../shared/api/api-error';
import { dateTimeFormat } from '../../ui/intl-format';
import styles from './Ops.module.css';
import { fetchRates, setRates } from './ops-api';
import { rateFromInput, rateText } from '../../ui/rate-format';
import type { OpsKey } from './ops-i18n';
import { ActionDialog } from './OpsDialog';
import { ListView, useOpsList } from './OpsList';
import { DateTime, Fact, opsErrorText, PageTitle, StatusBadge, useOps } from './OpsParts';
import { FeeChange } from './RatesFeeChange';
import { useStaff } from './staff';
import { feeFraction, PendingRatesRequest, RatesConfirmation, type Draft, type RateField } from './RatesConfirmation';

const PAGE_SIZE = 25;

/** A rate as typed in the form, for the API: the language's decimal comma or a point. */
const normalise = rateFromInput;

function RateCell({ rate, margin, stacked = false }: { rate: string; margin?: string; stacked?: boolean }) {
  const { ot, locale } = useOps();
  return (
    <>
      <bdi dir="ltr">{rateText(rate, locale)}</bdi>
      {margin === undefined ? null : (
        // In the history table the margin goes under the rate: ten columns fit 1,280 px.
        <span className={stacked ? styles.stackedNote : styles.muted}>
          {' '}
          ({ot('rates.margin', { percent: rateText(margin, locale) })})
        </span>
      )}
    </>
  );
}

/** The person who set or approved a row; the command line (`rates:set`) sets rows with nobody. */
const who = (p: OpsRate['set_by']) => (p ? p.name || `#${p.id}` : '—');

function InForce({ rate }: { rate: OpsRate | null }) {
  const { ot } = useOps();
  if (!rate) return <p className={styles.notice}>{ot('rates.none')}</p>;
  return (
    <dl className={styles.facts} data-testid="rates-in-force">
      <Fact label={ot('rates.official')}>
        <RateCell rate={rate.official} /> <span className={styles.muted}>{ot('rates.unit')}</span>
      </Fact>
      <Fact label={ot('rates.freemium')}>
        <RateCell rate={rate.freemium} margin={rate.freemium_margin} />
      </Fact>
      <Fact label={ot('rates.subscription')}>
        <RateCell rate={rate.subscription} margin={rate.subscription_margin} />
      </Fact>
      <Fact label={ot('rates.fee')}>
        <RateCell rate={rate.fee} />
      </Fact>
      <Fact label={ot('rates.since')}>
        <DateTime iso={rate.effective_at} />
      </Fact>
    </dl>
  );
}

/** The form of new rates: prefilled with those in force; the reason and security code are asked in the dialog. */
function RatesForm({
  inForce,
  fourEyes,
  fourEyesFeeBp,
  onDone,
}: {
  inForce: OpsRate | null;
  fourEyes: string;
  fourEyesFeeBp: number;
  onDone: (result: SetRatesResponse) => void;
}) {
  const { t, ot, language, locale } = useOps();
  const client = useQueryClient();
  const short = (rate: string) => rateText(rate, locale);
  const ids = { official: useId(), freemium: useId(), subscription: useId(), fee: useId(), effective_at: useId() };
  const [draft, setDraft] = useState<Draft>({
    official: inForce ? short(inForce.official) : '',
    freemium: inForce ? short(inForce.freemium) : '',
    subscription: inForce ? short(inForce.subscription) : '',
    fee: inForce ? short(inForce.fee) : '',
    when: 'now',
    effective_at: '',
  });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value }));

  const body = () => ({
    official: normalise(draft.official),
    freemium: normalise(draft.freemium),
    subscription: normalise(draft.subscription),
    ...(draft.fee.trim() ? { fee: normalise(draft.fee) } : {}),
    // datetime-local is the operator's local time: the browser gives the instant with its zone.
    ...(draft.when === 'later' && draft.effective_at
      ? { effective_at: new Date(draft.effective_at).toISOString() }
      : {}),
  });

  const fieldError = (name: RateField | 'effective_at') =>
    fieldErrors[name] ? (
      <span id={`${ids[name]}-error`} className={styles.error} data-testid={`rates-error-${name}`}>
        {fieldErrors[name]}
      </span>
    ) : null;

  const input = (name: RateField, label: OpsKey, hint?: OpsKey) => (
    <label className={styles.field} htmlFor={ids[name]}>
      {ot(label)}
      <input
        id={ids[name]}
        className={styles.input}
        inputMode="decimal"
        dir="ltr"
        autoComplete="off"
        value={draft[name]}
        onChange={set(name)}
        aria-invalid={fieldErrors[name] ? true : undefined}
        aria-describedby={fieldErrors[name] ? `${ids[name]}-error` : undefined}
        data-testid={`rates-${name}`}
      />
      {hint ? <span className={styles.muted}>{ot(hint)}</span> : null}
      {fieldError(name)}
    </label>
  );

  return (
    <section aria-labelledby={`${ids.official}-title`}>
      <h2 id={`${ids.official}-title`} className={styles.subtitle}>
        {ot('rates.formTitle')}
      </h2>
      <form
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          setConfirming(true);
        }}
        data-testid="rates-form"
      >
        {input('official', 'rates.official')}
        {input('freemium', 'rates.freemium')}
        {input('subscription', 'rates.subscription')}
        {input('fee', 'rates.fee', 'rates.feeHint')}
        <fieldset className={styles.field}>
          <legend>{ot('rates.when')}</legend>
          <label>
            <input
              type="radio"
              name="when"
              checked={draft.when === 'now'}
              onChange={() => setDraft((d) => ({ ...d, when: 'now' }))}
            />{' '}
            {ot('rates.now')}
          </label>
          <label>
            <input
              type="radio"
              name="when"
              checked={draft.when === 'later'}
              onChange={() => setDraft((d) => ({ ...d, when: 'later' }))}
              data-testid="rates-later"
            />{' '}
            {ot('rates.later')}
          </label>
        </fieldset>
        {draft.when === 'later' ? (
          <label className={styles.field} htmlFor={ids.effective_at}>
            {ot('rates.effectiveAt')}
            <input
              id={ids.effective_at}
              className={styles.input}
              type="datetime-local"
              required
              value={draft.effective_at}
              onChange={set('effective_at')}
              aria-invalid={fieldErrors.effective_at ? true : undefined}
              aria-describedby={fieldErrors.effective_at ? `${ids.effective_at}-error` : undefined}
              data-testid="rates-effective-at"
            />
            {fieldError('effective_at')}
          </label>
        ) : null}
        <button type="submit" className={styles.primary} data-testid="rates-submit">
          {ot('rates.submit')}
        </button>
      </form>
      <p className={styles.muted} data-testid="rates-four-eyes">
        {ot('rates.fourEyes', {
          percent: rateText(fourEyes, locale),
          fee: rateText(feeFraction(fourEyesFeeBp), locale),
        })}
      </p>
      {confirming ? (
        <ActionDialog
          testId="rates-dialog"
          title={ot('rates.confirmTitle')}
          description={
            <RatesConfirmation inForce={inForce} draft={draft} fourEyes={fourEyes} fourEyesFeeBp={fourEyesFeeBp} />
          }
          codeHint={ot('ratesChange.codeHint')}
          confirmLabel={ot('rates.confirm')}
          danger
          onClose={() => setConfirming(false)}
          action={async (confirm) => {
            try {
              const result = await setRates<SetRatesResponse>({ ...body(), ...confirm });
              setFieldErrors({});
              return result;
            } catch (error) {
              // Field-level 400s are shown under their fields too (the dialog says the first one).
              if (error instanceof ApiError && error.status === 400) {
                const shown: Record<string, string> = {};
                for (const [field, messages] of Object.entries(error.fieldErrors)) {
                  if (field === 'reason' || field === 'security_code' || messages[0] === undefined) continue;
                  shown[field] = opsErrorText(new ApiError({ status: 400, detail: messages[0] }), t, ot, language);
                }
                setFieldErrors(shown);
              }
              throw error;
            }
          }}
          onDone={(result) => {
            onDone(result as SetRatesResponse);
            setConfirming(false);
            void client.invalidateQueries({ queryKey: ['ops'] });
          }}
        />
      ) : null}
    </section>
  );
}

function Outcome({ outcome }: { outcome: SetRatesResponse }) {
  const { ot, locale } = useOps();
  const change = outcome.applied ? undefined : outcome.approval.payload.change_percent;
  if (!outcome.applied)
    return (
      <p className={styles.notice} role="status" data-testid="rates-requested">
        {ot('rates.requested', {
          id: outcome.approval.id,
          percent: typeof change === 'string' ? rateText(change, locale) : '',
        })}{' '}
        <FeeChange approval={outcome.approval} /> <RatesApprovalsLink />
      </p>
    );
  return (
    <p className={styles.success} role="status" data-testid="rates-done">
      {outcome.rate.state === 'scheduled'
        ? ot('rates.scheduledDone', {
            at: dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(
              new Date(outcome.rate.effective_at),
            ),
          })
        : ot('rates.applied')}
    </p>
  );
}

function RatesApprovalsLink() {
  const { ot, withLang } = useOps();
  return <Link to={withLang('/ops/approvals')}>{ot('nav.approvals')}</Link>;
}

/**
 * The rates: those in force, the form of new ones (now or later; a large change waits for a second
 * operator), and the history with who set and approved each row.
 */
export function RatesPage() {
  const { ot } = useOps();
  const { canWrite } = useStaff();
  const state = useOpsList('rates', [] as const, PAGE_SIZE, fetchRates);
  const data = state.list.data as OpsRatesPage | undefined;
  const [outcome, setOutcome] = useState<SetRatesResponse | null>(null);
  return (
    <>
      <PageTitle>{ot('nav.rates')}</PageTitle>
      {data ? (
        <>
          <h2 className={styles.subtitle}>{ot('rates.inForce')}</h2>
          <InForce rate={data.in_force} />
          {outcome ? <Outcome outcome={outcome} /> : null}
          <PendingRatesRequest />
          {canWrite ? (
            <RatesForm
              key={data.in_force?.id ?? 0}
              inForce={data.in_force}
              fourEyes={data.four_eyes_percent}
              fourEyesFeeBp={data.four_eyes_fee_bp}
              onDone={setOutcome}
            />
          ) : null}
        </>
      ) : null}
      <h2 className={styles.subtitle}>{ot('rates.history')}</h2>
      <ListView
        state={state}
        emptyText={ot('rates.empty')}
        label={ot('rates.history')}
        className={styles.ratesTable}
        testId="rates-table"
        rowTestId={(rate) => `rate-${rate.id}`}
        columns={[
          { header: ot('rates.effectiveAt'), cell: (rate) => <DateTime iso={rate.effective_at} /> },
          { header: ot('rates.state'), cell: (rate) => <StatusBadge status={rate.state} /> },
          { header: ot('rates.official'), num: true, cell: (rate) => <RateCell rate={rate.official} /> },
          {
            header: ot('rates.freemium'),
            num: true,
            cell: (rate) => <RateCell rate={rate.freemium} margin={rate.freemium_margin} stacked />,
          },
          {
            header: ot('rates.subscription'),
            num: true,
            cell: (rate) => <RateCell rate={rate.subscription} margin={rate.subscription_margin} stacked />,
          },
          { header: ot('rates.fee'), num: true, cell: (rate) => <RateCell rate={rate.fee} /> },
          { header: ot('rates.setBy'), cell: (rate) => who(rate.set_by) },
          { header: ot('rates.approvedBy'), cell: (rate) => who(rate.approved_by) },
          { header: ot('rates.reason'), className: styles.reasonCell, cell: (rate) => rate.reason ?? '—' },
          { header: ot('rates.created'), cell: (rate) => <DateTime iso={rate.created_at} /> },
        ]}
      />
    </>
  );
}
