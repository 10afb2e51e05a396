import { act, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusAfterRender } from './use-focus-after-render';

function Harness() {
  const [error, setError] = useState<string | null>(null);
  const alert = useRef<HTMLParagraphElement>(null);
  const focusAfterRender = useFocusAfterRender();
  return (
    <div>
      <button
        type="button"
        onClick={() => {
          // The alert does not exist yet: it is in the render this state change asks for.
          setError('Something is wrong.');
          focusAfterRender(alert);
        }}
      >
        Check
      </button>
      {error ? (
        <p ref={alert} role="alert" tabIndex={-1}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

describe('useFocusAfterRender', () => {
  it('focuses an element that the same state change mounts, once it is drawn', () => {
    render(<Harness />);
    act(() => screen.getByRole('button', { name: 'Check' }).click());
    expect(document.activeElement).toBe(screen.getByRole('alert'));
  });
});
