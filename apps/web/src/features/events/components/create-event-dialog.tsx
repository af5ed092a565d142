import { createEventSchema } from '@funkis/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Form } from '../../../components/forms/form';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { FormTextField } from '../../../components/ui/form-text-field';
import { paths } from '../../../config/paths';
import { errorMessagesOf } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';
import { useCreateEvent } from '../api/create-event';

interface CreateEventDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Name (3–255, the spec's texts) and description → POST /api/events → the new event's page. */
export function CreateEventDialog({ open, onClose }: CreateEventDialogProps) {
  const { t } = useTranslation('events');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const createMutation = useCreateEvent();
  const form = useForm({
    resolver: zodResolver(createEventSchema),
    mode: 'onTouched',
    defaultValues: { name: '', description: '' },
  });
  const { control, reset } = form;

  const close = () => {
    reset();
    createMutation.reset();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="create-event-title">
      <Form
        form={form}
        onSubmit={(values) =>
          createMutation.mutate(values, {
            onSuccess: ({ event }) => {
              enqueueSnackbar(t('create.created'), { variant: 'success' });
              close();
              navigate(paths.event.root.href(event.id));
            },
          })
        }
      >
        <DialogTitle id="create-event-title">{t('create.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField control={control} name="name" label={t('create.name')} required autoFocus />
            <FormTextField control={control} name="description" label={t('create.description')} multiline minRows={3} />
          </Stack>
          <FormErrorList messages={createMutation.isError ? errorMessagesOf(createMutation.error) : []} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" loading={createMutation.isPending}>
            {t('create.submit')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
