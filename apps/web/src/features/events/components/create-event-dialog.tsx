import { createEventSchema } from '@funkis/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../../components/forms/form-dialog';
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
    <FormDialog
      open={open}
      onClose={close}
      title={t('create.title')}
      submitLabel={t('create.submit')}
      pending={createMutation.isPending}
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
      <FormTextField control={control} name="name" label={t('create.name')} required autoFocus />
      <FormTextField control={control} name="description" label={t('create.description')} multiline minRows={3} />
      <FormErrorList messages={createMutation.isError ? errorMessagesOf(createMutation.error) : []} />
    </FormDialog>
  );
}
