import { i18n } from '../../../lib/i18n';
import en from '../../../locales/lazy/en/notifications.json';
import sv from '../../../locales/lazy/sv/notifications.json';

/**
 * The texts of the account page's notifications section (decision 030), in its own chunk. They are not among the
 * text files of src/locales/<language>/, each of which puts an entry into every page's first script (lib/i18n.ts):
 * src/locales/lazy/ is read only here, and both languages come with the section (other languages fall back to
 * English, as their missing texts do everywhere).
 */
export const NOTIFICATIONS_NAMESPACE = 'notifications';

export function addNotificationTexts(): void {
  i18n.addResourceBundle('en', NOTIFICATIONS_NAMESPACE, en, true, true);
  i18n.addResourceBundle('sv', NOTIFICATIONS_NAMESPACE, sv, true, true);
}
