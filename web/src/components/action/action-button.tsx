// The button of an action: hidden without the permission, opens the action's dialog (its own, or
// the confirm dialog when the contract asks for confirmation), or else runs the call at once and
// reports the result or the server's error in a toast.
import { ActionIcon, Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../app/use-session';
import { notifyError, notifySuccess } from '../feedback/notify';
import { ROW_TIP } from '../resource/row-tip';
import { ActionDialog } from './action-dialog';
import { useActionText } from './action-text';
import type { ActionCall, ActionDescription, ActionTarget } from './action-types';
import { useAction } from './use-action';

/** The call for a target: the description's, else the record id as the path parameter. */
export function defaultCall(action: ActionDescription, target: ActionTarget): ActionCall {
  if (action.request) return action.request(target);
  const { contract } = action;
  if (contract.placement === 'record' && contract.idParam) {
    return { params: { [contract.idParam]: target.ids[0] } };
  }
  return {};
}

/** May the signed-in user run it (the contract's area and permission action)? */
export function useActionAllowed(action: ActionDescription): boolean {
  return usePermissions(action.contract.area)[action.contract.action];
}

export type ActionButtonProps = {
  action: ActionDescription;
  /** The resource's i18n name (`resources.<name>`); default the contract's resource. */
  name?: string;
  target: ActionTarget;
  /** `icon`: a row's icon button (with the record title in its accessible name); `button` a button. */
  variant?: 'icon' | 'button' | 'light';
  size?: 'xs' | 'sm';
  disabled?: boolean;
  /** After a successful call (e.g. clear the list's selection). */
  onDone?(): void;
};

export function ActionButton({
  action,
  name = action.contract.resource,
  target,
  variant = 'button',
  size = 'sm',
  disabled,
  onDone,
}: ActionButtonProps) {
  const { t } = useTranslation();
  const allowed = useActionAllowed(action);
  const text = useActionText(action, name);
  const [open, setOpen] = useState(false);
  const mutation = useAction(action.contract, { invalidates: [name, ...(action.invalidates ?? [])] });
  if (!allowed) return null;

  const ctx = { name, target };
  const label = text('label', ctx);
  const Icon = action.icon;
  const needsDialog = !!action.dialog || !!action.contract.confirm;
  const danger = action.contract.confirm?.tone === 'danger' || action.contract.method === 'DELETE';
  const color = action.color ?? (danger ? 'red' : undefined);

  const start = async () => {
    if (needsDialog) {
      setOpen(true);
      return;
    }
    try {
      const result = await mutation.mutateAsync({ call: defaultCall(action, target) });
      notifySuccess(text('done', { ...ctx, result }));
      onDone?.();
    } catch (e) {
      notifyError(e, t, t('action.failed'));
    }
  };
  const finish = () => {
    setOpen(false);
    onDone?.();
  };
  const Dialog = action.dialog;
  const dialogProps = { ...target, name, onClose: () => setOpen(false), onDone: finish };

  return (
    <>
      {variant === 'icon' ? (
        <ActionIcon
          variant="subtle"
          color={color}
          onClick={start}
          loading={mutation.isPending}
          disabled={disabled}
          aria-label={target.title ? `${label}: ${target.title}` : label}
          {...{ [ROW_TIP]: label }}
        >
          {Icon ? <Icon size={18} /> : label.slice(0, 1)}
        </ActionIcon>
      ) : (
        <Button
          size={size}
          variant={variant === 'light' ? 'light' : color === 'red' ? 'light' : 'filled'}
          color={color}
          leftSection={Icon ? <Icon size={size === 'xs' ? 14 : 16} /> : undefined}
          onClick={start}
          loading={mutation.isPending}
          disabled={disabled}
        >
          {label}
        </Button>
      )}
      {open && Dialog ? <Dialog {...dialogProps} /> : null}
      {open && !Dialog ? (
        <ActionDialog {...dialogProps} action={action} name={name} call={defaultCall(action, target)} />
      ) : null}
    </>
  );
}
