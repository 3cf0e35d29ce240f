// The customer log as the screen shows it, for the streamed export (`GET /export/customer_log`):
// "Jenis pelanggan: Grosir → Retail" rather than the stored `{changes: {customer_type_id: {from: 4, to: 2}}}`,
// and the action's name ("Ubah massal") rather than its key. Labels are those of the web app
// (web/src/i18n: resources.customer.fields, resources.customer_log.actions), in the request's language.
import { changesOf } from '@lbo/contract/customers';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customer_levels, customer_types } from '../../db/schema/customers';
import { branches, region_areas, salesman_types, salesmen } from '../../db/schema/organisation';
import type { Lang } from '../../http/messages';

type Pair = [en: string, id: string];

/** The customer fields a log row can name, as the customer screens label them. */
const FIELDS: Record<string, Pair> = {
  customer_name: ['Customer', 'Pelanggan'],
  customer_code: ['Code', 'Kode'],
  owner_name: ['Owner', 'Pemilik'],
  phone_number: ['Phone', 'Telepon'],
  email: ['E-mail', 'E-mail'],
  address: ['Address', 'Alamat'],
  city: ['City', 'Kota'],
  branch_id: ['Branch', 'Cabang'],
  salesman_id: ['Salesman', 'Salesman'],
  customer_type_id: ['Customer type', 'Jenis pelanggan'],
  customer_level_id: ['Level', 'Level'],
  salesman_type_id: ['Salesman type', 'Jenis salesman'],
  region_area_id: ['Region area', 'Area wilayah'],
  active: ['Status', 'Status'],
  show_in_app: ['Shown in app', 'Tampil di aplikasi'],
  is_data_complete: ['Data complete', 'Data lengkap'],
  admin_validate: ['Validated by admin', 'Divalidasi admin'],
  installed: ['App installed', 'Aplikasi terpasang'],
  class_mekar: ['Class Mekar', 'Kelas Mekar'],
  exclude_all_point: ['Excluded from points', 'Dikecualikan dari poin'],
  monthly_max_point: ['Monthly point cap', 'Batas poin bulanan'],
  note: ['Note', 'Catatan'],
  photo_url: ['Store photo', 'Foto toko'],
  latitude: ['Latitude', 'Lintang'],
  longitude: ['Longitude', 'Bujur'],
};

const ACTIONS: Record<string, Pair> = {
  update: ['Edited', 'Diubah'],
  bulk_edit: ['Bulk edit', 'Ubah massal'],
  bulk_max_point: ['Bulk point cap', 'Batas poin massal'],
  bulk_class_mekar: ['Bulk Class Mekar', 'Kelas Mekar massal'],
  bulk_exclude_all_point: ['Bulk point exclusion', 'Pengecualian poin massal'],
  bulk_note: ['Bulk note', 'Catatan massal'],
  edit_note: ['Note edited', 'Catatan diubah'],
  edit_max_point: ['Point cap edited', 'Batas poin diubah'],
  edit_class_mekar: ['Class Mekar edited', 'Kelas Mekar diubah'],
  validate: ['Validated', 'Divalidasi'],
};

const WORDS = {
  yes: ['Yes', 'Ya'],
  no: ['No', 'Tidak'],
  active: ['Active', 'Aktif'],
  inactive: ['Inactive', 'Nonaktif'],
  newPhoto: ['new photo', 'foto baru'],
  oldPhoto: ['previous photo', 'foto sebelumnya'],
} satisfies Record<string, Pair>;

const say = (pair: Pair, lang: Lang) => pair[lang === 'id' ? 1 : 0];

/** Fields holding the id of another record, and where that record's name is. */
const REFERENCES = {
  branch_id: { table: branches, id: branches.id, name: branches.name },
  salesman_id: { table: salesmen, id: salesmen.id, name: salesmen.salesman_name },
  customer_type_id: { table: customer_types, id: customer_types.id, name: customer_types.name },
  customer_level_id: { table: customer_levels, id: customer_levels.id, name: customer_levels.name },
  salesman_type_id: { table: salesman_types, id: salesman_types.id, name: salesman_types.name },
  region_area_id: { table: region_areas, id: region_areas.id, name: region_areas.name },
} as const;
type RefField = keyof typeof REFERENCES;
const isRef = (f: string): f is RefField => Object.hasOwn(REFERENCES, f);

/** Names of the records a batch of log rows refers to, one query per kind of record. */
async function namesFor(db: Db, rows: Record<string, unknown>[]): Promise<Map<string, string>> {
  const wanted = new Map<RefField, Set<number>>();
  for (const row of rows)
    for (const c of changesOf(row.detail)) {
      if (!isRef(c.field)) continue;
      for (const v of [c.from, c.to]) {
        const n = Number(v);
        if (v !== null && v !== '' && Number.isInteger(n)) {
          const set = wanted.get(c.field) ?? new Set<number>();
          set.add(n);
          wanted.set(c.field, set);
        }
      }
    }
  const names = new Map<string, string>();
  for (const [field, ids] of wanted) {
    const ref = REFERENCES[field];
    const found = (await db
      .select({ id: ref.id, name: ref.name })
      .from(ref.table)
      .where(inArray(ref.id, [...ids]))) as { id: number; name: string }[];
    for (const r of found) names.set(`${field}:${r.id}`, r.name);
  }
  return names;
}

function valueText(field: string, v: unknown, side: 'from' | 'to', lang: Lang, names: Map<string, string>) {
  if (v === null || v === undefined || v === '') return '—';
  if (field === 'photo_url') return say(side === 'from' ? WORDS.oldPhoto : WORDS.newPhoto, lang);
  if (isRef(field)) return names.get(`${field}:${Number(v)}`) ?? `#${String(v)}`;
  if (typeof v === 'boolean') {
    if (field === 'active') return say(v ? WORDS.active : WORDS.inactive, lang);
    return say(v ? WORDS.yes : WORDS.no, lang);
  }
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/**
 * Replaces a batch's `detail` and `action` by what the log screen shows, in `lang`. The other
 * columns are left to the generic export (dates, names).
 */
export async function customerLogExportRows(
  db: Db,
  rows: Record<string, unknown>[],
  lang: Lang,
): Promise<Record<string, unknown>[]> {
  const names = await namesFor(db, rows);
  return rows.map((row) => {
    const out = { ...row };
    if ('detail' in row)
      out.detail = changesOf(row.detail)
        .map((c) => {
          const label = FIELDS[c.field] ? say(FIELDS[c.field], lang) : c.field;
          const from = valueText(c.field, c.from, 'from', lang, names);
          const to = valueText(c.field, c.to, 'to', lang, names);
          return `${label}: ${from} → ${to}`;
        })
        .join('; ');
    if (typeof row.action === 'string' && ACTIONS[row.action]) out.action = say(ACTIONS[row.action], lang);
    return out;
  });
}
