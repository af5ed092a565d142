import { GROUP_WANTED_MAXIMUM, type Group, groupNameField } from '@funkis/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useGroups } from '../../../api/get-groups';
import { Form } from '../../../components/forms/form';
import { FormDialog } from '../../../components/forms/form-dialog';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { FormTextField } from '../../../components/ui/form-text-field';
import { errorMessagesOf } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';
import { useCreateGroup } from '../api/create-group';
import { useDeleteGroup } from '../api/delete-group';
import { useUpdateGroup } from '../api/update-group';
import { ConfirmDialog } from './confirm-dialog';

/** The wanted size as typed: empty for "not set", else a whole number from 0 to the maximum. */
const wantedText = z
  .string()
  .trim()
  .refine((text) => text === '' || (/^\d{1,6}$/.test(text) && Number(text) <= GROUP_WANTED_MAXIMUM), {
    error: 'error.groupWantedInvalid',
  });
const groupFormSchema = z.object({ name: groupNameField, wanted: wantedText });
type GroupFormValues = z.output<typeof groupFormSchema>;
const wantedOf = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

function CreateGroupForm({ eventId }: { eventId: number }) {
  const { t } = useTranslation('events');
  const { enqueueSnackbar } = useSnackbar();
  const createMutation = useCreateGroup();
  const form = useForm({
    resolver: zodResolver(groupFormSchema),
    defaultValues: { name: '', wanted: '' },
  });
  const { control, reset } = form;
  const onSubmit = ({ name, wanted }: GroupFormValues) =>
    createMutation.mutate(
      { eventId, name, wanted: wantedOf(wanted) },
      {
        onSuccess: () => {
          reset({ name: '', wanted: '' });
          enqueueSnackbar(t('groups.created'), { variant: 'success' });
        },
      },
    );
  return (
    <Form form={form} onSubmit={onSubmit} aria-label={t('groups.create')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <FormTextField control={control} name="name" label={t('groups.name')} size="small" />
        <FormTextField
          control={control}
          name="wanted"
          label={t('groups.wanted')}
          size="small"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ maxWidth: { sm: 200 } }}
        />
        <Button
          type="submit"
          variant="contained"
          loading={createMutation.isPending}
          sx={{ flexShrink: 0, mt: { sm: 0.25 } }}
        >
          {t('groups.create')}
        </Button>
      </Stack>
      <FormErrorList messages={createMutation.isError ? errorMessagesOf(createMutation.error) : []} />
    </Form>
  );
}

function EditGroupDialog({ eventId, group, onClose }: { eventId: number; group: Group; onClose: () => void }) {
  const { t } = useTranslation('events');
  const { enqueueSnackbar } = useSnackbar();
  const updateMutation = useUpdateGroup();
  const form = useForm({
    resolver: zodResolver(groupFormSchema),
    defaultValues: { name: group.name, wanted: typeof group.wanted === 'number' ? String(group.wanted) : '' },
  });
  const { control } = form;
  const onSubmit = ({ name, wanted }: GroupFormValues) =>
    updateMutation.mutate(
      { eventId, groupId: group.id, name, wanted: wantedOf(wanted) },
      {
        onSuccess: () => {
          enqueueSnackbar(t('groups.updated'), { variant: 'success' });
          onClose();
        },
      },
    );
  return (
    <FormDialog
      open
      onClose={onClose}
      maxWidth="xs"
      title={t('groups.editGroup', { name: group.name })}
      submitLabel={t('common.save')}
      pending={updateMutation.isPending}
      form={form}
      onSubmit={onSubmit}
    >
      <FormTextField control={control} name="name" label={t('groups.name')} autoFocus />
      <FormTextField
        control={control}
        name="wanted"
        label={t('groups.wanted')}
        helperText={t('groups.wantedHelp')}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <FormErrorList messages={updateMutation.isError ? errorMessagesOf(updateMutation.error) : []} />
    </FormDialog>
  );
}

/** The event's groups with member counts: create, rename, delete (members keep their membership, no group). */
export function GroupsCard({ eventId }: { eventId: number }) {
  const { t } = useTranslation('events');
  const { enqueueSnackbar } = useSnackbar();
  const groupsQuery = useGroups(eventId);
  const deleteMutation = useDeleteGroup();
  const [renaming, setRenaming] = useState<Group | null>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);
  const groups = groupsQuery.data?.groups ?? [];

  const closeDelete = () => {
    setDeleting(null);
    deleteMutation.reset();
  };

  return (
    <Card variant="outlined">
      <CardHeader title={t('groups.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        <CreateGroupForm eventId={eventId} />
        {groupsQuery.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress aria-label={t('common.loading')} />
          </Box>
        ) : groupsQuery.isError ? (
          <FormErrorList messages={errorMessagesOf(groupsQuery.error)} />
        ) : groups.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {t('groups.empty')}
          </Typography>
        ) : (
          <List aria-label={t('groups.title')} sx={{ mt: 1 }}>
            {groups.map((group) => (
              <ListItem
                key={group.id}
                divider
                secondaryAction={
                  <Stack direction="row" spacing={0.5}>
                    <IconButton
                      aria-label={t('groups.editGroup', { name: group.name })}
                      onClick={() => setRenaming(group)}
                    >
                      <EditOutlined />
                    </IconButton>
                    <IconButton
                      aria-label={t('groups.deleteGroup', { name: group.name })}
                      onClick={() => setDeleting(group)}
                    >
                      <DeleteOutlined />
                    </IconButton>
                  </Stack>
                }
                sx={{ pr: 12 }}
              >
                <ListItemText
                  primary={group.name}
                  secondary={
                    typeof group.wanted !== 'number'
                      ? t('groups.members', { count: group.memberCount })
                      : `${t('groups.members', { count: group.memberCount })} · ${t('groups.wantedShort', { count: group.wanted })}`
                  }
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      {renaming ? <EditGroupDialog eventId={eventId} group={renaming} onClose={() => setRenaming(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('groups.deleteTitle')}
        message={t('groups.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('groups.delete')}
        color="error"
        isPending={deleteMutation.isPending}
        errorMessages={deleteMutation.isError ? errorMessagesOf(deleteMutation.error) : []}
        onConfirm={() =>
          deleting &&
          deleteMutation.mutate(
            { eventId, groupId: deleting.id },
            {
              onSuccess: () => {
                closeDelete();
                enqueueSnackbar(t('groups.deleted'), { variant: 'success' });
              },
            },
          )
        }
        onClose={closeDelete}
      />
    </Card>
  );
}
