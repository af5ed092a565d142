import Avatar from '@mui/material/Avatar';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useApplyPreview } from '../api/get-apply-preview';

/**
 * The apply link opened while logged out: the event's name and picture above the login (or register) form, so the
 * visitor knows what they are about to apply to. Nothing while the event does not take applications.
 */
export function ApplyPreview({ eventId }: { eventId: number }) {
  const { t } = useTranslation('apply');
  const preview = useApplyPreview(eventId);
  if (!preview.data?.event) return null;
  const { event } = preview.data;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="apply-preview-name"
      data-testid="apply-preview"
      sx={{ p: 2, mb: 3 }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar src={event.avatarUrl ?? undefined} alt="" variant="rounded" sx={{ width: 56, height: 56 }}>
          {event.name.charAt(0).toUpperCase()}
        </Avatar>
        <Stack sx={{ minWidth: 0 }}>
          <Typography
            id="apply-preview-name"
            variant="h6"
            component="p"
            dir="auto"
            sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}
          >
            {event.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('preview.message')}
          </Typography>
        </Stack>
      </Stack>
    </Paper>
  );
}
