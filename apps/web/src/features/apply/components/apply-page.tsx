import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/**
 * PLACEHOLDER — the real apply page (event form, submitted / closed states) is being built by the apply
 * feature and replaces this component. Kept deliberately minimal: it only shows which event it is for.
 */
export function ApplyPagePlaceholder({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('apply.pageTitle'));
  return (
    <Container maxWidth="md">
      <Typography variant="h4" component="h1" data-testid="apply-page-placeholder">
        {t('apply.title', { eventId })}
      </Typography>
    </Container>
  );
}

/** The name the apply route imports; point it at the real page when it exists. */
export const ApplyPage = ApplyPagePlaceholder;
