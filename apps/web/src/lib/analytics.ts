/** Google Tag Manager's data layer. The server adds the GTM script tag when GTM_ID is set (no inline script: CSP). */
declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

function dataLayer(): Record<string, unknown>[] {
  window.dataLayer = window.dataLayer || [];
  return window.dataLayer;
}

export function pushToDataLayer(entry: Record<string, unknown>): void {
  dataLayer().push(entry);
}

/** What GTM's usual inline snippet does, run from our bundle at boot. */
export function initTagManager(): void {
  pushToDataLayer({ 'gtm.start': Date.now(), event: 'gtm.js' });
}

export function trackPageView(pagePath: string, pageTitle: string): void {
  pushToDataLayer({ event: 'page_view', page_path: pagePath, page_title: pageTitle });
}
