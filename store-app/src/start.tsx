// The app rendered into its container, taking over what index.html's inline script may have written
// there (the header and the balance, from the answer it asked for): the first render shows the same
// balance, so React replaces that markup with its own equal markup in one commit, without a wait in
// between, and from then on the inline script leaves the container alone.
import { createRoot, type Root } from 'react-dom/client';
import { App } from './App';
import { early } from './lib/api';
import { seedFromEarly } from './lib/data';

export function startApp(container: HTMLElement): Root {
  const state = early();
  if (state) state.taken = true;
  seedFromEarly();
  const root = createRoot(container);
  root.render(<App />);
  return root;
}
