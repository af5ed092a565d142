import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { useSettings } from '../../lib/settings';

/** The width of a page in the authenticated area: "compact" (the default) keeps lines readable on big screens. */
export function PageContainer({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  return (
    <Container maxWidth={settings.compact ? 'lg' : false} sx={{ px: { xs: 2, sm: 3 } }}>
      {children}
    </Container>
  );
}
