import { create } from 'zustand';
import { logClientError } from '../../../lib/api-client';

/**
 * The personal accident site's generic error dialog, titled "Error" (pa-home-payments section 2,
 * Other; travel titles its own "Oops!"): the texts shown, empty for the generic text, null when closed.
 */
type TPaErrorState = {
  messages: string[] | null;
  show(messages: string[], cause?: string): void;
  clear(): void;
};

export const usePaErrorStore = create<TPaErrorState>()((set) => ({
  messages: null,
  show: (messages, cause) => {
    set({ messages });
    void logClientError(
      `pa error shown: ${[...messages, cause].filter(Boolean).join('; ') || 'generic error'}`,
    );
  },
  clear: () => set({ messages: null }),
}));
