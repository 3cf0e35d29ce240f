// Delete one record after confirming, in its kind's own words (resource-text), with a toast once
// it is gone: the list and detail screens and the child-records editor share it.
import { ConfirmDialog } from '../feedback/confirm-dialog';
import { notifySuccess } from '../feedback/notify';
import { useResourceText } from './resource-text';

export function DeleteRecordDialog({
  name,
  what,
  record,
  onClose,
  onDelete,
  onDeleted,
}: {
  /** The kind (i18n `resources.<name>`). */
  name: string;
  /** The kind's word in the title ("delete <what>?"). */
  what: string;
  /** The title of the record to delete; the dialog is open while it is set. */
  record: string | null;
  onClose(): void;
  /** Deletes it; a failure stays in the dialog. */
  onDelete(): Promise<unknown>;
  /** After the toast (e.g. leave the deleted record's screen). */
  onDeleted?(): void;
}) {
  const text = useResourceText(name);
  return (
    <ConfirmDialog
      opened={record !== null}
      title={text('deleteTitle', { what })}
      message={text('deleteMessage', { name: record ?? '' })}
      confirmLabel={text('delete')}
      onClose={onClose}
      onConfirm={async () => {
        if (record === null) return;
        await onDelete();
        notifySuccess(text('deleted', { name: record }));
        onDeleted?.();
      }}
    />
  );
}
