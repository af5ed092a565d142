import { THEMES, type ThemeName } from '@funkis/shared';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DIRECTIONS, type Direction } from '../../config/settings';
import { useSettings } from '../../lib/settings';

interface SettingsDrawerProps {
  open: boolean;
  onClose: () => void;
}

export function SettingsDrawer({ open, onClose }: SettingsDrawerProps) {
  const { t } = useTranslation();
  const { settings, updateSettings, resetSettings } = useSettings();
  const titleId = useId();
  const themeLabelId = useId();
  const directionLabelId = useId();

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 340 } }, role: 'dialog', 'aria-labelledby': titleId } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 3, py: 2 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('settings.title')}
        </Typography>
        <IconButton aria-label={t('common.close')} onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      <Divider />
      <Stack spacing={3} sx={{ p: 3 }}>
        <FormControl>
          <FormLabel id={themeLabelId}>{t('settings.theme')}</FormLabel>
          <RadioGroup
            aria-labelledby={themeLabelId}
            value={settings.theme}
            onChange={(event) => updateSettings({ theme: event.target.value as ThemeName })}
          >
            {THEMES.map((theme) => (
              <FormControlLabel key={theme} value={theme} control={<Radio />} label={t(`settings.themes.${theme}`)} />
            ))}
          </RadioGroup>
        </FormControl>

        <FormControl>
          <FormLabel id={directionLabelId}>{t('settings.direction')}</FormLabel>
          <RadioGroup
            aria-labelledby={directionLabelId}
            value={settings.direction}
            onChange={(event) => updateSettings({ direction: event.target.value as Direction })}
          >
            {DIRECTIONS.map((direction) => (
              <FormControlLabel
                key={direction}
                value={direction}
                control={<Radio />}
                label={t(`settings.directions.${direction}`)}
              />
            ))}
          </RadioGroup>
        </FormControl>

        <FormControl component="fieldset">
          <FormLabel component="legend">{t('settings.layout')}</FormLabel>
          <FormGroup>
            <FormControlLabel
              control={
                <Switch
                  checked={settings.roundedCorners}
                  onChange={(event) => updateSettings({ roundedCorners: event.target.checked })}
                />
              }
              label={t('settings.roundedCorners')}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={settings.responsiveFontSizes}
                  onChange={(event) => updateSettings({ responsiveFontSizes: event.target.checked })}
                />
              }
              label={t('settings.responsiveFontSizes')}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={settings.compact}
                  onChange={(event) => updateSettings({ compact: event.target.checked })}
                />
              }
              label={t('settings.compact')}
            />
          </FormGroup>
        </FormControl>

        <Box>
          <Button variant="outlined" onClick={resetSettings}>
            {t('settings.reset')}
          </Button>
        </Box>
      </Stack>
    </Drawer>
  );
}
