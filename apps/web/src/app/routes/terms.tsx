import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../components/layouts/auth-layout';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** /terms — linked from the register form's terms box; public. */
export function TermsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('terms.pageTitle'));
  return (
    <AuthLayout>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('terms.title')}
      </Typography>
      <Typography>{t('terms.body')}</Typography>
    </AuthLayout>
  );
}
