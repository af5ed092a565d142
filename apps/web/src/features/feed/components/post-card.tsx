import type { Comment, Post } from '@funkis/shared';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PushPin from '@mui/icons-material/PushPin';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/forms/form';
import { announcedError } from '../../../components/ui/announced-error';
import { useTranslateMessage } from '../../../hooks/use-translate-message';
import { errorMessagesOf } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';
import { useCreateComment } from '../api/create-comment';
import { useDeleteComment } from '../api/delete-comment';
import { useDeletePost } from '../api/delete-post';
import { usePinPost } from '../api/pin-post';
import { useUpdateComment } from '../api/update-comment';
import { useUpdatePost } from '../api/update-post';
import { LinkifiedText } from './linkified-text';

function useFormatTime() {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

const nameOf = (person: Post['author'], unknown: string) =>
  person ? `${person.firstname} ${person.lastname}` : unknown;

/** One comment: edit for its author (marked edited afterwards), delete for its author and admins. */
function CommentItem({ comment, eventId, postId }: { comment: Comment; eventId: number; postId: number }) {
  const { t } = useTranslation('feed');
  const translate = useTranslateMessage();
  const formatTime = useFormatTime();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.message);
  const update = useUpdateComment();
  const remove = useDeleteComment();
  const editError = update.error ? errorMessagesOf(update.error).map(translate).join(' ') : undefined;
  const name = nameOf(comment.author, t('unknownAuthor'));

  return (
    <Box component="li" sx={{ display: 'flex', gap: 1 }} data-testid="comment">
      <Avatar src={comment.author?.avatar ?? undefined} alt="" sx={{ width: 28, height: 28 }}>
        {nameOf(comment.author, '?').charAt(0)}
      </Avatar>
      <Box sx={{ flexGrow: 1, minWidth: 0, bgcolor: 'action.hover', borderRadius: 1, px: 1.5, py: 1 }}>
        <Typography variant="subtitle2" component="p">
          {name}{' '}
          <Typography component="span" variant="caption" color="text.secondary">
            {formatTime(comment.createdAt)}
            {comment.editedAt ? ` · ${t('post.edited')}` : ''}
          </Typography>
        </Typography>
        {editing ? (
          <Stack
            component={Form}
            spacing={1}
            sx={{ mt: 1 }}
            onSubmit={() => {
              update.mutate(
                { eventId, postId, commentId: comment.id, message: draft },
                { onSuccess: () => setEditing(false) },
              );
            }}
          >
            <TextField
              size="small"
              multiline
              label={t('comments.editLabel')}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              error={Boolean(editError)}
              slotProps={announcedError(editError)}
              helperText={editError}
            />
            <Stack direction="row" spacing={1}>
              <Button type="submit" size="small" variant="contained" disabled={update.isPending}>
                {t('post.save')}
              </Button>
              <Button size="small" onClick={() => setEditing(false)}>
                {t('post.cancel')}
              </Button>
            </Stack>
          </Stack>
        ) : (
          <LinkifiedText text={comment.message} />
        )}
      </Box>
      {comment.canEdit && !editing ? (
        <IconButton
          size="small"
          aria-label={t('comments.edit')}
          onClick={() => {
            setDraft(comment.message);
            setEditing(true);
          }}
        >
          <EditOutlined fontSize="small" />
        </IconButton>
      ) : null}
      {comment.canDelete ? (
        <IconButton
          size="small"
          aria-label={t('comments.delete')}
          onClick={() => remove.mutate({ eventId, postId, commentId: comment.id })}
        >
          <DeleteOutline fontSize="small" />
        </IconButton>
      ) : null}
    </Box>
  );
}

/** One post with its comments: edit and delete for its author, delete for admins, pin for admins. */
export function PostCard({ post, eventId }: { post: Post; eventId: number }) {
  const { t } = useTranslation('feed');
  const translate = useTranslateMessage();
  const formatTime = useFormatTime();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(post.message);
  const [comment, setComment] = useState('');
  const update = useUpdatePost();
  const remove = useDeletePost();
  const pin = usePinPost();
  const { enqueueSnackbar } = useSnackbar();
  const addComment = useCreateComment();
  const author = nameOf(post.author, t('unknownAuthor'));
  const commentError = addComment.error ? errorMessagesOf(addComment.error).map(translate).join(' ') : undefined;
  const editError = update.error ? errorMessagesOf(update.error).map(translate).join(' ') : undefined;

  return (
    <Card variant="outlined" component="article" aria-label={t('post.label', { name: author })} data-testid="post">
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <Avatar src={post.author?.avatar ?? undefined} alt="">
            {author.charAt(0)}
          </Avatar>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="subtitle2" component="p">
              {author}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {formatTime(post.createdAt)}
              {post.editedAt ? ` · ${t('post.edited')}` : ''}
            </Typography>
          </Box>
          {post.pinned ? <Chip size="small" icon={<PushPin />} label={t('post.pinned')} /> : null}
          {post.group ? (
            <Chip size="small" variant="outlined" label={t('post.forGroup', { name: post.group.name })} />
          ) : null}
          {post.canPin ? (
            <IconButton
              aria-label={post.pinned ? t('post.unpin') : t('post.pin')}
              onClick={() =>
                pin.mutate(
                  { eventId, postId: post.id, pinned: !post.pinned },
                  {
                    // A refusal (the most pinned posts an event may have, 409) says why in a snackbar.
                    onError: (error) => {
                      for (const message of errorMessagesOf(error)) {
                        enqueueSnackbar(translate(message), { variant: 'error' });
                      }
                    },
                  },
                )
              }
            >
              {post.pinned ? <PushPin /> : <PushPinOutlined />}
            </IconButton>
          ) : null}
          {post.canEdit ? (
            <IconButton aria-label={t('post.edit')} onClick={() => setEditing((value) => !value)}>
              <EditOutlined />
            </IconButton>
          ) : null}
          {post.canDelete ? (
            <IconButton
              aria-label={t('post.delete')}
              onClick={() => {
                if (window.confirm(t('post.confirmDelete'))) remove.mutate({ eventId, postId: post.id });
              }}
            >
              <DeleteOutline />
            </IconButton>
          ) : null}
        </Stack>
        {editing ? (
          <Stack
            component={Form}
            spacing={1}
            onSubmit={() => {
              update.mutate(
                { eventId, postId: post.id, message: draft, groupId: post.group?.id ?? null },
                { onSuccess: () => setEditing(false) },
              );
            }}
          >
            <TextField
              label={t('post.editLabel')}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              multiline
              minRows={3}
              error={Boolean(editError)}
              slotProps={announcedError(editError)}
              helperText={editError}
            />
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={update.isPending}>
                {t('post.save')}
              </Button>
              <Button onClick={() => setEditing(false)}>{t('post.cancel')}</Button>
            </Stack>
          </Stack>
        ) : (
          <LinkifiedText text={post.message} />
        )}
        <Divider sx={{ my: 2 }} />
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('comments.label')}>
          {post.comments.map((item) => (
            <CommentItem key={item.id} comment={item} eventId={eventId} postId={post.id} />
          ))}
        </Stack>
        <Stack
          component={Form}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ mt: 2 }}
          onSubmit={() => {
            addComment.mutate({ eventId, postId: post.id, message: comment }, { onSuccess: () => setComment('') });
          }}
        >
          <TextField
            size="small"
            fullWidth
            multiline
            label={t('comments.write')}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            error={Boolean(commentError)}
            slotProps={announcedError(commentError)}
            helperText={commentError}
          />
          <Button type="submit" variant="outlined" disabled={addComment.isPending || comment.trim() === ''}>
            {t('comments.submit')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
