import Link from '@mui/icons-material/Link';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { copyText } from '../../../lib/copy-text';
import { useSnackbar } from '../../../lib/toast';

/** The public apply URL of an event. */
export const applyUrl = (eventId: number) => `${window.location.origin}${paths.event.apply.href(eventId)}`;

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
