// The frame the phone-sized previews draw in: each area shows how its item looks in the stores' app.
import { Box, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A 360 px wide phone frame with the app's top bar; children are the screen's content. */
export function PhoneFrame({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Stack gap={6} align="flex-start" data-testid="phone-preview">
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Box
        style={{
          width: 360,
          maxWidth: '100%',
          borderRadius: 28,
          border: '10px solid #1f2933',
          background: '#f4f6f8',
          overflow: 'hidden',
          boxShadow: '0 6px 24px rgba(0,0,0,0.18)',
        }}
      >
        <Group justify="space-between" px="sm" py={6} bg="#1f2933" c="white">
          <Text size="xs">09:41</Text>
          <Text size="xs">LTE ▮▮▮</Text>
        </Group>
        <Box style={{ minHeight: 420, position: 'relative' }}>{children}</Box>
      </Box>
    </Stack>
  );
}
