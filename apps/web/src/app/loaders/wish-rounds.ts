import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { wishRoundQueryOptions, wishRoundsQueryOptions } from '../../features/scheduling/api/wish-rounds';
import { eventScreenLoader } from './event';

/** /event/{id}/wish-rounds: the rounds the caller may see. */
export const wishRoundsLoader = (queryClient: QueryClient, roles: readonly number[]) =>
  eventScreenLoader(queryClient, roles, (client, eventId) => [client.ensureQueryData(wishRoundsQueryOptions(eventId))]);

/** /event/{id}/wish-rounds/{roundId}: the round (my wishes, or the organisers' preview). */
export const wishRoundLoader = (queryClient: QueryClient, roles: readonly number[]) => (args: LoaderFunctionArgs) => {
  const roundId = Number(args.params.roundId);
  const valid = Number.isSafeInteger(roundId) && roundId > 0;
  return eventScreenLoader(queryClient, roles, (client, eventId) =>
    valid ? [client.ensureQueryData(wishRoundQueryOptions(eventId, roundId))] : [],
  )(args);
};
