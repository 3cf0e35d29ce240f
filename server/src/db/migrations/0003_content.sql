-- issue 11: promos, content, broadcasts. Hand-written, statements separated by breakpoint markers like 0001.
SELECT 1;
