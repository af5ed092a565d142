import {
  APPLICATION_STATUSES,
  type ApplicationStatus,
  canMailGroup,
  MAIL_FIRSTNAME_PLACEHOLDER,
  type MailCandidate,
  type MailFormat,
  type MailReceiverFilter,
  sendMailSchema,
} from '@funkis/shared';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useGroups } from '../../../api/get-groups';
import { Form, useFormAnnouncer } from '../../../components/forms/form';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { paths } from '../../../config/paths';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useTranslateMessage } from '../../../hooks/use-translate-message';
import { errorMessagesOf, isApiError } from '../../../lib/api-client';
import { htmlToText, textToHtml } from '../../../lib/safe-html';
import { useCandidates } from '../api/get-candidates';
import { useEventFiles } from '../api/get-event-files';
import { usePreviewReceivers } from '../api/preview-receivers';
import { useSendMail } from '../api/send-mail';
import { describeAudience } from './audience';
import { durationParts } from './format';
import { useMailStore } from './mail-store';
import { RichTextEditor } from './rich-text-editor';

type Person = Pick<MailCandidate, 'userId' | 'name' | 'email'>;

/** What a screen hands the composer in the router's state when it opens it for chosen people. */
export interface ComposeState {
  receivers: Person[];
}

interface Draft {
  roleLevels: number[];
  groupIds: number[];
  applicationStatuses: ApplicationStatus[];
  people: Person[];
  subject: string;
  message: string;
  /** `html`: the message is the rich-text editor's HTML. */
  format: MailFormat;
  /** Event files linked from the e-mail. */
  files: { id: number; name: string }[];
}

const EMPTY_DRAFT: Draft = {
  roleLevels: [],
  groupIds: [],
  applicationStatuses: [],
  people: [],
  subject: '',
  message: '',
  format: 'text',
  files: [],
};
const draftKey = (eventId: number) => `funkis.mail-draft.${eventId}`;

/** The draft survives a reload: it lives in localStorage per event until it is sent. */
function readDraft(eventId: number): Draft {
  try {
    const stored = window.localStorage.getItem(draftKey(eventId));
    return stored ? { ...EMPTY_DRAFT, ...(JSON.parse(stored) as Partial<Draft>) } : EMPTY_DRAFT;
  } catch {
    return EMPTY_DRAFT;
  }
}

const toggle = <T,>(list: T[], item: T) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

/**
 * Compose: receivers by role, group, application status and by name, combined; a live count and
 * preview; subject and a plain-text or rich-text message with a {firstname} placeholder; event files as links
 * (warned when some receivers cannot open one); a confirm dialog with the count and
 * how long delivery takes at the event's rate.
 */
export function ComposeForm({
  eventId,
  roleLevel,
  ownGroupId,
}: {
  eventId: number;
  roleLevel: number;
  ownGroupId: number | null;
}) {
  const { t, i18n } = useTranslation('mail');
  const translate = useTranslateMessage();
  const navigate = useNavigate();
  const { dispatch } = useMailStore();
  const location = useLocation();
  // Another screen may open the composer with its people as the receivers ("e-mail these people"): they replace
  // the draft's receivers, the draft's subject and message stay.
  const [draft, setDraft] = useState<Draft>(() => {
    const stored = readDraft(eventId);
    const receivers = (location.state as ComposeState | null)?.receivers;
    return receivers?.length
      ? { ...stored, roleLevels: [], groupIds: [], applicationStatuses: [], people: receivers }
      : stored;
  });
  const [search, setSearch] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [isConfirming, setIsConfirming] = useState(false);
  const groupsQuery = useGroups(eventId);
  const candidatesQuery = useCandidates(eventId, useDebouncedValue(search, 250));
  const send = useSendMail(eventId);
  const filesQuery = useEventFiles(eventId);

  useEffect(() => {
    dispatch({ type: 'composeOpened' });
    return () => dispatch({ type: 'composeClosed' });
  }, [dispatch]);

  useEffect(() => {
    try {
      window.localStorage.setItem(draftKey(eventId), JSON.stringify(draft));
    } catch {
      // private mode: the draft just does not survive a reload
    }
  }, [draft, eventId]);

  const filter: MailReceiverFilter = useMemo(
    () => ({
      ...(draft.roleLevels.length ? { roleLevels: draft.roleLevels as (0 | 1 | 2)[] } : {}),
      ...(draft.groupIds.length ? { groupIds: draft.groupIds } : {}),
      ...(draft.applicationStatuses.length ? { applicationStatuses: draft.applicationStatuses } : {}),
      ...(draft.people.length ? { userIds: draft.people.map((person) => person.userId) } : {}),
    }),
    [draft.roleLevels, draft.groupIds, draft.applicationStatuses, draft.people],
  );
  const debouncedFilter = useDebouncedValue(filter, 250);
  const hasFilter = Object.keys(filter).length > 0;
  const fileIds = useMemo(() => draft.files.map((file) => file.id), [draft.files]);
  const previewQuery = usePreviewReceivers(eventId, debouncedFilter, fileIds, Object.keys(debouncedFilter).length > 0);
  // A count is shown only once it answers the current choice: never the previous choice's, never a "0" before it is known.
  const isCounting =
    hasFilter &&
    (JSON.stringify(filter) !== JSON.stringify(debouncedFilter) ||
      previewQuery.isPlaceholderData ||
      previewQuery.isPending);
  const preview = hasFilter && !isCounting ? previewQuery.data : undefined;

  const groups = (groupsQuery.data?.groups ?? []).filter((group) =>
    canMailGroup({ roleLevel, groupId: ownGroupId }, group.id),
  );
  const audience = describeAudience(t, i18n.language, {
    roleLevels: draft.roleLevels,
    groupNames: groups.filter((group) => draft.groupIds.includes(group.id)).map((group) => group.name),
    applicationStatuses: draft.applicationStatuses,
    peopleCount: draft.people.length,
  });
  const update = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  const payload = () => ({
    receivers: filter,
    subject: draft.subject,
    message: draft.message,
    format: draft.format,
    fileIds,
  });

  /** Switching keeps the words: plain text becomes paragraphs, rich text loses its formatting. */
  const switchFormat = (format: MailFormat) =>
    update({
      format,
      message: format === 'html' ? textToHtml(draft.message) : htmlToText(draft.message),
    });

  const announcer = useFormAnnouncer();
  const { announce } = announcer;
  const submit = () => {
    const parsed = sendMailSchema.safeParse(payload());
    const errors: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        errors[field] ??= translate(issue.message);
      }
    }
    if (draft.format === 'html' && htmlToText(draft.message) === '')
      errors.message ??= translate('mail.messageRequired');
    if (!hasFilter || (preview && preview.total === 0)) errors.receivers = translate('mail.noReceivers');
    // Still counting: the confirm dialog waits for the count rather than showing a guess.
    if (!preview && hasFilter && Object.keys(errors).length === 0) return;
    setFieldErrors(errors);
    announce(Object.keys(errors).length);
    if (Object.keys(errors).length === 0) setIsConfirming(true);
  };

  const confirmSend = async () => {
    try {
      const { email } = await send.mutateAsync(payload());
      window.localStorage.removeItem(draftKey(eventId));
      setIsConfirming(false);
      navigate(paths.event.emailFolderItem.href(eventId, 'sent', email.id));
    } catch (error) {
      setIsConfirming(false);
      if (isApiError(error)) {
        setFieldErrors(
          Object.fromEntries(Object.entries(error.fieldErrors).map(([field, message]) => [field, translate(message)])),
        );
      }
    }
  };

  const duration = preview ? durationParts(preview.estimatedSeconds) : null;
  const receiversError = fieldErrors.receivers ?? fieldErrors['receivers.userIds'];

  return (
    <Form announcer={announcer} onSubmit={submit}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('compose.title')}
      </Typography>
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('compose.receivers')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('compose.receiversHelp')}
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <FormLabel component="legend">{t('compose.byRole')}</FormLabel>
              <FormGroup>
                {[0, 1, 2].map((level) => (
                  <FormControlLabel
                    key={level}
                    control={
                      <Checkbox
                        checked={draft.roleLevels.includes(level)}
                        onChange={() => update({ roleLevels: toggle(draft.roleLevels, level) })}
                      />
                    }
                    label={t(`roles.${level}`)}
                  />
                ))}
              </FormGroup>
            </Box>
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <FormLabel component="legend">{t('compose.byGroup')}</FormLabel>
              <FormGroup sx={{ maxHeight: 240, overflowY: 'auto', flexWrap: 'nowrap' }}>
                {groups.map((group) => (
                  <FormControlLabel
                    key={group.id}
                    control={
                      <Checkbox
                        checked={draft.groupIds.includes(group.id)}
                        onChange={() => update({ groupIds: toggle(draft.groupIds, group.id) })}
                      />
                    }
                    label={group.name}
                  />
                ))}
                {groups.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('compose.noGroups')}
                  </Typography>
                ) : null}
              </FormGroup>
            </Box>
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <FormLabel component="legend">{t('compose.byStatus')}</FormLabel>
              <FormGroup>
                {APPLICATION_STATUSES.map((status) => (
                  <FormControlLabel
                    key={status}
                    control={
                      <Checkbox
                        checked={draft.applicationStatuses.includes(status)}
                        onChange={() => update({ applicationStatuses: toggle(draft.applicationStatuses, status) })}
                      />
                    }
                    label={t(`status.${status}`)}
                  />
                ))}
              </FormGroup>
            </Box>
          </Stack>
          <Autocomplete
            multiple
            sx={{ mt: 2 }}
            options={candidatesQuery.data?.candidates ?? []}
            value={draft.people}
            filterOptions={(options) => options}
            isOptionEqualToValue={(option, value) => option.userId === value.userId}
            getOptionLabel={(option) => `${option.name} <${option.email}>`}
            onChange={(_event, value) =>
              update({ people: value.map(({ userId, name, email }) => ({ userId, name, email })) })
            }
            onInputChange={(_event, value, reason) => {
              if (reason === 'input' || reason === 'clear') setSearch(value);
            }}
            noOptionsText={t('compose.noPeople')}
            renderInput={(params) => <TextField {...params} label={t('compose.byName')} />}
          />
          <Box role="status" aria-live="polite" sx={{ mt: 2 }}>
            {hasFilter && preview ? (
              <Typography sx={{ fontWeight: 600 }} data-testid="receiver-count">
                {t('compose.summary', { audience, count: preview.total })}
              </Typography>
            ) : hasFilter && !previewQuery.isError ? (
              <Typography color="text.secondary" data-testid="receiver-counting">
                {t('compose.counting', { audience })}
              </Typography>
            ) : (
              <Typography color="text.secondary">{t('compose.noneChosen')}</Typography>
            )}
          </Box>
          {receiversError ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {receiversError}
            </Alert>
          ) : null}
          {previewQuery.isError && hasFilter ? <FormErrorList messages={errorMessagesOf(previewQuery.error)} /> : null}
          {preview && preview.receivers.length > 0 ? (
            <Box
              component="ul"
              aria-label={t('compose.previewList')}
              sx={{ maxHeight: 200, overflowY: 'auto', pl: 3, my: 1 }}
              tabIndex={0}
            >
              {preview.receivers.map((receiver) => (
                <li key={receiver.userId}>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {receiver.name} &lt;{receiver.email}&gt; — {receiver.reason}
                  </Typography>
                </li>
              ))}
              {preview.total > preview.receivers.length ? (
                <li>
                  <Typography variant="body2">
                    {t('compose.andMore', { count: preview.total - preview.receivers.length })}
                  </Typography>
                </li>
              ) : null}
            </Box>
          ) : null}
        </Paper>
        <TextField
          label={t('compose.subject')}
          value={draft.subject}
          onChange={(event) => update({ subject: event.target.value })}
          error={Boolean(fieldErrors.subject)}
          helperText={fieldErrors.subject ?? ' '}
          required
          fullWidth
        />
        <FormControlLabel
          control={
            <Switch
              checked={draft.format === 'html'}
              onChange={(event) => switchFormat(event.target.checked ? 'html' : 'text')}
            />
          }
          label={t('compose.richText')}
        />
        {draft.format === 'html' ? (
          <RichTextEditor
            label={t('compose.message')}
            value={draft.message}
            onChange={(message) => update({ message })}
            error={Boolean(fieldErrors.message)}
            helperText={
              fieldErrors.message ?? t('compose.richPlaceholderHelp', { placeholder: MAIL_FIRSTNAME_PLACEHOLDER })
            }
          />
        ) : (
          <TextField
            label={t('compose.message')}
            value={draft.message}
            onChange={(event) => update({ message: event.target.value })}
            error={Boolean(fieldErrors.message)}
            helperText={
              fieldErrors.message ?? t('compose.placeholderHelp', { placeholder: MAIL_FIRSTNAME_PLACEHOLDER })
            }
            required
            fullWidth
            multiline
            minRows={8}
          />
        )}
        <Box>
          <Autocomplete
            multiple
            options={(filesQuery.data?.files ?? []).map((file) => ({ id: file.id, name: file.name }))}
            value={draft.files}
            loading={filesQuery.isPending}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            getOptionLabel={(option) => option.name}
            onChange={(_event, value) => update({ files: value.map(({ id, name }) => ({ id, name })) })}
            noOptionsText={t('compose.noFiles')}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('compose.files')}
                error={Boolean(fieldErrors.fileIds)}
                helperText={fieldErrors.fileIds ?? t('compose.filesHelp')}
              />
            )}
          />
          {filesQuery.isError ? <FormErrorList messages={errorMessagesOf(filesQuery.error)} /> : null}
          {hasFilter && preview && preview.attachmentWarnings.length > 0 ? (
            <Alert severity="warning" sx={{ mt: 1 }} data-testid="attachment-warnings">
              {preview.attachmentWarnings.map((warning) => (
                <Typography key={warning.fileId} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {t('compose.fileWarning', { count: warning.receiversWithoutAccess, name: warning.name })}
                </Typography>
              ))}
            </Alert>
          ) : null}
        </Box>
        {send.isError && !isApiError(send.error) ? <FormErrorList messages={errorMessagesOf(send.error)} /> : null}
        {send.isError && isApiError(send.error) && Object.keys(send.error.fieldErrors).length === 0 ? (
          <FormErrorList messages={send.error.errors} />
        ) : null}
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained">
            {t('compose.send')}
          </Button>
          <Button
            onClick={() => {
              setDraft({ ...EMPTY_DRAFT, format: draft.format });
              setFieldErrors({});
            }}
          >
            {t('compose.discard')}
          </Button>
        </Stack>
      </Stack>
      <Dialog open={isConfirming} onClose={() => setIsConfirming(false)} aria-labelledby="confirm-send-title">
        <DialogTitle id="confirm-send-title">{t('compose.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('compose.confirmCount', { count: preview?.total ?? 0 })}</DialogContentText>
          {preview && duration ? (
            <DialogContentText sx={{ mt: 1 }}>
              {t('compose.confirmDuration', {
                rate: preview.ratePerMinute,
                duration: t(`duration.${duration.key}`, { count: duration.count }),
              })}
            </DialogContentText>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setIsConfirming(false)}>{t('cancel')}</Button>
          <Button variant="contained" onClick={confirmSend} disabled={send.isPending}>
            {t('compose.confirmSend', { count: preview?.total ?? 0 })}
          </Button>
        </DialogActions>
      </Dialog>
    </Form>
  );
}
