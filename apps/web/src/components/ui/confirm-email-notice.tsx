import { lazy, Suspense } from 'react';
import { useAuth } from '../../lib/auth';

// A chunk of its own: only an unconfirmed user loads it, so the layout of every page stays as light as before.
const ConfirmEmailAlert = lazy(async () => ({ default: (await import('./confirm-email-alert')).ConfirmEmailAlert }));

/**
 * Over every page of the authenticated area while the user's address is unconfirmed (decision 020): what to do,
 * what waits for it (invitations), and the link again. Nothing once it is confirmed.
 */
export function ConfirmEmailNotice() {
  const { user } = useAuth();
  if (!user || user.emailConfirmed) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmEmailAlert />
    </Suspense>
  );
}
