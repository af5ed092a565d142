import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCalendarFeed, useRevokeCalendarFeed } from '../../../api/calendar-feed';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { errorMessagesOf } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';

/**
 * The secret calendar URL: one per person, with the shifts of all their events. Made on the
 * scheduling screen ("Subscribe"); here it can be revoked, after which calendar apps get nothing more.
 */
export function CalendarFeedCard() {
  const { t, i18n } = useTranslation('scheduling');
  const { enqueueSnackbar } = useSnackbar();
  const feed = useCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const createdAt = feed.data?.feed.createdAt ?? null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="calendar-feed-title">
      <CardHeader
        title={t('accountFeed.title')}
        slotProps={{ title: { component: 'h2', variant: 'h6', id: 'calendar-feed-title' } }}
      />
      <CardContent>
        <FormErrorList
          messages={[
            ...(feed.isError ? errorMessagesOf(feed.error) : []),
            ...(revoke.isError ? errorMessagesOf(revoke.error) : []),
          ]}
        />
        {feed.isPending ? (
          <Typography color="text.secondary">{t('accountFeed.loading')}</Typography>
        ) : createdAt ? (
          <>
            <Typography data-testid="calendar-feed-status">
              {t('accountFeed.active', {
                date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
                  new Date(createdAt),
                ),
              })}
            </Typography>
            <Box sx={{ mt: 2 }}>
              <Button
                color="error"
                variant="outlined"
                loading={revoke.isPending}
                onClick={() =>
                  revoke.mutate(undefined, {
                    onSuccess: () => enqueueSnackbar(t('accountFeed.revoked'), { variant: 'success' }),
                  })
                }
              >
                {t('accountFeed.revoke')}
              </Button>
            </Box>
          </>
        ) : (
          <Typography color="text.secondary" data-testid="calendar-feed-status">
            {t('accountFeed.none')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
