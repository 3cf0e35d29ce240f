// A separate process for the DATA_DIR lock test: on `acquire` it waits for the agreed instant, tries
// the real acquireDataDirLock and reports; on `release` it lets go. Spawned once, used for many trials.
import { acquireDataDirLock } from '../../src/db/lock';

let release: (() => void) | null = null;

process.on('message', async (msg: { cmd: string; dir?: string; at?: number }) => {
  if (msg.cmd === 'acquire' && msg.dir && msg.at) {
    while (Date.now() < msg.at) await new Promise((r) => setImmediate(r));
    try {
      release = await acquireDataDirLock(msg.dir, `worker ${process.pid}`);
      process.send?.({ pid: process.pid, ok: true });
    } catch (err) {
      process.send?.({ pid: process.pid, ok: false, message: (err as Error).message });
    }
  } else if (msg.cmd === 'release') {
    release?.();
    release = null;
    process.send?.({ pid: process.pid, released: true });
  }
});
process.send?.({ ready: true });
