-- List and report performance. Hand-written, statements separated by breakpoint markers like 0001.
SELECT 1;
