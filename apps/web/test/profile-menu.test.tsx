import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProfileMenu } from '../src/components/layouts/profile-menu';
import { mockFetch, renderWithProviders, testUser } from './test-utils';

describe('profile menu', () => {
  it('opened by keyboard, focuses its first item and moves with the arrow keys', async () => {
    mockFetch(() => ({ body: {} }));
    renderWithProviders(<ProfileMenu />, { user: testUser });
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Open profile menu' });
    button.focus();
    await user.keyboard('{Enter}');
    const account = await screen.findByRole('menuitem', { name: 'Account' });
    await waitFor(() => expect(account).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Cover requests' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(account).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
  });
});
