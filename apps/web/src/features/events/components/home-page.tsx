import EventOutlined from '@mui/icons-material/EventOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * PLACEHOLDER home page: the events list (GET /api/events) is built by the events feature and replaces this.
 * The route module sets the page title and the container.
 */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t('events.title')}
      </Typography>
      <Card>
        <CardContent>
          <Box sx={{ textAlign: 'center', py: 6 }}>
            <EventOutlined sx={{ fontSize: 48, color: 'text.secondary', mb: 1 }} aria-hidden />
            <Typography variant="h6" component="h2">
              {t('events.emptyTitle')}
            </Typography>
            <Typography color="text.secondary">{t('events.emptyMessage')}</Typography>
          </Box>
        </CardContent>
      </Card>
    </>
  );
}
