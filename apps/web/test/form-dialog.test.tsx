import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormDialog } from '../src/components/forms/form-dialog';
import { useAnnouncedErrors } from '../src/components/forms/use-announced-errors';
import { FormTextField } from '../src/components/ui/form-text-field';
import { ApiError } from '../src/lib/api-client';
import { i18n } from '../src/lib/i18n';
import { renderWithProviders } from './test-utils';

interface CheckedProps {
  onSave: (name: string) => void;
  onClose?: () => void;
  pending?: boolean;
}

/** A dialog that checks itself, as the scheduling dialogs do: its messages are listed and said. */
function CheckedDialog({ onSave, onClose = () => {}, pending = false }: CheckedProps) {
  const [name, setName] = useState('');
  const { errors, setErrors, announcer } = useAnnouncedErrors();
  const submit = () => {
    const problems = [name.trim() ? '' : 'Name is required', /\d/.test(name) ? 'No digits in a name' : ''].filter(
      Boolean,
    );
    setErrors(problems);
    if (problems.length === 0) onSave(name.trim());
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      title="Rename the group"
      description="Members keep their group."
      errors={errors}
      submitLabel="Save"
      pending={pending}
      announcer={announcer}
      onSubmit={submit}
    >
      <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} />
    </FormDialog>
  );
}

const schema = z.object({ email: z.string().trim().email('Give an e-mail address') });

function HookDialog({ onSave }: { onSave: (values: z.output<typeof schema>) => void }) {
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  return (
    <FormDialog open onClose={() => {}} title="Invite" submitLabel="Invite" form={form} onSubmit={onSave}>
      <FormTextField control={form.control} name="email" label="E-mail" />
    </FormDialog>
  );
}

/** Pending while its save runs. */
function PendingDialog({ onSave }: { onSave: (name: string) => Promise<void> }) {
  const [name, setName] = useState('');
  const [pending, setPending] = useState(false);
  const submit = async () => {
    setPending(true);
    await onSave(name);
    setPending(false);
  };
  return (
    <FormDialog open onClose={() => {}} title="Save" submitLabel="Save" pending={pending} onSubmit={submit}>
      <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} />
    </FormDialog>
  );
}

/** A dialog whose save goes to the server through `attempt`, as the scheduling dialogs' do. */
function ServerDialog({ save, onDone }: { save: () => Promise<unknown>; onDone: () => void }) {
  const { errors, attempt, announcer } = useAnnouncedErrors();
  const submit = async () => {
    if (await attempt(save)) onDone();
  };
  return (
    <FormDialog
      open
      onClose={() => {}}
      title="Offer my place"
      errors={errors}
      submitLabel="Offer"
      announcer={announcer}
      onSubmit={submit}
    >
      <TextField label="Until" />
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it("attempt: the server's refusal is listed and said, the next try clears it and goes on when it goes through", async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    const save = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError(409, ['This shift has started.'], ['This shift has started.']))
      .mockResolvedValueOnce({});
    renderWithProviders(<ServerDialog save={save} onDone={onDone} />);
    const announcer = screen.getByTestId('form-error-announcer');

    await user.click(screen.getByRole('button', { name: 'Offer' }));
    const list = await screen.findByTestId('form-errors');
    expect(list).toHaveTextContent('This shift has started.');
    await waitFor(() => expect(announcer).toHaveTextContent('The form has one error, shown with the form.'));
    expect(onDone).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Offer' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('form-errors')).not.toBeInTheDocument();
    expect(announcer).toHaveTextContent('');
  });

  it('is a modal dialog named by its title, described by its description, with one form inside', () => {
    renderWithProviders(<CheckedDialog onSave={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Rename the group' });
    expect(dialog).toHaveAccessibleDescription('Members keep their group.');
    expect(within(dialog).getByRole('heading', { name: 'Rename the group' })).toBeInTheDocument();
    const form = dialog.querySelector('form');
    expect(form).toHaveAttribute('novalidate');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'submit');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveAttribute('type', 'button');
    // No messages before a submit.
    expect(screen.queryByTestId('form-errors')).not.toBeInTheDocument();
  });

  it('submits with Enter in a field', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    renderWithProviders(<CheckedDialog onSave={onSave} />);
    await user.type(screen.getByLabelText('Name'), ' Åsa {Enter}');
    await waitFor(() => expect(onSave).toHaveBeenCalledWith('Åsa'));
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('shows the messages of a failed submit above the fields and announces how many there are', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    renderWithProviders(<CheckedDialog onSave={onSave} />);
    const announcer = screen.getByTestId('form-error-announcer');
    expect(announcer).toHaveAttribute('aria-live', 'assertive');
    expect(announcer).toHaveTextContent('');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const list = await screen.findByTestId('form-errors');
    expect(
      within(list)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual(['Name is required']);
    await waitFor(() => expect(announcer).toHaveTextContent('The form has one error, shown with the form.'));
    // The list comes before the fields.
    expect(list.compareDocumentPosition(screen.getByLabelText('Name')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.type(screen.getByLabelText('Name'), '42');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(list).getAllByRole('alert')).toHaveLength(1));
    expect(list).toHaveTextContent('No digits in a name');
    expect(onSave).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Åsa{Enter}');
    await waitFor(() => expect(onSave).toHaveBeenCalledWith('Åsa'));
    expect(screen.queryByTestId('form-errors')).not.toBeInTheDocument();
    expect(announcer).toHaveTextContent('');
  });

  it('with react-hook-form: a failed submit is announced and focuses the field, a valid one gets the values', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    renderWithProviders(<HookDialog onSave={onSave} />);
    const dialog = screen.getByRole('dialog', { name: 'Invite' });
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    const announcer = screen.getByTestId('form-error-announcer');
    await waitFor(() => expect(announcer).toHaveTextContent('The form has one error. The field is selected.'));
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
    expect(screen.getByText('Give an e-mail address')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('E-mail'), ' asa@example.com {Enter}');
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toEqual({ email: 'asa@example.com' });
  });

  it('calls onClose from Cancel and from Escape, without submitting', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<CheckedDialog onSave={onSave} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.queryByTestId('form-errors')).not.toBeInTheDocument();
  });

  it('says Cancel in the language of the app', async () => {
    await i18n.changeLanguage('sv');
    renderWithProviders(<CheckedDialog onSave={() => {}} />);
    expect(screen.getByRole('button', { name: 'Avbryt' })).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });

  it('disables the submit button while pending, and only then', async () => {
    const user = userEvent.setup();
    let finish = () => {};
    const onSave = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderWithProviders(<PendingDialog onSave={onSave} />);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();
    await user.type(screen.getByLabelText('Name'), 'Åsa');
    await user.click(save);
    await waitFor(() => expect(save).toBeDisabled());
    expect(within(save).getByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    // Enter while it runs sends nothing more: the form's submit button is disabled.
    await user.type(screen.getByLabelText('Name'), '{Enter}');
    expect(onSave).toHaveBeenCalledTimes(1);

    finish();
    await waitFor(() => expect(save).toBeEnabled());
    expect(within(save).queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
