import type { MailLabel } from '@funkis/shared';
import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LabelOutlined from '@mui/icons-material/LabelOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import SpeedOutlined from '@mui/icons-material/SpeedOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { FLIP_IN_RTL_CLASS } from '../../../config/theme/create-app-theme';
import { CreateLabelDialog } from './create-label-dialog';
import { MailSettingsDialog } from './mail-settings-dialog';
import { useMailStore } from './mail-store';

const linkSx = { borderRadius: 1, mx: 1, '&.active': { bgcolor: 'action.selected', fontWeight: 600 } };

/** The e-mails a folder holds, and a bold badge of those the user has not opened (an accessible label says so). */
function FolderCounts({ label }: { label: MailLabel }) {
  const { t } = useTranslation('mail');
  return (
    <>
      {label.unreadCount > 0 ? (
        <Chip
          size="small"
          color="primary"
          // "1 new" beside the total: two bare "1" chips said nothing.
          label={t('unreadShort', { count: label.unreadCount })}
          aria-label={t('unread', { count: label.unreadCount })}
          sx={{ fontWeight: 700, mr: 0.5 }}
          data-testid="unread-count"
        />
      ) : null}
      <Chip size="small" label={label.totalCount} aria-label={t('count', { count: label.totalCount })} />
    </>
  );
}

/**
 * New-mail button, the Sent folder and the custom labels with their counts and unread counts (spec sections 2
 * and 3); admins also set the event's sending rate here.
 */
export function MailSidebar({ eventId, isAdmin }: { eventId: number; isAdmin: boolean }) {
  const { t } = useTranslation('mail');
  const { state } = useMailStore();
  const [isCreating, setIsCreating] = useState(false);
  const [isSetting, setIsSetting] = useState(false);

  const systemLabels = state.labels.filter((label) => label.type === 'system_label');
  const customLabels = state.labels.filter((label) => label.type === 'custom_label');

  return (
    <Box sx={{ py: 2 }} data-testid="mail-sidebar">
      <Box sx={{ px: 2, pb: 2 }}>
        <Button
          component={RouterLink}
          to={paths.event.emailNew.href(eventId)}
          variant="contained"
          fullWidth
          startIcon={<EditOutlined />}
        >
          {t('newMail')}
        </Button>
      </Box>
      <nav aria-label={t('folders')}>
        <List component="div" disablePadding>
          {systemLabels.map((label) => (
            <ListItemButton
              key={label.id}
              component={NavLink}
              to={paths.event.emailFolder.href(eventId, String(label.id))}
              sx={linkSx}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <SendOutlined className={FLIP_IN_RTL_CLASS} />
              </ListItemIcon>
              <ListItemText
                primary={t(`systemLabels.${label.id}`)}
                slotProps={{ primary: { sx: { fontWeight: label.unreadCount > 0 ? 700 : undefined } } }}
              />
              <FolderCounts label={label} />
            </ListItemButton>
          ))}
        </List>
        <List
          component="div"
          role="group"
          disablePadding
          aria-labelledby="mail-labels-heading"
          subheader={
            <ListSubheader
              component="div"
              id="mail-labels-heading"
              disableSticky
              sx={{ bgcolor: 'transparent', mt: 1 }}
            >
              {t('labels')}
            </ListSubheader>
          }
        >
          {customLabels.map((label) => (
            <ListItemButton
              key={label.id}
              component={NavLink}
              to={paths.event.emailLabel.href(eventId, Number(label.id))}
              sx={linkSx}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <LabelOutlined sx={{ color: label.color }} />
              </ListItemIcon>
              <ListItemText
                primary={label.name}
                slotProps={{
                  primary: { sx: { overflowWrap: 'anywhere', fontWeight: label.unreadCount > 0 ? 700 : undefined } },
                }}
              />
              <FolderCounts label={label} />
            </ListItemButton>
          ))}
        </List>
      </nav>
      <Box sx={{ px: 2, pt: 1 }}>
        <Button size="small" startIcon={<AddOutlined />} onClick={() => setIsCreating(true)}>
          {t('createLabel.open')}
        </Button>
        {isAdmin ? (
          <Button size="small" startIcon={<SpeedOutlined />} onClick={() => setIsSetting(true)}>
            {t('settings.open')}
          </Button>
        ) : null}
      </Box>
      <CreateLabelDialog eventId={eventId} open={isCreating} onClose={() => setIsCreating(false)} />
      {isAdmin ? <MailSettingsDialog eventId={eventId} open={isSetting} onClose={() => setIsSetting(false)} /> : null}
    </Box>
  );
}
