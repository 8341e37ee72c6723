/** One-line summaries of tool calls, for the activity trail. */

/** A one-line account of a tool call for the activity trail. */
export function describeCall(tool: string, input: unknown): string {
  const i = (input ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  switch (tool) {
    case 'sql_query':
      return str(i.description) || 'Query';
    case 'output_text':
      return 'Wrote the answer';
    case 'output_table':
      return `Table: ${str(i.title)}`;
    case 'create_plot':
      return `Chart: ${str(i.title)}`;
    case 'finalize':
      return i.session_title ? `Finished: “${str(i.session_title)}”` : 'Finished';
    case 'profile_columns':
      return Array.isArray(i.columns) ? `Profiled ${i.columns.length} columns` : 'Profiled columns';
    case 'find_value':
      return `Looked for “${str(i.value)}”`;
    default:
      return tool;
  }
}
