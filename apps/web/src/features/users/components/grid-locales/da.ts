// The data grid's texts in this language: a chunk of its own (users-table.tsx).
export { daDK as default } from '@mui/x-data-grid/locales';
