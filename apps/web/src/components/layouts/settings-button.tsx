import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Loaded on first open: the drawer's switches and radio groups are not part of any page's first load.
const SettingsDrawer = lazy(async () => ({ default: (await import('./settings-drawer')).SettingsDrawer }));

export function SettingsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('topBar.settings')}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <SettingsOutlined />
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <SettingsDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
