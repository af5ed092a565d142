import type { ApplicationState, ApplyPage as ApplyPageData } from '@funkis/shared';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Groups from '@mui/icons-material/Groups';
import Lock from '@mui/icons-material/Lock';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isEventId } from '../../../api/get-event';
import { slot, withIsolates } from '../../../components/ui/bidi';
import { Breadcrumbs } from '../../../components/ui/breadcrumbs';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { PageContainer } from '../../../components/ui/page-container';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessagesOf, isApiError } from '../../../lib/api-client';
import { useApplyPage } from '../api/get-apply-page';
import { ApplyForm } from './apply-form';

function StateCard({
  icon,
  title,
  children,
  testId,
  focusOnShow = false,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  testId: string;
  /** Take the focus when shown: the result of what the user just did (the form they were in is gone). */
  focusOnShow?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnShow) heading.current?.focus();
  }, [focusOnShow]);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, textAlign: 'center' }} data-testid={testId}>
      <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
        <Stack sx={{ color: 'text.secondary', '& svg': { fontSize: 48 } }}>{icon}</Stack>
        <Typography ref={heading} tabIndex={-1} variant="h5" component="h2" sx={{ '&:focus': { outline: 'none' } }}>
          {title}
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}

function Submitted({ application, justSent }: { application: ApplicationState; justSent: boolean }) {
  const { t, i18n } = useTranslation('apply');
  const date = new Date(application.createdAt);
  const formatted = Number.isNaN(date.getTime())
    ? application.createdAt
    : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(date);
  return (
    <StateCard
      icon={<CheckCircle color="success" />}
      title={t('submitted.title')}
      testId="apply-submitted"
      focusOnShow={justSent}
    >
      <Typography>{t('submitted.message', { date: formatted })}</Typography>
      <Typography>
        {t('submitted.status')} <strong>{t(`status.${application.status}`)}</strong>
      </Typography>
      <Button component={RouterLink} to={paths.home.href()} variant="outlined">
        {t('backToEvents')}
      </Button>
    </StateCard>
  );
}

/** A member is in the event already (a member cannot apply): where they are, and the way in. */
function Membership({
  eventId,
  membership,
}: {
  eventId: number;
  membership: NonNullable<ApplyPageData['membership']>;
}) {
  const { t } = useTranslation('apply');
  const role = t(`roles.${membership.roleLevel}`);
  return (
    <StateCard icon={<Groups />} title={t('member.title')} testId="apply-member">
      <Typography>
        {membership.group
          ? withIsolates(t('member.messageInGroup', { role, group: slot('group') }), { group: membership.group.name })
          : t('member.message', { role })}
      </Typography>
      <Button component={RouterLink} to={paths.event.root.href(eventId)} variant="contained">
        {t('member.open')}
      </Button>
    </StateCard>
  );
}

function ApplyContent({
  eventId,
  page,
  justSent,
  onSent,
}: {
  eventId: number;
  page: ApplyPageData;
  justSent: boolean;
  onSent(): void;
}) {
  const { t } = useTranslation('apply');
  if (page.application) return <Submitted application={page.application} justSent={justSent} />;
  if (page.membership) return <Membership eventId={eventId} membership={page.membership} />;
  if (!page.applicationsOpen) {
    return (
      <StateCard icon={<Lock />} title={t('closed.title')} testId="apply-closed">
        <Typography>{t('closed.message')}</Typography>
      </StateCard>
    );
  }
  return <ApplyForm eventId={eventId} fields={page.form.fields} onSent={onSent} />;
}

/** /event/:eventId/apply for a logged-in user: the event's form, or why it cannot be sent (closed, already sent). */
export function ApplyPage({ eventId }: { eventId: number }) {
  const { t } = useTranslation('apply');
  const { t: tCommon } = useTranslation();
  const query = useApplyPage(eventId);
  // Set once this visit sent the application: the confirmation then takes the focus from the form that is gone.
  const [justSent, setJustSent] = useState(false);
  const eventName = query.data?.event?.name;
  useDocumentTitle(eventName ? t('pageTitleFor', { name: eventName }) : t('pageTitle'));

  let content: ReactNode;
  // An id that cannot exist is not asked for: the same answer as an unknown event.
  const isUnknown = !isEventId(eventId) || (isApiError(query.error) && query.error.status === 404);
  if (isUnknown) {
    content = (
      <StateCard icon={<Lock />} title={t('notFound.title')} testId="apply-not-found">
        <Typography>{t('notFound.message')}</Typography>
        <Button component={RouterLink} to={paths.home.href()} variant="outlined">
          {t('backToEvents')}
        </Button>
      </StateCard>
    );
  } else if (query.isPending) {
    content = (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 4 }} role="status">
        <CircularProgress size={24} />
        <Typography>{t('loading')}</Typography>
      </Stack>
    );
  } else if (query.isError) {
    content = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <FormErrorList messages={errorMessagesOf(query.error)} />
        <Button variant="outlined" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </Stack>
    );
  } else {
    content = <ApplyContent eventId={eventId} page={query.data} justSent={justSent} onSent={() => setJustSent(true)} />;
  }

  return (
    <PageContainer>
      <Stack sx={{ maxWidth: 760, mx: 'auto', py: { xs: 2, sm: 3 } }}>
        <Breadcrumbs
          items={[{ label: tCommon('breadcrumbs.home'), href: paths.home.href() }, { label: t('breadcrumb') }]}
        />
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {eventName ? t('titleFor', { name: eventName }) : t('title')}
        </Typography>
        {query.data?.event?.description ? (
          <Typography color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
            {query.data.event.description}
          </Typography>
        ) : null}
        <Stack sx={{ mt: 3 }}>{content}</Stack>
      </Stack>
    </PageContainer>
  );
}
