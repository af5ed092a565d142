import type { EventForm } from '@funkis/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../src/app/providers';
import { FormBuilder } from '../src/features/form-builder/components/form-builder';
import { createTestQueryClient, mockFetch, testUser } from './test-utils';

const savedForm: EventForm = {
  fields: [
    { name: 'form-field-custom-1', type: 'text', label: 'Full name', required: true },
    {
      name: 'form-field-custom-2',
      type: 'select',
      label: 'T-shirt size',
      required: false,
      options: [
        { value: 's', label: 'Small' },
        { value: 'l', label: 'Large' },
      ],
    },
  ],
  updatedAt: '2026-01-01T10:00:00.000Z',
  nextFieldNumber: 5,
};

/** The builder in a data router (useBlocker needs one). */
function renderBuilder(form: EventForm = savedForm) {
  const router = createMemoryRouter(
    [{ path: '/event/7/form', element: <FormBuilder eventId={7} form={form} applicationsOpen={false} /> }],
    { initialEntries: ['/event/7/form'] },
  );
  return render(
    <AppProviders queryClient={createTestQueryClient()} initialUser={testUser}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const titles = () => screen.getAllByTestId('field-editor').map((card) => within(card).getByRole('heading').textContent);

describe('form builder', { timeout: 40_000 }, () => {
  it('adds a field named after nextFieldNumber, shows it in the preview and saves the form', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(({ body }) => ({
      body: { ...(body as object), updatedAt: '2026-01-02T10:00:00.000Z', nextFieldNumber: 6, success: true },
    }));
    renderBuilder();
    expect(screen.getByRole('button', { name: 'Save form' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.click(screen.getByRole('menuitem', { name: 'Long text' }));
    const card = screen.getAllByTestId('field-editor')[2] as HTMLElement;
    fireEvent.change(within(card).getByRole('textbox', { name: /^Label/ }), { target: { value: 'About you' } });
    await user.click(within(card).getByLabelText('Required'));
    expect(screen.getByTestId('unsaved-changes')).toBeInTheDocument();
    expect(within(screen.getByTestId('form-preview')).getByLabelText(/About you/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save form' }));
    expect(await screen.findByText('The form was saved.')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toMatch(/\/api\/event\/7\/form$/);
    expect(post?.body).toEqual({
      fields: [
        savedForm.fields[0],
        savedForm.fields[1],
        { name: 'form-field-custom-5', type: 'textarea', label: 'About you', required: true },
      ],
      updatedAt: '2026-01-01T10:00:00.000Z',
    });
    await waitFor(() => expect(screen.queryByTestId('unsaved-changes')).not.toBeInTheDocument());
  });

  it('moves, duplicates and deletes fields', async () => {
    const user = userEvent.setup();
    mockFetch(() => ({ status: 500 }));
    renderBuilder();
    const first = () => screen.getAllByTestId('field-editor')[0] as HTMLElement;
    expect(within(first()).getByRole('button', { name: 'Move up' })).toBeDisabled();
    await user.click(within(first()).getByRole('button', { name: 'Move down' }));
    expect(titles()).toEqual(['T-shirt size', 'Full name']);

    await user.click(within(first()).getByRole('button', { name: 'Duplicate' }));
    expect(titles()).toEqual(['T-shirt size', 'T-shirt size', 'Full name']);
    await user.click(
      within(screen.getAllByTestId('field-editor')[2] as HTMLElement).getByRole('button', { name: 'Delete' }),
    );
    expect(titles()).toEqual(['T-shirt size', 'T-shirt size']);
    expect(screen.getByTestId('unsaved-changes')).toBeInTheDocument();
  });

  it('checks the form before saving and shows the server’s 409 with a way to reload', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(({ method }) =>
      method === 'POST'
        ? {
            status: 409,
            body: {
              errorMessages: [
                'The form was changed by someone else in the meantime. Reload it and make your changes again.',
              ],
              errors: [{ code: 'error.formChanged' }],
            },
          }
        : { body: savedForm },
    );
    renderBuilder();
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.click(screen.getByRole('menuitem', { name: 'Single choice' }));
    await user.click(screen.getByRole('button', { name: 'Save form' }));
    expect(screen.getByText('The label is required.')).toBeInTheDocument();
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThan(0);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    const card = screen.getAllByTestId('field-editor')[2] as HTMLElement;
    fireEvent.change(within(card).getByRole('textbox', { name: /^Label/ }), { target: { value: 'Week' } });
    fireEvent.change(within(card).getByRole('textbox', { name: 'Option 1 label' }), {
      target: { value: 'First week' },
    });
    await user.click(screen.getByRole('button', { name: 'Save form' }));
    expect(await screen.findByText(/changed by someone else/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(titles()).toEqual(['Full name', 'T-shirt size']));
  });

  it('shows the week-separation refusal without offering a reload', async () => {
    const user = userEvent.setup();
    mockFetch(() => ({
      status: 409,
      body: {
        errorMessages: [
          'The field "form-field-custom-2" decides the week for week separation and cannot be removed while week separation is on.',
        ],
        errors: [{ code: 'error.formWeekFieldRemoved', params: { name: 'form-field-custom-2' } }],
      },
    }));
    renderBuilder();
    await user.click(
      within(screen.getAllByTestId('field-editor')[1] as HTMLElement).getByRole('button', { name: 'Delete' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save form' }));
    expect(await screen.findByText(/decides the week for week separation and cannot be removed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
  });
});
