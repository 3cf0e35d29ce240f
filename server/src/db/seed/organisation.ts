// Regions, branches, salesmen, partners, customer types and levels: what staff, roles and every
// other area refer to.

import { LAST, MALE, PHONE_PREFIX } from './names';
import type { SeedUnit } from './plan';
import { mod, pick, values } from './sql';

const REGION_GROUPS: [number, string, string][] = [
  [1, 'JBR', 'Jawa Barat'],
  [2, 'JTG', 'Jawa Tengah'],
  [3, 'JTM', 'Jawa Timur'],
  [4, 'DKI', 'DKI Jakarta'],
  [5, 'SUT', 'Sumatera Utara'],
  [6, 'SSL', 'Sulawesi Selatan'],
];

const REGIONS: [number, number, string, string][] = [
  [1, 1, 'BDR', 'Bandung Raya'],
  [2, 1, 'BDB', 'Bogor - Depok - Bekasi'],
  [3, 2, 'SMR', 'Semarang Raya'],
  [4, 2, 'SLR', 'Solo Raya'],
  [5, 3, 'SBR', 'Surabaya Raya'],
  [6, 3, 'MLR', 'Malang Raya'],
  [7, 4, 'JBU', 'Jakarta Barat - Utara'],
  [8, 4, 'JTS', 'Jakarta Timur - Selatan'],
  [9, 5, 'MDR', 'Medan Raya'],
  [10, 6, 'MKR', 'Makassar Raya'],
];

// Two areas per region: ids 2r-1 and 2r.
const REGION_AREAS: [number, number, string, string][] = [
  [1, 1, 'BDG-KOTA', 'Bandung Kota'],
  [2, 1, 'BDG-BRT', 'Bandung Barat & Cimahi'],
  [3, 2, 'BKS-KOTA', 'Bekasi Kota'],
  [4, 2, 'BGR-KOTA', 'Bogor & Depok'],
  [5, 3, 'SMG-KOTA', 'Semarang Kota'],
  [6, 3, 'SMG-UNG', 'Ungaran & Kendal'],
  [7, 4, 'SLO-KOTA', 'Surakarta'],
  [8, 4, 'SLO-SKH', 'Sukoharjo & Karanganyar'],
  [9, 5, 'SBY-KOTA', 'Surabaya Kota'],
  [10, 5, 'SDA', 'Sidoarjo & Gresik'],
  [11, 6, 'MLG-KOTA', 'Malang Kota'],
  [12, 6, 'MLG-BTU', 'Batu & Kabupaten Malang'],
  [13, 7, 'JKB', 'Jakarta Barat'],
  [14, 7, 'JKU', 'Jakarta Utara'],
  [15, 8, 'JKT', 'Jakarta Timur'],
  [16, 8, 'JKS', 'Jakarta Selatan'],
  [17, 9, 'MDN-KOTA', 'Medan Kota'],
  [18, 9, 'DLS', 'Deli Serdang & Binjai'],
  [19, 10, 'MKS-KOTA', 'Makassar Kota'],
  [20, 10, 'GWA', 'Gowa & Maros'],
];

// id, code, name, region, area, city, address, phone, latitude, longitude
export const BRANCHES: [number, string, string, number, number, string, string, string, number, number][] = [
  [
    1,
    'BDG',
    'Cabang Bandung',
    1,
    1,
    'Bandung',
    'Jl. Soekarno-Hatta No. 590',
    '022-7512345',
    -6.9175,
    107.6191,
  ],
  [2, 'CMH', 'Cabang Cimahi', 1, 2, 'Cimahi', 'Jl. Amir Machmud No. 312', '022-6654321', -6.8722, 107.5425],
  [
    3,
    'BKS',
    'Cabang Bekasi',
    2,
    3,
    'Bekasi',
    'Jl. Jenderal Ahmad Yani No. 18',
    '021-88951234',
    -6.2383,
    106.9756,
  ],
  [4, 'BGR', 'Cabang Bogor', 2, 4, 'Bogor', 'Jl. Raya Pajajaran No. 77', '0251-8312345', -6.5971, 106.806],
  [5, 'SMG', 'Cabang Semarang', 3, 5, 'Semarang', 'Jl. Siliwangi No. 45', '024-7612345', -6.9667, 110.4167],
  [6, 'SLO', 'Cabang Solo', 4, 7, 'Surakarta', 'Jl. Slamet Riyadi No. 210', '0271-712345', -7.5755, 110.8243],
  [
    7,
    'SBY',
    'Cabang Surabaya',
    5,
    9,
    'Surabaya',
    'Jl. Rungkut Industri Raya No. 12',
    '031-8412345',
    -7.2575,
    112.7521,
  ],
  [8, 'SDA', 'Cabang Sidoarjo', 5, 10, 'Sidoarjo', 'Jl. Raya Waru No. 5', '031-8531234', -7.4478, 112.7183],
  [9, 'MLG', 'Cabang Malang', 6, 11, 'Malang', 'Jl. Raya Singosari No. 88', '0341-456789', -7.9666, 112.6326],
  [
    10,
    'JKB',
    'Cabang Jakarta Barat',
    7,
    13,
    'Jakarta Barat',
    'Jl. Daan Mogot Km. 11',
    '021-5441234',
    -6.1683,
    106.7588,
  ],
  [
    11,
    'JKT',
    'Cabang Jakarta Timur',
    8,
    15,
    'Jakarta Timur',
    'Jl. Raya Bekasi Km. 18, Pulogadung',
    '021-4601234',
    -6.225,
    106.9004,
  ],
  [12, 'MDN', 'Cabang Medan', 9, 17, 'Medan', 'Jl. Sisingamangaraja No. 120', '061-7861234', 3.5952, 98.6722],
  [
    13,
    'MKS',
    'Cabang Makassar',
    10,
    19,
    'Makassar',
    'Jl. Perintis Kemerdekaan Km. 9',
    '0411-581234',
    -5.1477,
    119.4327,
  ],
];
export const N_BRANCHES = BRANCHES.length;
export const SALESMEN_PER_BRANCH = 5;

const CUSTOMER_TYPES: [number, string, string, string][] = [
  [1, 'TKL', 'Toko Kelontong', 'Toko kebutuhan sehari-hari'],
  [2, 'GRS', 'Grosir', 'Pedagang besar, membeli per dus atau bal'],
  [3, 'MNM', 'Minimarket', 'Swalayan kecil dengan rak mandiri'],
  [4, 'WRG', 'Warung', 'Warung rumahan'],
  [5, 'APT', 'Apotek', 'Apotek dan toko obat'],
];
const CUSTOMER_LEVELS: [number, string, string, number][] = [
  [1, 'BRONZE', 'Bronze', 1],
  [2, 'SILVER', 'Silver', 2],
  [3, 'GOLD', 'Gold', 3],
  [4, 'PLATINUM', 'Platinum', 4],
];

/** Regions, branches, salesmen, partners, customer types and levels: what staff and roles refer to. */
export function buildOrganisation(): SeedUnit {
  return {
    label: 'organisation',
    statements: [
      `insert into region_groups (id, code, name) values ${values(REGION_GROUPS)}`,
      `insert into regions (id, region_group_id, code, name) values ${values(REGIONS)}`,
      `insert into region_areas (id, region_id, code, name) values ${values(REGION_AREAS)}`,
      `insert into branches (id, code, name, region_id, region_area_id, city, address, phone_number) values ${values(
        BRANCHES.map((b) => b.slice(0, 8) as (string | number)[]),
      )}`,
      `insert into salesman_types (id, code, name) values (1, 'CNV', 'Canvas'), (2, 'TO', 'Taking Order'), (3, 'MTR', 'Motoris')`,
      `insert into salesmen (id, salesman_code, salesman_name, branch_id, salesman_type_id, phone_number, email, active)
       select (b.id - 1) * ${SALESMEN_PER_BRANCH} + k, 'SLS-' || b.code || '-' || lpad(k::text, 2, '0'),
         n.first || ' ' || n.last, b.id, case when k = 1 then 1 when k <= 3 then 2 else 3 end,
         '08' || ${pick(PHONE_PREFIX, 'b.id * 8 + k', 3)} || lpad(${mod('b.id * 8 + k', 4, 100000000)}::text, 8, '0'),
         lower(b.code) || '.sales' || k || '@example.com',
         not (k = 5 and b.id % 4 = 0)
       from branches b cross join generate_series(1, ${SALESMEN_PER_BRANCH}) k
       cross join lateral (select ${pick(MALE, 'b.id * 8 + k', 1)} as first, ${pick(LAST, 'b.id * 8 + k', 2)} as last) n`,
      `insert into partners (partner_code, partner_name, contact_name, phone_number, email, address, branch_id) values ${values(
        [
          [
            'PRT-001',
            'PT Sinar Logistik Nusantara',
            'Hendra Gunawan',
            '021-29345678',
            'cs@sinarlogistik.example.com',
            'Jl. Raya Cakung Cilincing No. 5, Jakarta Utara',
            null,
          ],
          [
            'PRT-002',
            'CV Maju Bersama Ekspedisi',
            'Rahmat Hidayat',
            '022-6012345',
            'admin@majubersama.example.com',
            'Jl. Cibaligo No. 21, Cimahi',
            2,
          ],
          [
            'PRT-003',
            'PT Bank Niaga Sejahtera (Virtual Account)',
            'Layanan Korporasi',
            '1500-123',
            'va@bankniaga.example.com',
            'Jl. Jenderal Sudirman Kav. 21, Jakarta Selatan',
            null,
          ],
          [
            'PRT-004',
            'Koperasi Pedagang Pasar Johar',
            'Sutrisno',
            '024-3551234',
            'kopjohar@example.com',
            'Pasar Johar Blok C, Semarang',
            5,
          ],
          [
            'PRT-005',
            'PT Kurir Kilat Indonesia',
            'Melati Kusuma',
            '031-99123456',
            'ops@kurirkilat.example.com',
            'Jl. Kenjeran No. 301, Surabaya',
            7,
          ],
          [
            'PRT-006',
            'CV Sumber Kemasan',
            'Yohanes Halim',
            '0341-491234',
            'order@sumberkemasan.example.com',
            'Jl. Raya Karanglo No. 9, Malang',
            9,
          ],
          [
            'PRT-007',
            'PT Medan Distribusi Prima',
            'Rudi Siregar',
            '061-4151234',
            'info@medandistribusi.example.com',
            'Jl. Gatot Subroto No. 88, Medan',
            12,
          ],
          [
            'PRT-008',
            'CV Celebes Niaga',
            'Andi Baso',
            '0411-871234',
            'celebes@example.com',
            'Jl. Urip Sumoharjo No. 40, Makassar',
            13,
          ],
        ],
      )}`,
      `insert into customer_types (id, code, name, description) values ${values(CUSTOMER_TYPES)}`,
      `insert into customer_levels (id, code, name, rank) values ${values(CUSTOMER_LEVELS)}`,
    ],
  };
}
