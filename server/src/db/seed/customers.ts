// The stores: customers spread over the branches, with their salesman, type, level and app status.
import { FEMALE, LAST, MALE, PHONE_PREFIX, STORE_A, STORE_B, STREETS } from './names';
import { BRANCHES, N_BRANCHES, SALESMEN_PER_BRANCH } from './organisation';
import type { SeedScale, SeedUnit } from './plan';
import { arr, mod, pick, u, values } from './sql';

export function customersUnit(scale: SeedScale): SeedUnit {
  const C = scale.customers;
  const typeExpr = `case when ${u('g', 20)} < 0.35 then 4 when ${u('g', 20)} < 0.70 then 1 when ${u('g', 20)} < 0.82 then 2 when ${u('g', 20)} < 0.92 then 3 else 5 end`;
  return {
    label: 'customers',
    statements: [
      `insert into customers (id, customer_code, customer_name, owner_name, customer_type_id, customer_level_id,
         salesman_id, salesman_type_id, branch_id, region_area_id, phone_number, email, address, city, latitude, longitude,
         show_in_app, is_data_complete, active, admin_validate, installed, class_mekar, exclude_all_point, note,
         monthly_max_point, registered_at, created_at, updated_at)
       select g, b.code || lpad(g::text, 6, '0'),
         case t.type
           when 1 then 'Toko ' || ${pick(STORE_A, 'g', 21)} || ' ' || ${pick(STORE_B, 'g', 22)}
           when 2 then ${pick(['Grosir', 'UD', 'Toko Grosir', 'Agen'], 'g', 23)} || ' ' || ${pick(STORE_A, 'g', 21)} || ' ' || ${pick(STORE_B, 'g', 22)}
           when 3 then case when ${u('g', 24)} < 0.5 then ${pick(STORE_A, 'g', 21)} || ' Mart' else 'Swalayan ' || ${pick(STORE_A, 'g', 21)} || ' ' || ${pick(STORE_B, 'g', 22)} end
           when 4 then 'Warung ' || case when n.female then ${pick(['Bu', 'Mak', 'Mbak', 'Ibu'], 'g', 25)} else ${pick(['Pak', 'Mas', 'Bang', 'Kang'], 'g', 25)} end || ' ' || n.first
           else 'Apotek ' || ${pick(['Sehat', 'Sumber', 'Kimia', 'Mitra', 'Bunda', 'Keluarga', 'Harapan', 'Sinar'], 'g', 26)} || ' ' || ${pick(['Farma', 'Medika', 'Husada', 'Sehat', 'Waras', 'Sejahtera'], 'g', 27)}
         end,
         n.first || ' ' || n.last, t.type,
         case when ${u('g', 28)} < 0.5 then 1 when ${u('g', 28)} < 0.8 then 2 when ${u('g', 28)} < 0.95 then 3 else 4 end,
         (b.id - 1) * ${SALESMEN_PER_BRANCH} + 1 + t.sk,
         case when t.sk = 0 then 1 when t.sk <= 2 then 2 else 3 end,
         b.id, 2 * b.region_id - 1 + ${mod('g', 29, 2)},
         '08' || ${pick(PHONE_PREFIX, 'g', 30)} || lpad(${mod('g', 31, 100000000)}::text, 8, '0'),
         case when ${u('g', 32)} < 0.35 then lower(n.first) || '.' || lower(n.last) || g || '@example.com' else '' end,
         'Jl. ' || ${pick(STREETS, 'g', 33)} || ' No. ' || (1 + ${mod('g', 34, 250)})
           || case when ${u('g', 35)} < 0.4 then ', RT 0' || (1 + ${mod('g', 36, 9)}) || '/RW 0' || (1 + ${mod('g', 37, 9)}) else '' end,
         b.city,
         round((geo.lat + (${u('g', 38)} - 0.5) * 0.16)::numeric, 6),
         round((geo.lng + (${u('g', 39)} - 0.5) * 0.16)::numeric, 6),
         ${u('g', 40)} < 0.85, ${u('g', 41)} < 0.70, ${u('g', 42)} < 0.96, ${u('g', 43)} < 0.75,
         t.installed, ${u('g', 44)} < 0.10, ${u('g', 45)} < 0.015,
         case when ${u('g', 46)} < 0.10 then ${pick(['Toko tutup hari Minggu', 'Pembayaran via transfer', 'Pelanggan lama, sangat loyal', 'Minta kunjungan salesman tiap Senin', 'Lokasi dekat pasar', 'Pemilik baru', 'Gudang di belakang rumah'], 'g', 47)} else '' end,
         case when ${u('g', 48)} < 0.08 then (${arr(['300', '500', '750', '1000'])})[1 + ${mod('g', 49, 4)}]::int end,
         case when t.installed then least(now(), (current_date - ${mod('g', 50, 670)})::timestamptz + time '08:00' + ${mod('g', 51, 720)} * interval '1 minute') end,
         (current_date - (740 + ${mod('g', 52, 400)}))::timestamptz + time '09:00',
         (current_date - (740 + ${mod('g', 52, 400)}))::timestamptz + time '09:00'
       from generate_series(1, ${C}) g
       join branches b on b.id = 1 + ${mod('g', 19, N_BRANCHES)}
       join (values ${values(BRANCHES.map((b) => [b[0], b[8], b[9]]))}) geo(branch_id, lat, lng) on geo.branch_id = b.id
       cross join lateral (select ${typeExpr} as type, ${mod('g', 53, SALESMEN_PER_BRANCH)} as sk, ${u('g', 54)} < 0.6 as installed) t
       cross join lateral (select ${u('g', 55)} < 0.55 as female,
         case when ${u('g', 55)} < 0.55 then ${pick(FEMALE, 'g', 56)} else ${pick(MALE, 'g', 57)} end as first,
         ${pick(LAST, 'g', 58)} as last) n`,
    ],
  };
}
