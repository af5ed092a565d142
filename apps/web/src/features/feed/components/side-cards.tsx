import type { RoleLevel } from '@funkis/shared';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useContacts } from '../../../api/get-contacts';
import { Form } from '../../../components/forms/form';
import { announcedError } from '../../../components/ui/announced-error';
import { paths } from '../../../config/paths';
import { useTranslateMessage } from '../../../hooks/use-translate-message';
import { errorMessagesOf } from '../../../lib/api-client';
import { useCreateLink } from '../api/create-link';
import { useDeleteLink } from '../api/delete-link';
import { useLinks } from '../api/get-links';
import { useNewestFiles } from '../api/get-newest-files';

const ROLE_KEYS: Record<RoleLevel, string> = { 0: 'roles.admin', 1: 'roles.groupLeader', 2: 'roles.volunteer' };

function SideCard({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The event's admins and group leaders: whom to ask. */
export function ContactsCard({ eventId }: { eventId: number }) {
  const { t } = useTranslation('feed');
  const contacts = useContacts(eventId);
  return (
    <SideCard title={t('contacts.title')} id="feed-contacts">
      <List dense disablePadding>
        {(contacts.data?.contacts ?? []).map((contact) => (
          <ListItem key={contact.id} disableGutters>
            <ListItemAvatar>
              <Avatar src={contact.avatar ?? undefined} alt="">
                {contact.firstname.charAt(0)}
              </Avatar>
            </ListItemAvatar>
            <ListItemText
              primary={`${contact.firstname} ${contact.lastname}`}
              secondary={
                <>
                  {t(ROLE_KEYS[contact.roleLevel])}
                  {contact.group ? ` · ${contact.group.name}` : ''}
                  <br />
                  <Link href={`mailto:${contact.email}`} sx={{ overflowWrap: 'anywhere' }}>
                    {contact.email}
                  </Link>
                </>
              }
            />
          </ListItem>
        ))}
      </List>
    </SideCard>
  );
}

const formatSize = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${Math.round(bytes / 1024)} kB`
      : `${(bytes / 1048576).toFixed(1)} MB`;

/** The newest files the member may see, and the way to all of them. */
export function FilesCard({ eventId, isAdmin }: { eventId: number; isAdmin: boolean }) {
  const { t } = useTranslation('feed');
  const files = useNewestFiles(eventId);
  const list = files.data?.files ?? [];
  return (
    <SideCard title={t('files.title')} id="feed-files">
      {files.isSuccess && list.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {isAdmin ? t('files.emptyAdmin') : t('files.empty')}
        </Typography>
      ) : null}
      <List dense disablePadding>
        {list.map((file) => (
          <ListItem key={file.id} disableGutters>
            <ListItemAvatar sx={{ minWidth: 36 }}>
              <InsertDriveFileOutlined aria-hidden />
            </ListItemAvatar>
            <ListItemText
              primary={
                <Link href={`/api/event/${eventId}/files/${file.id}/download`} sx={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </Link>
              }
              secondary={formatSize(file.size)}
            />
          </ListItem>
        ))}
      </List>
      <Button component={RouterLink} to={paths.event.files.href(eventId)} size="small">
        {t('files.all')}
      </Button>
    </SideCard>
  );
}

/** The event's links; admins add (http and https only) and remove them. */
export function LinksCard({ eventId, isAdmin }: { eventId: number; isAdmin: boolean }) {
  const { t } = useTranslation('feed');
  const translate = useTranslateMessage();
  const links = useLinks(eventId);
  const create = useCreateLink();
  const remove = useDeleteLink();
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const list = links.data?.links ?? [];
  const otherError = create.error ? errorMessagesOf(create.error).map(translate).join(' ') : undefined;
  return (
    <SideCard title={t('links.title')} id="feed-links">
      {links.isSuccess && list.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {isAdmin ? t('links.emptyAdmin') : t('links.empty')}
        </Typography>
      ) : null}
      <List dense disablePadding>
        {list.map((link) => (
          <ListItem
            key={link.id}
            disableGutters
            secondaryAction={
              isAdmin ? (
                <IconButton
                  edge="end"
                  aria-label={t('links.remove', { title: link.title })}
                  onClick={() => remove.mutate({ eventId, linkId: link.id })}
                >
                  <DeleteOutline />
                </IconButton>
              ) : undefined
            }
          >
            <ListItemText
              primary={
                <Link href={link.url} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
                  {link.title}
                </Link>
              }
            />
          </ListItem>
        ))}
      </List>
      {isAdmin ? (
        <Box
          component={Form}
          onSubmit={() => {
            create.mutate(
              { eventId, title, url },
              {
                onSuccess: () => {
                  setTitle('');
                  setUrl('');
                },
              },
            );
          }}
        >
          <Stack spacing={1} sx={{ mt: 1 }}>
            <TextField
              size="small"
              label={t('links.titleField')}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
            />
            <TextField
              size="small"
              label={t('links.urlField')}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://"
              error={Boolean(otherError)}
              slotProps={announcedError(otherError)}
              helperText={otherError}
            />
            <Button type="submit" variant="outlined" size="small" disabled={create.isPending}>
              {t('links.add')}
            </Button>
          </Stack>
        </Box>
      ) : null}
    </SideCard>
  );
}
