import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type ReactNode, useId } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ErrorMessage } from '../../lib/api-client';
import { FormErrorList } from '../ui/form-error-list';
import { type CheckedFormProps, Form, type FormProps, type HookFormProps } from './form';

interface FormDialogFrameProps {
  open: boolean;
  /** Escape, the backdrop and Cancel. */
  onClose(): void;
  /** Names the dialog. */
  title: ReactNode;
  /** Describes the dialog (`aria-describedby`); shown first in its content. */
  description?: ReactNode;
  /** The form's messages (`useAnnouncedErrors`' `errors`): shown above the fields. */
  errors?: ErrorMessage[];
  submitLabel: ReactNode;
  /** While the submit runs: the submit button shows it and is disabled. */
  pending?: boolean;
  /** Another reason the submit button is off (nothing to save yet). */
  submitDisabled?: boolean;
  /** Buttons before Cancel. */
  actions?: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  fullScreen?: boolean;
  /** The fields, laid out as a column. */
  children: ReactNode;
}

type FormDialogFormProps<TValues extends FieldValues, TOutput extends FieldValues> =
  | Pick<HookFormProps<TValues, TOutput>, 'form' | 'onSubmit' | 'announcer'>
  | Pick<CheckedFormProps, 'form' | 'onSubmit' | 'announcer'>;

export type FormDialogProps<TValues extends FieldValues, TOutput extends FieldValues = TValues> = FormDialogFrameProps &
  FormDialogFormProps<TValues, TOutput>;

/**
 * The form between the dialog's paper and its parts is a column as the paper is, so the content is what scrolls: a
 * tall form on a phone keeps its title and its buttons in view.
 */
const FORM_LAYOUT = { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 } as const;

/**
 * A dialog that is one form (decision 027): the title names the dialog, the content holds the description, the
 * errors and the fields in a column, the actions are Cancel and the submit button. `form` + `onSubmit(values)`
 * for react-hook-form, `announcer` + `onSubmit()` for a form that checks itself, as with `Form`.
 */
export function FormDialog<TValues extends FieldValues, TOutput extends FieldValues = TValues>(
  props: FormDialogProps<TValues, TOutput>,
) {
  const {
    open,
    onClose,
    title,
    description,
    errors,
    submitLabel,
    pending = false,
    submitDisabled = false,
    actions,
    maxWidth = 'sm',
    fullScreen,
    children,
    ...formProps
  } = props;
  const { t } = useTranslation();
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = description === undefined ? undefined : `${id}-description`;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
    >
      <Form {...(formProps as FormProps<TValues, TOutput>)} style={FORM_LAYOUT}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {description === undefined ? null : <DialogContentText id={descriptionId}>{description}</DialogContentText>}
            {errors ? <FormErrorList messages={errors} /> : null}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          {actions}
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" loading={pending} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
