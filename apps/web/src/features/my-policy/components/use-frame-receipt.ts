import { useEffect, useRef } from 'react';

/**
 * The answer of a card posted into a hidden frame straight to the gateway (a renewal card, a rise's
 * payment): the receipt page in the frame posts `{ source, result }` to the shop's window, and the
 * built-in test gateway says when the bank challenges the cardholder. Only the shop's own origin is
 * listened to, and only while `listening()` says the panel waits for the gateway.
 */
export function useFrameReceipt<TResult extends object>(
  source: string,
  listening: () => boolean,
  handlers: { onChallenge: () => void; onResult: (result: TResult) => void },
): void {
  // The newest handlers, without listening again on every render.
  const latest = useRef({ listening, ...handlers });
  latest.current = { listening, ...handlers };

  useEffect(() => {
    const receive = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !event.data) return;
      if (!latest.current.listening()) return;
      const data = event.data as { source?: unknown; type?: unknown; result?: unknown };
      if (data.source === 'lionrock-test-gateway' && data.type === 'challenge') {
        latest.current.onChallenge();
        return;
      }
      if (data.source !== source || typeof data.result !== 'object' || data.result === null) return;
      latest.current.onResult(data.result as TResult);
    };
    window.addEventListener('message', receive);
    return () => window.removeEventListener('message', receive);
  }, [source]);
}
