import { BOARD_STATES, type BoardState, EVENT_DAY_LIMITS } from '@funkis/shared';

/** The event day's limits as the screens use them (the values from `@funkis/shared`'s constants, without zod). */
export const { UNDO_SECONDS, CLIENT_ID_MAXIMUM, OFFLINE_HOURS_MAXIMUM } = EVENT_DAY_LIMITS;
/** The name search asks the server from this many letters on. */
export const SEARCH_MINIMUM_LENGTH = 2;

/** The board's states in the order its counts show them. */
export const STATE_ORDER = BOARD_STATES;
export type { BoardState };
