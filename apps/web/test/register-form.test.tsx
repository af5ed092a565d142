import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RegisterForm } from '../src/features/auth/components/register-form';
import { mockFetch, renderWithProviders } from './test-utils';

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email address'), 'asa.berg@example.com');
  await user.type(screen.getByLabelText('Password'), 'long-enough');
  await user.type(screen.getByLabelText('Confirm password'), 'long-enough');
  await user.type(screen.getByLabelText('First name'), 'Åsa');
  await user.type(screen.getByLabelText('Last name'), 'Berg-Ström');
  await user.click(screen.getByRole('checkbox'));
}

describe('register form', () => {
  it("shows each of the server's error messages as an error line under the form", async () => {
    const user = userEvent.setup();
    mockFetch(() => ({
      status: 409,
      body: {
        success: false,
        errorMessages: ['An account with this email address already exists.', 'Something else is off.'],
      },
    }));
    renderWithProviders(<RegisterForm />);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const errors = await screen.findByTestId('form-errors');
    const lines = within(errors).getAllByRole('alert');
    expect(lines.map((line) => line.textContent)).toEqual([
      'An account with this email address already exists.',
      'Something else is off.',
    ]);
  });

  it('shows a single string errorMessages as one line', async () => {
    const user = userEvent.setup();
    mockFetch(() => ({ status: 400, body: { success: false, errorMessages: 'Registration is closed.' } }));
    renderWithProviders(<RegisterForm />);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration is closed.');
  });

  it('sends only email, first name, last name and password', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(() => ({
      body: {
        success: true,
        _csrf: 'new-token',
        user: { id: 9, email: 'asa.berg@example.com', firstname: 'Åsa', lastname: 'Berg-Ström', avatar: null },
      },
    }));
    renderWithProviders(<RegisterForm />);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].url).toBe('/api/register');
    expect(calls[0].body).toEqual({
      email: 'asa.berg@example.com',
      firstname: 'Åsa',
      lastname: 'Berg-Ström',
      password: 'long-enough',
    });
    expect(window.localStorage.getItem('csrf')).toBe('new-token');
  });

  it('checks the terms box, the name pattern and the confirmation before sending', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(() => ({ body: {} }));
    renderWithProviders(<RegisterForm />);
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.type(screen.getByLabelText('Confirm password'), 'different!');
    await user.type(screen.getByLabelText('First name'), 'åsa');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(screen.getByText('First name is invalid.')).toBeInTheDocument();
    expect(screen.getByText('This field must be checked.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('links to the terms', () => {
    renderWithProviders(<RegisterForm />);
    expect(screen.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/terms');
  });
});
