import type { CheckInPerson } from '@funkis/shared';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useSearchPeople } from '../api/search-people';
import { SEARCH_MINIMUM_LENGTH } from '../limits';

/** Find a member by name (no badge, no phone): the server's search, asked once typing pauses. */
export function PersonSearch({ eventId, onChoose }: { eventId: number; onChoose(person: CheckInPerson): void }) {
  const { t } = useTranslation('event-day');
  const [text, setText] = useState('');
  const q = useDebouncedValue(text, 300);
  const search = useSearchPeople(eventId, q);
  const isAsked = q.trim().length >= SEARCH_MINIMUM_LENGTH;
  const people = isAsked ? (search.data?.people ?? []) : [];

  return (
    <>
      <TextField
        label={t('checkIn.search')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        helperText={t('checkIn.searchHelp')}
        type="search"
        autoComplete="off"
        fullWidth
        sx={{ maxWidth: 480 }}
      />
      {isAsked && search.isError ? (
        <LoadError error={search.error} onRetry={() => void search.refetch()} sx={{ mt: 1 }} />
      ) : null}
      {isAsked && search.isSuccess && people.length === 0 ? (
        <Typography sx={{ mt: 1 }} role="status">
          {t('checkIn.noResults')}
        </Typography>
      ) : null}
      {people.length > 0 ? (
        <List aria-label={t('checkIn.resultsLabel')} dense sx={{ maxWidth: 480 }}>
          {people.map((person) => (
            <ListItem key={person.eventUserId} disablePadding>
              <ListItemButton onClick={() => onChoose(person)}>
                <ListItemText
                  primary={`${person.firstname} ${person.lastname}`}
                  secondary={person.group?.name ?? t('checkIn.noGroup')}
                  slotProps={{ primary: { dir: 'auto' } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      ) : null}
    </>
  );
}
