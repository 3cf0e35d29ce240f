// Recognises the error a browser throws when a lazily loaded chunk cannot be fetched.
export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { name?: string; message?: string };
  if (e.name === 'ChunkLoadError') return true;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Loading chunk|Unable to preload CSS/i.test(
    e.message ?? '',
  );
}
