// Upload folders: list, add, edit, delete (a folder holding photos cannot be deleted: the server
// answers 409 and says to deactivate it). A folder's page shows its group view: the stores with
// their photo thumbnails, a lightbox, and an upload form for staff uploading on a store's behalf.
import { uploadFolderContract } from '@lbo/contract/uploads';
import { defineResource } from '../../components/resource/types';
import { branchSource, customerLookupSource } from '../common-sources';
import { UploadGroupView } from './upload-group';

export const resource = defineResource({
  contract: uploadFolderContract,
  title: (r) => r.name,
  columns: [
    { key: 'name', sortKey: 'name' },
    {
      key: 'branch_name',
      sortKey: 'branch_name',
      render: (r, t) => r.branch_name ?? t('targets.folder.allBranches'),
    },
    { key: 'customer_code', visibleFrom: 'md', noWrap: true, render: (r) => r.customer_code ?? '—' },
    { key: 'start_date', kind: 'date', sortKey: 'start_date', visibleFrom: 'lg' },
    { key: 'end_date', kind: 'date', visibleFrom: 'lg' },
    { key: 'store_count', kind: 'number', align: 'right' },
    { key: 'upload_count', kind: 'number', sortKey: 'upload_count', align: 'right' },
    { key: 'active', kind: 'active', width: 110 },
    { key: 'created_at', kind: 'datetime', sortKey: 'created_at', visibleFrom: 'xl' },
  ],
  filters: [
    { kind: 'select', key: 'branch_id', source: branchSource },
    { kind: 'boolean', key: 'active', labels: 'active' },
  ],
  filterDefaults: { active: 'true' },
  detail: {
    fields: [
      { key: 'name' },
      { key: 'active', kind: 'active' },
      { key: 'branch_name', render: (r, t) => String(r.branch_name ?? t('targets.folder.allBranches')) },
      {
        key: 'customer_code',
        render: (r) => (r.customer_code ? `${r.customer_code} · ${r.customer_name ?? ''}` : '—'),
      },
      { key: 'start_date', kind: 'date' },
      { key: 'end_date', kind: 'date' },
      { key: 'store_count', kind: 'number' },
      { key: 'upload_count', kind: 'number' },
      { key: 'description', span: 2 },
    ],
    extra: UploadGroupView,
  },
  form: {
    fields: [
      { name: 'name', widget: { kind: 'text' }, span: 2 },
      { name: 'branch_id', widget: { kind: 'select', source: branchSource }, emptyAs: 'null' },
      {
        name: 'customer_code',
        widget: {
          kind: 'select',
          source: { ...customerLookupSource, valueKey: 'customer_code' },
          currentLabel: (v) => (v.customer_code ? String(v.customer_code) : undefined),
        },
        emptyAs: 'null',
      },
      { name: 'start_date', widget: { kind: 'date' }, emptyAs: 'null' },
      { name: 'end_date', widget: { kind: 'date' }, emptyAs: 'null' },
      { name: 'description', widget: { kind: 'textarea' }, span: 2 },
      { name: 'active', widget: { kind: 'switch' } },
    ],
    defaults: { active: true },
  },
});
