import type { ShiftOffer } from '@funkis/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import { useOffers } from '../api/get-offers';
import { useApproveOffer, useDeclineOffer, useTakeOffer } from '../api/offers';
import { useEventZone, useShiftTime } from './event-zone';
import { formatInstant } from './format';

export interface OffersSectionProps {
  eventId: number;
  eventUserId: number | null;
  /** Organisers see every offer of theirs with its status and decide the pending ones. */
  organiser: boolean;
  /** Runs a step with the page's notice and error list (scheduling-page.tsx). */
  run(work: () => Promise<unknown>, done: string): Promise<void>;
  /** Shows a notice the step chose itself (taken, or waiting for approval). */
  onNotice(message: string): void;
}

const STATUS_COLOR = {
  open: 'info',
  pending: 'warning',
  taken: 'success',
  withdrawn: 'default',
  expired: 'default',
} as const;

const personName = (person: { firstname: string; lastname: string }) => `${person.firstname} ${person.lastname}`;

/**
 * "Offered places" (decision 033): for a volunteer the places others of the group offer that they could take, with
 * "Take"; for organisers every offer with its status, and "Approve" / "Decline" while one waits for them.
 */
export function OffersSection({ eventId, eventUserId, organiser, run, onNotice }: OffersSectionProps) {
  const { t, i18n } = useTranslation('scheduling');
  const zone = useEventZone();
  const shiftTime = useShiftTime();
  const offers = useOffers(eventId);
  const take = useTakeOffer(eventId);
  const approve = useApproveOffer(eventId);
  const decline = useDeclineOffer(eventId);
  const busy = take.isPending || approve.isPending || decline.isPending;
  // A volunteer's own offers show on their shift cards; here what others offer (and what they asked for).
  const listed = (offers.data?.offers ?? []).filter(
    (offer) => organiser || offer.offeredBy.eventUserId !== eventUserId,
  );

  const actions = (offer: ShiftOffer) => {
    const label = { title: offer.shift.title, name: personName(offer.offeredBy) };
    if (organiser && offer.status === 'pending') {
      return (
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            variant="contained"
            disabled={busy}
            aria-label={t('offers.approveLabel', { ...label, taker: offer.takenBy ? personName(offer.takenBy) : '' })}
            onClick={() => run(() => approve.mutateAsync(offer.id), t('notices.offerApproved'))}
          >
            {t('actions.approveOffer')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            disabled={busy}
            aria-label={t('offers.declineLabel', { ...label, taker: offer.takenBy ? personName(offer.takenBy) : '' })}
            onClick={() => run(() => decline.mutateAsync(offer.id), t('notices.offerDeclined'))}
          >
            {t('actions.declineOffer')}
          </Button>
        </Stack>
      );
    }
    if (!organiser && offer.status === 'open') {
      return (
        <Button
          size="small"
          variant="contained"
          disabled={busy}
          aria-label={t('offers.takeLabel', label)}
          onClick={() =>
            run(async () => {
              const result = await take.mutateAsync(offer.id);
              onNotice('offer' in result ? t('notices.offerPending') : t('notices.offerTaken'));
            }, '')
          }
        >
          {t('actions.takeOffer')}
        </Button>
      );
    }
    return null;
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="offers-heading" sx={{ p: 2 }}>
      <Typography id="offers-heading" variant="h5" component="h2">
        {t('offers.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {organiser ? t('offers.helpOrganiser') : t('offers.help')}
      </Typography>
      {offers.isPending ? (
        <Typography variant="body2" role="status">
          {t('offers.loading')}
        </Typography>
      ) : offers.isError ? (
        <LoadError error={offers.error} onRetry={() => void offers.refetch()} />
      ) : listed.length === 0 ? (
        <Typography color="text.secondary" data-testid="offers-empty">
          {organiser ? t('offers.emptyOrganiser') : t('offers.empty')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="offers-list">
          {listed.map((offer) => (
            <Box
              component="li"
              key={offer.id}
              data-testid={`offer-${offer.id}`}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1,
                alignItems: 'center',
                justifyContent: 'space-between',
                borderTop: 1,
                borderColor: 'divider',
                pt: 1,
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="subtitle2" component="h3" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
                  {offer.shift.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  <bdi>{shiftTime(offer.shift.startsAt, offer.shift.endsAt)}</bdi>
                  {offer.shift.location ? (
                    <>
                      {' · '}
                      <bdi>{offer.shift.location}</bdi>
                    </>
                  ) : null}
                  {offer.shift.group ? (
                    <>
                      {' · '}
                      <bdi>{offer.shift.group.name}</bdi>
                    </>
                  ) : null}
                </Typography>
                <Typography variant="body2">
                  {t('offers.offeredBy', {
                    name: personName(offer.offeredBy),
                    until: formatInstant(i18n.language, offer.until, zone),
                  })}
                  {offer.takenBy && offer.status !== 'open'
                    ? ` ${t(offer.status === 'pending' ? 'offers.askedBy' : 'offers.takenBy', {
                        name: personName(offer.takenBy),
                      })}`
                    : null}
                </Typography>
              </Box>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Chip size="small" color={STATUS_COLOR[offer.status]} label={t(`offers.status.${offer.status}`)} />
                {actions(offer)}
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
