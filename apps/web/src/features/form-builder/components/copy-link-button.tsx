import Link from '@mui/icons-material/Link';
import Button from '@mui/material/Button';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';

/** The public apply URL of an event. */
export const applyUrl = (eventId: number) => `${window.location.origin}${paths.event.apply.href(eventId)}`;

/** Copies with a hidden text area and the old copy command, for browsers without the Clipboard API. */
function copyWithTextArea(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied or unavailable: try the fallback.
  }
  return copyWithTextArea(text);
}

export function CopyLinkButton({ eventId }: { eventId: number }) {
  const { t } = useTranslation('forms');
  const { enqueueSnackbar } = useSnackbar();
  const onClick = async () => {
    const url = applyUrl(eventId);
    if (await copyText(url)) enqueueSnackbar(t('builder.linkCopied'), { variant: 'success' });
    else enqueueSnackbar(t('builder.linkNotCopied', { url }), { variant: 'warning', autoHideDuration: 15_000 });
  };
  return (
    <Button variant="outlined" startIcon={<Link />} onClick={onClick}>
      {t('builder.copyLink')}
    </Button>
  );
}
