import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Warns before unsaved changes are lost: the browser's own prompt on reload or tab close, and a blocker for
 * navigation inside the app (the caller shows a dialog while `blocker.state === 'blocked'`).
 */
export function useUnsavedChanges(isDirty: boolean) {
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  return useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
}
