import { UI } from '@funkis/shared';
import { useEffect } from 'react';

export const formatDocumentTitle = (pageTitle: string) => `${pageTitle} | ${UI.PRODUCT_NAME}`;

/** Page titles are `<page> | Funkis` (spec section 1). */
export function useDocumentTitle(pageTitle: string): void {
  useEffect(() => {
    document.title = formatDocumentTitle(pageTitle);
  }, [pageTitle]);
}
