// A photo from the phone's camera, sent as the server takes it (POST /store/photo, multipart field
// `photo`, JPEG/PNG/WebP up to 5 MiB). A camera's picture is often larger than that and slow to send
// on a weak line: over 1 MB it is redrawn at most 1600 px wide or high as a JPEG first.
import type { StorePhoto } from '@lbo/contract/store';
import { call } from './api';

const SHRINK_OVER_BYTES = 1024 * 1024;
const MAX_SIDE = 1600;

async function shrink(file: File): Promise<Blob> {
  if (file.size <= SHRINK_OVER_BYTES || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return blob && blob.size < file.size ? blob : file;
  } catch {
    // The browser cannot decode it: the server judges the original.
    return file;
  }
}

/** Sends the picture; answers its url on this server. */
export async function sendPhoto(file: File): Promise<string> {
  const body = await shrink(file);
  const form = new FormData();
  const name = body === file ? file.name : file.name.replace(/\.[^.]*$/, '') + '.jpg';
  form.append('photo', body, name || 'photo.jpg');
  const { data } = await call<StorePhoto>('POST', '/store/photo', { form, timeoutMs: 60_000 });
  return data.url;
}
