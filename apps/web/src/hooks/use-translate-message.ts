import type { CodedMessage } from '@funkis/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../lib/i18n';

/** Translates a coded server message, a catalogue key, or shows a text as it is (lib/i18n `translateMessage`). */
export function useTranslateMessage(): (message: CodedMessage | string) => string {
  const { t } = useTranslation();
  return useCallback((message: CodedMessage | string) => translateMessage(t, message), [t]);
}
