import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SettingsButton } from '../src/components/layouts/settings-button';
import { loadSettings } from '../src/config/settings';
import { createAppTheme } from '../src/config/theme/create-app-theme';
import { renderWithProviders } from './test-utils';

const stored = () => JSON.parse(window.localStorage.getItem('settings') ?? 'null');

describe('settings', () => {
  it('defaults to compact, left-to-right, responsive fonts, rounded corners and the system colour scheme', () => {
    expect(loadSettings()).toEqual({
      theme: 'LIGHT', // the test browser prefers light
      direction: 'ltr',
      compact: true,
      roundedCorners: true,
      responsiveFontSizes: true,
    });
  });

  it('keeps valid stored values and ignores broken ones', () => {
    window.localStorage.setItem('settings', JSON.stringify({ theme: 'NATURE', direction: 'sideways', compact: false }));
    expect(loadSettings()).toMatchObject({ theme: 'NATURE', direction: 'ltr', compact: false });
    window.localStorage.setItem('settings', '{not json');
    expect(loadSettings().theme).toBe('LIGHT');
  });

  it('saves the choices of the settings drawer in localStorage', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SettingsButton />);
    await user.click(screen.getByRole('button', { name: 'Open settings' }));
    const drawer = await screen.findByRole('dialog', { name: 'Settings' });

    await user.click(within(drawer).getByRole('radio', { name: 'Nature' }));
    expect(stored()).toMatchObject({ theme: 'NATURE' });

    await user.click(within(drawer).getByRole('radio', { name: 'Right to left' }));
    expect(stored()).toMatchObject({ direction: 'rtl' });
    expect(document.documentElement.dir).toBe('rtl');

    await user.click(within(drawer).getByRole('switch', { name: 'Rounded corners' }));
    await user.click(within(drawer).getByRole('switch', { name: 'Responsive font sizes' }));
    expect(stored()).toMatchObject({ roundedCorners: false, responsiveFontSizes: false });

    await user.click(within(drawer).getByRole('button', { name: 'Reset to defaults' }));
    expect(stored()).toMatchObject({ theme: 'LIGHT', direction: 'ltr', roundedCorners: true });
  });

  it("follows a change another tab saved (the browser's storage event), and only to the settings", async () => {
    const user = userEvent.setup();
    renderWithProviders(<SettingsButton />);
    const tell = (key: string | null) =>
      act(() => {
        window.dispatchEvent(new StorageEvent('storage', { key, storageArea: window.localStorage }));
      });

    window.localStorage.setItem('settings', JSON.stringify({ theme: 'NATURE', direction: 'rtl' }));
    // Another key changed: nothing is read.
    await tell('csrf');
    expect(document.documentElement.dir).toBe('ltr');
    await tell('settings');
    expect(document.documentElement.dir).toBe('rtl');
    await user.click(screen.getByRole('button', { name: 'Open settings' }));
    const drawer = await screen.findByRole('dialog', { name: 'Settings' });
    expect(within(drawer).getByRole('radio', { name: 'Nature' })).toBeChecked();

    // The other tab cleared the storage: back to the defaults.
    window.localStorage.clear();
    await tell(null);
    expect(document.documentElement.dir).toBe('ltr');
    expect(within(drawer).getByRole('radio', { name: 'Light' })).toBeChecked();
  });

  it('builds the themes: radius 16 with rounded corners, a green palette for NATURE', () => {
    const base = loadSettings();
    expect(createAppTheme(base).shape.borderRadius).toBe(16);
    expect(createAppTheme({ ...base, roundedCorners: false }).shape.borderRadius).toBe(4);
    expect(createAppTheme({ ...base, theme: 'DARK' }).palette.mode).toBe('dark');
    expect(createAppTheme({ ...base, theme: 'NATURE' }).palette.primary.main).toBe('#276d2b');
    expect(createAppTheme({ ...base, direction: 'rtl' }).direction).toBe('rtl');
  });
});
