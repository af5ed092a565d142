import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AuthLayout } from '../src/components/layouts/auth-layout';
import { loadSettings } from '../src/config/settings';
import { createAppTheme } from '../src/config/theme/create-app-theme';
import { LoginForm } from '../src/features/auth/components/login-form';
import { useSnackbar } from '../src/lib/toast';
import { renderWithProviders } from './test-utils';

function SnackbarButtons() {
  const { enqueueSnackbar } = useSnackbar();
  return (
    <>
      <button type="button" onClick={() => enqueueSnackbar('Saved.', { variant: 'success' })}>
        success
      </button>
      <button type="button" onClick={() => enqueueSnackbar('Could not save.', { variant: 'error' })}>
        error
      </button>
    </>
  );
}

describe('accessibility', () => {
  it('links each field error to its field and announces the errors of a failed submit', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);
    const announcer = screen.getByTestId('form-error-announcer');
    expect(announcer).toHaveAttribute('aria-live', 'assertive');
    expect(announcer).toHaveTextContent('');

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(announcer).toHaveTextContent('The form has 2 errors. The first field with an error is selected.'),
    );
    const email = screen.getByLabelText('Email address');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)).toHaveTextContent(/e-?mail/i);
    expect(email).toHaveFocus();

    // Correcting a field does not announce again; the next failed submit does, with its own count.
    await user.type(email, 'asa@example.com');
    expect(announcer).toHaveTextContent('The form has 2 errors.');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(announcer).toHaveTextContent('The form has one error. The field is selected.'));
  });

  it('announces snackbars: successes politely (status), errors assertively (alert)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SnackbarButtons />);
    await user.click(screen.getByRole('button', { name: 'success' }));
    const polite = await screen.findByRole('status');
    expect(polite).toHaveTextContent('Saved.');
    expect(polite).toHaveAttribute('aria-live', 'polite');
    await user.click(screen.getByRole('button', { name: 'error' }));
    const assertive = await screen.findByRole('alert');
    expect(assertive).toHaveTextContent('Could not save.');
    expect(assertive).toHaveAttribute('aria-live', 'assertive');
  });

  it('has a skip link to the focusable main content', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AuthLayout>page</AuthLayout>);
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('turns transitions off when the system asks for reduced motion', () => {
    const settings = loadSettings();
    const still = createAppTheme(settings, { reducedMotion: true });
    expect(still.transitions.duration.enteringScreen).toBe(0);
    expect(still.transitions.create('opacity')).toBe('none');
    const moving = createAppTheme(settings);
    expect(moving.transitions.duration.enteringScreen).toBeGreaterThan(0);
  });
});
