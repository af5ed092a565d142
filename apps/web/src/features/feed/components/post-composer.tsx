import { canPostToGroup, FEED_LIMITS, isAdmin } from '@funkis/shared';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../../../api/get-groups';
import { Form } from '../../../components/forms/form';
import { announcedError } from '../../../components/ui/announced-error';
import { useTranslateMessage } from '../../../hooks/use-translate-message';
import { errorMessagesOf } from '../../../lib/api-client';
import { useCreatePost } from '../api/create-post';

/** Writing a post (admins and group leaders); an admin may address it to one group, a leader to their own. */
export function PostComposer({
  eventId,
  roleLevel,
  ownGroup,
}: {
  eventId: number;
  roleLevel: number;
  ownGroup: { id: number; name: string } | null;
}) {
  const { t } = useTranslation('feed');
  const translate = useTranslateMessage();
  const [message, setMessage] = useState('');
  const [audience, setAudience] = useState('all');
  const create = useCreatePost();
  const caller = { roleLevel, groupId: ownGroup?.id ?? null };
  // Admins choose among the event's groups; anyone else has only their own, so the list is not asked for.
  const groups = useGroups(eventId, { enabled: isAdmin(caller) });
  const choices = (isAdmin(caller) ? (groups.data?.groups ?? []) : ownGroup ? [ownGroup] : []).filter((group) =>
    canPostToGroup(caller, group.id),
  );
  const error = create.error ? errorMessagesOf(create.error).map(translate).join(' ') : undefined;

  const submit = () => {
    create.mutate(
      { eventId, message, groupId: audience === 'all' ? null : Number(audience) },
      { onSuccess: () => setMessage('') },
    );
  };

  return (
    <Card variant="outlined" component={Form} onSubmit={submit} aria-label={t('composer.label')}>
      <CardContent>
        <Stack spacing={2}>
          <TextField
            label={t('composer.message')}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            multiline
            minRows={3}
            error={Boolean(error)}
            slotProps={announcedError(error)}
            // The count in one piece in a right-to-left page ("12 / 5000 characters", not "characters 5000 / 12").
            helperText={
              error ?? <bdi>{t('composer.count', { count: message.length, max: FEED_LIMITS.POST_MAXIMUM })}</bdi>
            }
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            {/* Shown from the first paint whenever there can be a choice (an admin's groups arrive later: the row
                must not appear under the message box then, moving the feed down). */}
            {isAdmin(caller) || choices.length > 0 ? (
              <TextField
                select
                size="small"
                label={t('composer.audience')}
                value={audience}
                onChange={(event) => setAudience(event.target.value)}
                sx={{ minWidth: 200 }}
              >
                <MenuItem value="all">{t('composer.everyone')}</MenuItem>
                {choices.map((group) => (
                  <MenuItem key={group.id} value={String(group.id)}>
                    {t('composer.groupOnly', { name: group.name })}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
            <Button type="submit" variant="contained" disabled={create.isPending || message.trim() === ''}>
              {t('composer.submit')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
