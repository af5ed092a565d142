import { screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useSnackbar } from '../src/lib/toast';
import { renderWithProviders } from './test-utils';

function EarlyMessages() {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    // Before notistack's chunk has arrived: both wait in the queue and show in order once it has.
    enqueueSnackbar('First saved.', { variant: 'success' });
    enqueueSnackbar('Then failed.', { variant: 'error' });
  }, [enqueueSnackbar]);
  return null;
}

describe('snackbars without notistack up front (decision 017)', () => {
  it('shows messages sent before the host was loaded, each once, with their roles', async () => {
    renderWithProviders(<EarlyMessages />);
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('First saved.');
    expect(await screen.findByRole('alert')).toHaveTextContent('Then failed.');
    const toasts = screen.getAllByTestId('toast').map((toast) => toast.textContent);
    expect(toasts).toHaveLength(2);
    expect(toasts).toEqual(expect.arrayContaining(['First saved.', 'Then failed.']));
  });
});
