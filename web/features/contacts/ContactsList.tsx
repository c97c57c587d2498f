import { useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import type { Contact } from '../../../common/api/contacts';
import { Pagination } from '../../ui/Pagination';
import { commonErrorText } from '../../ui/server-messages';
import { useWithLang } from '../../ui/with-lang';
import { CONTACTS_PAGE_SIZE } from './contacts-api';
import { contactTarget, type ContactsMode } from './contacts-mode';
import styles from './ContactsPage.module.css';
import { ContactRow } from './ContactRow';
import { useContactsPage, useDeleteContact } from './use-contacts';

interface Props {
  mode: ContactsMode;
  agencies: boolean;
  search: string;
  page: number;
  onPage: (page: number) => void;
  position: { latitude: number; longitude: number } | null;
}

/** One page of recipients or agencies, with its pagination and the row actions. */
export function ContactsList({ mode, agencies, search, page, onPage, position }: Props) {
  const { t, i18n } = useTranslation();
  const withLang = useWithLang();
  const list = useContactsPage({ agencies, page, search, position });
  const remove = useDeleteContact();
  const [deleteError, setDeleteError] = useState<string | null>(null);

  function onDelete(contact: Contact) {
    setDeleteError(null);
    remove.mutate(contact.id, {
      onError: (error) => setDeleteError(commonErrorText(error, t, i18n.language) ?? t('contacts.deleteError')),
      onSuccess: () => {
        // The last row of a later page gone: show the page before rather than an empty one.
        if (list.data && list.data.results.length === 1 && page > 1) onPage(page - 1);
      },
    });
  }

  if (list.isPending) return <p className={styles.status}>{t('common.loading')}</p>;
  if (list.isError) {
    return (
      <div className={styles.status} role="alert">
        <p>{commonErrorText(list.error, t, i18n.language) ?? t('contacts.loadFailed')}</p>
        <button type="button" className={styles.retry} onClick={() => void list.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const { count, results } = list.data;
  const emptyText = search ? t('contacts.emptySearch') : agencies ? t('contacts.emptyAgencies') : t('contacts.empty');
  return (
    <>
      <p className={styles.error} role="alert" data-testid="delete-error">
        {deleteError ?? ''}
      </p>
      {results.length === 0 ? (
        <div className={styles.status} data-testid="contacts-empty">
          <p>{emptyText}</p>
        </div>
      ) : (
        <ul className={styles.list} aria-busy={list.isPlaceholderData || undefined} data-testid="contacts-list">
          {results.map((contact) => (
            <ContactRow
              key={contact.id}
              contact={contact}
              to={withLang(contactTarget(mode, contact.id))}
              {...(mode === 'manage' && !contact.public && { onDelete })}
              deleting={remove.isPending && remove.variables === contact.id}
            />
          ))}
        </ul>
      )}
      <Pagination page={page} count={count} pageSize={CONTACTS_PAGE_SIZE} onPage={onPage} />
    </>
  );
}
