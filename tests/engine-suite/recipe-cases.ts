/**
 * Each table read from delimited text keeps its recipe (TableInfo.recipe): the statements that
 * made it, for native DuckDB run beside the file. Here, that the statements are there and name
 * the file by its own name; tests/integration/recipe-native.test.ts runs them in native DuckDB.
 */
import type { TableInfo } from '../../src/core/data/engine.ts';
import { quoteIdent, quoteLiteral } from '../../src/core/sql/sql-text.ts';
import { notebookSql, tableScript } from '../../src/core/report/notebook-script.ts';
import { equal, fail, match, truthy } from './check.ts';
import { loaded } from './outcomes.ts';
import { CRAFTED_FILES } from './recipe-files.ts';
import type { EngineCase, SuiteContext } from './suite.ts';

async function load(ctx: SuiteContext, name: string): Promise<TableInfo> {
  const crafted = CRAFTED_FILES.find((f) => f.name === name);
  const bytes = crafted ? crafted.bytes() : await ctx.fixture(`exports/${name}`);
  return loaded((await ctx.engine.load([ctx.file(name, bytes)]))[0], name);
}

/**
 * The recipe's statements, checked for what every recipe holds: a first read_csv of the file by
 * its own name, the table named in each statement, nothing of the worker's own paths.
 */
function recipeOf(t: TableInfo): string[] {
  const recipe = t.recipe ?? fail(`${t.fileName}: no recipe`);
  const read = `CREATE TABLE ${quoteIdent(t.name)} AS SELECT * FROM read_csv(${quoteLiteral(t.fileName)}, `;
  truthy(recipe[0]?.startsWith(read), `${t.fileName}: the recipe starts ${read}; got ${recipe[0]}`);
  for (const s of recipe) {
    truthy(s.includes(quoteIdent(t.name)), `${t.fileName}: a statement names the table: ${s}`);
    truthy(!s.includes('uploads/'), `${t.fileName}: no worker path in ${s}`);
    truthy(!s.trimEnd().endsWith(';'), `${t.fileName}: no semicolon ends ${s}`);
  }
  return recipe;
}

/** The statements that start with `verb`. */
const starting = (recipe: string[], verb: string) => recipe.filter((s) => s.startsWith(verb));

export const recipeCases: EngineCase[] = [
  {
    name: 'a plain UTF-8 file’s recipe is its read_csv, read as UTF-8',
    async run(ctx) {
      const recipe = recipeOf(await load(ctx, 'uk-libreoffice-utf8-quoteall.csv'));
      match(recipe[0], /encoding = 'utf-8', header = true, names = \['/, 'read with its header');
      equal(starting(recipe, 'DELETE').length, 0, 'nothing left out');
    },
  },
  {
    name: 'a bank statement’s recipe skips its title lines and deletes its closing balance',
    async run(ctx) {
      const t = await load(ctx, 'de-bank-statement-windows1252.csv');
      const recipe = recipeOf(t);
      match(recipe[0], /encoding = 'windows-1252-2000', skip = 6, header = true/, 'the read');
      match(recipe[0], /'Auftraggeber \/ Empfänger'/, 'the cleaned names, decoded');
      equal(
        starting(recipe, 'DELETE'),
        [`DELETE FROM "${t.name}" WHERE rowid >= (SELECT count(*) FROM "${t.name}") - 1`],
        'the closing balance left out',
      );
      const converted = starting(recipe, 'CREATE OR REPLACE TABLE');
      equal(converted.length, 1, 'one conversion');
      match(converted[0], /try_strptime\(trim\("Buchungstag"\), '%d\.%m\.%Y'\)/, 'dates');
      match(converted[0], /AS DECIMAL\(18, 2\)\) END AS "Saldo \(EUR\)"/, 'amounts');
    },
  },
  {
    name: 'a Windows-1252 file with € is read natively through the encodings extension',
    async run(ctx) {
      const t = await load(ctx, 'prices-euro.csv');
      match(recipeOf(t)[0], /encoding = 'windows-1252-2000'/, 'the code page');
      const notebook = {
        title: 'prices',
        cells: [],
        checks: new Map(),
        tables: [t],
        at: new Date(),
      };
      const script = notebookSql(notebook, [tableScript(t)]);
      match(script, /\nINSTALL encodings;\nLOAD encodings;\n/, 'the script loads the extension');
      truthy(script.includes(`\n-- ${t.name}, from prices-euro.csv\n`), 'the file named');
    },
  },
  {
    name: 'dd.mm.yy dates and decimal commas are converted in the recipe as Sift converts them',
    async run(ctx) {
      const recipe = recipeOf(await load(ctx, 'fr-bank-statement-ddmmyy-windows1252.csv'));
      match(recipe[0], /types = \{'[^']+': 'VARCHAR'/, 'the dates read as text first');
      const [converted] = starting(recipe, 'CREATE OR REPLACE TABLE');
      match(converted, /try_strptime\([^)]*\), '%d[/.]%m[/.]%y'\)/, 'two-digit years, day first');
      match(converted, /replace\(replace\([^;]*'\.', ''\), ',', '\.'\)/, 'the decimal comma');
    },
  },
  {
    name: 'a ;-separated file’s recipe keeps its comment lines out and reads Yes/No as booleans',
    async run(ctx) {
      const t = await load(ctx, 'orders;yes-no.csv');
      const recipe = recipeOf(t);
      match(recipe[0], /comment = '#'/, 'comment lines');
      match(recipe[0], /'Bezahlt': 'VARCHAR'/, 'Yes/No read as text first');
      equal(starting(recipe, 'DELETE').length, 1, 'the closing total left out');
      const [converted] = starting(recipe, 'CREATE OR REPLACE TABLE');
      match(converted, /IN \('true', 't', 'yes', 'y', '1'\) THEN true/, 'the words');
      match(converted, /'%d\.%m\.%y'/, 'the dates');
    },
  },
  {
    name: 'UTF-16 and Latin-1 text are decoded by native DuckDB itself',
    async run(ctx) {
      match(recipeOf(await load(ctx, 'de-unicode-text-utf16le-tab.txt'))[0], /'utf-16'/, 'UTF-16');
      match(recipeOf(await load(ctx, 'latin1-names.csv'))[0], /'latin-1'/, 'Latin-1');
    },
  },
  {
    name: 'a table read again another way keeps a recipe under its own name',
    async run(ctx) {
      const first = await load(ctx, 'latin1-names.csv');
      const file = CRAFTED_FILES.find((f) => f.name === 'latin1-names.csv')!;
      const [again] = await ctx.engine.load(
        [ctx.file(first.fileName, file.bytes())],
        undefined,
        [first.name],
        [{ encoding: 'windows-1250' }],
      );
      const t = loaded(again, 'read again');
      equal(t.name, first.name, 'the same table');
      match(recipeOf(t)[0], /encoding = 'windows-1250-2000'/, 'read as chosen');
      truthy(!t.recipe!.join('').includes('__sift_reread'), 'no name of the reading beside it');
    },
  },
];
