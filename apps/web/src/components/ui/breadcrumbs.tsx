import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export interface BreadcrumbItem {
  /** Already translated, e.g. t('breadcrumbs.account') or an event's name. */
  label: string;
  /** Omit for the current page (the last item). */
  href?: string;
}

export function Breadcrumbs({ items }: { items: BreadcrumbItem[] }) {
  const { t } = useTranslation();
  return (
    <MuiBreadcrumbs aria-label={t('breadcrumbs.label')} sx={{ mb: 2 }}>
      {items.map((item, index) => {
        const isLast = index === items.length - 1;
        if (item.href && !isLast) {
          return (
            <Link
              key={`${item.label}-${item.href}`}
              component={RouterLink}
              to={item.href}
              underline="hover"
              color="inherit"
            >
              {item.label}
            </Link>
          );
        }
        return (
          <Typography key={`${item.label}-current`} color="text.primary" aria-current={isLast ? 'page' : undefined}>
            {item.label}
          </Typography>
        );
      })}
    </MuiBreadcrumbs>
  );
}
