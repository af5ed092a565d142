import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../hooks/use-document-title';

interface StatusPageProps {
  pageTitle: string;
  title: string;
  message: string;
  icon?: ReactNode;
}

/** The shape shared by the 404, 500 and access-denied pages: a title, one sentence and a way home. */
export function StatusPage({ pageTitle, title, message, icon }: StatusPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(pageTitle);
  return (
    <Box component="section" sx={{ display: 'flex', alignItems: 'center', flexGrow: 1, minHeight: '60vh', py: 8 }}>
      <Container maxWidth="sm" sx={{ textAlign: 'center' }}>
        {icon ? <Box sx={{ mb: 2, color: 'text.secondary', '& svg': { fontSize: 64 } }}>{icon}</Box> : null}
        <Typography variant="h3" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {message}
        </Typography>
        <Button component={RouterLink} to={paths.home.href()} variant="contained">
          {t('common.backToHome')}
        </Button>
      </Container>
    </Box>
  );
}
