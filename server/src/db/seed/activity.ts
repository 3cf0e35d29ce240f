// Store photo folders and photos, customer logs, app activities, salesman visits and the audit log.
import type { SeedContext, SeedScale, SeedUnit } from './plan';
import { mod, pick, raw, STORE_PHOTOS, u, values } from './sql';

export function activityUnit(scale: SeedScale, ctx: SeedContext): SeedUnit {
  const A = ctx.adminId;
  return {
    label: 'uploads, logs, activities, visits',
    statements: [
      `insert into upload_folders (id, name, branch_id, customer_code, description, active, created_at, updated_at) values ${values(
        [
          [
            1,
            'Foto Display Toko',
            null,
            null,
            'Foto rak display produk di toko',
            true,
            raw(`now() - interval '170 days'`),
            raw(`now() - interval '170 days'`),
          ],
          [
            2,
            'Bukti Pemasangan Poster Promo',
            null,
            null,
            'Foto poster promo yang terpasang',
            true,
            raw(`now() - interval '120 days'`),
            raw(`now() - interval '120 days'`),
          ],
          [
            3,
            'Foto Rak Minyak Goreng Bandung',
            1,
            null,
            'Khusus cabang Bandung',
            true,
            raw(`now() - interval '90 days'`),
            raw(`now() - interval '90 days'`),
          ],
          [
            4,
            'Foto Kulkas Minuman Surabaya',
            7,
            null,
            'Kulkas minuman program pinjam pakai',
            true,
            raw(`now() - interval '75 days'`),
            raw(`now() - interval '75 days'`),
          ],
          [
            5,
            'Dokumen Toko Mitra Utama',
            null,
            raw('(select customer_code from customers order by id limit 1)'),
            'Berkas khusus satu pelanggan',
            true,
            raw(`now() - interval '60 days'`),
            raw(`now() - interval '60 days'`),
          ],
          [
            6,
            'Foto Etalase Apotek',
            null,
            null,
            'Etalase produk kesehatan',
            true,
            raw(`now() - interval '40 days'`),
            raw(`now() - interval '40 days'`),
          ],
          [
            7,
            'Bukti Penerimaan Hadiah',
            null,
            null,
            'Foto serah terima hadiah penukaran poin',
            true,
            raw(`now() - interval '30 days'`),
            raw(`now() - interval '30 days'`),
          ],
          [
            8,
            'Arsip Lomba Display 2024',
            null,
            null,
            'Lomba display yang sudah selesai',
            false,
            raw(`now() - interval '400 days'`),
            raw(`now() - interval '400 days'`),
          ],
        ],
      )}`,
      // The photos are pictures kept in the row itself, as the other demo pictures (placeholder), so
      // that they show without stored files: six of them in turn (the demo ships no upload files).
      `insert into uploads (upload_folder_id, customer_id, branch_id, file_url, file_name, mime, size, uploaded_at, note, created_at, updated_at)
       select f.id, c.id, c.branch_id, p.url,
         'IMG_' || to_char(t.ts, 'YYYYMMDD') || '_' || lpad(${mod('c.id::int8 * 64 + f.id * 4 + n', 222, 1000000)}::text, 6, '0') || '.svg',
         'image/svg+xml', length(p.url), t.ts,
         case when ${u('c.id::int8 * 64 + f.id * 4 + n', 224)} < 0.1 then 'Foto kurang jelas, mohon diulang' else '' end, t.ts, t.ts
       from upload_folders f
       join customers c on c.installed
         and (f.branch_id is null or c.branch_id = f.branch_id)
         and (f.customer_code is null or c.customer_code = f.customer_code)
         and (f.customer_code is not null or ${mod('c.id::int8 * 16 + f.id', 220, 100)} < 15)
       cross join generate_series(1, 1 + ${mod('c.id::int8 * 16 + f.id', 221, 3)}) n
       cross join lateral (select least(now(), f.created_at + ${mod('c.id::int8 * 64 + f.id * 4 + n', 225, 24 * 30)} * interval '1 hour') as ts) t
       cross join lateral (select ${pick(STORE_PHOTOS, 'c.id::int8 * 64 + f.id * 4 + n', 226)} as url) p`,
      `insert into customer_logs (customer_id, user_id, action, detail, at)
       select c.id, case when c.branch_id in (1, 3) and ${u('c.id::int8 * 4 + n', 233)} < 0.5 then ${ctx.branchUserId} else ${A} end,
         (array['update', 'edit_max_point', 'edit_class_mekar', 'edit_note', 'validate', 'bulk_edit'])[x.k],
         (array['{"changes":{"phone_number":{"from":"","to":"' || c.phone_number || '"}}}',
                '{"changes":{"monthly_max_point":{"from":null,"to":500}}}',
                '{"changes":{"class_mekar":{"from":false,"to":true}}}',
                '{"changes":{"note":{"from":"","to":"Toko tutup hari Minggu"}}}',
                '{"changes":{"admin_validate":{"from":false,"to":true}}}',
                '{"changes":{"show_in_app":{"from":false,"to":true}}}'])[x.k]::jsonb,
         now() - ${mod('c.id::int8 * 4 + n', 234, 365 * 24 * 60)} * interval '1 minute'
       from customers c cross join generate_series(1, 1 + ${mod('c.id', 230, 3)}) n
       cross join lateral (select 1 + ${mod('c.id::int8 * 4 + n', 231, 6)} as k) x
       where ${mod('c.id', 232, 10)} < 6`,
      `insert into customer_activities (customer_id, activity, device, app_version, ip, at)
       select c.id, ${pick(['login', 'open_catalog', 'view_promo', 'view_points', 'view_points', 'create_order', 'redeem_coupon', 'upload_photo', 'view_news', 'open_app', 'open_app'], 'c.id::int8 * 64 + n', 240)},
         ${pick(['Android 13 - Samsung Galaxy A14', 'Android 12 - Xiaomi Redmi Note 11', 'Android 14 - OPPO A78', 'Android 11 - vivo Y21', 'Android 13 - realme C55', 'iOS 17 - iPhone 11'], 'c.id', 241)},
         ${pick(['2.3.1', '2.4.0', '2.4.2', '2.5.0'], 'c.id', 242)},
         '114.124.' || ${mod('c.id', 243, 256)} || '.' || ${mod('c.id::int8 * 64 + n', 244, 256)},
         least(now(), greatest(c.registered_at, now() - interval '180 days') + ${mod('c.id::int8 * 64 + n', 245, 180 * 24 * 60)} * interval '1 minute')
       from customers c cross join generate_series(1, ${scale.activitiesPerInstalledCustomer}) n
       where c.installed`,
      `update customers c set last_seen_at = a.last
       from (select customer_id, max(at) as last from customer_activities group by customer_id) a
       where a.customer_id = c.id`,
      `insert into salesman_visits (customer_id, salesman_id, visit_date, check_in_at, check_out_at, note, created_at, updated_at)
       select c.id, c.salesman_id, v.d, v.cin, least(now(), v.cin + (10 + ${mod('c.id::int8 * 16 + n', 252, 50)}) * interval '1 minute'),
         ${pick(['Cek stok dan ambil pesanan', 'Penagihan faktur', 'Pemasangan materi promo', 'Toko tutup', 'Pengenalan produk baru', '', ''], 'c.id::int8 * 16 + n', 253)},
         v.cin, v.cin
       from customers c cross join generate_series(1, ${scale.visitsPerCustomer}) n
       cross join lateral (select current_date - ${mod('c.id::int8 * 16 + n', 250, 90)} as d) dd
       cross join lateral (select dd.d as d, least(now(), dd.d::timestamptz + time '08:00' + ${mod('c.id::int8 * 16 + n', 251, 540)} * interval '1 minute') as cin) v
       where c.active and c.salesman_id is not null`,
      `insert into audit_log (user_id, action, entity, entity_id, before, after, ip, at) values ${values([
        [
          A,
          'create',
          'staff_user',
          String(ctx.branchUserId),
          null,
          raw(`'{"email":"branch@example.com","all_branches":false}'::jsonb`),
          '127.0.0.1',
          raw(`now() - interval '30 days'`),
        ],
        [
          A,
          'update',
          'customer',
          '1',
          raw(`'{"note":""}'::jsonb`),
          raw(`'{"note":"Pelanggan lama, sangat loyal"}'::jsonb`),
          '127.0.0.1',
          raw(`now() - interval '20 days'`),
        ],
        [
          A,
          'create',
          'coupon',
          '12',
          null,
          raw(`'{"name":"Kulkas Minuman 1 Pintu","points_required":8000}'::jsonb`),
          '127.0.0.1',
          raw(`now() - interval '15 days'`),
        ],
        [
          ctx.branchUserId,
          'update',
          'customer',
          '3',
          raw(`'{"phone_number":""}'::jsonb`),
          raw(`'{"phone_number":"081234567890"}'::jsonb`),
          '10.0.0.12',
          raw(`now() - interval '7 days'`),
        ],
        [
          A,
          'execute',
          'broadcast',
          '5',
          raw(`'{"status":"draft"}'::jsonb`),
          raw(`'{"status":"sent"}'::jsonb`),
          '127.0.0.1',
          raw(`now() - interval '6 days'`),
        ],
        [
          A,
          'update',
          'point_rule',
          '2',
          raw(`'{"amount_per_point":10000}'::jsonb`),
          raw(`'{"amount_per_point":8000}'::jsonb`),
          '127.0.0.1',
          raw(`now() - interval '2 days'`),
        ],
      ])}`,
    ],
  };
}
