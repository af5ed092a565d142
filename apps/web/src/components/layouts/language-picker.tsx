import { type Language, PICKER_LANGUAGES } from '@funkis/shared';
import Translate from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Only English and Swedish are offered (spec section 1); the other resources stay reachable by cookie only. */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ minWidth: 0, textTransform: 'uppercase' }}
      >
        {current}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {PICKER_LANGUAGES.map((language) => (
          <MenuItem key={language} lang={language} selected={language === current} onClick={() => choose(language)}>
            <ListItemText>{t(`languages.${language}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
