import { VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';

/** What a screen reader hears: how many fields to fix, and which one has focus. */
export function invalidSummary(count: number, first: string | null): string {
  const fields = count === 1 ? '1 field needs' : `${count} fields need`;
  return first ? `${fields} attention. Focus is on the first: ${first}.` : `${fields} attention.`;
}

function labelOf(element: HTMLElement): string | null {
  const labelled = element.getAttribute('aria-labelledby');
  const byId = labelled ? document.getElementById(labelled.split(' ')[0])?.textContent : null;
  const text = element.getAttribute('aria-label') ?? byId ?? (element as HTMLInputElement).labels?.[0]?.textContent ?? null;
  return text ? text.replace(/\s*\*\s*$/, '').trim() : null;
}

/**
 * Every form of the console (they validate with Mantine's form and mark bad fields aria-invalid): a
 * submit that leaves fields invalid moves focus to the first of them, scrolled into view, and says in
 * a live region how many need attention — instead of leaving focus on the button with the errors off screen.
 */
export function InvalidSubmitFocus() {
  const [message, setMessage] = useState('');
  useEffect(() => {
    let frame = 0;
    // A document listener runs after the form's own (React's, at the root), once validation has run; the errors render a frame later.
    const onSubmit = (event: Event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(() => {
          const invalid = [...form.querySelectorAll<HTMLElement>('[aria-invalid="true"]')].filter((element) => element.getClientRects().length > 0);
          if (invalid.length === 0) return;
          invalid[0].scrollIntoView({ block: 'center' });
          invalid[0].focus();
          // Said anew each time, even when the count is the same as before.
          setMessage('');
          setTimeout(() => setMessage(invalidSummary(invalid.length, labelOf(invalid[0]))), 50);
        });
      });
    };
    document.addEventListener('submit', onSubmit);
    return () => {
      document.removeEventListener('submit', onSubmit);
      cancelAnimationFrame(frame);
    };
  }, []);
  return (
    <VisuallyHidden role="status" aria-live="polite" data-testid="form-error-announcer">
      {message}
    </VisuallyHidden>
  );
}
