-- issue 12: targets, target category volume, upload folders. Hand-written, statements separated by breakpoint markers like 0001.
SELECT 1;
