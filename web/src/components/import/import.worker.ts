// The import file reader's Web Worker: parses a CSV or XLSX file (or pasted text) off the main
// thread and posts progress, then the rows (see import-parse.ts). One message in, one result out.
import { type ParseInput, type ParseTemplate, parseImportInput } from './import-parse';

export type WorkerRequest = { input: ParseInput; template: ParseTemplate };

self.onmessage = async (e: MessageEvent<WorkerRequest>) => {
  try {
    let last = 0;
    const result = await parseImportInput(e.data.input, e.data.template, (p) => {
      // At most ~20 progress messages a second: posting is not free either.
      const now = Date.now();
      if (now - last < 50 && p.done < p.total) return;
      last = now;
      self.postMessage({ type: 'progress', progress: p });
    });
    self.postMessage({ type: 'done', result });
  } catch (err) {
    self.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
