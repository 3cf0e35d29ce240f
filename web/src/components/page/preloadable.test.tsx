// A screen loaded ahead renders at once; one that was not goes through React.lazy and its fallback;
// a failed load is tried again.
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable';

const inSuspense = (node: React.ReactNode) => render(<Suspense fallback={<p>Waiting</p>}>{node}</Suspense>);

describe('preloadable screens', () => {
  it('should render a screen loaded ahead in its first render, without the fallback', async () => {
    const Ahead = preloadable(async () => () => <p>Ahead</p>);
    await Ahead.preload();
    inSuspense(<Ahead />);
    expect(screen.getByText('Ahead')).toBeInTheDocument();
    expect(screen.queryByText('Waiting')).not.toBeInTheDocument();
  });

  it('should show the fallback for a screen not loaded ahead, then the screen', async () => {
    const Later = preloadable(async () => () => <p>Later</p>);
    inSuspense(<Later />);
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    expect(await screen.findByText('Later')).toBeInTheDocument();
  });

  it('should load once however often it is asked, and try again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<() => React.ReactNode>>()
      .mockRejectedValueOnce(new Error('chunk gone'))
      .mockResolvedValue(() => <p>Second try</p>);
    const Flaky = preloadable(load);
    await expect(Flaky.preload()).resolves.toBeUndefined();
    await Promise.all([Flaky.preload(), Flaky.preload()]);
    expect(load).toHaveBeenCalledTimes(2);
    inSuspense(<Flaky />);
    expect(screen.getByText('Second try')).toBeInTheDocument();
  });
});
