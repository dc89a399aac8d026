import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSearchParamsState } from './useSearchParamsState';

/** Two changes in one handler: the second is made before the screen re-renders with the first. */
function TwoQuickChanges() {
  const [params, update] = useSearchParamsState();
  const location = useLocation();
  return (
    <>
      <p data-testid="search">{location.search}</p>
      <p data-testid="result">{params.get('result') ?? ''}</p>
      <button
        onClick={() => {
          update((p) => {
            p.set('result', 'VERIFIED');
            return p;
          });
          update((p) => {
            p.set('fromDate', '2026-11-21');
            return p;
          });
        }}
      >
        Both
      </button>
      <button
        onClick={() =>
          update((p) => {
            p.set('page', String(Number(p.get('page') ?? 0) + 1));
            return p;
          })
        }
      >
        Next
      </button>
    </>
  );
}

/** The same two changes through React Router's own hook, for the contrast the hook exists for. */
function TwoQuickChangesPlain() {
  const [, setParams] = useSearchParams();
  const location = useLocation();
  return (
    <>
      <p data-testid="search">{location.search}</p>
      <button
        onClick={() => {
          setParams((p) => {
            p.set('result', 'VERIFIED');
            return p;
          });
          setParams((p) => {
            p.set('fromDate', '2026-11-21');
            return p;
          });
        }}
      >
        Both
      </button>
    </>
  );
}

function renderAt(element: React.ReactNode, url: string) {
  const router = createMemoryRouter([{ path: '/history', element }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useSearchParamsState', () => {
  it('keeps a change made before the screen re-rendered with the one before it', async () => {
    renderAt(<TwoQuickChanges />, '/history?query=Jane');
    await userEvent.click(screen.getByRole('button', { name: 'Both' }));
    const search = new URLSearchParams(screen.getByTestId('search').textContent ?? '');
    expect(Object.fromEntries(search)).toEqual({ query: 'Jane', result: 'VERIFIED', fromDate: '2026-11-21' });
    expect(screen.getByTestId('result').textContent).toBe('VERIFIED');
  });

  it('is needed: React Router’s functional form starts both changes from the rendered params', async () => {
    renderAt(<TwoQuickChangesPlain />, '/history?query=Jane');
    await userEvent.click(screen.getByRole('button', { name: 'Both' }));
    const search = new URLSearchParams(screen.getByTestId('search').textContent ?? '');
    expect(search.get('result')).toBeNull();
    expect(search.get('fromDate')).toBe('2026-11-21');
  });

  it('builds on what the location shows once it moved by other means (Back)', async () => {
    const router = renderAt(<TwoQuickChanges />, '/history');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('search').textContent).toBe('?page=2');
    await act(() => router.navigate(-1));
    expect(screen.getByTestId('search').textContent).toBe('?page=1');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('search').textContent).toBe('?page=2');
  });
});
