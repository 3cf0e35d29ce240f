-- issue 13: turnover rollups, invoice tracking, virtual-account payments. Hand-written, statements separated by breakpoint markers like 0001.
SELECT 1;
