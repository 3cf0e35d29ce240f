// `npm run uploads:to-s3`: copies the files of the local upload folder (UPLOAD_DIR) to the bucket named
// by the S3_* settings, under the same `<kind>/<name>` keys, so records keep their `/uploads/...`
// addresses when STORAGE switches to s3. Keys already in the bucket are skipped: it can run again.
// The S3_* settings are read whatever STORAGE says, so the copy can run before the switch.
// Exit 0: done; 2: it could not run.
import { ConfigError, loadConfig, loadDotEnv } from '../config';
import { copyFolderToBucket, S3UploadStore } from './upload-s3';
import { LocalUploadStore } from './uploads';

async function main(): Promise<number> {
  loadDotEnv();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig({ ...process.env, STORAGE: 's3' });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`uploads:to-s3: ${err.message}`);
      return 2;
    }
    throw err;
  }
  if (config.storage.kind !== 's3') return 2;
  const from = new LocalUploadStore(config.uploadDir);
  const to = S3UploadStore.fromSettings(config.storage);
  const t0 = performance.now();
  const r = await copyFolderToBucket(from, to);
  console.log(
    `uploads:to-s3: ${r.copied} copied, ${r.present} already in s3://${config.storage.bucket}, ` +
      `${r.ignored} not uploads (left out), from ${config.uploadDir} in ${Math.round(performance.now() - t0)} ms`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`uploads:to-s3 failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(2);
  },
);
