import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Form, useFormAnnouncer } from '../src/components/forms/form';
import { FormTextField } from '../src/components/ui/form-text-field';
import { renderWithProviders } from './test-utils';

const schema = z.object({
  // Trimmed, so the test sees that onSubmit receives the schema's output.
  name: z.string().trim().min(1),
  count: z.string().regex(/^\d+$/),
});

function HookForm({ onValid }: { onValid: (values: z.output<typeof schema>) => void }) {
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { name: '', count: '' } });
  return (
    <Form form={form} onSubmit={onValid} aria-label="Hook form">
      <FormTextField control={form.control} name="name" label="Name" />
      <FormTextField control={form.control} name="count" label="Count" />
      <button type="submit">Save</button>
    </Form>
  );
}

function CheckedForm({ onValid }: { onValid: (name: string) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const announcer = useFormAnnouncer();
  const submit = () => {
    const problems = [name.trim() ? '' : 'Name is required', /^\d+$/.test(name) ? 'A name, not a number' : ''].filter(
      Boolean,
    );
    setError(problems.join(' '));
    announcer.announce(problems.length);
    if (problems.length === 0) onValid(name.trim());
  };
  return (
    <Form announcer={announcer} onSubmit={submit} aria-label="Checked form">
      <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} helperText={error} />
      <button type="submit">Save</button>
    </Form>
  );
}

// As mail's link dialog in compose: a portal, so outside the outer form in the DOM but inside it in React's tree.
function NestedForms({ outer, inner }: { outer: () => void; inner: () => void }) {
  return (
    <Form onSubmit={outer} aria-label="Outer">
      {createPortal(
        <Form onSubmit={inner} aria-label="Inner">
          <button type="submit">Inner save</button>
        </Form>,
        document.body,
      )}
    </Form>
  );
}

describe('Form', () => {
  it('with react-hook-form: announces the count of a failed submit and focuses the first invalid field', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    renderWithProviders(<HookForm onValid={onValid} />);
    const form = screen.getByRole('form', { name: 'Hook form' });
    expect(form).toHaveAttribute('novalidate');
    const announcer = screen.getByTestId('form-error-announcer');
    expect(announcer).toHaveAttribute('aria-live', 'assertive');
    expect(announcer).toHaveTextContent('');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(announcer).toHaveTextContent('The form has 2 errors. The first field with an error is selected.'),
    );
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Name'), ' Åsa ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(announcer).toHaveTextContent('The form has one error. The field is selected.'));
    expect(screen.getByLabelText('Count')).toHaveFocus();

    await user.type(screen.getByLabelText('Count'), '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ name: 'Åsa', count: '12' });
    expect(announcer).toHaveTextContent('');
  });

  it('checking itself: says the errors are shown with the form, keeps focus, and submits valid values', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    renderWithProviders(<CheckedForm onValid={onValid} />);
    expect(screen.getByRole('form', { name: 'Checked form' })).toHaveAttribute('novalidate');
    const announcer = screen.getByTestId('form-error-announcer');
    const save = screen.getByRole('button', { name: 'Save' });

    await user.click(save);
    await waitFor(() => expect(announcer).toHaveTextContent('The form has one error, shown with the form.'));
    expect(save).toHaveFocus();

    // The same sentence again, in a new node, so a screen reader says it again.
    const firstSaid = announcer.firstChild;
    await user.type(screen.getByLabelText('Name'), '42');
    await user.click(save);
    await waitFor(() => expect(announcer.firstChild).not.toBe(firstSaid));
    expect(announcer).toHaveTextContent('The form has one error, shown with the form.');
    expect(onValid).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Åsa{Enter}');
    await waitFor(() => expect(onValid).toHaveBeenCalledWith('Åsa'));
    expect(announcer).toHaveTextContent('');
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it("keeps a nested dialog's submit to its own form", async () => {
    const user = userEvent.setup();
    const outer = vi.fn();
    const inner = vi.fn();
    renderWithProviders(<NestedForms outer={outer} inner={inner} />);
    await user.click(screen.getByRole('button', { name: 'Inner save' }));
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });
});
