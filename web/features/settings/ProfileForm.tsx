import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { Link, useNavigate } from 'react-router';
import { prefixOfCountry } from '../../../common/identity/phone';
import { isCountry } from './country';
import type { UpdateUserRequest, User } from '../../../common/api/users';
import { ApiError } from '../../shared/api/api-error';
import { CountryOptions } from '../../ui/CountryOptions';
import form from '../../ui/Form.module.css';
import { PhoneNumberInput } from '../../ui/PhoneNumberInput';
import { commonErrorText, fieldErrorText, translateServerMessage } from '../../ui/server-messages';
import { useWithLang } from '../../ui/with-lang';
import { refreshCurrentUser } from '../../shared/users/use-current-user';
import { updateProfile } from '../../shared/users/users-api';
import { checkProfile, draftFromUser, lockedFields } from './profile-form';
import { EmailConfirmation } from './EmailConfirmation';
import { PhoneConfirmation } from './PhoneConfirmation';
import type { ProfileDraft, ProfileField as FieldName } from './profile-form';

function Field({
  id,
  label,
  error,
  hint,
  after,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** Below the field's own hint and error (the e-mail's confirmation). */
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={form.field}>
      <label className={form.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? <p className={form.hint}>{hint}</p> : null}
      <p id={`${id}-error`} className={form.error} data-testid={`${id}-error`}>
        {error ?? ''}
      </p>
      {after}
    </div>
  );
}

/** The profile, its editable part; saving goes home. */
export function ProfileForm({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const withLang = useWithLang();
  const queryClient = useQueryClient();
  const ids = useId();
  const [draft, setDraft] = useState<ProfileDraft>(() => draftFromUser(user));
  const [formError, setFormError] = useState<string | null>(null);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  // Item 23: 'all fields are required' also marks each missing field, and the first takes the focus.
  const [missing, setMissing] = useState<FieldName[]>([]);
  const locked = lockedFields(user);
  // ADR 018: a verified identity (level 2) changes only through a new identity document.
  const identityLocked = user.level === 2;
  const id = (name: string) => `${ids}-${name}`;

  const save = useMutation({
    mutationFn: (body: UpdateUserRequest) => updateProfile(user.id, body),
    onSuccess: async (updated) => {
      await refreshCurrentUser(queryClient, updated);
      await navigate(withLang('/'));
    },
  });

  const serverFieldError = (field: FieldName) =>
    missing.includes(field) ? t('errors.required') : save.error ? fieldErrorText(save.error, field, t) : undefined;
  const invalid = (field: FieldName) => missing.includes(field) || undefined;
  const serverFormError =
    save.error &&
    (commonErrorText(save.error, t, i18n.language) ??
      (save.error instanceof ApiError && save.error.detail
        ? translateServerMessage(save.error.detail, t)
        : undefined) ??
      (save.error instanceof ApiError && Object.keys(save.error.fieldErrors).length > 0
        ? undefined
        : t('errors.unknown')));

  function update(patch: Partial<ProfileDraft>) {
    setDraft((current) => ({ ...current, ...patch }));
    setFormError(null);
    setPhoneError(null);
    setMissing([]);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const check = checkProfile(draft, user);
    if (check.ok) {
      save.mutate(check.body);
    } else if (check.allRequired) {
      setFormError(t('profile.allRequired'));
      setMissing(check.missing);
      const first = {
        country: 'country',
        first_name: 'first',
        last_name: 'last',
        email: 'email',
        phone_number: 'phone',
      }[check.missing[0] ?? 'country'];
      document.getElementById(id(first))?.focus();
    } else {
      setPhoneError(translateServerMessage(check.message, t));
    }
  }

  return (
    <form className={form.form} onSubmit={onSubmit} noValidate data-testid="profile-form">
      {identityLocked ? (
        <p className={form.hint} data-testid="profile-identity-locked">
          {t('profile.identityLockedHint')}{' '}
          <Link className={form.link} to={withLang('/settings/identity')} data-testid="profile-identity-change">
            {t('profile.identityChangeLink')}
          </Link>
        </p>
      ) : null}
      <Field id={id('country')} label={t('profile.country')} error={serverFieldError('country')}>
        <select
          id={id('country')}
          className={form.select}
          value={draft.country}
          disabled={identityLocked}
          onChange={(event) => {
            const country = isCountry(event.target.value) ? event.target.value : '';
            // Until a number is typed, its prefix follows the country: most people have a local number.
            const followPrefix = country !== '' && !locked.phone && draft.phone === '';
            update({ country, ...(followPrefix && { phonePrefix: prefixOfCountry[country] }) });
          }}
          aria-invalid={invalid('country')}
          aria-describedby={`${id('country')}-error`}
          data-testid="profile-country"
        >
          <CountryOptions />
        </select>
      </Field>
      <Field id={id('first')} label={t('profile.firstName')} error={serverFieldError('first_name')}>
        <input
          id={id('first')}
          className={form.input}
          autoComplete="given-name"
          dir="auto"
          value={draft.first_name}
          disabled={identityLocked}
          onChange={(event) => update({ first_name: event.target.value })}
          aria-invalid={invalid('first_name')}
          aria-describedby={`${id('first')}-error`}
          data-testid="profile-first-name"
        />
      </Field>
      <Field id={id('last')} label={t('profile.lastName')} error={serverFieldError('last_name')}>
        <input
          id={id('last')}
          className={form.input}
          autoComplete="family-name"
          dir="auto"
          value={draft.last_name}
          disabled={identityLocked}
          onChange={(event) => update({ last_name: event.target.value })}
          aria-invalid={invalid('last_name')}
          aria-describedby={`${id('last')}-error`}
          data-testid="profile-last-name"
        />
      </Field>
      <Field
        id={id('email')}
        label={t('profile.email')}
        error={serverFieldError('email')}
        {...(locked.email && { hint: t('profile.lockedHint') })}
        after={
          // The saved address, not yet confirmed (not one being typed): its link can be sent again.
          user.email !== null && !user.email_confirmed && draft.email.trim() === user.email ? (
            <EmailConfirmation user={user} />
          ) : null
        }
      >
        <input
          id={id('email')}
          className={form.input}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          dir="ltr"
          value={draft.email}
          disabled={locked.email}
          onChange={(event) => update({ email: event.target.value })}
          aria-invalid={invalid('email')}
          aria-describedby={`${id('email')}-error`}
          data-testid="profile-email"
        />
      </Field>
      <Field
        id={id('phone')}
        label={t(user.role === 'BANKER' && !user.phone_auth ? 'profile.phoneOptional' : 'profile.phone')}
        error={phoneError ?? serverFieldError('phone_number')}
        {...(locked.phone && { hint: t('profile.lockedHint') })}
        after={
          // A saved profile phone (an e-mail user's; a phone user's is proved by signing in) is proved
          // by an SMS code, and the money sent to it is then theirs.
          !user.phone_auth && user.phone_number !== null ? <PhoneConfirmation user={user} /> : null
        }
      >
        <PhoneNumberInput
          id={id('phone')}
          prefix={draft.phonePrefix}
          value={draft.phone}
          onChange={(phone) => update({ phone })}
          {...(!locked.phone && {
            onPrefixChange: (phonePrefix: ProfileDraft['phonePrefix'] | '') => {
              // Without allowNoPrefix the input never offers '': a profile phone always has its country.
              if (phonePrefix !== '') update({ phonePrefix });
            },
          })}
          prefixLabel={t('profile.phonePrefix')}
          disabled={locked.phone}
          describedBy={`${id('phone')}-error`}
          invalid={missing.includes('phone_number')}
        />
      </Field>
      <p className={form.error} role="alert" data-testid="profile-error">
        {formError ?? serverFormError ?? ''}
      </p>
      <button className={form.primary} type="submit" disabled={save.isPending} data-testid="profile-save">
        {save.isPending ? t('profile.saving') : t('common.save')}
      </button>
    </form>
  );
}
