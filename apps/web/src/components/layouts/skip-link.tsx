import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to content": the first Tab stop of every page, off screen until focused. It moves focus to the page's
 * `<main id="main-content" tabindex="-1">` itself (not through a `#hash` navigation, which the router would see).
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      data-testid="skip-link"
      onClick={(event: React.MouseEvent<HTMLAnchorElement>) => {
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
        fontWeight: 600,
        boxShadow: 3,
        outline: '2px solid',
        outlineColor: 'primary.main',
        // Off screen (still in the accessibility tree) until it has keyboard focus.
        transform: 'translateY(-200%)',
        '&:focus, &:focus-visible': { transform: 'none' },
      }}
    >
      {t('app.skipToContent')}
    </Box>
  );
}
