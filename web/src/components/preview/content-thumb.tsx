// The thumbnail a list row or a detail shows for a record's picture (news, popups, promos, videos).
import { Image, ThemeIcon } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';

/** An image, or a placeholder when there is none or it does not load. */
export function ContentThumb({ src, size = 40, width }: { src: unknown; size?: number; width?: number }) {
  const [failed, setFailed] = useState<unknown>(null);
  return src && failed !== src ? (
    <Image
      src={String(src)}
      alt=""
      h={size}
      w={width ?? size}
      fit="cover"
      radius="sm"
      style={{ flex: 'none' }}
      onError={() => setFailed(src)}
    />
  ) : (
    <ThemeIcon variant="light" color="gray" size={size} radius="sm" style={{ flex: 'none' }}>
      <IconPhotoOff size={size / 2} stroke={1.5} />
    </ThemeIcon>
  );
}
