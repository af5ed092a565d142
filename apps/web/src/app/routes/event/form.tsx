import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EventBreadcrumbs } from '../../../components/layouts/event-breadcrumbs';
import { useEventContext } from '../../../components/layouts/event-context';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { PageContainer } from '../../../components/ui/page-container';
import { useEventForm } from '../../../features/form-builder/api/get-form';
import { FormBuilder } from '../../../features/form-builder/components/form-builder';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessagesOf } from '../../../lib/api-client';

/** /event/:eventId/form — the application form builder (admins). */
export function EventFormRoute() {
  const { t } = useTranslation('forms');
  const { t: tCommon } = useTranslation();
  const { event } = useEventContext();
  const eventId = event.id;
  useDocumentTitle(t('builder.pageTitle'));
  const formQuery = useEventForm(eventId);

  let content: React.ReactNode;
  if (formQuery.isError) {
    content = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <FormErrorList messages={errorMessagesOf(formQuery.error)} />
        <Button variant="outlined" onClick={() => void formQuery.refetch()}>
          {t('builder.retry')}
        </Button>
      </Stack>
    );
  } else if (!formQuery.data) {
    content = (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 4 }} role="status">
        <CircularProgress size={24} />
        <Typography>{t('builder.loading')}</Typography>
      </Stack>
    );
  } else {
    content = (
      <FormBuilder
        // A fresh builder when another event's form is shown.
        key={eventId}
        eventId={eventId}
        form={formQuery.data}
        applicationsOpen={event.applicationsOpen}
      />
    );
  }

  return (
    <PageContainer>
      <EventBreadcrumbs current={tCommon('breadcrumbs.form')} />
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('builder.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('builder.intro')}
      </Typography>
      {content}
    </PageContainer>
  );
}
