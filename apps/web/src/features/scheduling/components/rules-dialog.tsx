import type { Group, SchedulingSettings } from '@funkis/shared';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/forms/form-dialog';
import { useAnnouncedErrors } from '../../../components/forms/use-announced-errors';
import { useSaveSchedulingSettings } from '../api/save-settings';

export interface RulesDialogProps {
  eventId: number;
  settings: SchedulingSettings;
  groups: Group[];
  onClose(): void;
  onDone(message: string): void;
}

/**
 * The event's scheduling rules (admin): minimum rest, self sign-up per group, sign-off, e-mail reminders, when a person
 * is late, whether a hand-over needs a leader's approval.
 */
export function RulesDialog({ eventId, settings, groups, onClose, onDone }: RulesDialogProps) {
  const { t } = useTranslation('scheduling');
  const save = useSaveSchedulingSettings(eventId);
  const [rest, setRest] = useState(String(settings.minRestMinutes));
  const [signOff, setSignOff] = useState(String(settings.signOffClosesHours));
  const [reminder, setReminder] = useState(String(settings.reminderHours));
  const [lateAfter, setLateAfter] = useState(String(settings.lateAfterMinutes ?? 10));
  const [selfSignup, setSelfSignup] = useState<number[]>(settings.selfSignupGroupIds);
  const [handoverApproval, setHandoverApproval] = useState(settings.handoverApproval ?? false);
  const { errors, attempt, announcer } = useAnnouncedErrors();

  const submit = async () => {
    await attempt(async () => {
      await save.mutateAsync({
        minRestMinutes: Number(rest),
        signOffClosesHours: Number(signOff),
        reminderHours: Number(reminder),
        lateAfterMinutes: Number(lateAfter),
        selfSignupGroupIds: selfSignup,
        handoverApproval,
      });
      onDone(t('notices.rulesSaved'));
      onClose();
    });
  };

  const number = (label: string, value: string, set: (value: string) => void, help: string, max: number) => (
    <TextField
      type="number"
      label={label}
      value={value}
      onChange={(event) => set(event.target.value)}
      helperText={help}
      slotProps={{ htmlInput: { min: 0, max, step: 1 } }}
      fullWidth
    />
  );

  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('rules.title')}
      errors={errors}
      submitLabel={t('rules.save')}
      pending={save.isPending}
      announcer={announcer}
      onSubmit={submit}
    >
      {number(t('rules.reminderHours'), reminder, setReminder, t('rules.reminderHoursHelp'), 336)}
      {number(t('rules.lateAfter'), lateAfter, setLateAfter, t('rules.lateAfterHelp'), 240)}
      {number(t('rules.minRest'), rest, setRest, t('rules.minRestHelp'), 10080)}
      {number(t('rules.signOff'), signOff, setSignOff, t('rules.signOffHelp'), 720)}
      <FormControlLabel
        control={
          <Switch
            checked={handoverApproval}
            onChange={(event) => setHandoverApproval(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': 'handover-approval-help' } }}
          />
        }
        label={t('rules.handoverApproval')}
      />
      <FormHelperText id="handover-approval-help" sx={{ mt: '0 !important' }}>
        {t('rules.handoverApprovalHelp')}
      </FormHelperText>
      <FormGroup>
        <FormLabel component="legend">{t('rules.selfSignup')}</FormLabel>
        {groups.length === 0 ? t('rules.noGroups') : null}
        {groups.map((group) => (
          <FormControlLabel
            key={group.id}
            label={group.name}
            control={
              <Checkbox
                checked={selfSignup.includes(group.id)}
                onChange={(event) =>
                  setSelfSignup((current) =>
                    event.target.checked ? [...current, group.id] : current.filter((id) => id !== group.id),
                  )
                }
              />
            }
          />
        ))}
      </FormGroup>
    </FormDialog>
  );
}
