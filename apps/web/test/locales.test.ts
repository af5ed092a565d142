import { catalogue } from '@funkis/shared';
import { describe, expect, it } from 'vitest';
import { i18n, translateMessage } from '../src/lib/i18n';
import en from '../src/locales/en/translation.json';
import sv from '../src/locales/sv/translation.json';
import zh from '../src/locales/zh/translation.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

describe('locales', () => {
  const english = flatten(en as Tree);
  const swedish = flatten(sv as Tree);

  it('has no error texts of its own: they come from the shared catalogue', () => {
    expect(Object.keys(english).filter((key) => key.startsWith('error.'))).toEqual([]);
  });

  it('has a Swedish text for every English key', () => {
    const missing = Object.keys(english).filter((key) => !swedish[key]);
    expect(missing).toEqual([]);
  });

  it('keeps the spec texts', () => {
    expect(english.unableToLogout).toBe('Unable to logout');
    expect(english['statusPages.notFound.title']).toBe('Page not found');
    expect(english['statusPages.notFound.message']).toBe('The page you are looking for does not exist.');
    expect(english['statusPages.serverError.title']).toBe('Internal server error');
    expect(english['statusPages.serverError.message']).toBe('An internal server error occured.');
    expect(english['statusPages.accessDenied.message']).toBe('You do not have access to this page.');
  });

  it('has empty date strings in Chinese', () => {
    expect(Object.values((zh as { date: Record<string, string> }).date).every((value) => value === '')).toBe(true);
  });

  it('translates coded messages and keys with their parameters, and shows unknown text as it is', async () => {
    await i18n.changeLanguage('en');
    const t = () => i18n.t.bind(i18n);
    expect(translateMessage(t(), 'error.passwordTooShort')).toBe('Password must be at least 7 characters long.');
    expect(translateMessage(t(), { code: 'error.textTooLong', params: { max: 12 } })).toBe(
      'This text cannot be longer than 12 characters.',
    );
    await i18n.changeLanguage('sv');
    expect(translateMessage(t(), 'error.passwordTooShort')).toBe(
      `Lösenordet måste vara minst ${catalogue['error.passwordTooShort'].params.min} tecken långt.`,
    );
    expect(translateMessage(t(), { code: 'error.invalidCredentials' })).toBe('Fel e-postadress eller lösenord.');
    // English text is never matched back to a key: a client gets codes for that.
    expect(translateMessage(t(), 'Invalid email or password.')).toBe('Invalid email or password.');
    await i18n.changeLanguage('de');
    expect(translateMessage(t(), { code: 'error.invalidCredentials' })).toBe('Invalid email or password.');
    await i18n.changeLanguage('en');
  });
});
