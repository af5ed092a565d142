import KeyboardIcon from '@mui/icons-material/Keyboard';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A small popover listing the table's keyboard shortcuts. */
export function ShortcutsHelp() {
  const { t } = useTranslation('applications');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={t('shortcuts.button')}>
        <IconButton
          aria-label={t('shortcuts.button')}
          aria-haspopup="dialog"
          aria-expanded={anchor !== null}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <KeyboardIcon />
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': 'shortcuts-title', sx: { p: 2, maxWidth: 360 } } }}
      >
        <Typography id="shortcuts-title" variant="subtitle1" component="h2">
          {t('shortcuts.title')}
        </Typography>
        <List dense>
          {(['move', 'open', 'status', 'select'] as const).map((key) => (
            <ListItem key={key} disableGutters>
              {t(`shortcuts.${key}`)}
            </ListItem>
          ))}
        </List>
      </Popover>
    </>
  );
}
