-- The customer list's search under an equality filter. The trigram index alone
-- cannot apply a filter, and PostgreSQL, blind to how a word and a filter correlate (every "toko" is of
-- one customer type, every "warung" of another), read all 100k rows for a type + common word that
-- share no row (50-80 ms). This index holds the search column's trigrams and the list's equality
-- filters as `<prefix><value>` tags (customers.resource.ts customerFilterTags, written exactly the same),
-- so one index scan applies the term and the filters together. Prefixes: t type, l level, b branch,
-- s salesman, y salesman type, a active, v show in app, c data complete, d admin validated,
-- k class mekar, x excluded from points, i installed, m monthly max point set.
CREATE INDEX IF NOT EXISTS "customers_search_filters_trgm" ON "customers" USING gin (
  "search_text" gin_trgm_ops,
  (ARRAY[
    't' || customer_type_id::text, 'l' || customer_level_id::text, 'b' || branch_id::text,
    's' || salesman_id::text, 'y' || salesman_type_id::text, 'a' || active::text,
    'v' || show_in_app::text, 'c' || is_data_complete::text, 'd' || admin_validate::text,
    'k' || class_mekar::text, 'x' || exclude_all_point::text, 'i' || installed::text,
    'm' || (monthly_max_point IS NOT NULL)::text
  ])
);
