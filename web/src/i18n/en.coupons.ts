// English labels of this area's screens (features/coupons, vouchers and lottery), merged into en.app.ts:
// `resources` (resource screens), `pages` (page kinds) and `texts` (anything else, under `coupons.`).
// id.coupons.ts has the same keys.
const status = {
  redeemed: 'Redeemed',
  processed: 'Processed',
  delivered: 'Delivered',
  reverted: 'Reverted',
};

export const messages = {
  resources: {
    coupon: {
      title: 'Coupons',
      one: 'coupon',
      summary: 'Rewards stores buy with points: photo, cost, stock and validity',
      fields: {
        photo: 'Photo',
        points_required: 'Point cost',
        stock: 'Stock',
        redeemed_count: 'Redeemed',
        customer_type_ids: 'Only for customer types',
        branch_ids: 'Only for branches',
        in_stock: 'In stock',
      },
      descriptions: {
        customer_type_ids: 'Leave empty for every customer type.',
        branch_ids: 'Leave empty for every branch.',
        stock: 'A redemption takes one; a revert gives it back.',
        photo: 'Shown in the mobile app.',
      },
      hints: { end_date: 'Must be on or after the start date.' },
      actions: {
        delete: {
          label: 'Delete',
          title: 'Delete this coupon?',
          message:
            '“{{name}}” is deleted. If stores have already redeemed it, it is deactivated instead, so its history stays.',
          confirm: 'Delete',
          done: '“{{name}}” was deleted.',
          deactivated: '“{{name}}” has redemptions, so it was deactivated instead of deleted.',
        },
      },
    },
    coupon_redeem: {
      title: 'Coupon redemptions',
      one: 'coupon redemption',
      summary: 'Redemption report: redeem for a store, deliver, revert',
      fields: {
        coupon_id: 'Coupon',
        coupon_name: 'Coupon',
        coupon_status: 'Status',
        redeemed: 'Redeemed on',
        redeemed_at: 'Redeemed at',
        delivered_at: 'Delivered at',
        reverted_at: 'Reverted at',
        reverted_by_name: 'Reverted by',
        revert_reason: 'Revert reason',
        points: 'Points spent',
      },
      descriptions: {
        customer_id: 'Type a store code or name to search.',
        coupon_id: 'Only active coupons are listed; the store needs enough points and the coupon stock.',
      },
      texts: { add: 'Redeem for a store', createTitle: 'Redeem a coupon for a store' },
      actions: {
        revert: {
          label: 'Revert',
          title: 'Revert this redemption?',
          message:
            '“{{name}}”: the points go back to the store (a revert row in the ledger), the coupon goes back into stock and the redemption is marked reverted. This cannot be undone.',
          confirm: 'Revert',
          done: '“{{name}}” was reverted. The store’s balance is now {{balance}} points.',
        },
        processed: {
          label: 'Mark processed',
          title: 'Mark as processed?',
          message: '“{{name}}”: the gift is being prepared or shipped.',
          confirm: 'Mark processed',
          done: '“{{name}}” is processed.',
        },
        delivered: {
          label: 'Mark delivered',
          title: 'Mark as delivered?',
          message: '“{{name}}”: the gift was handed over. A delivered redemption can no longer be reverted.',
          confirm: 'Mark delivered',
          done: '“{{name}}” is delivered.',
        },
      },
    },
    coupon_redeemed: {
      title: 'Redeemed coupons',
      one: 'coupon',
      summary: 'Per coupon: redemptions in a period, points spent, stores',
      fields: {
        coupon_name: 'Coupon',
        points_required: 'Point cost',
        redeemed: 'Redeemed',
        processed: 'Processed',
        delivered: 'Delivered',
        reverted: 'Reverted',
        points: 'Points spent',
        stock: 'Stock left',
        last_redeemed_at: 'Last redeemed',
      },
    },
    voucher: {
      title: 'Vouchers',
      one: 'voucher',
      summary: 'Vouchers with a nominal, photo, period and quota',
      fields: {
        photo: 'Photo',
        nominal: 'Nominal',
        quota: 'Quota (stores)',
        redeemed_count: 'Redeemed',
        show_all: 'Include ended and inactive',
      },
      descriptions: {
        quota: 'How many stores may redeem it; leave empty for no limit.',
        code: 'Letters, digits and . _ / - only; unique.',
      },
    },
    voucher_redeem: {
      title: 'Voucher redemptions',
      one: 'voucher redemption',
      summary: 'Stores that redeemed a voucher; bulk add from a list',
      fields: {
        voucher_id: 'Voucher',
        voucher_code: 'Voucher code',
        voucher_name: 'Voucher',
        nominal: 'Nominal',
        redeemed_at: 'Redeemed at',
        created_by_name: 'Added by',
      },
    },
    lottery: {
      title: 'Lottery coupons',
      one: 'lottery coupon',
      summary: 'Lottery coupon numbers per store: list, import, delete all',
      fields: {
        coupon_no: 'Coupon number',
        batch: 'Batch',
        imported_at: 'Imported at',
      },
      actions: {
        delete_all: {
          label: 'Delete all',
          title: 'Delete all lottery coupons?',
          message:
            'This removes {{count}} lottery coupons: every one you may see (only your branches’ if your account is limited to branches). This cannot be undone.',
          confirm: 'Delete {{count}} coupons',
          done: '{{count}} lottery coupons were deleted.',
        },
      },
    },
  },
  pages: {
    lottery_report: {
      title: 'Lottery report',
      summary: 'Lottery coupons by region, branch and period',
    },
  },
  texts: {
    status,
    export: 'Export',
    bulk: {
      voucher: 'Voucher',
      voucherPlaceholder: 'Choose the voucher',
      button: 'Bulk add stores',
      title: 'Add stores that redeemed the voucher',
      hint: 'Paste store codes or read a CSV/XLSX file. Stores already holding the voucher are left as they are.',
    },
    lottery: {
      import: 'Import coupons',
      importTitle: 'Import lottery coupons',
      total_one: '{{total}} lottery coupon',
      total_other: '{{total}} lottery coupons',
      byRegion: 'By region',
      byBranch: 'By branch',
      byPeriod: 'By draw period',
      count: 'Coupons',
    },
  },
};
