import { create } from 'zustand';
import { logClientError } from '../lib/api-client';

/**
 * The generic error modal, titled "Oops!" and listing messages (travel-flow sections 3 and 8): `errors`
 * is the list shown, empty for the generic text, null when closed. Showing it logs the list (and what
 * caused it) to the server, as the spec's showError does. Not kept across a reload.
 */
type TErrorState = {
  errors: string[] | null;
  showError: (messages: string[], cause?: string) => void;
  clearError: () => void;
};

export const useErrorStore = create<TErrorState>()((set) => ({
  errors: null,
  showError: (messages, cause) => {
    set({ errors: messages });
    void logClientError(`error shown: ${[...messages, cause].filter(Boolean).join('; ') || 'generic error'}`);
  },
  clearError: () => set({ errors: null }),
}));
