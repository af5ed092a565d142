import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LanguagePicker } from '../src/components/layouts/language-picker';
import { detectLanguage, i18n, writeLanguageCookie } from '../src/lib/i18n';
import { renderWithProviders } from './test-utils';

describe('language picker', () => {
  it('offers English and Swedish only', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LanguagePicker />);
    await user.click(screen.getByRole('button', { name: 'Change language' }));
    // The menu is a chunk of its own, fetched on the first opening.
    const options = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(options).toEqual(['English', 'Svenska']);
  });

  it('switches the language, keeps it in the language cookie and sets <html lang>', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LanguagePicker />);
    await user.click(screen.getByRole('button', { name: 'Change language' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Svenska' }));
    // The Swedish texts are a lazy chunk: the language changes once they have loaded.
    await waitFor(() => expect(i18n.language).toBe('sv'));
    expect(document.cookie).toContain('language=sv');
    expect(document.documentElement.lang).toBe('sv');
    expect(await screen.findByRole('button', { name: 'Byt språk' })).toBeInTheDocument();
  });
});

describe('language detection', () => {
  it('prefers the cookie, including the hidden languages', () => {
    writeLanguageCookie('de');
    expect(detectLanguage()).toBe('de');
  });

  it('ignores an unknown cookie value and falls back to the browser language or English', () => {
    writeLanguageCookie('xx');
    // jsdom reports en-US
    expect(detectLanguage()).toBe('en');
  });
});
