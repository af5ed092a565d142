import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsDrawer } from './settings-drawer';

export function SettingsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton color="inherit" aria-label={t('topBar.settings')} onClick={() => setOpen(true)}>
        <SettingsOutlined />
      </IconButton>
      <SettingsDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
}
