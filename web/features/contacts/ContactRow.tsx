import { Fragment, useRef, useState } from 'react';
import { cityIn } from '../../../common/i18n/city-names';
import type { ReactNode, TouchEvent } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { Link } from 'react-router';
import type { Contact } from '../../../common/api/contacts';
import { formatPhone } from '../../../common/identity/phone';
import { intlLocale } from '../../i18n/intl-locale';
import { initials } from '../../shared/users/initials';
import styles from './ContactRow.module.css';
import { formatDistance } from './distance';
import { actionsOpenAfter, SWIPE_THRESHOLD_PX } from './swipe';

interface Props {
  contact: Contact;
  to: string;
  /** Recipients can be deleted; agencies are read-only and have no actions. */
  onDelete?: (contact: Contact) => void;
  deleting?: boolean;
}

/** An agency has one name: a building says "agency" better than a single initial. */
function AgencyIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24">
      <path d="M3 10l9-6 9 6M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18" />
    </svg>
  );
}

export function contactName(contact: Contact): string {
  return `${contact.first_name} ${contact.last_name}`.trim();
}

function secondLine(contact: Contact, language: string): ReactNode {
  // The city first: on a narrow phone the end of the line is what gets cut. The city (in the reader's language,
  // Arabic in Arabic) and the address (as typed, '120 Boulevard Mohammed V') each keep their own direction.
  if (contact.public)
    return [contact.city && cityIn(language, contact.city), contact.address]
      .filter((part): part is string => Boolean(part))
      .map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? ' · ' : null}
          <bdi>{part}</bdi>
        </Fragment>
      ));
  return <bdi dir="ltr">{contact.phone_number ? formatPhone(contact.phone_number) : (contact.email ?? '')}</bdi>;
}

/**
 * One contact. Swipe left reveals Cancel and Delete, swipe right hides them (100 px); the "more
 * actions" button, visible on keyboard focus and announced to screen readers, does the same without a swipe.
 */
export function ContactRow({ contact, to, onDelete, deleting }: Props) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [dragX, setDragX] = useState(0);
  const start = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  const name = contactName(contact);
  const actionsId = `contact-actions-${contact.id}`;

  const touchHandlers = onDelete
    ? {
        onTouchStart: (event: TouchEvent) => {
          const touch = event.touches[0];
          start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
          swiped.current = false;
        },
        onTouchMove: (event: TouchEvent) => {
          const touch = event.touches[0];
          if (!start.current || !touch) return;
          const dx = touch.clientX - start.current.x;
          // A mostly vertical movement is the list scrolling, not a swipe.
          if (Math.abs(dx) > Math.abs(touch.clientY - start.current.y)) setDragX(Math.max(-120, Math.min(120, dx)));
        },
        onTouchEnd: (event: TouchEvent) => {
          const touch = event.changedTouches[0];
          if (start.current && touch) {
            const dx = touch.clientX - start.current.x;
            swiped.current = Math.abs(dx) > SWIPE_THRESHOLD_PX / 10;
            setOpen((was) => actionsOpenAfter(was, dx));
          }
          start.current = null;
          setDragX(0);
        },
      }
    : {};

  return (
    <li
      className={styles.row}
      data-testid="contact-row"
      data-contact-id={contact.id}
      data-open={open || undefined}
      {...touchHandlers}
    >
      <div className={styles.main} style={dragX ? { transform: `translateX(${dragX}px)` } : undefined}>
        <Link
          className={styles.link}
          to={to}
          draggable={false}
          onClick={(event) => {
            // The end of a swipe must not also open the contact.
            if (swiped.current) event.preventDefault();
            swiped.current = false;
          }}
        >
          <span className={styles.avatar} aria-hidden="true">
            {contact.public ? <AgencyIcon /> : initials(contact.first_name, contact.last_name)}
          </span>
          <span className={styles.text}>
            <span className={styles.name}>
              <bdi>{name}</bdi>
            </span>
            <span className={styles.detail}>
              {secondLine(contact, i18n.language)}
            </span>
          </span>
          {contact.proximity !== null ? (
            <span className={styles.distance} data-testid="contact-distance">
              {t('contacts.distance', { distance: formatDistance(contact.proximity, intlLocale(i18n.language)) })}
            </span>
          ) : null}
        </Link>
        {onDelete && !open ? (
          <button
            type="button"
            className={styles.more}
            aria-expanded={false}
            aria-controls={actionsId}
            aria-label={t('contacts.moreActions', { name })}
            data-testid="more-actions"
            onClick={() => setOpen(true)}
          >
            <span aria-hidden="true">⋯</span>
          </button>
        ) : null}
      </div>
      {onDelete && open ? (
        <div className={styles.actions} id={actionsId} data-testid="row-actions">
          <button type="button" className={styles.cancel} onClick={() => setOpen(false)} disabled={deleting}>
            {t('contacts.cancel')}
          </button>
          <button
            type="button"
            className={styles.delete}
            onClick={() => onDelete(contact)}
            disabled={deleting}
            aria-label={t('contacts.deleteNamed', { name })}
            data-testid="row-delete"
          >
            {t('contacts.delete')}
          </button>
        </div>
      ) : null}
    </li>
  );
}
