import type { MailLabel, MailSummary } from '@funkis/shared';
import { createContext, type Dispatch, type ReactNode, useContext, useMemo, useReducer } from 'react';
import { useMailLabels } from '../api/get-mail-labels';
import { type MailFolder, useMails } from '../api/get-mails';

/**
 * The mail area's store (spec section 3): e-mails by id, the ids of the open folder in order, the labels, and
 * whether the sidebar (a drawer on narrow screens) and the compose screen are open. The reducer holds only the
 * two flags, which are the area's own; the e-mails and labels are the server's and are read from their queries
 * as each render happens (`select`), never copied into the reducer by an effect, so a folder never shows the
 * previous folder's e-mails for a render and a label's heading never waits a render for its name.
 */
export interface MailUiState {
  isSidebarOpen: boolean;
  isComposeOpen: boolean;
}

export interface MailState extends MailUiState {
  labels: MailLabel[];
}

/** The open folder's e-mails as the store keeps them: by id, and their ids in the folder's order. */
export interface MailFolderState {
  emailsById: Record<number, MailSummary>;
  ids: number[];
}

export type MailAction =
  | { type: 'sidebarOpened' }
  | { type: 'sidebarClosed' }
  | { type: 'composeOpened' }
  | { type: 'composeClosed' };

export const initialMailState: MailUiState = { isSidebarOpen: false, isComposeOpen: false };

export function mailReducer(state: MailUiState, action: MailAction): MailUiState {
  switch (action.type) {
    case 'sidebarOpened':
      return state.isSidebarOpen ? state : { ...state, isSidebarOpen: true };
    case 'sidebarClosed':
      return state.isSidebarOpen ? { ...state, isSidebarOpen: false } : state;
    case 'composeOpened':
      return state.isComposeOpen ? state : { ...state, isComposeOpen: true };
    case 'composeClosed':
      return state.isComposeOpen ? { ...state, isComposeOpen: false } : state;
  }
}

/** A folder's answer as the store's shape: what `useMailFolder` selects from the folder's query. */
export function toFolderState({ emails }: { emails: readonly MailSummary[] }): MailFolderState {
  const emailsById: Record<number, MailSummary> = {};
  for (const email of emails) emailsById[email.id] = email;
  return { emailsById, ids: emails.map((email) => email.id) };
}

const NO_LABELS: MailLabel[] = [];

const MailStoreContext = createContext<{ state: MailState; dispatch: Dispatch<MailAction> } | null>(null);

export function MailProvider({ eventId, children }: { eventId: number; children: ReactNode }) {
  const [ui, dispatch] = useReducer(mailReducer, initialMailState);
  // The labels are read here, not in the sidebar: below `md` the sidebar is a drawer mounted only once opened,
  // and a label's page needs its name for its heading before that.
  const labels = useMailLabels(eventId).data?.labels ?? NO_LABELS;
  const value = useMemo(() => ({ state: { ...ui, labels }, dispatch }), [ui, labels]);
  return <MailStoreContext.Provider value={value}>{children}</MailStoreContext.Provider>;
}

export function useMailStore() {
  const store = useContext(MailStoreContext);
  if (!store) throw new Error('useMailStore must be used inside MailProvider');
  return store;
}

/** The open folder's e-mails, by id and in order, selected from its query (which refreshes while any is sent). */
export const useMailFolder = (eventId: number, folder: MailFolder) => useMails(eventId, folder, toFolderState);
