// Item categories, items, their units and earlier prices.
import type { SeedUnit } from './plan';
import { color, placeholder, raw, values } from './sql';

// Item categories and products: [name, base uom, base price, case uom, units per case]; every
// product comes in the category's two (fictional) brands.
type Product = [string, string, number, string, number];
export const CATEGORIES: { code: string; name: string; brands: [string, string]; products: Product[] }[] = [
  {
    code: 'MIE',
    name: 'Mie Instan',
    brands: ['Selera Kita', 'Dapur Ibu'],
    products: [
      ['Mie Goreng Original 85 g', 'BKS', 3100, 'DUS', 40],
      ['Mie Goreng Pedas 90 g', 'BKS', 3300, 'DUS', 40],
      ['Mie Kuah Ayam Bawang 70 g', 'BKS', 2900, 'DUS', 40],
      ['Mie Kuah Soto 70 g', 'BKS', 2900, 'DUS', 40],
      ['Mie Kuah Kari Ayam 72 g', 'BKS', 3000, 'DUS', 40],
      ['Mie Goreng Rendang 91 g', 'BKS', 3400, 'DUS', 40],
      ['Mie Cup Ayam Bawang 60 g', 'CUP', 5500, 'DUS', 24],
    ],
  },
  {
    code: 'KOPI',
    name: 'Kopi & Teh',
    brands: ['Tanah Air', 'Pagi Cerah'],
    products: [
      ['Kopi Hitam Bubuk 165 g', 'PCS', 14500, 'DUS', 24],
      ['Kopi Susu Sachet 30 g (renceng 10)', 'RCG', 12500, 'DUS', 12],
      ['Kopi Mix 3in1 Sachet 20 g (renceng 10)', 'RCG', 11000, 'DUS', 12],
      ['Kopi Gula Aren Sachet 25 g (renceng 10)', 'RCG', 13500, 'DUS', 12],
      ['Teh Celup Melati isi 25', 'KTK', 6500, 'DUS', 48],
      ['Teh Tubruk Wangi 40 g', 'PCS', 3500, 'BAL', 50],
      ['Teh Celup Hijau isi 25', 'KTK', 8000, 'DUS', 48],
    ],
  },
  {
    code: 'MNM',
    name: 'Minuman',
    brands: ['Segar Alam', 'Bening'],
    products: [
      ['Air Mineral 600 ml', 'BTL', 3500, 'DUS', 24],
      ['Air Mineral 1500 ml', 'BTL', 6000, 'DUS', 12],
      ['Teh Manis Botol 350 ml', 'BTL', 4500, 'KRT', 24],
      ['Minuman Rasa Jeruk 350 ml', 'BTL', 5000, 'KRT', 24],
      ['Minuman Isotonik 500 ml', 'BTL', 7000, 'DUS', 24],
      ['Sirup Cocopandan 460 ml', 'BTL', 17500, 'DUS', 12],
      ['Minuman Serbuk Jeruk (renceng 10)', 'RCG', 9000, 'DUS', 20],
    ],
  },
  {
    code: 'SNK',
    name: 'Makanan Ringan',
    brands: ['Renyah', 'Gurih Nusantara'],
    products: [
      ['Keripik Singkong Balado 60 g', 'PCS', 7500, 'DUS', 30],
      ['Keripik Kentang Original 68 g', 'PCS', 10500, 'DUS', 30],
      ['Kacang Kulit Panggang 70 g', 'PCS', 6000, 'DUS', 24],
      ['Kerupuk Udang 250 g', 'PCS', 14000, 'BAL', 20],
      ['Makaroni Pedas 50 g', 'PCS', 3000, 'BAL', 50],
      ['Wafer Cokelat 21 g (isi 10)', 'PAK', 9500, 'DUS', 20],
      ['Permen Jahe Toples isi 100', 'TPL', 18000, 'DUS', 12],
    ],
  },
  {
    code: 'BSK',
    name: 'Biskuit & Roti',
    brands: ['Mentari', 'Roti Kita'],
    products: [
      ['Biskuit Kelapa 300 g', 'PCS', 11500, 'DUS', 20],
      ['Biskuit Susu 120 g', 'PCS', 6500, 'DUS', 24],
      ['Crackers Gandum 250 g', 'PCS', 12000, 'DUS', 20],
      ['Roti Tawar Kupas 400 g', 'PCS', 16000, 'KRT', 10],
      ['Roti Sobek Cokelat 200 g', 'PCS', 13000, 'KRT', 10],
      ['Biskuit Kaleng 650 g', 'KLG', 55000, 'DUS', 6],
      ['Biskuit Cokelat Sandwich 133 g', 'PCS', 8500, 'DUS', 24],
    ],
  },
  {
    code: 'BMB',
    name: 'Bumbu Dapur',
    brands: ['Cap Koki', 'Rasa Bunda'],
    products: [
      ['Kecap Manis 520 ml', 'BTL', 21000, 'DUS', 12],
      ['Kecap Manis Isi Ulang 550 ml', 'PCH', 17500, 'DUS', 24],
      ['Saus Sambal 340 ml', 'BTL', 11000, 'DUS', 24],
      ['Bumbu Penyedap Ayam 250 g', 'PCS', 12500, 'DUS', 24],
      ['Garam Beryodium 250 g', 'PCS', 3000, 'BAL', 50],
      ['Gula Pasir 1 kg', 'PCS', 18000, 'BAL', 20],
      ['Santan Kelapa 65 ml', 'PCS', 3500, 'DUS', 36],
    ],
  },
  {
    code: 'MYK',
    name: 'Minyak Goreng',
    brands: ['Kelapa Emas', 'Sawit Jaya'],
    products: [
      ['Minyak Goreng Pouch 1 L', 'PCH', 18500, 'DUS', 12],
      ['Minyak Goreng Pouch 2 L', 'PCH', 36000, 'DUS', 6],
      ['Minyak Goreng Botol 1 L', 'BTL', 20000, 'DUS', 12],
      ['Minyak Goreng Botol 2 L', 'BTL', 39000, 'DUS', 6],
      ['Minyak Goreng Jeriken 5 L', 'JRG', 92000, 'DUS', 4],
      ['Margarin Serbaguna 200 g', 'PCS', 9500, 'DUS', 48],
    ],
  },
  {
    code: 'SBN',
    name: 'Sabun & Deterjen',
    brands: ['Bersih Jaya', 'Wangi Melati'],
    products: [
      ['Sabun Mandi Batang 85 g', 'PCS', 4000, 'DUS', 72],
      ['Sabun Mandi Cair Isi Ulang 450 ml', 'PCH', 19500, 'DUS', 12],
      ['Deterjen Bubuk 800 g', 'PCS', 21000, 'DUS', 12],
      ['Deterjen Sachet 42 g (renceng 6)', 'RCG', 6000, 'DUS', 24],
      ['Sabun Cuci Piring 780 ml', 'PCH', 15000, 'DUS', 12],
      ['Pewangi Pakaian 900 ml', 'PCH', 17000, 'DUS', 12],
      ['Pembersih Lantai 800 ml', 'PCH', 14000, 'DUS', 12],
    ],
  },
  {
    code: 'PRW',
    name: 'Perawatan Diri',
    brands: ['Segar Ayu', 'Sehat Ceria'],
    products: [
      ['Sampo Sachet 10 ml (renceng 12)', 'RCG', 6000, 'DUS', 24],
      ['Sampo Botol 170 ml', 'BTL', 24000, 'DUS', 24],
      ['Pasta Gigi 190 g', 'PCS', 14500, 'DUS', 48],
      ['Sikat Gigi Medium', 'PCS', 6500, 'DUS', 144],
      ['Deodoran Roll On 50 ml', 'BTL', 16500, 'DUS', 36],
      ['Bedak Bayi 150 g', 'PCS', 12000, 'DUS', 36],
      ['Minyak Kayu Putih 60 ml', 'BTL', 23000, 'DUS', 48],
    ],
  },
  {
    code: 'SUS',
    name: 'Susu',
    brands: ['Lembah Hijau', 'Sapi Sehat'],
    products: [
      ['Susu Kental Manis Kaleng 370 g', 'KLG', 12500, 'DUS', 48],
      ['Susu Kental Manis Sachet 40 g (renceng 6)', 'RCG', 9000, 'DUS', 24],
      ['Susu UHT Cokelat 200 ml', 'KTK', 6000, 'DUS', 24],
      ['Susu UHT Full Cream 1 L', 'KTK', 19500, 'DUS', 12],
      ['Susu Bubuk Instan 400 g', 'BOX', 52000, 'DUS', 12],
      ['Susu Pertumbuhan 3+ 800 g', 'BOX', 98000, 'DUS', 6],
    ],
  },
  {
    code: 'BRS',
    name: 'Beras & Tepung',
    brands: ['Padi Emas', 'Bintang Tiga'],
    products: [
      ['Beras Premium 5 kg', 'KRG', 72000, 'BAL', 4],
      ['Beras Medium 5 kg', 'KRG', 62000, 'BAL', 4],
      ['Tepung Terigu 1 kg', 'PCS', 12500, 'BAL', 12],
      ['Tepung Beras 500 g', 'PCS', 8000, 'BAL', 20],
      ['Tepung Tapioka 500 g', 'PCS', 7000, 'BAL', 20],
      ['Tepung Bumbu Serbaguna 210 g', 'PCS', 6500, 'DUS', 24],
    ],
  },
  {
    code: 'OBT',
    name: 'Obat & Vitamin',
    brands: ['Sehat Sentosa', 'Husada'],
    products: [
      ['Obat Sakit Kepala (strip 4 tablet)', 'STR', 3000, 'BOX', 25],
      ['Obat Masuk Angin Cair 15 ml', 'SCH', 3500, 'BOX', 12],
      ['Vitamin C 500 mg (strip 10)', 'STR', 7500, 'BOX', 10],
      ['Obat Batuk Sirup 60 ml', 'BTL', 16000, 'DUS', 48],
      ['Balsem Otot 20 g', 'PCS', 9000, 'DUS', 48],
      ['Minyak Angin Aromaterapi 12 ml', 'BTL', 14000, 'DUS', 48],
    ],
  },
];

type ItemRow = {
  id: number;
  code: string;
  name: string;
  categoryId: number;
  brand: string;
  uom: string;
  price: number;
  caseUom: string;
  caseQty: number;
};
const ITEMS: ItemRow[] = (() => {
  const out: ItemRow[] = [];
  CATEGORIES.forEach((cat, ci) => {
    cat.products.forEach(([name, uom, price, caseUom, caseQty], pi) => {
      cat.brands.forEach((brand, bi) => {
        const id = out.length + 1;
        out.push({
          id,
          code: `BRG-${cat.code}-${String(pi * 2 + bi + 1).padStart(3, '0')}`,
          name: `${brand} ${name}`,
          categoryId: ci + 1,
          brand,
          uom,
          price: bi === 0 ? price : Math.round((price * 0.95) / 100) * 100,
          caseUom,
          caseQty,
        });
      });
    });
  });
  return out;
})();
export const N_ITEMS = ITEMS.length;
export const categoryId = (code: string) => CATEGORIES.findIndex((c) => c.code === code) + 1;
export const itemId = (code: string) => {
  const found = ITEMS.find((i) => i.code === code);
  if (!found) throw new Error(`unknown demo item ${code}`);
  return found.id;
};

export function productsUnit(): SeedUnit {
  return {
    label: 'products',
    statements: [
      `insert into item_categories (id, code, name, description) values ${values(
        CATEGORIES.map((c, i) => [i + 1, c.code, c.name, `Produk kategori ${c.name.toLowerCase()}`]),
      )}`,
      `insert into items (id, item_code, item_name, item_category_id, brand, uom, price, description, image_url, created_at, updated_at) values ${values(
        ITEMS.map((it) => [
          it.id,
          it.code,
          it.name,
          it.categoryId,
          it.brand,
          it.uom,
          it.price,
          `${it.name}, dijual per ${it.uom} atau per ${it.caseUom} isi ${it.caseQty}`,
          placeholder(CATEGORIES[it.categoryId - 1].name, color(it.categoryId)),
          raw(`(current_date - ${1000 - it.id * 5})::timestamptz + time '09:00'`),
          raw(`(current_date - ${1000 - it.id * 5})::timestamptz + time '09:00'`),
        ]),
      )}`,
      `insert into item_uom_lines (item_id, uom, conversion_qty, price, barcode, is_base, created_at, updated_at) values ${values(
        ITEMS.flatMap((it) => [
          [
            it.id,
            it.uom,
            1,
            it.price,
            `899${String(1000000000 + it.id * 7919).slice(-10)}`,
            true,
            raw(`(current_date - ${1000 - it.id * 5})::timestamptz + time '09:00'`),
            raw(`(current_date - ${1000 - it.id * 5})::timestamptz + time '09:00'`),
          ],
          [
            it.id,
            it.caseUom,
            it.caseQty,
            Math.round((it.price * it.caseQty * 0.97) / 100) * 100,
            `899${String(2000000000 + it.id * 6151).slice(-10)}`,
            false,
            raw(`(current_date - ${1000 - it.id * 5})::timestamptz + time '09:05'`),
            raw(`(current_date - ${1000 - it.id * 5})::timestamptz + time '09:05'`),
          ],
        ]),
      )}`,
      // The current items.price took effect 90 days ago (see seed_prices); these are the earlier ones.
      `insert into item_old_prices (item_id, price, effective_date, note, created_at, updated_at)
       select i.id, round(i.price * v.f / 100) * 100, current_date - v.d, v.note,
         (current_date - v.d)::timestamptz + time '08:00', (current_date - v.d)::timestamptz + time '08:00'
       from items i cross join (values (0.86, 820, 'Harga awal'), (0.92, 550, 'Penyesuaian harga distributor'),
         (0.96, 280, 'Kenaikan harga bahan baku')) v(f, d, note)`,
    ],
  };
}
