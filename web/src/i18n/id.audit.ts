// Label Indonesia riwayat perubahan (features/audit) dan tampilan tersimpan daftar, digabung ke
// id.app.ts. Kuncinya sama dengan en.audit.ts.
export const messages = {
  resources: {
    job: {
      title: 'Antrean tugas',
      one: 'tugas',
      summary:
        'Pekerjaan latar (pengiriman siaran, pembersihan unggahan, kedaluwarsa poin): menunggu, berjalan, selesai atau gagal beserta galatnya',
      fields: {
        name: 'Tugas',
        state: 'Status',
        attempts: 'Percobaan',
        retry_limit: 'Batas ulang',
        error: 'Galat',
        key: 'Untuk',
        created_at: 'Masuk antrean',
        start_after: 'Berjalan mulai',
        started_at: 'Mulai',
        finished_at: 'Selesai',
      },
      states: {
        queued: 'Menunggu',
        running: 'Berjalan',
        completed: 'Selesai',
        failed: 'Gagal',
        cancelled: 'Dibatalkan',
      },
    },
    audit_log: {
      title: 'Jejak audit',
      one: 'perubahan',
      summary: 'Siapa mengubah data apa, kapan, dan isinya sebelum dan sesudah',
      fields: {
        at: 'Waktu',
        user_name: 'Oleh',
        action: 'Perubahan',
        entity: 'Jenis data',
        entity_id: 'ID data',
        changed_fields: 'Kolom yang diubah',
        staff_user_id: 'Pengguna staf',
        ip: 'Alamat IP',
      },
    },
  },
  audit: {
    history: 'Riwayat',
    changes: 'Yang berubah',
    noChanges: 'Tidak ada kolom yang berubah.',
    field: 'Kolom',
    before: 'Sebelum',
    after: 'Sesudah',
    system: 'Sistem',
    actions: {
      create: 'Dibuat',
      update: 'Diubah',
      delete: 'Dihapus',
      import: 'Diimpor',
      register: 'Mendaftar',
    },
  },
  savedViews: {
    button: 'Tampilan',
    title: 'Tampilan tersimpan',
    none: 'Belum ada tampilan tersimpan.',
    saveCurrent: 'Simpan tampilan ini…',
    saveTitle: 'Simpan tampilan',
    saveHint:
      'Filter, pencarian, urutan dan kolom yang tampil sekarang disimpan dengan nama ini, hanya untuk Anda.',
    name: 'Nama',
    saved: 'Tampilan “{{name}}” disimpan',
    deleted: 'Tampilan “{{name}}” dihapus',
    delete: 'Hapus tampilan {{name}}',
  },
};
