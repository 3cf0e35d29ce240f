// The confirm dialog of an action: says what will happen (with the count from the server's preview
// where the action has one), holds an optional form for the body, stays open with a spinner while
// the call runs, and shows the server's messages if it fails. A 409 because the count changed
// shows the new count, to be confirmed again.
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-client';
import { ErrorAlert } from '../feedback/error-alert';
import { notifySuccess } from '../feedback/notify';
import { useActionText } from './action-text';
import type { ActionCall, ActionDescription, ActionDialogProps } from './action-types';
import { useAction, useActionPreview } from './use-action';

export type ActionDialogFrameProps = ActionDialogProps & {
  action: ActionDescription;
  /** The resource's i18n name (`resources.<name>`); default the contract's resource. */
  name?: string;
  /** The call to make; null while the form holds nothing valid to send. */
  call: ActionCall | null;
  /** Shown under the form while `call` is null. */
  invalidHint?: string;
  /** The form collecting the body. */
  children?: ReactNode;
  size?: string;
};

export function ActionDialog({
  action,
  name = action.contract.resource,
  call,
  invalidHint,
  children,
  size = children ? 'lg' : 'md',
  onClose,
  onDone,
  ...target
}: ActionDialogFrameProps) {
  const { t } = useTranslation();
  const text = useActionText(action, name);
  const { contract } = action;
  const mutation = useAction(contract, { invalidates: [name, ...(action.invalidates ?? [])] });
  const preview = useActionPreview(contract, call, true);
  const hasPreview = !!contract.confirm?.preview;
  const count = preview.data?.count;
  const ctx = { name, target, count };
  const danger =
    (contract.confirm?.tone ?? (contract.method === 'DELETE' ? 'danger' : 'default')) === 'danger';
  const pending = mutation.isPending;
  const countChanged =
    contract.confirm?.echoCount && isApiError(mutation.error) && mutation.error.status === 409;
  const ready = call !== null && (!hasPreview || (count !== undefined && count > 0 && !preview.isFetching));

  const confirm = async () => {
    if (!call || !ready) return;
    try {
      const result = await mutation.mutateAsync({ call, confirmedCount: count });
      notifySuccess(text('done', { ...ctx, result }));
      onDone();
    } catch (e) {
      // The rows changed since the preview: show the current count, to be confirmed again.
      if (contract.confirm?.echoCount && isApiError(e) && e.status === 409) void preview.refetch();
    }
  };
  const close = () => {
    if (!pending) onClose();
  };
  const titles = (target.titles ?? []).slice(0, 3);
  const message = text('message', ctx);

  return (
    <Modal opened onClose={close} title={text('title', ctx)} size={size} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
        aria-label={text('title', ctx)}
      >
        <Stack gap="md">
          {message ? (
            <Text size="sm">
              {message}
              {titles.length > 0 ? (
                <>
                  {' '}
                  <Text span c="dimmed" size="sm">
                    {titles.join(', ')}
                    {target.ids.length > titles.length ? ` +${target.ids.length - titles.length}` : ''}
                  </Text>
                </>
              ) : null}
            </Text>
          ) : null}
          {hasPreview ? (
            preview.isError ? (
              <ErrorAlert
                error={preview.error}
                title={t('action.previewFailed')}
                onRetry={() => preview.refetch()}
              />
            ) : count === undefined || preview.isFetching ? (
              <Group gap="xs" role="status">
                <Loader size="xs" />
                <Text size="sm" c="dimmed">
                  {t('action.previewLoading')}
                </Text>
              </Group>
            ) : (
              <Alert
                variant="light"
                color={count === 0 ? 'gray' : danger ? 'red' : 'blue'}
                icon={<IconInfoCircle size={18} />}
                data-testid="action-count"
              >
                {count === 0 ? t('action.previewNone') : t('action.previewCount', { count })}
              </Alert>
            )
          ) : null}
          {children}
          {mutation.error ? (
            <Stack gap={4}>
              <ErrorAlert error={mutation.error} title={t('action.failed')} />
              {countChanged ? (
                <Text size="xs" c="dimmed">
                  {t('action.countChanged')}
                </Text>
              ) : null}
            </Stack>
          ) : null}
          {call === null && invalidHint ? (
            <Text size="xs" c="dimmed">
              {invalidHint}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={pending}>
              {t('actions.cancel')}
            </Button>
            <Button
              type="submit"
              color={danger ? 'red' : undefined}
              loading={pending}
              disabled={!ready}
              data-autofocus={children ? undefined : true}
            >
              {text('confirm', ctx)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
