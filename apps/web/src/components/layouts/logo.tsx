import { UI } from '@funkis/shared';
import Diversity3 from '@mui/icons-material/Diversity3';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';

/** The product name linking to the root. */
export function Logo() {
  const { t } = useTranslation();
  return (
    <Box
      component={RouterLink}
      to={paths.home.href()}
      aria-label={t('topBar.homeLink')}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none' }}
    >
      <Diversity3 aria-hidden />
      <Typography variant="h6" component="span" sx={{ fontWeight: 700, letterSpacing: 0.5 }}>
        {UI.PRODUCT_NAME}
      </Typography>
    </Box>
  );
}
