import type { EventDetail } from '@funkis/shared';
import { isOrganiser } from '@funkis/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import { usePosts } from '../api/get-posts';
import { PostCard } from './post-card';
import { PostComposer } from './post-composer';
import { ContactsCard, FilesCard, LinksCard } from './side-cards';

const ROLE_KEYS = { 0: 'roles.admin', 1: 'roles.groupLeader', 2: 'roles.volunteer' } as const;

/** The event home (spec: "home feed"): posts and comments, with contacts, files and links beside (stacked on a phone). */
export function FeedPage({ event, eventUser }: Pick<EventDetail, 'event' | 'eventUser'>) {
  const { t } = useTranslation('feed');
  const roleLevel = eventUser.role.eventRole.roleLevel;
  const group = eventUser.role.eventGroup;
  const posts = usePosts(event.id);
  const pages = posts.data?.pages ?? [];
  const pinned = pages[0]?.pinned ?? [];
  const list = [...pinned, ...pages.flatMap((page) => page.posts ?? [])];
  const canPost = isOrganiser({ roleLevel, groupId: null });

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {event.name}
        </Typography>
        <Typography color="text.secondary" data-testid="event-role">
          {t(ROLE_KEYS[roleLevel])}
          {group ? ` · ${t('group', { name: group.name })}` : ''}
        </Typography>
      </Box>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Stack spacing={2} component="section" aria-label={t('title')}>
            {canPost ? <PostComposer eventId={event.id} roleLevel={roleLevel} ownGroup={group} /> : null}
            {posts.isPending ? <CircularProgress aria-label={t('loading')} /> : null}
            {posts.isError ? <LoadError error={posts.error} onRetry={() => void posts.refetch()} /> : null}
            {posts.isSuccess && !posts.isError && list.length === 0 ? (
              <Alert severity="info">{roleLevel === 0 ? t('empty.admin') : t('empty.member')}</Alert>
            ) : null}
            {list.map((post) => (
              <PostCard key={post.id} post={post} eventId={event.id} />
            ))}
            {posts.hasNextPage ? (
              <Button onClick={() => posts.fetchNextPage()} disabled={posts.isFetchingNextPage}>
                {t('loadMore')}
              </Button>
            ) : null}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={2}>
            <ContactsCard eventId={event.id} />
            <FilesCard eventId={event.id} isAdmin={roleLevel === 0} />
            <LinksCard eventId={event.id} isAdmin={roleLevel === 0} />
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}
