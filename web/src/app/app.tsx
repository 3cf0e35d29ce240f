// The top of the React tree: theme and router. Data, notification and modal providers live in
// the authenticated layout so the login route does not pay for them.
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from 'react-router';
import type { AppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

export function App({ router }: { router: AppRouter }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
