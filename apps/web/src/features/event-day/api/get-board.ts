import type { Board } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { eventDayKeys } from '../../../lib/query-keys';

/** How often the live board asks again (a screen at the info desk). */
export const BOARD_REFRESH_MS = 15_000;

export interface BoardParams {
  /** A leader's own group; admins see every group (the server decides either way). */
  groupId?: number;
}

/** GET /api/event/{id}/board: the shifts of now and the next two hours with who is where. */
export const getBoard = (eventId: number, params: BoardParams, signal?: AbortSignal) =>
  apiClient.get<Board>(`/event/${eventId}/board`, { query: { groupId: params.groupId }, signal });

export const boardQueryOptions = (eventId: number, params: BoardParams = {}) =>
  queryOptions({
    queryKey: eventDayKeys.board(eventId, params),
    queryFn: ({ signal }) => getBoard(eventId, params, signal),
    staleTime: 0,
  });

export function useBoard(eventId: number, params: BoardParams = {}) {
  return useQuery({ ...boardQueryOptions(eventId, params), refetchInterval: BOARD_REFRESH_MS });
}
