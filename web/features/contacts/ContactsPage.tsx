import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { useNavigate, useSearchParams } from 'react-router';
import { SEARCH_MAX_LENGTH } from '../../../common/api/messages';
import form from '../../ui/Form.module.css';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import { contactTarget, modeOf } from './contacts-mode';
import styles from './ContactsPage.module.css';
import { ContactsList } from './ContactsList';
import { NewRecipientForm } from './NewRecipientForm';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { usePosition } from './use-position';

/** The search waits for 300 ms of quiet before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The contacts list. Manage mode: recipients/agencies tabs and the new-recipient form. transaction=send:
 * 'select recipient' with the new-recipient form (a saved one goes straight on to the send); transaction=withdraw:
 * 'select agency' with distances.
 */
export function Component() {
  const { t } = useTranslation();
  const withLang = useWithLang();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const mode = modeOf(searchParams.get('transaction'));
  const agencies = mode === 'withdraw' || (mode === 'manage' && searchParams.get('tab') === 'agencies');
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  // A new search or another tab starts from the first page: the page belongs to the list it was chosen in.
  const listKey = `${String(agencies)}:${search}`;
  const [paging, setPaging] = useState({ listKey, page: 1 });
  const page = paging.listKey === listKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ listKey, page: next });
  const position = usePosition(agencies);
  const searchId = useId();

  function selectTab(toAgencies: boolean) {
    const next = new URLSearchParams(searchParams);
    if (toAgencies) next.set('tab', 'agencies');
    else next.delete('tab');
    setSearchParams(next, { replace: true });
    setTyped('');
  }

  const title =
    mode === 'send'
      ? t('contacts.selectRecipient')
      : mode === 'withdraw'
        ? t('contacts.selectAgency')
        : t('contacts.title');
  return (
    <main className={styles.page}>
      <ScreenHeader title={title} backTo={withLang('/')} />
      {mode === 'manage' ? (
        <div className={styles.tabs} role="tablist" aria-label={t('contacts.tabs')}>
          {[false, true].map((isAgencies) => (
            <button
              key={String(isAgencies)}
              type="button"
              role="tab"
              aria-selected={agencies === isAgencies}
              className={styles.tab}
              data-testid={isAgencies ? 'tab-agencies' : 'tab-recipients'}
              onClick={() => selectTab(isAgencies)}
            >
              {isAgencies ? t('contacts.tabAgencies') : t('contacts.tabRecipients')}
            </button>
          ))}
        </div>
      ) : null}
      {mode === 'manage' && !agencies ? <NewRecipientForm /> : null}
      {mode === 'send' ? (
        // Adding someone while sending: the form opens here (add=1 from the empty list's link), and once saved
        // the send goes on with the new recipient chosen.
        <NewRecipientForm
          key={searchParams.get('add') ?? ''}
          initiallyOpen={searchParams.get('add') === '1'}
          onCreated={(contact) => void navigate(withLang(contactTarget('send', contact.id)))}
        />
      ) : null}
      <div className={form.field}>
        <label className={styles.searchLabel} htmlFor={searchId}>
          {t('contacts.search')}
        </label>
        <input
          id={searchId}
          className={form.input}
          type="search"
          enterKeyHint="search"
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={agencies ? t('contacts.searchAgenciesPlaceholder') : t('contacts.searchPlaceholder')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          data-testid="contacts-search"
        />
      </div>
      {agencies && position.status !== 'known' ? (
        <p className={styles.note} data-testid="position-note">
          {position.status === 'asking' ? t('contacts.positionAsking') : t('contacts.positionUnavailable')}
        </p>
      ) : null}
      <ContactsList
        mode={mode}
        agencies={agencies}
        search={search}
        page={page}
        onPage={setPage}
        position={position.status === 'known' ? { latitude: position.latitude, longitude: position.longitude } : null}
      />
    </main>
  );
}
