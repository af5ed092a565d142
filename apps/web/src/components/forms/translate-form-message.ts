import type { CodedMessage, ValidationIssue } from '@funkis/shared';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../lib/i18n';

/** Translates a validation issue of the shared form rules (key + parameters). */
export function translateIssue(t: TFunction, issue: ValidationIssue): string {
  return translateMessage(t, { code: issue.key, params: issue.params });
}

export function useTranslateFormMessage() {
  const { t } = useTranslation();
  return {
    translateIssue: useCallback((issue: ValidationIssue) => translateIssue(t, issue), [t]),
    translateMessage: useCallback((message: CodedMessage | string) => translateMessage(t, message), [t]),
  };
}
