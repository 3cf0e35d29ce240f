// jest-dom matchers and a clean slate between tests.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearData } from './src/lib/data';

// findBy* and waitFor only catch a hang: on a loaded 2-core machine a first render can take longer
// than their default second.
configure({ asyncUtilTimeout: 30_000 });
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  clearData();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
