/** Loading files: what table a file becomes, and what a person is told when it cannot be one. */
import type { LoadProgress } from '../../src/core/data/engine.ts';
import { equal, match } from './check.ts';
import { encodeSingleByte } from '../helpers/single-byte.ts';
import { cells, failed, gzipped, loaded } from './outcomes.ts';
import type { EngineCase } from './suite.ts';

/** UTF-16 little-endian, as Windows tools write it. */
function utf16le(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    bytes[2 * i] = text.charCodeAt(i) & 0xff;
    bytes[2 * i + 1] = text.charCodeAt(i) >> 8;
  }
  return bytes;
}

export const loadCases: EngineCase[] = [
  {
    name: 'loads a CSV as `data`, with its rows, columns and DuckDB types',
    async run(ctx) {
      const text =
        'id,name,amount,day\n1,Ana,9.5,2024-01-02\n2,Bo,3,2024-02-03\n3,Cy,,2024-03-04\n';
      const [outcome] = await ctx.engine.load([ctx.file('orders.csv', text)]);
      const table = loaded(outcome, 'orders.csv');
      equal(
        [table.name, table.fileName, table.fileBytes, table.rows, table.encoding, table.notes],
        ['data', 'orders.csv', text.length, 3, 'utf-8', []],
        'the table',
      );
      equal(
        table.columns.map((c) => [c.original, c.name]),
        [
          ['id', 'id'],
          ['name', 'name'],
          ['amount', 'amount'],
          ['day', 'day'],
        ],
        'the columns',
      );
      equal(
        table.schema?.map((c) => c.type),
        ['BIGINT', 'VARCHAR', 'DOUBLE', 'DATE'],
        'the types',
      );
      equal(
        (await ctx.engine.tables()).map((t) => t.name),
        ['data'],
        'tables()',
      );
      equal(
        await cells(ctx, 'SELECT * FROM data ORDER BY id'),
        [
          [1, 'Ana', 9.5, '2024-01-02'],
          [2, 'Bo', 3, '2024-02-03'],
          [3, 'Cy', null, '2024-03-04'],
        ],
        'the rows',
      );
    },
  },
  {
    name: 'names files loaded together for their files, says which file it reads, and replaces a named table',
    async run(ctx) {
      const progress: LoadProgress[] = [];
      const files = [
        ctx.file('orders 2024.csv', 'id,total\n1,9.5\n2,3\n'),
        ctx.file('people.tsv', 'id\tname\n1\tAna\n'),
      ];
      const outcomes = await ctx.engine.load(files, (p) => void progress.push(p));
      equal(
        outcomes.map((o, i) => loaded(o, files[i]!.name).name),
        ['orders_2024', 'people'],
        'the table names',
      );
      equal(
        progress.map((p) => [p.fileName, p.fileIndex, p.fileCount, p.bytesTotal]),
        [
          ['orders 2024.csv', 0, 2, files[0]!.size],
          ['people.tsv', 1, 2, files[1]!.size],
        ],
        'the progress reported',
      );
      equal(
        await cells(ctx, 'SELECT name, total FROM orders_2024 JOIN people USING (id)'),
        [['Ana', 9.5]],
        'the join',
      );
      const [again] = await ctx.engine.load(
        [ctx.file('people v2.csv', 'id,name\n2,Bo\n')],
        undefined,
        ['people'],
      );
      equal(loaded(again, 'people v2.csv').name, 'people', 'the replaced table');
      equal(
        (await ctx.engine.tables()).map((t) => t.name),
        ['orders_2024', 'people'],
        'tables()',
      );
      equal(await cells(ctx, 'SELECT name FROM people'), [['Bo']], 'the new rows');
      // A file added later is named for its file too; `data` is for a file loaded alone.
      const [later] = await ctx.engine.load([ctx.file('data.csv', 'x\n1\n')]);
      equal(loaded(later, 'data.csv').name, 'data', 'a later file named data.csv');
      await ctx.engine.reset();
      const [alone] = await ctx.engine.load([ctx.file('orders.csv', 'x\n1\n')]);
      equal(loaded(alone, 'orders.csv').name, 'data', 'a file loaded alone');
      const [next] = await ctx.engine.load([ctx.file('orders.csv', 'x\n2\n')]);
      equal(loaded(next, 'orders.csv').name, 'orders', 'the next file');
    },
  },
  {
    name: 'reads Windows code pages and UTF-16 as UTF-8 and says which encoding it used',
    async run(ctx) {
      const french =
        'Client;Montant (€);Note\nSociété Générale;1 234,56;l’offre – œuvre\nHôtel Noël;12,00;façade\n';
      const polish = 'Klient;Miasto\nZażółć gęślą jaźń;Łódź\nŹdźbło;Kraków\n';
      const be = utf16le('name,amount\nÅsa,12\nBjörn,30\n');
      const [fr, pl, le16, be16] = await ctx.engine.load([
        ctx.file('fr.csv', encodeSingleByte(french, 'windows-1252')),
        ctx.file('pl.csv', encodeSingleByte(polish, 'windows-1250')),
        ctx.file('utf16.csv', utf16le('\ufeffname,amount\nÅsa,12\nBjörn,30\n')),
        // Big-endian, without a byte-order mark: each pair of bytes the other way round.
        ctx.file(
          'utf16be.csv',
          be.map((_, i) => be[i ^ 1]!),
        ),
      ]);
      const a = loaded(fr, 'fr.csv');
      equal([a.encoding, a.rows, a.readAs], ['windows-1252', 2, undefined], 'the French table');
      match(a.notes[0] ?? '', /read as Windows-1252 \(Western European\)/, 'the note');
      equal(
        await cells(ctx, `SELECT Client, "Montant (€)", Note FROM ${a.name} ORDER BY Client`),
        [
          ['Hôtel Noël', 12, 'façade'],
          ['Société Générale', 1234.56, 'l’offre – œuvre'],
        ],
        'the French text, € and ’ and œ included, and its amounts as numbers',
      );
      const b = loaded(pl, 'pl.csv');
      equal([b.encoding, b.rows], ['windows-1250', 2], 'the Polish table');
      equal(
        await cells(ctx, `SELECT Klient, Miasto FROM ${b.name} ORDER BY Miasto`),
        [
          ['Zażółć gęślą jaźń', 'Łódź'],
          ['Źdźbło', 'Kraków'],
        ].sort((x, y) => (x[1]! < y[1]! ? -1 : 1)),
        'the Polish text',
      );
      for (const [outcome, name, encoding] of [
        [le16, 'utf16.csv', 'utf-16le'],
        [be16, 'utf16be.csv', 'utf-16be'],
      ] as const) {
        const t = loaded(outcome, name);
        equal([t.encoding, t.rows], [encoding, 2], `the ${encoding} table`);
        equal(
          await cells(ctx, `SELECT name, amount FROM ${t.name} ORDER BY amount`),
          [
            ['Åsa', 12],
            ['Björn', 30],
          ],
          `the ${encoding} text`,
        );
      }
    },
  },
  {
    name: 'reads a file again in the encoding the person chooses, under the same name',
    async run(ctx) {
      const czech = 'Jméno;Město\nJiří Novák;Plzeň\nMarie Dvořáková;České Budějovice\n';
      const bytes = encodeSingleByte(czech, 'windows-1250');
      const [wrong] = await ctx.engine.load(
        [ctx.file('cz.csv', bytes)],
        undefined,
        ['people'],
        [{ encoding: 'windows-1252' }],
      );
      const w = loaded(wrong, 'cz.csv');
      equal(
        [w.name, w.encoding, w.readAs],
        ['people', 'windows-1252', 'windows-1252'],
        'as chosen',
      );
      match(w.notes[0] ?? '', /as you chose/, 'the note says it was chosen');
      equal(
        await cells(ctx, 'SELECT "Jméno" FROM people LIMIT 1'),
        [['Jiøí Novák']],
        'what 1252 reads',
      );
      const [right] = await ctx.engine.load(
        [ctx.file('cz.csv', bytes)],
        undefined,
        ['people'],
        [{ encoding: 'windows-1250' }],
      );
      equal(loaded(right, 'cz.csv').encoding, 'windows-1250', 'chosen again');
      equal(
        await cells(ctx, 'SELECT "Město" FROM people ORDER BY 1'),
        [['Plzeň'], ['České Budějovice']],
        'the Czech text',
      );
      equal(
        (await ctx.engine.tables()).map((t) => t.name),
        ['people'],
        'one table',
      );
    },
  },
  {
    name: 'keeps a table as it was when reading it again another way fails, and says why',
    async run(ctx) {
      // Windows-1252 text with a byte of 0x80–0x9F (€): read as UTF-8 it cannot be.
      const bytes = encodeSingleByte('Libellé;Montant\nCafé;3,50 €\nThé;2,80 €\n', 'windows-1252');
      loaded((await ctx.engine.load([ctx.file('caisse.csv', bytes)]))[0], 'caisse.csv');
      const [again] = await ctx.engine.load(
        [ctx.file('caisse.csv', bytes)],
        undefined,
        ['data'],
        [{ encoding: 'utf-8' }],
      );
      match(failed(again, 'caisse.csv'), /The table data stays as it was read before\.$/, 'why');
      equal(
        await cells(ctx, 'SELECT "Libellé", CAST("Montant" AS VARCHAR) FROM data ORDER BY 1'),
        [
          ['Café', '3.50'],
          ['Thé', '2.80'],
        ],
        'the table as it was',
      );
      equal(
        (await ctx.engine.tables()).map((t) => [t.name, t.encoding]),
        [['data', 'windows-1252']],
        'one table, its reading unchanged',
      );
    },
  },
  {
    name: 'reads a file that is UTF-8 at its head but not past it, and a gzipped Windows-1252 file',
    async run(ctx) {
      // Past the 1 MiB the encoding is judged from, one line in Windows-1252.
      const head = 'n,city\n' + '1,Paris\n'.repeat(150_000);
      const tail = encodeSingleByte('2,Zürich – Grüße\n', 'windows-1252');
      const mixed = new Uint8Array([...new TextEncoder().encode(head), ...tail]);
      const packed = await gzipped(encodeSingleByte('city\nMontréal\nSão Paulo\n', 'windows-1252'));
      const [late, gz] = await ctx.engine.load([
        ctx.file('late.csv', mixed),
        ctx.file('cities.csv.gz', packed),
      ]);
      const t = loaded(late, 'late.csv');
      equal([t.encoding, t.rows], ['windows-1252', 150_001], 'read in the encoding past the head');
      match(t.notes[0] ?? '', /UTF-8 at its start but not further on/, 'the note');
      equal(
        await cells(ctx, `SELECT city FROM ${t.name} WHERE n = 2`),
        [['Zürich – Grüße']],
        'the line past the head',
      );
      // Windows-1252 whose head has letters only (read by DuckDB as Latin-1, in place), and a
      // quotation mark past it (0x92, where the two differ): read again, made UTF-8.
      const accents = encodeSingleByte(
        'n,city\n' + '1,Zürich\n'.repeat(150_000) + '2,l’île\n',
        'windows-1252',
      );
      const [both] = await ctx.engine.load([ctx.file('accents.csv', accents)]);
      const a = loaded(both, 'accents.csv');
      equal([a.encoding, a.rows], ['windows-1252', 150_001], 'read as Windows-1252');
      equal(
        await cells(ctx, `SELECT city, count(*) FROM ${a.name} GROUP BY city ORDER BY count(*)`),
        [
          ['l’île', 1],
          ['Zürich', 150_000],
        ],
        'its letters, and the quotation mark past the head',
      );
      const g = loaded(gz, 'cities.csv.gz');
      equal(g.encoding, 'windows-1252', 'the gzipped file');
      equal(
        await cells(ctx, `SELECT city FROM ${g.name} ORDER BY city`),
        [['Montréal'], ['São Paulo']],
        'its text',
      );
    },
  },
  {
    name: 'reads a file larger than the head it sniffs: header, types and a line break quoted across the cut',
    async run(ctx) {
      // Lines of 100 bytes, and one quoted value spanning the head's last line break (1 MiB).
      const HEAD = 1 << 20;
      const header = 'Order ID,Placed on,Total (€),Note\n';
      const line = (i: number) => {
        const start = `${i},2024-01-${String((i % 28) + 1).padStart(2, '0')},${(i % 1000) / 10},`;
        return `${start}${'x'.repeat(99 - start.length)}\n`;
      };
      const before = Math.floor((HEAD - header.length) / 100) - 1;
      const lines = Array.from({ length: before }, (_, i) => line(i));
      const sofar = header.length + before * 100;
      // The quoted value opens before the cut and closes after it.
      const quoted = `${before},2024-02-01,1.5,"first half${'y'.repeat(HEAD - sofar - 40)}\nsecond half"\n`;
      const after = Array.from({ length: 15_000 }, (_, i) => line(before + 1 + i));
      const text = header + lines.join('') + quoted + after.join('');
      const table = loaded((await ctx.engine.load([ctx.file('big.csv', text)]))[0], 'big.csv');
      equal(table.rows, before + 1 + 15_000, 'the rows');
      const [[note]] = (await cells(
        ctx,
        `SELECT "Note" FROM data WHERE "Order ID" = ${before}`,
      )) as [[string]];
      match(note, /^first halfy+\nsecond half$/, 'the value with a line break');
      equal(
        table.schema?.map((c) => c.type),
        ['BIGINT', 'DATE', 'DOUBLE', 'VARCHAR'],
        'the types',
      );
      // The same header and lines in a file small enough to be its own head: named alike.
      const small = loaded(
        (await ctx.engine.load([ctx.file('small.csv', header + lines.slice(0, 100).join(''))]))[0],
        'small.csv',
      );
      equal(table.columns, small.columns, 'the header, as the whole file names it');
      equal(
        table.columns.map((c) => c.original),
        ['Order ID', 'Placed on', 'Total (€)', 'Note'],
        'the original names',
      );
    },
  },
  {
    name: 'reads gzipped CSV and TSV as DuckDB unpacks them, and refuses gzip that is not a table or is damaged',
    async run(ctx) {
      const csv = 'id,city,amount\n1,Oslo,9.5\n2,Lima,3\n3,Pune,\n';
      const tsv = 'id\tcity\n1\tOslo\n2\tLima\n';
      // A large one too: its head is sniffed from the unpacked start, the rest read by DuckDB.
      const lines = Array.from({ length: 60_000 }, (_, i) => `${i},city ${i % 50},${i / 4}`);
      const big = `id,city,amount\n${lines.join('\n')}\n`;
      const [a, b, c, d] = await ctx.engine.load([
        ctx.file('orders.csv.gz', await gzipped(csv)),
        ctx.file('people.tsv.gz', await gzipped(tsv)),
        // Gzip without the ending in its name.
        ctx.file('export.csv', await gzipped(csv)),
        ctx.file('big.csv.gz', await gzipped(big)),
      ]);
      const orders = loaded(a, 'orders.csv.gz');
      equal(
        [orders.rows, orders.columns.map((col) => col.name)],
        [3, ['id', 'city', 'amount']],
        'orders',
      );
      match(orders.notes.join(' '), /gzip/, 'what the page says was done');
      equal(
        [loaded(b, 'people.tsv.gz').name, loaded(b, 'people.tsv.gz').rows],
        ['people', 2],
        'the TSV',
      );
      equal(loaded(c, 'export.csv').rows, 3, 'gzip named .csv');
      equal(loaded(d, 'big.csv.gz').rows, 60_000, 'the large file');
      equal(
        await cells(ctx, `SELECT sum(amount) AS s FROM ${orders.name}`),
        [[12.5]],
        'the values',
      );
      const xml = await gzipped('<?xml version="1.0"?>\n<rows>\n  <row>a, b</row>\n</rows>\n');
      const damaged = new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3, 4, 5, 6]);
      const [e, f] = await ctx.engine.load([
        ctx.file('rows.xml.gz', xml),
        ctx.file('broken.csv.gz', damaged),
      ]);
      match(failed(e, 'rows.xml.gz'), /XML document/, 'gzipped XML');
      match(failed(f, 'broken.csv.gz'), /gzip file is damaged/, 'damaged gzip');
    },
  },
  {
    name: 'makes odd headers usable, keeps the originals, and pads short rows with NULL',
    async run(ctx) {
      const [headers, ragged] = await ctx.engine.load([
        ctx.file('headers.csv', 'id,Name,name,,  spaced  out ,id\n1,a,b,c,d,e\n'),
        ctx.file('ragged.csv', 'a,b,c\n1,2,3\n4,5\n6,7,8\n'),
      ]);
      equal(
        loaded(headers, 'headers.csv').columns.map((c) => [c.original, c.name]),
        [
          ['id', 'id'],
          ['Name', 'Name'],
          ['name', 'name_2'],
          ['', 'column_4'],
          ['  spaced  out ', 'spaced out'],
          ['id', 'id_2'],
        ],
        'the header names',
      );
      const table = loaded(ragged, 'ragged.csv');
      equal(table.rows, 3, 'rows of the ragged file');
      equal(
        table.notes,
        ['Rows do not all have the same number of fields; missing ones are NULL.'],
        'its note',
      );
      equal(await cells(ctx, `SELECT c FROM ${table.name} WHERE a = 4`), [[null]], 'the padding');
    },
  },
  {
    name: 'removes NUL bytes that pad text values, and says how many',
    async run(ctx) {
      const text = 'id,name,code\n1,Alice\0\0\0,A1\n2,Bob\0\0\0\0,B2\n3,Carol,C3\0\0\n';
      const table = loaded((await ctx.engine.load([ctx.file('padded.csv', text)]))[0], 'padded');
      equal(
        table.notes,
        [
          '9 NUL bytes (\\0) found in the first megabyte: removed from 3 text values, which they padded.',
        ],
        'the note',
      );
      equal(
        await cells(ctx, 'SELECT name, code FROM data ORDER BY id'),
        [
          ['Alice', 'A1'],
          ['Bob', 'B2'],
          ['Carol', 'C3'],
        ],
        'the values',
      );
    },
  },
  {
    name: 'refuses empty, binary and XML files with the reason, and keeps the tables loaded',
    async run(ctx) {
      loaded((await ctx.engine.load([ctx.file('good.csv', 'a\n1\n')]))[0], 'good.csv');
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
      const zeros = new Uint8Array(4096);
      zeros.set(new TextEncoder().encode('header,row\n'));
      const outcomes = await ctx.engine.load([
        ctx.file('nothing.csv', ''),
        ctx.file('photo.csv', png),
        ctx.file('blob.bin', zeros),
        ctx.file('rows.xml', '<?xml version="1.0"?>\n<rows>\n  <row id="1">a, b</row>\n</rows>\n'),
      ]);
      const reasons = [
        /empty: there is nothing to load/,
        /not delimited text: .*PNG image/,
        /not delimited text: .*binary data/,
        /cannot be read: .*XML document.*save it as CSV/,
      ];
      const names = ['nothing.csv', 'photo.csv', 'blob.bin'];
      for (const [i, name] of [...names, 'rows.xml'].entries())
        match(failed(outcomes[i], name), reasons[i]!, name);
      equal(
        (await ctx.engine.tables()).map((t) => t.name),
        ['data'],
        'the tables kept',
      );
      equal(await cells(ctx, 'SELECT a FROM data'), [[1]], 'the table still answers');
    },
  },
];
