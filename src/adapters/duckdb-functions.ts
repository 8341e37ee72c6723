/**
 * DuckDB's functions, for the SQL editor's completion (adapters/sql-editor.ts): the names that
 * `duckdb_functions()` lists in Sift's own engine (DuckDB v1.4.3, in duckdb-wasm 1.32),
 * made on 2026-11-28 by running in its SQL box
 *
 *   SELECT function_name, string_agg(DISTINCT function_type, ',') FROM duckdb_functions()
 *   WHERE regexp_matches(function_name, '^[a-z][a-z0-9_]*$')
 *     AND function_type IN ('scalar', 'aggregate', 'macro') GROUP BY 1 ORDER BY 1
 *
 * Table functions are left out: those that read files or URLs are closed in Sift (external
 * access is off), and the tables are the session's own. Operators and internal names (`__…`)
 * do not match the pattern. Kept as text, not a request to the engine: the list is the engine's
 * and changes only with it.
 */

/** Aggregates: `avg`, `count`, `string_agg`… */
export const AGGREGATES = `
any_value approx_count_distinct approx_quantile approx_top_k arbitrary arg_max arg_max_null
arg_min arg_min_null argmax argmin array_agg avg bit_and bit_or bit_xor bitstring_agg bool_and
bool_or corr count count_if count_star countif covar_pop covar_samp entropy favg first fsum
group_concat histogram histogram_exact kahan_sum kurtosis kurtosis_pop last list listagg mad max
max_by mean median min min_by mode product quantile quantile_cont quantile_disc regr_avgx
regr_avgy regr_count regr_intercept regr_r2 regr_slope regr_sxx regr_sxy regr_syy
reservoir_quantile sem skewness stddev stddev_pop stddev_samp string_agg sum sum_no_overflow
sumkahan var_pop var_samp variance
`
  .trim()
  .split(/\s+/);

/** Scalar functions and the macros DuckDB defines as functions (`date_diff`, `list_sum`…). */
export const SCALARS = `
abs acos acosh add age aggregate alias apply array_aggr array_aggregate array_append array_apply
array_cat array_concat array_contains array_cosine_distance array_cosine_similarity
array_cross_product array_distance array_distinct array_dot_product array_extract array_filter
array_grade_up array_has array_has_all array_has_any array_indexof array_inner_product
array_intersect array_length array_negative_dot_product array_negative_inner_product
array_pop_back array_pop_front array_position array_prepend array_push_back array_push_front
array_reduce array_resize array_reverse array_reverse_sort array_select array_slice array_sort
array_to_string array_to_string_comma_default array_transform array_unique array_value
array_where array_zip ascii asin asinh atan atan2 atanh bar base64 bin bit_count bit_length
bit_position bitstring can_cast_implicitly cardinality cast_to_type cbrt ceil ceiling century
char_length character_length chr col_description combine concat concat_ws constant_or_null
contains cos cosh cot create_sort_key current_catalog current_connection_id current_database
current_query current_query_id current_role current_schema current_schemas current_setting
current_transaction_id current_user currval damerau_levenshtein date_add date_diff date_part
date_sub date_trunc datediff datepart datesub datetrunc day dayname dayofmonth dayofweek
dayofyear decade decode degrees divide editdist3 element_at encode ends_with enum_code
enum_first enum_last enum_range enum_range_boundary epoch epoch_ms epoch_ns epoch_us
equi_width_bins era error even exp factorial fdiv filter finalize flatten floor fmod format
format_bytes format_pg_type format_type from_base64 from_binary from_hex gamma gcd
gen_random_uuid generate_series generate_subscripts geomean geometric_mean get_bit
get_block_size get_current_timestamp getvariable grade_up greatest greatest_common_divisor
hamming has_any_column_privilege has_column_privilege has_database_privilege
has_foreign_data_wrapper_privilege has_function_privilege has_language_privilege
has_schema_privilege has_sequence_privilege has_server_privilege has_table_privilege
has_tablespace_privilege hash hex hour ilike_escape in_search_path inet_client_addr
inet_client_port inet_server_addr inet_server_port instr is_histogram_other_bin isfinite isinf
isnan isodow isoyear jaccard jaro_similarity jaro_winkler_similarity julian last_day lcase lcm
least least_common_multiple left left_grapheme len length length_grapheme levenshtein lgamma
like_escape list_aggr list_aggregate list_any_value list_append list_apply
list_approx_count_distinct list_avg list_bit_and list_bit_or list_bit_xor list_bool_and
list_bool_or list_cat list_concat list_contains list_cosine_distance list_cosine_similarity
list_count list_distance list_distinct list_dot_product list_element list_entropy list_extract
list_filter list_first list_grade_up list_has list_has_all list_has_any list_histogram
list_indexof list_inner_product list_intersect list_kurtosis list_kurtosis_pop list_last
list_mad list_max list_median list_min list_mode list_negative_dot_product
list_negative_inner_product list_pack list_position list_prepend list_product list_reduce
list_resize list_reverse list_reverse_sort list_select list_sem list_skewness list_slice
list_sort list_stddev_pop list_stddev_samp list_string_agg list_sum list_transform list_unique
list_value list_var_pop list_var_samp list_where list_zip ln log log10 log2 lower lpad ltrim
make_date make_time make_timestamp make_timestamp_ms make_timestamp_ns map map_concat
map_contains map_contains_entry map_contains_value map_entries map_extract map_extract_value
map_from_entries map_keys map_to_pg_oid map_values md5 md5_number md5_number_lower
md5_number_upper microsecond millennium millisecond minute mismatches mod month monthname
multiply nanosecond nextafter nextval nfc_normalize normalized_interval not_ilike_escape
not_like_escape now nullif obj_description octet_length ord parse_dirname parse_dirpath
parse_duckdb_log_message parse_filename parse_path pg_collation_is_visible pg_conf_load_time
pg_conversion_is_visible pg_function_is_visible pg_get_constraintdef pg_get_expr pg_get_viewdef
pg_has_role pg_is_other_temp_schema pg_my_temp_schema pg_opclass_is_visible
pg_operator_is_visible pg_opfamily_is_visible pg_postmaster_start_time pg_size_pretty
pg_table_is_visible pg_ts_config_is_visible pg_ts_dict_is_visible pg_ts_parser_is_visible
pg_ts_template_is_visible pg_type_is_visible pg_typeof pi position pow power prefix printf
quarter radians random range reduce regexp_escape regexp_extract regexp_extract_all
regexp_full_match regexp_matches regexp_replace regexp_split_to_array regexp_split_to_table
remap_struct repeat replace replace_type reverse right right_grapheme round round_even
roundbankers row rpad rtrim second session_user set_bit setseed sha1 sha256 shobj_description
sign signbit sin sinh split split_part sqrt starts_with stats str_split str_split_regex strftime
string_split string_split_regex string_to_array strip_accents strlen strpos strptime
struct_concat struct_contains struct_extract struct_extract_at struct_has struct_indexof
struct_insert struct_pack struct_position struct_update substr substring substring_grapheme
subtract suffix tan tanh time_bucket timetz_byte_comparable timezone timezone_hour
timezone_minute to_base to_base64 to_binary to_centuries to_days to_decades to_hex to_hours
to_microseconds to_millennia to_milliseconds to_minutes to_months to_quarters to_seconds
to_timestamp to_weeks to_years transaction_timestamp translate trim trunc try_strptime
txid_current typeof ucase unbin unhex unicode union_extract union_tag union_value unpivot_list
upper url_decode url_encode user uuid uuid_extract_timestamp uuid_extract_version uuidv4 uuidv7
variant_extract variant_typeof vector_type version wavg week weekday weekofyear weighted_avg
write_log xor year yearweek
`
  .trim()
  .split(/\s+/);
