import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DynamicFormOutlined from '@mui/icons-material/DynamicFormOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import FormatListNumberedOutlined from '@mui/icons-material/FormatListNumberedOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '../../config/paths';
import { useEventContext } from './event-context';

interface MenuEntry {
  label: string;
  href: string;
  icon: ReactNode;
  /** Role levels that see the entry (spec section 6). */
  roles: readonly number[];
  /** Only the exact path marks it current (the event home is a prefix of every other entry). */
  end?: boolean;
}

/** A menu entry: a link inside a list item, so the menu's lists hold only list items (axe: list). */
function MenuLink({ entry }: { entry: MenuEntry }) {
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={NavLink}
        to={entry.href}
        end={entry.end}
        sx={{ borderRadius: 1, mx: 1, '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>{entry.icon}</ListItemIcon>
        <ListItemText primary={entry.label} />
      </ListItemButton>
    </ListItem>
  );
}

/** The event menu: avatar, name, and the entries the caller's role allows; recruitment only for levels 0 and 1. */
export function EventSidebar() {
  const { t } = useTranslation('events');
  const { event, roleLevel } = useEventContext();
  const main: MenuEntry[] = [
    {
      label: t('menu.home'),
      href: paths.event.root.href(event.id),
      icon: <HomeOutlined />,
      roles: [0, 1, 2],
      end: true,
    },
    {
      label: t('menu.files'),
      href: paths.event.files.href(event.id),
      icon: <FolderOutlined />,
      roles: [0, 1, 2],
    },
    {
      label: t('menu.scheduling'),
      href: paths.event.scheduling.href(event.id),
      icon: <EventNoteOutlined />,
      roles: [0, 1, 2],
    },
    {
      label: t('menu.wishRounds'),
      href: paths.event.wishRounds.href(event.id),
      icon: <FormatListNumberedOutlined />,
      roles: [0, 1, 2],
    },
    {
      label: t('menu.myCode'),
      href: paths.event.myCode.href(event.id),
      icon: <QrCode2Outlined />,
      roles: [0, 1, 2],
    },
    {
      label: t('menu.checkIn'),
      href: paths.event.checkIn.href(event.id),
      icon: <HowToRegOutlined />,
      roles: [0, 1],
    },
    {
      label: t('menu.board'),
      href: paths.event.board.href(event.id),
      icon: <DashboardOutlined />,
      roles: [0, 1],
    },
  ];
  const recruitment: MenuEntry[] = [
    {
      label: t('menu.applications'),
      href: paths.event.applications.href(event.id),
      icon: <AssignmentOutlined />,
      roles: [0, 1],
    },
    { label: t('menu.users'), href: paths.event.users.href(event.id), icon: <PeopleOutlined />, roles: [0, 1] },
    {
      label: t('menu.statistics'),
      href: paths.event.statistics.href(event.id),
      icon: <BarChartOutlined />,
      roles: [0],
    },
    { label: t('menu.email'), href: paths.event.email.href(event.id), icon: <EmailOutlined />, roles: [0, 1] },
    { label: t('menu.form'), href: paths.event.form.href(event.id), icon: <DynamicFormOutlined />, roles: [0] },
    {
      label: t('menu.controlPanel'),
      href: paths.event.controlPanel.href(event.id),
      icon: <SettingsOutlined />,
      roles: [0],
    },
  ];
  const allowed = (entry: MenuEntry) => entry.roles.includes(roleLevel);
  const recruitmentEntries = recruitment.filter(allowed);

  return (
    <Box sx={{ py: 2 }} data-testid="event-sidebar">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2.5, pb: 2 }}>
        <Avatar
          src={event.avatarUrl ?? undefined}
          alt=""
          sx={{ width: 48, height: 48, bgcolor: 'primary.main', color: 'primary.contrastText' }}
        >
          {event.name.charAt(0).toUpperCase()}
        </Avatar>
        <Typography
          variant="subtitle1"
          component="p"
          dir="auto"
          sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {event.name}
        </Typography>
      </Box>
      <nav aria-label={t('menu.label')}>
        <List disablePadding>
          {main.filter(allowed).map((entry) => (
            <MenuLink key={entry.href} entry={entry} />
          ))}
        </List>
        {roleLevel <= 1 && recruitmentEntries.length > 0 ? (
          <List
            disablePadding
            aria-labelledby="event-menu-recruitment"
            subheader={
              <ListSubheader id="event-menu-recruitment" disableSticky sx={{ bgcolor: 'transparent', mt: 1 }}>
                {t('menu.recruitment')}
              </ListSubheader>
            }
          >
            {recruitmentEntries.map((entry) => (
              <MenuLink key={entry.href} entry={entry} />
            ))}
          </List>
        ) : null}
      </nav>
    </Box>
  );
}
