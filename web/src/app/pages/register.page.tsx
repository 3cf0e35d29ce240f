// Access request: a new staff member asks for an account. The server creates it inactive; an
// administrator reviews it, activates it and gives it a role group (docs: the register page).
// The answer never says whether the e-mail already had an account.
import { RegisterBody, type RegisterResult } from '@lbo/contract/auth';
import {
  Alert,
  Anchor,
  Button,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { localizedZodResolver } from '../../components/form/zod-resolver';
import { splitServerErrors } from '../../components/resource/server-field-errors';
import { isApiError, request } from '../api-client';
import { type ReadableError, readableError } from '../errors';
import { PublicFrame } from './public-frame';

export const RegisterForm = RegisterBody.extend({ confirm_password: z.string() }).refine(
  (v) => v.password === v.confirm_password,
  { path: ['confirm_password'], message: 'validation.passwordMismatch' },
);

type Values = Record<string, unknown>;
const FIELDS = ['name', 'email', 'phone_number', 'password', 'confirm_password'] as const;

export function RegisterPage() {
  const { t } = useTranslation();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<ReadableError | null>(null);
  const {
    control,
    handleSubmit,
    setError: setFieldError,
    formState,
  } = useForm<Values, unknown, Values>({
    defaultValues: { name: '', email: '', phone_number: '', password: '', confirm_password: '' },
    resolver: localizedZodResolver(RegisterForm, t),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = async (values: Values) => {
    setError(null);
    const { confirm_password: _, ...body } = values;
    try {
      await request<RegisterResult>('POST', '/web/auth/register', { body, auth: false });
      setDone(String(values.email).trim());
    } catch (e) {
      setError(readableError(e, t));
      if (isApiError(e)) {
        // By the answer's details (the field each problem names), in the user's language.
        for (const [f, m] of splitServerErrors(e, [...FIELDS]).byField)
          setFieldError(f as (typeof FIELDS)[number], { type: 'server', message: m });
      }
    }
  };

  if (done) {
    return (
      <PublicFrame>
        <Paper withBorder shadow="sm" p="xl" radius="lg">
          <Stack align="center" ta="center" gap="sm">
            <ThemeIcon size={56} radius="xl" color="teal" variant="light">
              <IconCheck size={30} />
            </ThemeIcon>
            <Title order={2}>{t('register.doneTitle')}</Title>
            <Text c="dimmed">{t('register.doneText', { email: done })}</Text>
            <Button component={Link} to="/login" mt="sm">
              {t('register.backToLogin')}
            </Button>
          </Stack>
        </Paper>
      </PublicFrame>
    );
  }

  const text = (
    name: (typeof FIELDS)[number],
    type: 'text' | 'email' | 'tel' = 'text',
    autoComplete?: string,
  ) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextInput
          {...field}
          value={String(field.value ?? '')}
          type={type}
          autoComplete={autoComplete}
          label={t(`register.fields.${name}`)}
          error={fieldState.error?.message}
          required={name !== 'phone_number'}
        />
      )}
    />
  );
  const password = (name: 'password' | 'confirm_password') => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <PasswordInput
          {...field}
          value={String(field.value ?? '')}
          autoComplete="new-password"
          label={t(`register.fields.${name}`)}
          description={name === 'password' ? t('register.passwordHint') : undefined}
          error={fieldState.error?.message}
          required
        />
      )}
    />
  );

  return (
    <PublicFrame size={480}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="lg">
        <form onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="register-title">
          <Stack gap="md">
            <div>
              <Title order={2} id="register-title">
                {t('register.title')}
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                {t('register.subtitle')}
              </Text>
            </div>
            {error ? (
              <Alert color="red" variant="light" title={error.title} role="alert">
                {error.messages.join(' ')}
              </Alert>
            ) : null}
            {text('name', 'text', 'name')}
            {text('email', 'email', 'email')}
            {text('phone_number', 'tel', 'tel')}
            {password('password')}
            {password('confirm_password')}
            <Button type="submit" loading={formState.isSubmitting} fullWidth size="md">
              {t('register.submit')}
            </Button>
            <Text size="sm" ta="center" c="dimmed">
              {t('register.haveAccount')}{' '}
              <Anchor component={Link} to="/login" size="sm">
                {t('register.signIn')}
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Paper>
    </PublicFrame>
  );
}
