import type { FormField, WeekSeparationConfig } from '@funkis/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationExportChoice } from '../api/export-applications';

/** The applicant's own columns, as the dialog offers them ("name" is first and last name). */
const BASE = ['name', 'email', 'status', 'group', 'week', 'createdAt'] as const;
type Base = (typeof BASE)[number];
const SERVER_COLUMNS: Record<Base, string[]> = {
  name: ['firstname', 'lastname'],
  email: ['email'],
  status: ['status'],
  group: ['group'],
  week: ['week'],
  createdAt: ['createdAt'],
};

interface ExportDialogProps {
  open: boolean;
  count: number;
  answerFields: FormField[];
  /** The questions shown in the table: chosen from the start. */
  shownFields: string[];
  weekConfig: WeekSeparationConfig | null;
  hrefOf: (choice: ApplicationExportChoice, columns: string[]) => string;
  onClose: () => void;
}

/**
 * Export of the review's current filter: the applicant's columns and the answers wanted (a call list with phone
 * numbers, a T-shirt list), as CSV with `,` or `;`, or XLSX. Options come out as their labels.
 */
export function ExportDialog({
  open,
  count,
  answerFields,
  shownFields,
  weekConfig,
  hrefOf,
  onClose,
}: ExportDialogProps) {
  const { t } = useTranslation('applications');
  const bases = BASE.filter((base) => base !== 'week' || weekConfig !== null);
  const [chosenBases, setChosenBases] = useState<Base[]>(['name', 'email', 'status', 'group']);
  const [chosenFields, setChosenFields] = useState<string[]>(shownFields);
  const [choice, setChoice] = useState<ApplicationExportChoice>('csv');
  const toggle = <T,>(list: T[], item: T) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);
  const columns = [
    ...bases.filter((base) => chosenBases.includes(base)).flatMap((base) => SERVER_COLUMNS[base]),
    ...answerFields.filter((field) => chosenFields.includes(field.name)).map((field) => field.name),
  ];
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="export-applications-title" fullWidth maxWidth="sm">
      <DialogTitle id="export-applications-title">{t('export.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('export.help', { count })}</DialogContentText>
        <Stack spacing={2}>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'flex', flexDirection: 'column' }}>
            <FormLabel component="legend">{t('export.applicant')}</FormLabel>
            {bases.map((base) => (
              <FormControlLabel
                key={base}
                control={
                  <Checkbox
                    checked={chosenBases.includes(base)}
                    onChange={() => setChosenBases((current) => toggle(current, base))}
                  />
                }
                label={base === 'week' && weekConfig ? weekConfig.columnLabel : t(`export.columns.${base}`)}
              />
            ))}
          </Box>
          {answerFields.length > 0 ? (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'flex', flexDirection: 'column' }}>
              <FormLabel component="legend">{t('export.answers')}</FormLabel>
              {answerFields.map((field) => (
                <FormControlLabel
                  key={field.name}
                  control={
                    <Checkbox
                      checked={chosenFields.includes(field.name)}
                      onChange={() => setChosenFields((current) => toggle(current, field.name))}
                    />
                  }
                  label={field.label || field.name}
                />
              ))}
            </Box>
          ) : null}
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'flex', flexDirection: 'column' }}>
            <FormLabel component="legend" id="export-format-label">
              {t('export.format')}
            </FormLabel>
            <RadioGroup
              aria-labelledby="export-format-label"
              value={choice}
              onChange={(event) => setChoice(event.target.value as ApplicationExportChoice)}
            >
              {(['csv', 'csvSemicolon', 'xlsx'] as const).map((value) => (
                <FormControlLabel key={value} value={value} control={<Radio />} label={t(`export.formats.${value}`)} />
              ))}
            </RadioGroup>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('export.cancel')}</Button>
        <Button
          variant="contained"
          href={columns.length > 0 ? hrefOf(choice, columns) : undefined}
          disabled={columns.length === 0}
          onClick={onClose}
          data-testid="export-download"
        >
          {t('export.download')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
