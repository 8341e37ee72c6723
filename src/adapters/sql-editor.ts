/**
 * The SQL box's editor: CodeMirror 6 with DuckDB-flavoured SQL highlighting and completion of
 * the session's table and column names (issue 33, item 2). Loaded only when the SQL box is
 * first shown (a dynamic import from SqlBox.svelte), so the first page does not carry it.
 *
 * It lives in a shadow root, for the page's CSP: CodeMirror's style-mod writes its styles into
 * a `<style>` element in a document, which `style-src 'self'` refuses, and into a constructed
 * stylesheet (adoptedStyleSheets) in a shadow root, which it does not
 * (node_modules/style-mod/src/style-mod.js, StyleSet). Colours come from the page's custom
 * properties, which cross the shadow boundary, so both themes apply without a redraw.
 */
import {
  autocompletion,
  closeBrackets,
  closeCompletion,
  completionKeymap,
  completionStatus,
  type CompletionSource,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { HighlightStyle, syntaxHighlighting, syntaxTree } from '@codemirror/language';
import { PostgreSQL, sql, SQLDialect, type SQLNamespace } from '@codemirror/lang-sql';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { AGGREGATES, SCALARS } from './duckdb-functions.ts';
import { replaceLongSelection } from './sql-editor-input.ts';

export interface SqlEditorOptions {
  doc: string;
  /** Where the caret (and selection) starts: where it was in the plain box it replaces. */
  selection?: { anchor: number; head: number };
  /** Each table's columns, for completion. */
  tables: ReadonlyArray<{ name: string; columns: readonly string[] }>;
  label: string;
  /** The test id of the editing surface (`sql-input` for the SQL box). */
  testid: string;
  placeholder: string;
  onchange: (doc: string) => void;
  onrun: () => void;
}

export interface SqlEditor {
  /** Replaces the text (from the history, or "Open in the SQL box"). */
  setDoc(doc: string): void;
  setTables(tables: SqlEditorOptions['tables']): void;
  focus(): void;
  destroy(): void;
}

/**
 * DuckDB's SQL, as near as CodeMirror's dialects go: PostgreSQL's (`::` casts, `$$` strings)
 * with DuckDB's reserved words as keywords (`duckdb_keywords()` of DuckDB 1.5, category
 * 'reserved') and the clause words a query reads by. PostgreSQL's own list made `location` and
 * `temp` — common column names — look like keywords.
 */
/** DuckDB's reserved words: a column named one of them must be quoted. */
const RESERVED =
  'all analyse analyze and any array as asc asymmetric both case cast check collate column ' +
  'constraint create default deferrable desc describe distinct do else end except false fetch ' +
  'for foreign from group having in initially intersect into lambda lateral leading limit not ' +
  'null offset on only or order pivot pivot_longer pivot_wider placing primary qualify ' +
  'references returning select show some summarize symmetric table then to trailing true ' +
  'union unique unpivot using variadic when where window with';
const RESERVED_SET = new Set(RESERVED.split(' '));

const DUCKDB = SQLDialect.define({
  ...PostgreSQL.spec,
  keywords:
    `${RESERVED} ` +
    'by join left right inner outer full cross natural asof positional semi anti over partition ' +
    'rows range between is like ilike glob similar exists filter within nulls first last ' +
    'exclude replace interval recursive values preceding following unbounded current row ' +
    'sample tablesample escape',
  types:
    'bigint binary bit bitstring blob bool boolean bpchar bytea char date datetime dec decimal ' +
    'double enum float float4 float8 hugeint int int1 int128 int16 int2 int32 int4 int64 int8 ' +
    'integer integral json list long map numeric real short signed smallint string struct text ' +
    'time timestamp timestamptz tinyint ubigint uhugeint uint128 uint16 uint32 uint64 uint8 ' +
    'uinteger union usmallint utinyint uuid varbinary varchar',
});

/** A name as SQL must write it: quoted unless it is a plain lower-case identifier. */
const ident = (name: string) =>
  /^[a-z_][a-z0-9_]*$/.test(name) && !RESERVED_SET.has(name)
    ? name
    : `"${name.replaceAll('"', '""')}"`;

function namespace(tables: SqlEditorOptions['tables']): SQLNamespace {
  const out: Record<string, Array<{ label: string; apply: string; type: string }>> = {};
  for (const t of tables)
    out[t.name] = t.columns.map((c) => ({ label: c, apply: ident(c), type: 'property' }));
  return out;
}

/**
 * Every column of every table, offered wherever a word is typed: lang-sql offers a table's
 * columns only after `table.`, and a person writes `SELECT temp_max FROM data`.
 */
function columnsSource(tables: SqlEditorOptions['tables']): CompletionSource {
  const options = tables.flatMap((t) =>
    t.columns.map((c) => ({ label: c, apply: ident(c), detail: t.name, type: 'property' })),
  );
  return (context) => {
    const word = context.matchBefore(/[\p{L}\p{N}_]+/u);
    if (!word && !context.explicit) return null;
    // Not after a dot: there lang-sql offers the columns of the table named before it.
    if (word && context.state.sliceDoc(word.from - 1, word.from) === '.') return null;
    return { from: word?.from ?? context.pos, options, validFor: /^[\p{L}\p{N}_]*$/u };
  };
}

/** Where a name typed is text, not SQL: no function is offered there. */
const NOT_SQL = new Set(['String', 'QuotedIdentifier', 'LineComment', 'BlockComment']);

/**
 * DuckDB's functions (duckdb-functions.ts), offered as a name is typed, after the session's
 * tables and columns of the same start (a lower boost), as DuckDB's documentation writes them.
 */
function functionsSource(): CompletionSource {
  const options = [
    ...AGGREGATES.map((label) => ({ label, type: 'function', detail: 'aggregate', boost: -2 })),
    ...SCALARS.filter((name) => !RESERVED_SET.has(name)).map((label) => ({
      label,
      type: 'function',
      boost: -2,
    })),
  ];
  return (context) => {
    const word = context.matchBefore(/[A-Za-z_][A-Za-z0-9_]*/);
    if (!word && !context.explicit) return null;
    if (word && context.state.sliceDoc(word.from - 1, word.from) === '.') return null;
    if (NOT_SQL.has(syntaxTree(context.state).resolveInner(context.pos, -1).name)) return null;
    // Of DuckDB's ~700 functions, only those whose name or a part of it after `_` starts with the
    // word: CodeMirror's fuzzy match offered make_timestamp_ms for `temp_m`, above nothing useful.
    // CodeMirror still ranks them (below the session's names, by their boost); without
    // `validFor` it asks again at each key, as the set depends on the whole word.
    const typed = (word?.text ?? '').toLowerCase();
    return {
      from: word?.from ?? context.pos,
      options: options.filter((o) => o.label.startsWith(typed) || o.label.includes(`_${typed}`)),
    };
  };
}

const highlight = HighlightStyle.define([
  { tag: tags.keyword, color: 'var(--accent)', fontWeight: '600' },
  { tag: [tags.string, tags.special(tags.string)], color: 'var(--ok)' },
  { tag: [tags.number, tags.bool, tags.null], color: 'var(--type-ink)' },
  { tag: [tags.lineComment, tags.blockComment], color: 'var(--muted)', fontStyle: 'italic' },
  { tag: tags.operator, color: 'var(--ink)' },
]);

const theme = EditorView.theme({
  '&': {
    border: '1px solid var(--line)',
    borderRadius: '7px',
    background: 'var(--input-bg)',
    color: 'var(--ink)',
    fontSize: '0.9rem',
  },
  '&.cm-focused': { outline: '2px solid var(--accent)', outlineOffset: '1px' },
  '.cm-scroller': {
    fontFamily: 'var(--mono)',
    lineHeight: '1.5',
    minHeight: '6.5em',
    maxHeight: '22em',
  },
  '.cm-content': { padding: '0.5rem 0', caretColor: 'var(--ink)' },
  '.cm-line': { padding: '0 0.6rem' },
  '.cm-placeholder': { color: 'var(--muted)' },
  '.cm-cursor': { borderLeftColor: 'var(--ink)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    background: 'var(--accent-soft)',
  },
  // Doubled classes: CodeMirror's base theme colours its tooltips light with `&light .cm-tooltip`.
  '.cm-tooltip.cm-tooltip': {
    background: 'var(--card)',
    color: 'var(--ink)',
    border: '1px solid var(--line)',
    borderRadius: '6px',
    boxShadow: 'var(--shadow)',
  },
  '.cm-tooltip.cm-tooltip-autocomplete > ul > li[aria-selected]': {
    background: 'var(--accent)',
    color: 'var(--accent-ink)',
  },
  '.cm-completionDetail': { color: 'inherit', opacity: '0.75' },
});

const functions = functionsSource();

export function mountSqlEditor(host: HTMLElement, options: SqlEditorOptions): SqlEditor {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const language = new Compartment();
  const sqlOf = (tables: SqlEditorOptions['tables']) => {
    const support = sql({
      dialect: DUCKDB,
      schema: namespace(tables),
      upperCaseKeywords: true,
    });
    return [
      support,
      support.language.data.of({ autocomplete: columnsSource(tables) }),
      support.language.data.of({ autocomplete: functions }),
    ];
  };
  let quiet = false;
  const view = new EditorView({
    root,
    parent: root,
    state: EditorState.create({
      doc: options.doc,
      ...(options.selection ? { selection: options.selection } : {}),
      extensions: [
        history(),
        closeBrackets(),
        autocompletion({ icons: false }),
        language.of(sqlOf(options.tables)),
        syntaxHighlighting(highlight),
        EditorView.lineWrapping,
        placeholder(options.placeholder),
        theme,
        keymap.of([
          {
            key: 'Mod-Enter',
            preventDefault: true,
            // The list offered for the last word would stay open over the result.
            run: (v) => (closeCompletion(v), options.onrun(), true),
          },
          ...completionKeymap,
          ...historyKeymap,
          ...defaultKeymap,
        ]),
        EditorView.contentAttributes.of({
          'aria-label': options.label,
          'aria-multiline': 'true',
          'data-testid': options.testid,
          spellcheck: 'false',
        }),
        // A file dropped on the box is a file to load (components/DropZone.svelte), not text to
        // insert: CodeMirror would read it whole into the query (a 150 MB CSV, into the page).
        EditorView.domEventHandlers({
          drop: (event) => (event.dataTransfer?.files.length ?? 0) > 0,
          beforeinput: replaceLongSelection,
        }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged && !quiet) options.onchange(update.state.doc.toString());
          // A list that opens once the focus has gone (typing, then Run pressed at once: the
          // list comes ~100 ms after the last key) is never closed by a blur: closed here.
          if (completionStatus(update.state) !== null && !update.view.hasFocus)
            setTimeout(() => {
              if (!view.hasFocus) closeCompletion(view);
            });
        }),
      ],
    }),
  });
  return {
    setDoc(doc) {
      if (doc === view.state.doc.toString()) return;
      quiet = true;
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: doc } });
      quiet = false;
    },
    setTables(tables) {
      view.dispatch({ effects: language.reconfigure(sqlOf(tables)) });
    },
    focus: () => view.focus(),
    destroy: () => view.destroy(),
  };
}
