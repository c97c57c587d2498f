import { useTranslation } from '../../i18n/i18n';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/api/api-error';
import form from '../../ui/Form.module.css';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { commonErrorText } from '../../ui/server-messages';
import { useWithLang } from '../../ui/with-lang';
import { initials } from '../../shared/users/initials';
import { useQuery } from '@tanstack/react-query';
import { TransactionPreview } from '../../shared/transactions/TransactionPreview';
import { transactionsPageQuery, type ListParams } from '../../shared/transactions/transaction-queries';
import { sendAgainPath } from '../../shared/transactions/transaction-rules';
import { intlLocale } from '../../i18n/intl-locale';
import { formatMoney, moneyFromApi } from '../../ui/money-format';
import styles from './ContactDetailPage.module.css';
import { ContactInfo } from './ContactInfo';
import { contactName } from './ContactRow';
import { useContact, useDeleteContact } from './use-contacts';

/** The detail previews the last 4 transactions with the contact. */
export const DETAIL_TRANSACTIONS = 4;

const previewParams = (user: string): ListParams => ({ page: 1, pageSize: DETAIL_TRANSACTIONS, user, query: {} });

/** 'See all' only when there is something to see; the preview's query, from its cache. */
function SeeAll({ user, to }: { user: string; to: string }) {
  const { t } = useTranslation();
  const count = useQuery(transactionsPageQuery(previewParams(user))).data?.count ?? 0;
  if (count === 0) return null;
  return (
    <Link className={styles.seeAll} to={to} data-testid="contact-see-all">
      {t('contacts.detail.seeAll')}
    </Link>
  );
}

/**
 * 'Send again' the newest transfer to this person (same amount, a new transfer with its own security
 * code); none before a first send, nor when that transfer is held for review.
 */
function SendAgain({ contactId }: { contactId: number }) {
  const { t, i18n } = useTranslation();
  const withLang = useWithLang();
  const params: ListParams = { page: 1, pageSize: 1, query: { contact: String(contactId), category: 'sending' } };
  const newest = useQuery(transactionsPageQuery(params)).data?.results[0];
  const again = newest ? sendAgainPath(newest) : null;
  if (!newest || again === null) return null;
  const value = moneyFromApi(newest.amount, 'MAD');
  const amount = value ? formatMoney(value, intlLocale(i18n.language)) : newest.amount;
  return (
    <Link className={form.secondary} to={withLang(again)} data-testid="contact-send-again">
      {t('selfService.sendAgainAmount', { amount })}
    </Link>
  );
}

/**
 * Contact detail: avatar, name, send money (withdraw here for an agency), the last transactions
 * (none before a first transfer), contact info, and delete, which returns to /contacts.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const withLang = useWithLang();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const contact = useContact(id);
  const remove = useDeleteContact();

  if (!contact.data) {
    const missing = contact.error instanceof ApiError && (contact.error.status === 404 || contact.error.status === 400);
    return (
      <main className={styles.page}>
        <ScreenHeader title={t('pages.contactDetail')} backTo={withLang('/contacts')} />
        {contact.isPending ? (
          <p className={styles.muted}>{t('common.loading')}</p>
        ) : (
          <p className={form.error} role="alert">
            {missing
              ? t('contacts.detail.notFound')
              : (commonErrorText(contact.error, t, i18n.language) ?? t('contacts.detail.loadFailed'))}
          </p>
        )}
      </main>
    );
  }

  const c = contact.data;
  const type = c.public ? 'withdraw' : 'send';
  const deleteError = remove.error
    ? (commonErrorText(remove.error, t, i18n.language) ?? t('contacts.deleteError'))
    : '';
  const seeAll = `/contacts/${c.id}/transactions${c.contact_user === null ? '' : `?user=${c.contact_user}`}`;
  return (
    <main className={styles.page}>
      <ScreenHeader
        title={c.public ? t('contacts.detail.agency') : t('pages.contactDetail')}
        backTo={withLang('/contacts')}
      />
      <section className={styles.hero}>
        <span className={styles.avatar} aria-hidden="true" data-testid="contact-avatar">
          {initials(c.first_name, c.last_name)}
        </span>
        <h2 className={styles.name} dir="auto" data-testid="contact-name">
          {contactName(c)}
        </h2>
        {c.closed ? (
          // An agency an operator closed: still readable from a past withdrawal, offered for nothing new.
          <>
            <span className={styles.closed} data-testid="contact-closed">
              {t('contacts.detail.closed')}
            </span>
            <p className={styles.muted}>{t('contacts.detail.closedHint')}</p>
          </>
        ) : (
          <Link
            className={form.primary}
            to={withLang(`/transactions/create?contact=${c.id}&transaction=${type}`)}
            data-testid="contact-send"
          >
            {c.public ? t('contacts.detail.withdrawHere') : t('contacts.detail.send')}
          </Link>
        )}
        {c.public ? null : <SendAgain contactId={c.id} />}
      </section>
      {c.public ? null : (
        <section className={styles.card} aria-labelledby="contact-transactions">
          <div className={styles.cardHeader}>
            <h2 id="contact-transactions" className={styles.sectionTitle}>
              {t('contacts.detail.transactions')}
            </h2>
            {c.contact_user === null ? null : <SeeAll user={String(c.contact_user)} to={withLang(seeAll)} />}
          </div>
          {c.contact_user === null ? (
            <p className={styles.muted} data-testid="contact-no-transactions">
              {t('contacts.detail.noTransactions')}
            </p>
          ) : (
            <TransactionPreview
              params={previewParams(String(c.contact_user))}
              limit={DETAIL_TRANSACTIONS}
              banker={false}
            />
          )}
        </section>
      )}
      <ContactInfo contact={c} />
      {c.public ? null : (
        <div className={styles.danger}>
          <p className={form.error} role="alert">
            {deleteError}
          </p>
          <button
            type="button"
            className={styles.delete}
            disabled={remove.isPending}
            data-testid="contact-delete"
            onClick={() =>
              remove.mutate(c.id, {
                // Replace: Back must not lead to the contact that no longer exists.
                onSuccess: () => void navigate(withLang('/contacts'), { replace: true }),
              })
            }
          >
            {remove.isPending ? t('contacts.detail.deleting') : t('contacts.detail.delete')}
          </button>
        </div>
      )}
    </main>
  );
}
