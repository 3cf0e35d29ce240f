// Parses an import file (or pasted text) in a Web Worker, with progress; where no Worker exists
// (component tests) the same code runs on the main thread.
import {
  type OnProgress,
  type ParsedImport,
  type ParseInput,
  type ParseTemplate,
  parseImportInput,
} from './import-parse';

export async function parseImport(
  source: File | string,
  template: ParseTemplate,
  onProgress?: OnProgress,
  signal?: AbortSignal,
): Promise<ParsedImport> {
  const input: ParseInput =
    typeof source === 'string'
      ? { kind: 'text', text: source }
      : { kind: 'file', name: source.name, data: await bytesOf(source) };
  // A template passed through postMessage must be plain data.
  const plain: ParseTemplate = JSON.parse(JSON.stringify(template));
  if (typeof Worker === 'undefined') return parseImportInput(input, plain, onProgress);
  const worker = new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<ParsedImport>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      worker.onmessage = (e) => {
        const m = e.data as
          | { type: 'progress'; progress: Parameters<OnProgress>[0] }
          | { type: 'done'; result: ParsedImport }
          | { type: 'error'; message: string };
        if (m.type === 'progress') onProgress?.(m.progress);
        else if (m.type === 'done') resolve(m.result);
        else reject(new Error(m.message));
      };
      worker.onerror = (e) => reject(new Error(e.message || 'The file could not be read'));
      const transfer = input.kind === 'file' ? [input.data] : [];
      worker.postMessage({ input, template: plain }, transfer);
    });
  } finally {
    worker.terminate();
  }
}

/** The file's bytes (FileReader where Blob.arrayBuffer is missing, as in jsdom). */
function bytesOf(file: File): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(r.result as ArrayBuffer);
    r.onerror = () => reject(r.error);
    r.readAsArrayBuffer(file);
  });
}
