// Providers the signed-in screens need: data cache, dates in the user's language, toasts.
import '@mantine/dates/styles.css';
import '@mantine/dropzone/styles.css';
import '@mantine/notifications/styles.css';
import './layout.css';
import 'dayjs/locale/id';
import { MantineThemeProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RowTips } from '../../components/resource/row-tip';
import { isApiError } from '../api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Answers in the 4xx range will not change by asking again.
      retry: (count, error) => count < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
    },
    mutations: { retry: false },
  },
});

export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n, t } = useTranslation();
  const lang = i18n.language;
  // Icon-only buttons of Mantine's inputs are named for screen readers, in the chosen language: the
  // × that empties a select or date field, and the pager's arrows.
  const labelled = useMemo(
    () => ({
      components: {
        InputClearButton: { defaultProps: { 'aria-label': t('common.clear', { lng: lang }) } },
        // Mantine's first / previous / next / last page buttons are icons only.
        Pagination: {
          defaultProps: {
            getControlProps: (control: 'first' | 'previous' | 'next' | 'last') => ({
              'aria-label': t(`list.pager.${control}`, { lng: lang }),
            }),
          },
        },
      },
    }),
    [t, lang],
  );
  dayjs.locale(lang);
  useEffect(() => {
    dayjs.locale(lang);
  }, [lang]);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineThemeProvider theme={labelled}>
        <DatesProvider settings={{ locale: lang, firstDayOfWeek: 1 }}>
          <Notifications position="top-right" limit={4} zIndex={1000} />
          <RowTips />
          {children}
        </DatesProvider>
      </MantineThemeProvider>
    </QueryClientProvider>
  );
}
