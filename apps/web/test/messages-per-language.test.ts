import { catalogue } from '@funkis/shared';
import { describe, expect, it } from 'vitest';
import { i18n, isMessageKey, loadNamespaces, MESSAGES_NAMESPACE, translateMessage } from '../src/lib/i18n';

/** The catalogue's texts as i18next holds them for a language (from virtual:funkis-messages/<language>). */
async function bundleOf(language: string) {
  await i18n.loadLanguages(language);
  await loadNamespaces([MESSAGES_NAMESPACE]);
  return i18n.getResourceBundle(language, MESSAGES_NAMESPACE) as Record<string, Record<string, string>>;
}
const count = (texts: Record<string, Record<string, string>>) =>
  Object.values(texts).reduce((sum, group) => sum + Object.keys(group).length, 0);

describe('the message catalogue, one language per chunk (decision 017)', () => {
  it("a language's chunk holds that language only, every key, with i18next placeholders", async () => {
    const english = await bundleOf('en');
    const swedish = await bundleOf('sv');
    expect(english.error?.required).toBe('This field is required.');
    expect(swedish.error?.required).toBe('Det här fältet är obligatoriskt.');
    expect(swedish.error?.passwordTooShort).toBe('Lösenordet måste vara minst {{min}} tecken långt.');
    expect(JSON.stringify(english)).not.toContain('obligatoriskt');
    expect(count(english)).toBe(Object.keys(catalogue).length);
    expect(count(swedish)).toBe(Object.keys(catalogue).length);
  });

  it('the app knows a catalogue key by the loaded messages and fills the default parameters', async () => {
    await bundleOf('en');
    expect(isMessageKey('error.required')).toBe(true);
    expect(isMessageKey('error.noSuchMessage')).toBe(false);
    expect(isMessageKey('Something went wrong')).toBe(false);
    const t = i18n.getFixedT('en');
    expect(translateMessage(t, 'error.passwordTooShort')).toBe('Password must be at least 7 characters long.');
    expect(translateMessage(t, { code: 'error.passwordTooLong', params: { max: 12 } })).toBe(
      'Password cannot be longer than 12 characters.',
    );
    expect(translateMessage(i18n.getFixedT('sv'), 'error.passwordTooShort')).toBe(
      'Lösenordet måste vara minst 7 tecken långt.',
    );
  });
});
