-- issue 10: coupons, redemptions, vouchers, lottery. Hand-written, statements separated by breakpoint markers like 0001.
SELECT 1;
