import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { isSessionEnded } from '../api/my-policy-api';

/** Where every my-policy page goes when the session has ended: back to sign-in, which says why. */
export const SIGN_IN_PATH = '/my-policy';

/** Why sign-in is shown: the session ended, a link failed (its message key), or the holder signed out. */
export type TSignInState = { ended?: boolean; linkFailed?: string; signedOut?: boolean };

/**
 * Handles a failed call: a 401 (the session idled out or was ended) returns to sign-in with a clear
 * message and answers true; anything else is the page's to show.
 */
export function useSessionEnded(): (error: unknown) => boolean {
  const navigate = useNavigate();
  return useCallback(
    (error: unknown) => {
      if (!isSessionEnded(error)) return false;
      navigate(SIGN_IN_PATH, { replace: true, state: { ended: true } satisfies TSignInState });
      return true;
    },
    [navigate],
  );
}
