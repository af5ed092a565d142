import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../lib/i18n';

/** Translates a shared validation key or a known server message (see lib/i18n `translateMessage`). */
export function useTranslateMessage(): (message: string) => string {
  const { t } = useTranslation();
  return useCallback((message: string) => translateMessage(t, message), [t]);
}
