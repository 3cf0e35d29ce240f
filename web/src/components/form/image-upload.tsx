// Image field: drop or pick a JPEG/PNG/WebP (max 5 MiB), preview it at once, upload it to the
// resource's photo route and keep the returned URL as the field's value. Without a photo route
// (`uploadPath`) the picked File itself is the value, sent with the save as multipart.
import { ActionIcon, Box, Group, Image, Input, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconPhoto, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { readableError } from '../../app/errors';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

type Props = {
  label: string;
  value: string | File | null | undefined;
  onChange: (value: string | File | null) => void;
  uploadPath?: string;
  fileField?: 'photo' | 'image';
  error?: string;
  required?: boolean;
  disabled?: boolean;
  description?: string;
};

export function ImageUpload({
  label,
  value,
  onChange,
  uploadPath,
  fileField = 'photo',
  error,
  required,
  disabled,
  description,
}: Props) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  // Deferred mode: "remove" goes back to the image the record had.
  const initial = useRef(typeof value === 'string' ? value : null);

  const upload = async (file: File) => {
    setUploadError(null);
    setPreview(URL.createObjectURL(file));
    if (!uploadPath) {
      onChange(file);
      return;
    }
    setUploading(true);
    try {
      const form = new FormData();
      form.append(fileField, file);
      const { data } = await api.upload<{ url: string; path: string }>(uploadPath, form);
      onChange(data.url);
    } catch (e) {
      setPreview(null);
      setUploadError(readableError(e, t).messages.join(' '));
    } finally {
      setUploading(false);
    }
  };

  const onReject = (rejections: FileRejection[]) => {
    const code = rejections[0]?.errors[0]?.code;
    setUploadError(code === 'file-too-large' ? t('upload.tooLarge', { max: 5 }) : t('upload.wrongType'));
  };

  const shown = preview ?? (typeof value === 'string' ? value : null) ?? null;
  // Deferred mode cannot clear a stored image, only undo a newly picked one.
  const removable = uploadPath ? true : value instanceof File;
  return (
    <Input.Wrapper
      label={label}
      required={required}
      error={error ?? uploadError ?? undefined}
      description={description}
    >
      <Stack gap="xs" mt={4}>
        {shown ? (
          <Group align="flex-start" gap="sm">
            <Box pos="relative">
              <Image src={shown} alt={t('upload.preview')} h={140} w={140} fit="cover" radius="md" />
            </Box>
            {removable ? (
              <ActionIcon
                variant="light"
                color="red"
                onClick={() => {
                  setPreview(null);
                  onChange(uploadPath ? null : initial.current);
                }}
                aria-label={t('upload.remove')}
                disabled={disabled || uploading}
              >
                <IconTrash size={16} />
              </ActionIcon>
            ) : null}
          </Group>
        ) : null}
        <Dropzone
          onDrop={(files) => files[0] && upload(files[0])}
          onReject={onReject}
          accept={IMAGE_TYPES}
          maxSize={IMAGE_MAX_BYTES}
          multiple={false}
          loading={uploading}
          disabled={disabled}
          p="md"
        >
          <Group justify="center" gap="sm" mih={64} style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <IconUpload size={28} stroke={1.5} />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={28} stroke={1.5} />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconPhoto size={28} stroke={1.5} />
            </Dropzone.Idle>
            <div>
              <Text size="sm">{shown ? t('upload.replace') : t('upload.drop')}</Text>
              <Text size="xs" c="dimmed">
                {t('upload.rules', { max: 5 })}
              </Text>
            </div>
          </Group>
        </Dropzone>
      </Stack>
    </Input.Wrapper>
  );
}
