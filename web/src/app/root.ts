// The one React root: the standalone sign-in screen (app/sign-in.tsx) renders into it first when
// the app opens on /login, then the app (boot.tsx) replaces it.
import { createRoot, type Root } from 'react-dom/client';

let root: Root | null = null;

export function appRoot(): Root {
  if (root) return root;
  const element = document.getElementById('root');
  if (!element) throw new Error('#root is missing from index.html');
  root = createRoot(element);
  return root;
}
