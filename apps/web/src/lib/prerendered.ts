import type { ApplyPreview } from '@funkis/shared';
import type { QueryClient } from '@tanstack/react-query';
import { applyKeys } from './query-keys';

/**
 * The login, register and apply pages come with their HTML (`#prerendered`, put in by the server from the build's
 * prerendered pages, decision 029): they paint before any script. The app renders into the hidden `#root` meanwhile
 * and, once it shows its first page (the root layout's first commit), takes over: what the person typed and where
 * their focus was move to the app's fields of the same name, the painted page goes, and the app shows; a press on
 * the painted form's button meanwhile sends the app's form.
 */

const PRERENDERED_ID = 'prerendered';

export const hasPrerenderedPage = (): boolean => document.getElementById(PRERENDERED_ID) !== null;

/** The apply page's event the server painted: in the cache before the first render, so the app paints it too. */
export function seedPrerenderedData(queryClient: QueryClient): void {
  const painted = document.getElementById(PRERENDERED_ID)?.dataset.applyPreview;
  if (!painted) return;
  try {
    const preview = JSON.parse(painted) as ApplyPreview;
    queryClient.setQueryData(applyKeys.preview(preview.event.id), preview);
  } catch {
    // A page from another build: the app asks the server as it always does.
  }
}

/** Sets a field's value the way typing does, so React's onChange sees it. */
function typeInto(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

export function takeOverPrerenderedPage(): void {
  const painted = document.getElementById(PRERENDERED_ID);
  const root = document.getElementById('root');
  if (!painted || !root) return;
  const focused = document.activeElement;
  let focusNext: HTMLElement | null = null;
  for (const field of painted.querySelectorAll<HTMLInputElement>('input[name]')) {
    const twin = root.querySelector<HTMLInputElement>(`input[name="${CSS.escape(field.name)}"]`);
    if (!twin) continue;
    if (field.type === 'checkbox') {
      if (field.checked !== twin.checked) twin.click();
    } else if (field.value !== '' && field.value !== twin.value) {
      typeInto(twin, field.value);
    }
    if (field === focused) focusNext = twin;
  }
  const submitted = painted.hasAttribute('data-submitted');
  painted.remove();
  root.hidden = false;
  focusNext?.focus();
  // The person pressed the painted form's button (public/paint-first.js noted it): the app's form sends, once
  // React has rendered the values carried over.
  const form = root.querySelector('form');
  if (submitted && form) window.setTimeout(() => form.requestSubmit(), 0);
}
