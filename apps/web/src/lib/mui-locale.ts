import type { Language } from '@funkis/shared';
import type { Localization } from '@mui/material/locale';
import type { LabelDisplayedRowsArgs } from '@mui/material/TablePagination';
import { createElement, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * MUI's own texts ("1–25 av 666", "Gå till nästa sida") in the app's language (decision 026). Each language's pack is
 * a chunk fetched by the screens that show such texts, for the active language only; English is MUI's default and
 * fetches nothing.
 */
const LOADERS: Partial<Record<Language, () => Promise<{ default: Localization }>>> = {
  sv: () => import('./mui-locales/sv'),
  no: () => import('./mui-locales/no'),
  da: () => import('./mui-locales/da'),
  de: () => import('./mui-locales/de'),
  fr: () => import('./mui-locales/fr'),
  es: () => import('./mui-locales/es'),
  zh: () => import('./mui-locales/zh'),
};

const loaded = new Map<string, Localization>();

/** The active language's MUI pack once loaded; null for English (MUI's default) and while it loads. */
export function useMuiLocale(): Localization | null {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [locale, setLocale] = useState<Localization | null>(() => loaded.get(language) ?? null);
  useEffect(() => {
    const load = LOADERS[language as Language];
    if (!load) {
      setLocale(null);
      return;
    }
    const cached = loaded.get(language);
    if (cached) {
      setLocale(cached);
      return;
    }
    let isCurrent = true;
    load().then(
      (module) => {
        loaded.set(language, module.default);
        if (isCurrent) setLocale(module.default);
      },
      // A pack that fails to load leaves MUI's English texts.
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [language]);
  return locale;
}

export interface PaginationTexts {
  labelRowsPerPage?: string;
  labelDisplayedRows?: (args: LabelDisplayedRowsArgs) => ReactNode;
  getItemAriaLabel?: (type: 'first' | 'last' | 'next' | 'previous') => string;
}

const englishDisplayedRows = ({ from, to, count }: LabelDisplayedRowsArgs) =>
  `${from}–${to} of ${count !== -1 ? count : `more than ${to}`}`;

/** "1–25 of 666" in the active language (MUI's pack; English otherwise). */
function useDisplayedRows(): (args: LabelDisplayedRowsArgs) => string {
  const locale = useMuiLocale();
  // MUI's packs answer text.
  const fromPack = locale?.components?.MuiTablePagination?.defaultProps?.labelDisplayedRows as
    | ((args: LabelDisplayedRowsArgs) => string)
    | undefined;
  return fromPack ?? englishDisplayedRows;
}

/**
 * "1–25 of 666" as text for the data grid (which takes text only), kept in one piece in a right-to-left page by
 * first-strong isolate marks (decision 026).
 */
export function useDisplayedRowsText(): (args: LabelDisplayedRowsArgs) => string {
  const displayedRows = useDisplayedRows();
  return useCallback((args) => `\u2068${displayedRows(args)}\u2069`, [displayedRows]);
}

/** Props for a TablePagination in the active language (MUI's English otherwise), the counts isolated (`<bdi>`). */
export function usePaginationTexts(): PaginationTexts {
  const locale = useMuiLocale();
  const displayedRows = useDisplayedRows();
  const texts = locale?.components?.MuiTablePagination?.defaultProps;
  return useMemo(
    () => ({
      ...(typeof texts?.labelRowsPerPage === 'string' ? { labelRowsPerPage: texts.labelRowsPerPage } : {}),
      labelDisplayedRows: (args: LabelDisplayedRowsArgs) => createElement('bdi', null, displayedRows(args)),
      ...(texts?.getItemAriaLabel ? { getItemAriaLabel: texts.getItemAriaLabel } : {}),
    }),
    [texts, displayedRows],
  );
}

/** Props for a Pagination (numbered pages) in the active language (nothing for English: MUI's defaults). */
export function usePagesTexts(): {
  'aria-label'?: string;
  getItemAriaLabel?: (type: string, page: number | null, selected: boolean) => string;
} {
  const locale = useMuiLocale();
  const texts = locale?.components?.MuiPagination?.defaultProps;
  if (!texts) return {};
  return {
    'aria-label': texts['aria-label'],
    // MUI's packs name the ellipses nothing, as its English default.
    getItemAriaLabel: texts.getItemAriaLabel as (type: string, page: number | null, selected: boolean) => string,
  };
}

/**
 * A TablePagination on a phone: its parts wrap onto two lines instead of pushing the next-page arrow past the
 * edge (at 320 px the rows-per-page choice and "26–50 of 666" leave it no room).
 */
export const NARROW_PAGINATION_SX = {
  '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: { xs: 1, sm: 2 } },
  '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
  '& .MuiTablePagination-actions': { ml: { xs: 1, sm: 2.5 } },
} as const;
