// Plain links: the router's href, a plain click navigates as react-router's Link does
// (the unsaved-changes guard applies), a click with a modifier is left to the browser.
import { fireEvent, render, screen } from '@testing-library/react';
import { createHashRouter, RouterProvider, useBlocker } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../testing/test-utils';
import { APP_LINK, AppLinks, useAppHref } from './app-links';

function Seven({ guarded = false }: { guarded?: boolean }) {
  const href = useAppHref();
  const blocker = useBlocker(guarded);
  return (
    <>
      <a href={href('/gadgets/7')} {...{ [APP_LINK]: '/gadgets/7' }}>
        Seven
      </a>
      {blocker.state === 'blocked' ? <p>Leave unsaved changes?</p> : null}
    </>
  );
}

describe('plain app links', () => {
  it('should navigate on a plain click and leave a click with a modifier key to the browser', () => {
    const { router } = renderAt(<Seven />, { path: '/here', route: '/here' });
    const link = screen.getByRole('link', { name: 'Seven' });
    expect(link).toHaveAttribute('href', '/gadgets/7');
    // Whether the app took the click, seen after its listener; then jsdom is kept from following
    // the href (it cannot).
    const taken: boolean[] = [];
    const record = (e: MouseEvent) => {
      taken.push(e.defaultPrevented);
      e.preventDefault();
    };
    document.addEventListener('click', record);
    fireEvent.click(link, { ctrlKey: true });
    fireEvent.click(link, { button: 1 });
    expect(router.state.location.pathname).toBe('/here');
    fireEvent.click(link);
    document.removeEventListener('click', record);
    expect(taken).toEqual([false, false, true]);
    expect(router.state.location.pathname).toBe('/gadgets/7');
  });

  it('should be stopped by the unsaved-changes guard, as a router link is', async () => {
    const { router } = renderAt(<Seven guarded />, { path: '/here', route: '/here' });
    fireEvent.click(screen.getByRole('link', { name: 'Seven' }));
    expect(await screen.findByText('Leave unsaved changes?')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/here');
  });

  it("should carry the hash router's href in the app", () => {
    const router = createHashRouter([
      {
        path: '*',
        element: (
          <AppLinks>
            <Seven />
          </AppLinks>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('link', { name: 'Seven' })).toHaveAttribute('href', '#/gadgets/7');
  });
});
