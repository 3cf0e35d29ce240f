// A small resource used by the machinery tests (its own contract, not a real API area).
import { Id, qBool, qDate, qInt } from '@lbo/contract/common';
import { defineContract } from '@lbo/contract/resource';
import { z } from 'zod';
import { defineResource, type ResourceEntry } from '../components/resource/types';

export const Gadget = z.object({
  id: Id,
  gadget_id: Id,
  name: z.string(),
  code: z.string(),
  branch_id: Id,
  active: z.boolean(),
  created_at: z.string(),
});

export const gadgetContract = defineContract({
  name: 'gadget',
  area: 'partner',
  idKey: 'gadget_id',
  listKey: 'list_gadget',
  paths: {
    list: '/web/gadget/',
    select: '/web/gadget/select',
    get: '/web/gadget/id/:gadget_id',
    create: '/web/gadget',
    update: '/web/gadget/id/:gadget_id',
    remove: '/web/gadget/id/:gadget_id',
  },
  record: Gadget,
  create: z.object({
    name: z.string().trim().min(1, { error: 'is required' }).max(50),
    code: z
      .string()
      .trim()
      .min(1)
      .regex(/^[A-Z0-9-]+$/),
    email: z
      .union([z.email(), z.literal('')])
      .optional()
      .default(''),
    branch_id: Id,
    active: z.boolean().optional().default(true),
  }),
  update: z
    .object({ name: z.string().trim().min(1).max(50), code: z.string(), branch_id: Id, active: z.boolean() })
    .partial(),
  filters: z.object({ branch_id: qInt(), active: qBool(), start_date: qDate(), end_date: qDate() }),
  sortKeys: ['id', 'name', 'code', 'created_at'],
  defaultSort: { by: 'id', dir: 'desc' },
  searchFields: ['name', 'code'],
});

export const branchOptions = {
  path: '/web/branch/select',
  valueKey: 'branch_id',
  label: (r: Record<string, unknown>) => String(r.name),
};

export const gadgetResource = defineResource({
  contract: gadgetContract,
  title: (r) => r.name,
  columns: [
    { key: 'name', sortKey: 'name' },
    { key: 'code', sortKey: 'code' },
    { key: 'active', kind: 'active' },
  ],
  filters: [
    { kind: 'select', key: 'branch_id', source: branchOptions },
    { kind: 'boolean', key: 'active', labels: 'active' },
    { kind: 'dateRange', key: 'created', from: 'start_date', to: 'end_date' },
  ],
  form: {
    fields: [
      { name: 'name', widget: { kind: 'text' } },
      { name: 'code', widget: { kind: 'text' } },
      { name: 'email', widget: { kind: 'email' }, modes: ['create'] },
      { name: 'branch_id', widget: { kind: 'select', source: branchOptions } },
      { name: 'active', widget: { kind: 'switch' } },
    ],
    defaults: { active: true },
  },
});

export const gadgetEntry: ResourceEntry = {
  name: 'gadget',
  path: 'gadgets',
  area: 'partner',
  group: 'master_data',
  icon: () => null,
  load: async () => ({ resource: gadgetResource }),
};

export const gadgetLabels = {
  title: 'Gadgets',
  one: 'gadget',
  summary: 'Test gadgets',
  fields: {
    name: 'Name',
    code: 'Code',
    email: 'E-mail',
    branch_id: 'Branch',
    active: 'Status',
    created: 'Created',
  },
  hints: { code: 'Capitals, digits and - only' },
};

export const gadgetRow = (i: number) => ({
  id: i,
  gadget_id: i,
  name: `Gadget ${i}`,
  code: `G-${i}`,
  branch_id: 1,
  active: i % 2 === 0,
  created_at: '2025-01-01T00:00:00Z',
});
