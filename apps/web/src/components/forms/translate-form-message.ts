import { type FormMessageKey, formMessages, type ValidationIssue } from '@funkis/shared';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n, translateMessage } from '../../lib/i18n';

/** The texts of the form and answer rules live in the 'forms' namespace (locales/<lng>/forms.json, key `error.*`). */
const NAMESPACE = 'forms';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each English template as a pattern, to recognise the server's texts (with their parameters) and translate them. */
let patterns: { key: FormMessageKey; pattern: RegExp; names: string[] }[] | null = null;
function formMessagePatterns() {
  patterns ??= (Object.entries(formMessages) as [FormMessageKey, string][]).map(([key, template]) => {
    const names: string[] = [];
    const source = template
      .split(/(\{\w+\})/)
      .map((part) => {
        const match = /^\{(\w+)\}$/.exec(part);
        if (!match) return escapeRegExp(part);
        names.push(match[1] as string);
        return '(.+?)';
      })
      .join('');
    return { key, pattern: new RegExp(`^${source}$`), names };
  });
  return patterns;
}

/** Translates a validation issue of the shared form rules (key + parameters). */
export function translateIssue(t: TFunction, issue: ValidationIssue): string {
  if (i18n.exists(issue.key, { ns: NAMESPACE })) return t(issue.key, { ns: NAMESPACE, ...(issue.params ?? {}) });
  return translateMessage(t, issue.key);
}

/** Translates a server message: a form rule's English text (parameters kept), a shared message, or as written. */
export function translateFormMessage(t: TFunction, message: string): string {
  for (const { key, pattern, names } of formMessagePatterns()) {
    const match = pattern.exec(message);
    if (!match) continue;
    const params = Object.fromEntries(names.map((name, index) => [name, match[index + 1] as string]));
    return translateIssue(t, { key, params });
  }
  return translateMessage(t, message);
}

export function useTranslateFormMessage() {
  // The default namespace: shared messages (error.required …) live there; form rules are read with { ns }.
  const { t } = useTranslation();
  return {
    translateIssue: useCallback((issue: ValidationIssue) => translateIssue(t, issue), [t]),
    translateMessage: useCallback((message: string) => translateFormMessage(t, message), [t]),
  };
}
