import { useTranslation, type TFunction } from '../../i18n/i18n';
import type { LiabilityProof } from '../../../common/api/liabilities';
import type { ProofVerdict } from '../../../common/liabilities/verify-proof';
import { isCurrency, money } from '../../../common/money/money';
import { intlLocale } from '../../i18n/intl-locale';
import form from '../../ui/Form.module.css';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import { formatMoney } from '../../ui/money-format';
import styles from './MoneySafePage.module.css';
import { useLiabilityProof } from './use-liability-proof';
import { dateTimeFormat } from '../../ui/intl-format';

/** Minor units ("160500") as the locale's money ("1 605,00 MAD"). */
function amountText(minor: string, currency: string, locale: string): string {
  return isCurrency(currency) ? formatMoney(money(currency, BigInt(minor)), locale) : `${minor} ${currency}`;
}

function downloadHref(proof: LiabilityProof): string {
  return `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(proof, null, 2))}`;
}

/**
 * What the check concluded: `ok` (verified against the public record), `waiting` (the tree is sound but its root
 * cannot be compared yet: still being published, or an EVM network the app cannot read), `failed` otherwise.
 */
function outcome(proof: LiabilityProof, verdict: ProofVerdict | undefined, ledgerChecked: boolean) {
  if (!verdict) return 'failed' as const;
  if (verdict.ok) return ledgerChecked ? ('ok' as const) : ('waiting' as const);
  return verdict.code === 'not_anchored' && proof.anchor.status === 'pending'
    ? ('waiting' as const)
    : ('failed' as const);
}

function failureText(t: TFunction, proof: LiabilityProof, verdict: ProofVerdict | undefined) {
  if (verdict?.ok !== false) return t('liabilities.failedSentence');
  if (verdict.code === 'not_anchored') return t('liabilities.notAnchored');
  if (verdict.code === 'anchor_differs') return t('liabilities.anchorDiffers');
  if (verdict.code === 'address') return t('liabilities.otherWallet', { address: proof.owner.address });
  return t('liabilities.failedSentence');
}

function ProofResult({
  proof,
  verdict,
  ledgerChecked,
}: {
  proof: LiabilityProof;
  verdict: ProofVerdict | undefined;
  ledgerChecked: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const taken = new Date(proof.taken_at);
  const values = {
    date: dateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(taken),
    time: dateTimeFormat(locale, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'UTC',
    }).format(taken),
    balance: amountText(proof.balance, proof.currency, locale),
    total: amountText(proof.total, proof.currency, locale),
  };
  const state = outcome(proof, verdict, ledgerChecked);
  const file = `proof-${proof.snapshot_id}-${proof.currency}.json`;
  const sentence = {
    ok: () => t('liabilities.sentence', values),
    waiting: () => t(proof.anchor.status === 'pending' ? 'liabilities.notYetPublished' : 'liabilities.checkOnLedger'),
    failed: () => failureText(t, proof, verdict),
  }[state]();
  return (
    <section
      className={`${styles.result} ${state === 'ok' ? styles.ok : state === 'failed' ? styles.bad : ''}`}
      data-testid="proof-result"
      data-verified={String(state === 'ok')}
      data-state={state}
    >
      <p className={styles.status}>
        {state === 'ok'
          ? t('liabilities.verified')
          : state === 'failed'
            ? t('liabilities.failed')
            : t('liabilities.waiting')}
      </p>
      <p className={styles.sentence} data-testid="proof-sentence">
        {sentence}{' '}
        {proof.anchor.url ? (
          <a className={form.link} href={proof.anchor.url} data-testid="proof-record-link">
            {t('liabilities.publicLedger')}
          </a>
        ) : (
          <span>{t('liabilities.pending')}</span>
        )}
      </p>
      {state === 'ok' ? <p className={styles.sentence} data-testid="proof-differs">{t('liabilities.differs')}</p> : null}
      <div className={styles.details}>
        <a className={form.link} href={`/explorer/liabilities/?lang=${i18n.language}`}>
          {t('liabilities.history')}
        </a>
        {' · '}
        <a className={form.link} href={downloadHref(proof)} download={file}>
          {t('liabilities.download')}
        </a>
      </div>
      {/* The command, its file and the tree's root are for whoever checks without the app: folded away. */}
      <details className={styles.details} data-testid="proof-experts">
        <summary>{t('liabilities.forExperts')}</summary>
        <p>{t('liabilities.how')}</p>
        <pre className={styles.command} dir="ltr">
          <code>{`npm run verify-proof -- ${file} --explorer ${window.location.origin}`}</code>
        </pre>
        <p>
          {t('liabilities.root')} <code dir="ltr">{proof.root}</code>
        </p>
      </details>
    </section>
  );
}

/** Profile > 'Is my money safe?': the latest proof of liabilities, verified in the browser (ADR 012). */
export function Component() {
  const { t } = useTranslation();
  const withLang = useWithLang();
  const query = useLiabilityProof();
  const body = () => {
    if (query.isPending) return <p>{t('liabilities.checking')}</p>;
    if (query.isError) return <p role="alert">{t('liabilities.error')}</p>;
    if (query.data.proofs.length === 0) return <p data-testid="proof-none">{t('liabilities.none')}</p>;
    return query.data.proofs.map((proof, i) => (
      <ProofResult
        key={`${proof.snapshot_id}-${proof.currency}`}
        proof={proof}
        verdict={query.data.verdicts[i]}
        ledgerChecked={query.data.ledgerChecked}
      />
    ));
  };
  return (
    <main className={form.page}>
      <ScreenHeader title={t('pages.moneySafe')} backTo={withLang('/settings/profile')} />
      <p>{t('liabilities.intro')}</p>
      {body()}
    </main>
  );
}
