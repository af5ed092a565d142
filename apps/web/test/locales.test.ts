import { MESSAGE_PARAMS, messages } from '@funkis/shared';
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

  it('has every shared message key in English with the same text (i18next {{placeholders}})', () => {
    for (const [key, text] of Object.entries(messages)) {
      expect(english[key], key).toBe(text.replace(/\{(\w+)\}/g, '{{$1}}'));
    }
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

  it('translates message keys with their parameters, and the server’s English texts', async () => {
    const t = i18n.t.bind(i18n);
    expect(translateMessage(t, 'error.passwordTooShort')).toBe('Password must be at least 7 characters long.');
    await i18n.changeLanguage('sv');
    expect(translateMessage(i18n.t.bind(i18n), 'error.passwordTooShort')).toBe(
      `Lösenordet måste vara minst ${MESSAGE_PARAMS['error.passwordTooShort']?.min} tecken långt.`,
    );
    expect(translateMessage(i18n.t.bind(i18n), 'Invalid email or password.')).toBe('Fel e-postadress eller lösenord.');
    expect(translateMessage(i18n.t.bind(i18n), 'A message the app does not know')).toBe(
      'A message the app does not know',
    );
  });
});
