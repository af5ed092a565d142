import type { RoleLevel } from '@funkis/shared';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateFileChange } from '../../../api/invalidate';
import { useTranslateMessage } from '../../../hooks/use-translate-message';
import { errorMessagesOf } from '../../../lib/api-client';
import { uploadFile } from '../api/upload-file';

interface Upload {
  id: number;
  name: string;
  progress: number;
  state: 'uploading' | 'done' | 'failed' | 'cancelled';
  error?: string;
  abort: () => void;
}

let sequence = 0;

/** The roles a file is for: admins always (they manage files), leaders and volunteers as chosen. */
export function RolesChoice({
  value,
  onChange,
  legend,
}: {
  value: RoleLevel[];
  onChange: (roles: RoleLevel[]) => void;
  legend: string;
}) {
  const { t } = useTranslation('files');
  const toggle = (level: RoleLevel, checked: boolean) =>
    onChange(checked ? [...new Set([...value, level])].sort() : value.filter((item) => item !== level));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend">{legend}</FormLabel>
      <FormGroup row>
        <FormControlLabel control={<Checkbox checked disabled />} label={t('roles.admin')} />
        <FormControlLabel
          control={<Checkbox checked={value.includes(1)} onChange={(_e, checked) => toggle(1, checked)} />}
          label={t('roles.groupLeader')}
        />
        <FormControlLabel
          control={<Checkbox checked={value.includes(2)} onChange={(_e, checked) => toggle(2, checked)} />}
          label={t('roles.volunteer')}
        />
      </FormGroup>
    </Box>
  );
}

/** Admins upload by drag and drop or the picker, several at once, each with its progress bar and a cancel. */
export function UploadPanel({ eventId }: { eventId: number }) {
  const { t } = useTranslation('files');
  const translate = useTranslateMessage();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [roles, setRoles] = useState<RoleLevel[]>([0, 1, 2]);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);

  const change = (id: number, patch: Partial<Upload>) =>
    setUploads((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item)));

  const start = (files: FileList | File[]) => {
    for (const file of Array.from(files)) {
      sequence += 1;
      const id = sequence;
      const { promise, abort } = uploadFile(eventId, file, roles, (progress) => change(id, { progress }));
      setUploads((list) => [...list, { id, name: file.name, progress: 0, state: 'uploading', abort }]);
      promise
        .then(() => {
          change(id, { state: 'done', progress: 1 });
          return invalidateFileChange(queryClient, eventId);
        })
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') change(id, { state: 'cancelled' });
          else change(id, { state: 'failed', error: errorMessagesOf(error).map(translate).join(' ') });
        });
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="files-upload-title">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="files-upload-title" variant="h6" component="h2">
            {t('upload.title')}
          </Typography>
          <RolesChoice value={roles} onChange={setRoles} legend={t('upload.rolesLegend')} />
          <Box
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(event) => {
              event.preventDefault();
              setDragging(false);
              start(event.dataTransfer.files);
            }}
            sx={{
              border: 2,
              borderStyle: 'dashed',
              borderColor: dragging ? 'primary.main' : 'divider',
              borderRadius: 1,
              p: 3,
              textAlign: 'center',
            }}
          >
            <CloudUploadOutlined aria-hidden color="action" />
            <Typography sx={{ mb: 1 }}>{t('upload.drop')}</Typography>
            <Button variant="contained" onClick={() => input.current?.click()}>
              {t('upload.choose')}
            </Button>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              aria-label={t('upload.choose')}
              data-testid="file-input"
              onChange={(event) => {
                if (event.target.files) start(event.target.files);
                event.target.value = '';
              }}
            />
          </Box>
          {uploads.length > 0 ? (
            <Stack
              spacing={1}
              component="ul"
              sx={{ listStyle: 'none', p: 0, m: 0 }}
              aria-label={t('upload.progressList')}
            >
              {uploads.map((item) => (
                <Box component="li" key={item.id} data-testid="upload-row">
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography variant="body2" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
                      {item.name} — {t(`upload.state.${item.state}`)}
                    </Typography>
                    {item.state === 'uploading' ? (
                      <Button size="small" onClick={item.abort} aria-label={t('upload.cancel', { name: item.name })}>
                        {t('upload.cancelShort')}
                      </Button>
                    ) : null}
                  </Stack>
                  <LinearProgress
                    variant="determinate"
                    value={Math.round(item.progress * 100)}
                    aria-label={t('upload.progress', { name: item.name })}
                    color={item.state === 'failed' ? 'error' : 'primary'}
                  />
                  {item.error ? (
                    <Typography variant="body2" color="error" role="alert">
                      {item.error}
                    </Typography>
                  ) : null}
                </Box>
              ))}
            </Stack>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
