import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, initTestI18n, ok, renderAt, signIn, stubApi } from '../../testing/test-utils';
import { ImageUpload } from './image-upload';

function Harness({ onValue }: { onValue: (v: unknown) => void }) {
  const [value, setValue] = useState<string | File | null>(null);
  return (
    <ImageUpload
      label="Photo"
      value={value}
      uploadPath="/coupon/photo"
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

beforeEach(() => {
  initTestI18n();
  signIn();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
  );
});

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', { type: 'image/png' });

describe('image upload', () => {
  it('should preview the picked image, upload it as multipart and keep the returned URL', async () => {
    const onValue = vi.fn();
    let sent: FormData | null = null;
    stubApi(({ method, url, body }) => {
      if (method === 'POST' && url.pathname === '/v1/api/coupon/photo') {
        sent = body as FormData;
        return ok({ url: '/uploads/abc.png', path: 'abc.png' });
      }
      return undefined;
    });
    const user = userEvent.setup();
    const { container } = renderAt(<Harness onValue={onValue} />);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, png());
    await waitFor(() => expect(onValue).toHaveBeenCalledWith('/uploads/abc.png'));
    expect((sent as FormData | null)?.get('photo')).toBeInstanceOf(File);
    expect(screen.getByRole('img', { name: 'Preview of the image' })).toBeInTheDocument();
  });

  it('should show the server refusal and keep no value', async () => {
    const onValue = vi.fn();
    stubApi(() => fail(415, 'UNSUPPORTED_MEDIA_TYPE', ['Only JPEG, PNG or WebP images are accepted']));
    const user = userEvent.setup();
    const { container } = renderAt(<Harness onValue={onValue} />);
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, png());
    expect(await screen.findByText('Only JPEG, PNG or WebP images are accepted')).toBeInTheDocument();
    expect(onValue).not.toHaveBeenCalledWith(expect.stringContaining('/uploads/'));
  });
});
