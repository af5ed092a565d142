import { canManageFiles, type EventFile, FILE_SORTS, type FileSort, type RoleLevel } from '@funkis/shared';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DownloadForOfflineOutlined from '@mui/icons-material/DownloadForOfflineOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import OfflinePin from '@mui/icons-material/OfflinePin';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/forms/form';
import { announcedError } from '../../../components/ui/announced-error';
import { LoadError } from '../../../components/ui/load-error';
import { useTranslateMessage } from '../../../hooks/use-translate-message';
import { errorMessagesOf } from '../../../lib/api-client';
import { usePagesTexts } from '../../../lib/mui-locale';
import { useSnackbar } from '../../../lib/toast';
import { useDeleteFile } from '../api/delete-file';
import { downloadUrl, FILES_PAGE_SIZE, FIRST_FILES_QUERY, useFiles } from '../api/get-files';
import { useKeptFiles } from '../api/kept-files';
import { useUpdateFile } from '../api/update-file';
import { RolesChoice, UploadPanel } from './upload-panel';

export const formatSize = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${Math.round(bytes / 1024)} kB`
      : `${(bytes / 1048576).toFixed(1)} MB`;

function TypeIcon({ mimeType }: { mimeType: string }) {
  if (mimeType.startsWith('image/')) return <ImageOutlined aria-hidden />;
  if (mimeType === 'application/pdf') return <PictureAsPdfOutlined aria-hidden />;
  return <InsertDriveFileOutlined aria-hidden />;
}

function EditDialog({ eventId, file, onClose }: { eventId: number; file: EventFile; onClose: () => void }) {
  const { t } = useTranslation('files');
  const translate = useTranslateMessage();
  const update = useUpdateFile();
  const [name, setName] = useState(file.name);
  const [roles, setRoles] = useState<RoleLevel[]>(file.roles);
  const error = update.error ? errorMessagesOf(update.error).map(translate).join(' ') : undefined;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="file-edit-title">
      <Box
        component={Form}
        onSubmit={() => {
          update.mutate({ eventId, fileId: file.id, name, roles }, { onSuccess: onClose });
        }}
      >
        <DialogTitle id="file-edit-title">{t('edit.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('edit.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={Boolean(error)}
              slotProps={announcedError(error)}
              helperText={error}
            />
            <RolesChoice value={roles} onChange={setRoles} legend={t('upload.rolesLegend')} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('edit.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            {t('edit.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** /event/{id}/files: the files the member's role may see; admins upload, rename, change roles and delete. */
export function FilesPage({ eventId, roleLevel }: { eventId: number; roleLevel: RoleLevel }) {
  const { t, i18n } = useTranslation('files');
  const pagesTexts = usePagesTexts();
  const [search, setSearch] = useState(FIRST_FILES_QUERY.search);
  const [sort, setSort] = useState<FileSort>(FIRST_FILES_QUERY.sort);
  const [page, setPage] = useState(FIRST_FILES_QUERY.page);
  const [editing, setEditing] = useState<EventFile | null>(null);
  const [preview, setPreview] = useState<EventFile | null>(null);
  const files = useFiles(eventId, { search, sort, page });
  const remove = useDeleteFile();
  const kept = useKeptFiles(eventId);
  const { enqueueSnackbar } = useSnackbar();
  // Admins manage the files and see the space used; the server answers the others without it.
  const isAdmin = canManageFiles({ roleLevel, groupId: null });
  const list = files.data?.files ?? [];
  const usage = files.data?.usage ?? null;
  const formatDate = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('title')}
      </Typography>
      {isAdmin && usage ? (
        <Box data-testid="files-usage">
          <Typography variant="body2">
            {t('usage', { used: formatSize(usage.usedBytes), quota: formatSize(usage.quotaBytes) })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, (usage.usedBytes / usage.quotaBytes) * 100)}
            aria-label={t('usageLabel')}
          />
        </Box>
      ) : null}
      {isAdmin ? <UploadPanel eventId={eventId} /> : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
          size="small"
          type="search"
        />
        <TextField
          select
          label={t('sort.label')}
          value={sort}
          onChange={(event) => setSort(event.target.value as FileSort)}
          size="small"
          sx={{ minWidth: 200 }}
        >
          {FILE_SORTS.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`sort.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {files.isError ? <LoadError error={files.error} onRetry={() => void files.refetch()} /> : null}
      {files.isSuccess && !files.isError && list.length === 0 ? (
        <Alert severity="info">{isAdmin ? t('emptyAdmin') : t('empty')}</Alert>
      ) : null}
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('listLabel')}>
        {list.map((file) => (
          <Card key={file.id} variant="outlined" component="li" data-testid="file-row">
            <CardContent
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, '&:last-child': { pb: 2 } }}
            >
              <TypeIcon mimeType={file.mimeType} />
              <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{file.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatSize(file.size)} · {formatDate(file.createdAt)}
                  {file.uploadedBy ? ` · ${file.uploadedBy.firstname} ${file.uploadedBy.lastname}` : ''}
                  {isAdmin ? ` · ${file.roles.map((level) => t(`rolesShort.${level}`)).join(', ')}` : ''}
                  {kept.isKept(file.id) ? ` · ${t('kept')}` : ''}
                </Typography>
              </Box>
              <Stack direction="row" spacing={0.5}>
                {file.previewable ? (
                  file.mimeType === 'application/pdf' ? (
                    <IconButton
                      component="a"
                      href={downloadUrl(eventId, file.id, true)}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t('preview', { name: file.name })}
                    >
                      <VisibilityOutlined />
                    </IconButton>
                  ) : (
                    <IconButton aria-label={t('preview', { name: file.name })} onClick={() => setPreview(file)}>
                      <VisibilityOutlined />
                    </IconButton>
                  )
                ) : null}
                <IconButton
                  component="a"
                  href={downloadUrl(eventId, file.id)}
                  aria-label={t('download', { name: file.name })}
                >
                  <DownloadOutlined />
                </IconButton>
                {kept.isSupported ? (
                  <IconButton
                    aria-label={t('keepOffline', { name: file.name })}
                    aria-pressed={kept.isKept(file.id)}
                    color={kept.isKept(file.id) ? 'primary' : 'default'}
                    onClick={() =>
                      void kept
                        .toggle(file.id, file.previewable)
                        .catch(() => enqueueSnackbar(t('keepFailed', { name: file.name }), { variant: 'error' }))
                    }
                  >
                    {kept.isKept(file.id) ? <OfflinePin /> : <DownloadForOfflineOutlined />}
                  </IconButton>
                ) : null}
                {isAdmin ? (
                  <>
                    <IconButton aria-label={t('edit.open', { name: file.name })} onClick={() => setEditing(file)}>
                      <EditOutlined />
                    </IconButton>
                    <IconButton
                      aria-label={t('delete', { name: file.name })}
                      onClick={() => {
                        if (window.confirm(t('confirmDelete', { name: file.name })))
                          remove.mutate({ eventId, fileId: file.id });
                      }}
                    >
                      <DeleteOutline />
                    </IconButton>
                  </>
                ) : null}
              </Stack>
            </CardContent>
          </Card>
        ))}
      </Stack>
      {files.data && files.data.total > FILES_PAGE_SIZE ? (
        <Pagination
          {...pagesTexts}
          count={Math.ceil(files.data.total / FILES_PAGE_SIZE)}
          page={page}
          onChange={(_event, value) => setPage(value)}
        />
      ) : null}
      {editing ? <EditDialog eventId={eventId} file={editing} onClose={() => setEditing(null)} /> : null}
      {preview ? (
        <Dialog open onClose={() => setPreview(null)} maxWidth="md" aria-labelledby="file-preview-title">
          <DialogTitle id="file-preview-title" sx={{ overflowWrap: 'anywhere' }}>
            {preview.name}
          </DialogTitle>
          <DialogContent>
            <Box
              component="img"
              src={downloadUrl(eventId, preview.id, true)}
              alt={preview.name}
              sx={{ maxWidth: '100%' }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setPreview(null)}>{t('close')}</Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </Stack>
  );
}
