import { MAIL_SYSTEM_LABELS } from '@funkis/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { EventBreadcrumbs } from '../../../components/layouts/event-breadcrumbs';
import { useEventContext } from '../../../components/layouts/event-context';
import { PageContainer } from '../../../components/ui/page-container';
import { paths } from '../../../config/paths';
import { ComposeForm } from '../../../features/mail/components/compose-form';
import { MailArea } from '../../../features/mail/components/mail-area';
import { MailDetail } from '../../../features/mail/components/mail-detail';
import { MailList } from '../../../features/mail/components/mail-list';
import { MailProvider, useMailStore } from '../../../features/mail/components/mail-store';
import { useDocumentTitle } from '../../../hooks/use-document-title';

const ID_MAXIMUM = 2_147_483_647;
const idOf = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= ID_MAXIMUM ? id : null;
};
const isSystemLabel = (value: string | undefined) => (MAIL_SYSTEM_LABELS as readonly string[]).includes(value ?? '');

function ToSent() {
  const { eventId } = useEventContext();
  return <Navigate to={paths.event.emailFolder.href(eventId, 'sent')} replace />;
}

function useEmailCrumb() {
  const { t } = useTranslation();
  const { eventId } = useEventContext();
  return { label: t('breadcrumbs.email'), href: paths.event.emailFolder.href(eventId, 'sent') };
}

function ComposeScreen() {
  const { t } = useTranslation();
  const { eventId, roleLevel, eventUser } = useEventContext();
  useDocumentTitle(t('breadcrumbs.newEmail'));
  return (
    <>
      <EventBreadcrumbs parents={[useEmailCrumb()]} current={t('breadcrumbs.newEmail')} />
      <ComposeForm eventId={eventId} roleLevel={roleLevel} ownGroupId={eventUser.role.eventGroup?.id ?? null} />
    </>
  );
}

function FolderScreen() {
  const { t } = useTranslation();
  const { t: tMail } = useTranslation('mail');
  const { eventId } = useEventContext();
  const { systemLabel, customLabel } = useParams();
  const { state } = useMailStore();
  const labelId = idOf(customLabel);
  useDocumentTitle(t('breadcrumbs.email'));
  if (customLabel === undefined ? !isSystemLabel(systemLabel) : labelId === null) return <ToSent />;
  const label = state.labels.find((entry) => entry.type === 'custom_label' && entry.id === labelId);
  const title = labelId === null ? tMail(`systemLabels.${systemLabel}`) : (label?.name ?? tMail('labels'));
  return (
    <>
      <EventBreadcrumbs current={t('breadcrumbs.email')} />
      <MailList
        key={`${systemLabel}-${labelId}`}
        eventId={eventId}
        folder={labelId === null ? { systemLabel } : { customLabel: labelId }}
        title={title}
        hrefOf={(emailId) =>
          labelId === null
            ? paths.event.emailFolderItem.href(eventId, systemLabel ?? 'sent', emailId)
            : paths.event.emailLabelItem.href(eventId, labelId, emailId)
        }
      />
    </>
  );
}

function EmailScreen() {
  const { t } = useTranslation();
  const { eventId, roleLevel } = useEventContext();
  const { systemLabel, customLabel, emailId } = useParams();
  const id = idOf(emailId);
  const emailCrumb = useEmailCrumb();
  useDocumentTitle(t('breadcrumbs.sentEmail'));
  if (id === null || (customLabel === undefined ? !isSystemLabel(systemLabel) : idOf(customLabel) === null)) {
    return <ToSent />;
  }
  return (
    <>
      <EventBreadcrumbs parents={[emailCrumb]} current={t('breadcrumbs.sentEmail')} />
      <MailDetail key={id} eventId={eventId} emailId={id} isAdmin={roleLevel === 0} />
    </>
  );
}

/**
 * /event/{id}/email/* (levels 0 and 1, spec section 2): new, label/{customLabel}, label/{customLabel}/{emailId},
 * {systemLabel}, {systemLabel}/{emailId}; any other sub-path goes to the Sent folder.
 */
export function EventEmailRoute() {
  const { eventId, roleLevel } = useEventContext();
  return (
    <PageContainer>
      <MailProvider key={eventId} eventId={eventId}>
        <MailArea eventId={eventId} isAdmin={roleLevel === 0}>
          <Routes>
            <Route index element={<ToSent />} />
            <Route path="new" element={<ComposeScreen />} />
            <Route path="label/:customLabel" element={<FolderScreen />} />
            <Route path="label/:customLabel/:emailId" element={<EmailScreen />} />
            <Route path=":systemLabel" element={<FolderScreen />} />
            <Route path=":systemLabel/:emailId" element={<EmailScreen />} />
            <Route path="*" element={<ToSent />} />
          </Routes>
        </MailArea>
      </MailProvider>
    </PageContainer>
  );
}
