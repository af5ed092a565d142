import { MainLayout } from '../../components/layouts/main-layout';
import { NotFound } from '../../components/ui/not-found';

/** Any unmatched path (spec section 2), with or without a session. */
export function NotFoundRoute() {
  return (
    <MainLayout>
      <NotFound />
    </MainLayout>
  );
}
