// The date pickers' texts and dayjs's calendar (month names, first weekday, date format) in this language: a
// chunk of its own, fetched by date-picker-field.tsx for the active language only.
import 'dayjs/locale/fr';

export { frFR as default } from '@mui/x-date-pickers/locales';
export const dayjsLocale = 'fr';
