import { useTranslation } from '../../i18n/i18n';
import { Link, useSearchParams } from 'react-router';
import form from '../../ui/Form.module.css';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import { useCurrentUser } from '../../shared/users/use-current-user';
import { UserLoadState } from '../../shared/users/UserLoadState';
import { ProfileAccount } from './ProfileAccount';
import { ProfileForm } from './ProfileForm';
import { ProfileNotifications } from './ProfileNotifications';
import { ProfileDataRights } from './ProfileDataRights';

/** The profile; with ?onboarding=true it is the last onboarding step after the security code. */
export function Component() {
  const { t } = useTranslation();
  const withLang = useWithLang();
  const [searchParams] = useSearchParams();
  const onboarding = searchParams.get('onboarding') === 'true';
  const user = useCurrentUser();
  return (
    <main className={form.page}>
      <ScreenHeader title={t('pages.profile')} backTo={onboarding ? undefined : withLang('/')} />
      {onboarding ? (
        <p className={form.notice}>
          {t(user.data?.role === 'BANKER' ? 'profile.onboardingIntroStaff' : 'profile.onboardingIntro')}
        </p>
      ) : null}
      {user.data ? (
        <>
          {/* Keyed by user, so the form starts again from the server's values after a logout and a new login. */}
          <ProfileForm key={user.data.id} user={user.data} />
          {/* Onboarding asks for the profile only: the wallet, code and logout wait for the real profile. */}
          {onboarding ? null : <ProfileNotifications />}
          {onboarding ? null : <ProfileAccount user={user.data} onboarding={onboarding} />}
          {onboarding || user.data.role !== 'customer' ? null : (
            <Link className={form.link} to={withLang('/help')} data-testid="profile-help">
              {t('help.getHelp')}
            </Link>
          )}
          {/* A customer's data rights (staff accounts are closed from the back-office). */}
          {onboarding || user.data.role !== 'customer' ? null : <ProfileDataRights />}
        </>
      ) : (
        <UserLoadState query={user} />
      )}
    </main>
  );
}
