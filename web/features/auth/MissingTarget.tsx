import { useTranslation } from '../../i18n/i18n';
import { Link } from 'react-router';
import form from '../../ui/Form.module.css';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';

/** A code step opened without its e-mail or number (an old bookmark, a cut link): start over. */
export function MissingTarget({ title }: { title: string }) {
  const { t } = useTranslation();
  const withLang = useWithLang();
  return (
    <main className={form.page}>
      <ScreenHeader title={title} backTo={withLang('/auth/step1')} />
      <p className={form.notice}>{t('auth.missingTarget')}</p>
      <Link className={form.primary} to={withLang('/auth/step1')}>
        {t('auth.restart')}
      </Link>
    </main>
  );
}
