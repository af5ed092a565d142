import type { Mail, MailLabel, MailSummary } from '@funkis/shared';
import { createContext, type Dispatch, type ReactNode, useContext, useMemo, useReducer } from 'react';

/**
 * The mail area's store (spec section 3): e-mails by id, the ids of the open folder in order, the labels, and
 * whether the sidebar (a drawer on narrow screens) and the compose screen are open. Server data comes from the
 * queries, which hand it to the store as it arrives.
 */
export interface MailState {
  emailsById: Record<number, MailSummary | Mail>;
  ids: number[];
  labels: MailLabel[];
  isSidebarOpen: boolean;
  isComposeOpen: boolean;
}

export type MailAction =
  | { type: 'emailsLoaded'; emails: MailSummary[] }
  | { type: 'emailLoaded'; email: Mail }
  | { type: 'labelsLoaded'; labels: MailLabel[] }
  | { type: 'sidebarOpened' }
  | { type: 'sidebarClosed' }
  | { type: 'composeOpened' }
  | { type: 'composeClosed' };

export const initialMailState: MailState = {
  emailsById: {},
  ids: [],
  labels: [],
  isSidebarOpen: false,
  isComposeOpen: false,
};

export function mailReducer(state: MailState, action: MailAction): MailState {
  switch (action.type) {
    case 'emailsLoaded': {
      const emailsById = { ...state.emailsById };
      for (const email of action.emails) emailsById[email.id] = { ...emailsById[email.id], ...email };
      return { ...state, emailsById, ids: action.emails.map((email) => email.id) };
    }
    case 'emailLoaded':
      return { ...state, emailsById: { ...state.emailsById, [action.email.id]: action.email } };
    case 'labelsLoaded':
      return { ...state, labels: action.labels };
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

const MailStoreContext = createContext<{ state: MailState; dispatch: Dispatch<MailAction> } | null>(null);

export function MailProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(mailReducer, initialMailState);
  const value = useMemo(() => ({ state, dispatch }), [state]);
  return <MailStoreContext.Provider value={value}>{children}</MailStoreContext.Provider>;
}

export function useMailStore() {
  const store = useContext(MailStoreContext);
  if (!store) throw new Error('useMailStore must be used inside MailProvider');
  return store;
}
