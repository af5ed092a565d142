// MUI's own texts in this language (table paging, autocomplete, alerts): a chunk of its own (lib/mui-locale.ts).
export { esES as default } from '@mui/material/locale';
