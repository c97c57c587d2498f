import { useQuery } from '@tanstack/react-query';
import { formatListDate } from '../../shared/transactions/transaction-rules';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import form from '../../ui/Form.module.css';
import { Pagination } from '../../ui/Pagination';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import { casesPageQuery } from './help-api';
import { CaseStateBadge, kindKey } from './help-parts';
import styles from './Help.module.css';

const PAGE_SIZE = 20;

/** `/help`: the customer's cases, newest first, each with its state and newest message; and a new one. */
export function Component() {
  const { t, i18n } = useTranslation();
  const withLang = useWithLang();
  const [page, setPage] = useState(1);
  const list = useQuery(casesPageQuery(page, PAGE_SIZE));
  const items = list.data?.results ?? [];
  // The month in letters, as every list writes it (a medium date style is all digits in Arabic).
  const when = (iso: string) => formatListDate(iso, intlLocale(i18n.language));
  return (
    <main className={form.page} data-testid="help-page">
      <ScreenHeader title={t('help.title')} backTo={withLang('/settings/profile')} />
      <Link className={form.primary} to={withLang('/help/new')} data-testid="help-new">
        {t('help.newCase')}
      </Link>
      {list.isError ? <p role="alert">{t('help.loadError')}</p> : null}
      {list.isPending ? <p>{t('common.loading')}</p> : null}
      {list.isSuccess && items.length === 0 ? <p className={form.intro}>{t('help.empty')}</p> : null}
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.id} data-testid="case-row">
            <Link className={styles.row} to={withLang(`/help/${item.id}`)}>
              <span className={styles.rowHead}>
                <bdi dir="ltr" className={styles.reference}>
                  {item.reference}
                </bdi>
                <CaseStateBadge state={item.state} />
              </span>
              <span className={styles.muted}>{t(kindKey(item.kind))}</span>
              {item.last_message !== null ? (
                <span className={styles.last} data-testid="case-last">
                  {item.last_message}
                </span>
              ) : null}
              <time className={styles.muted} dateTime={item.updated_at}>
                {when(item.updated_at)}
              </time>
            </Link>
          </li>
        ))}
      </ul>
      <Pagination page={page} count={list.data?.count ?? 0} pageSize={PAGE_SIZE} onPage={setPage} />
    </main>
  );
}
