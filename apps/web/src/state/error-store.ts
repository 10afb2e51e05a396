import { create } from 'zustand';
import { logClientError } from '../lib/api-client';

/**
 * The generic error modal, titled "Oops!" and listing messages (travel-flow sections 3 and 8): `errors`
 * is the list shown, empty for the generic text, null when closed. Showing it logs the list (and what
 * caused it) to the server, as the spec's showError does. Not kept across a reload.
 */
type TErrorState = {
  errors: string[] | null;
  /**
   * The modal's title key: "Oops!" by default (travel); the page's product may set its own, "Error" for
   * PA and home (pa-home-payments section 2, Other; decision 044). null restores the default.
   */
  titleKey: string;
  setTitleKey: (key: string | null) => void;
  showError: (messages: string[], cause?: string) => void;
  clearError: () => void;
};

/** The error modal's default title, "Oops!" (travel-flow section 8). */
export const DEFAULT_ERROR_TITLE_KEY = 'modal.errorTitle';

export const useErrorStore = create<TErrorState>()((set) => ({
  errors: null,
  titleKey: DEFAULT_ERROR_TITLE_KEY,
  setTitleKey: (key) => set({ titleKey: key ?? DEFAULT_ERROR_TITLE_KEY }),
  showError: (messages, cause) => {
    set({ errors: messages });
    void logClientError(`error shown: ${[...messages, cause].filter(Boolean).join('; ') || 'generic error'}`);
  },
  clearError: () => set({ errors: null }),
}));
