import type { Language } from '@funkis/shared';
import Translate from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu, preloadMenus } from './lazy-menus';

/** Only English and Swedish are offered (spec section 1); the other resources stay reachable by cookie only. */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on (the menu's chunk comes then), so it can animate closed.
  const [opened, setOpened] = useState(false);
  const menuId = useId();
  const current = i18n.resolvedLanguage ?? i18n.language;

  const choose = (language: Language) => {
    setAnchor(null);
    void i18n.changeLanguage(language);
  };

  return (
    <>
      <Button
        color="inherit"
        startIcon={<Translate />}
        aria-label={t('topBar.language')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
        onPointerEnter={preloadMenus}
        onFocus={preloadMenus}
        sx={{ minWidth: 0, textTransform: 'uppercase' }}
      >
        {current}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <LanguageMenu
            id={menuId}
            anchor={anchor}
            onClose={() => setAnchor(null)}
            current={current}
            onChoose={choose}
          />
        </Suspense>
      ) : null}
    </>
  );
}
