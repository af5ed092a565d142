import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LoginForm } from '../src/features/auth/components/login-form';
import { mockFetch, renderWithProviders } from './test-utils';

describe('login form', () => {
  it('shows a field error only once the field has been touched', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);
    const email = screen.getByLabelText('Email address');
    await user.type(email, 'not-an-email');
    expect(screen.queryByText('The email address is invalid.')).not.toBeInTheDocument();
    expect(screen.queryByText('Password is required.')).not.toBeInTheDocument();

    await user.tab(); // leave the e-mail field, enter the password field
    expect(await screen.findByText('The email address is invalid.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    // The password field has been entered but not left: still no error for it.
    expect(screen.queryByText('Password is required.')).not.toBeInTheDocument();

    await user.tab();
    expect(await screen.findByText('Password is required.')).toBeInTheDocument();
  });

  it('once shown, an error follows every change: a corrected e-mail clears it, and the form logs in', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(() => ({ status: 401, body: { success: false, errorMessages: ['Nope.'] } }));
    renderWithProviders(<LoginForm />);
    const email = screen.getByLabelText('Email address');
    await user.type(email, 'asa@');
    await user.tab();
    expect(await screen.findByText('The email address is invalid.')).toBeInTheDocument();
    await user.click(email);
    await user.type(email, 'example.com');
    await waitFor(() => expect(screen.queryByText('The email address is invalid.')).not.toBeInTheDocument());
    expect(email).toHaveAttribute('aria-invalid', 'false');
    await user.type(screen.getByLabelText('Password'), 'a-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ email: 'asa@example.com', password: 'a-password' });
  });

  it('shows every error when submitted untouched and does not call the server', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(() => ({ body: {} }));
    renderWithProviders(<LoginForm />);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Email address is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's error messages under the form", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(() => ({
      status: 401,
      body: { success: false, errorMessages: ['Invalid email or password.'] },
    }));
    renderWithProviders(<LoginForm />);
    await user.type(screen.getByLabelText('Email address'), 'asa@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(calls[0]).toMatchObject({
      url: '/api/login',
      method: 'POST',
      body: { email: 'asa@example.com', password: 'wrong-password' },
    });
  });

  it('translates validation messages into Swedish', async () => {
    const user = userEvent.setup();
    const { i18n } = await import('../src/lib/i18n');
    await i18n.changeLanguage('sv');
    renderWithProviders(<LoginForm />);
    await user.click(screen.getByRole('button', { name: 'Logga in' }));
    await waitFor(() => expect(screen.getByText('E-postadress krävs.')).toBeInTheDocument());
  });
});
