/**
 * A file in a single-byte encoding larger than one part is made UTF-8 and read part by part
 * (workers/transcode.ts, read-delimited.ts): the table must be the one a single reading of the
 * whole text gives. Each expected figure is computed here from the rows as they are written.
 */
import { singleByteTable } from '../../src/core/reading/text-encoding.ts';
import { equal, match } from './check.ts';
import { cells, loaded, types } from './outcomes.ts';
import type { EngineCase, SuiteContext } from './suite.ts';

const MIB = 1024 * 1024;
/** The worker reads a file in slices of at most 8 MiB (workers/text-parts.ts). */
const SLICE = 8 * MIB;

/** Windows-1252 bytes of `text` (fast enough for megabytes, unlike the helper's spread). */
function cp1252(text: string): Uint8Array {
  const byChar = new Map(singleByteTable('windows-1252').map((c, b) => [c.charCodeAt(0), b]));
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const b = c < 0x80 ? c : byChar.get(c);
    if (b === undefined) throw new Error(`Windows-1252 has no ${text[i]}`);
    out[i] = b;
  }
  return out;
}

/** An amount as a French Excel writes it in Windows-1252: `-1 234,56 €` (a no-break space). */
function french(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const euros = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, '\u00a0');
  return `${sign}${euros},${String(abs % 100).padStart(2, '0')} €`;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * `text` loaded twice: in UTF-8, which DuckDB reads whole, and in Windows-1252, made UTF-8 and
 * read in parts. The two tables must have the same columns, types and rows.
 */
async function sameAsWhole(ctx: SuiteContext, name: string, text: string): Promise<void> {
  const utf8 = new TextEncoder().encode(text);
  const [one, parts] = await ctx.engine.load([
    ctx.file(`${name} utf8.csv`, utf8),
    ctx.file(`${name}.csv`, cp1252(text)),
  ]);
  const whole = loaded(one, `${name} utf8.csv`);
  const inParts = loaded(parts, `${name}.csv`);
  equal([whole.encoding, inParts.encoding], ['utf-8', 'windows-1252'], `${name}: the encodings`);
  equal(types(inParts), types(whole), `${name}: the columns and their types`);
  const [a, b] = [whole.name, inParts.name].map((t) => `"${t}"`);
  equal(
    await cells(
      ctx,
      `SELECT (SELECT count(*) FROM ${a}), (SELECT count(*) FROM ${b}), (SELECT count(*) FROM (SELECT * FROM ${a} EXCEPT ALL SELECT * FROM ${b})), (SELECT count(*) FROM (SELECT * FROM ${b} EXCEPT ALL SELECT * FROM ${a}))`,
    ),
    [[whole.rows, whole.rows, 0, 0]],
    `${name}: the same rows`,
  );
}

/** A label of about 80 bytes, for rows of about 100. */
const pad = (i: number) => `Achat – n°${i} ${'x'.repeat(60)}`;

/** `n` rows made by `row`, after `header`. */
const rowsOf = (header: string, n: number, row: (i: number) => string) =>
  header + Array.from({ length: n }, (_, i) => row(i + 1)).join('');

export const partCases: EngineCase[] = [
  {
    name: 'reads in parts as it reads whole: a quote first seen past the head',
    async run(ctx) {
      // No quote in the first megabyte (the head the header is read from: rows of 100 bytes);
      // the first at row 15,000, inside the first part; a quoted name in every later row.
      await sameAsWhole(
        ctx,
        'quotes',
        rowsOf('n;libellé;montant;client\n', 40_000, (i) => {
          const client = i < 15_000 ? `Client ${i % 97}` : '"ACME"';
          return `${i};${pad(i)};${i % 1000},50 €;${client}\n`;
        }),
      );
    },
  },
  {
    name: 'reads in parts as it reads whole: a date order first settled past the head',
    async run(ctx) {
      // A US export sorted by date: its first megabyte has no day over 12, row 15,000 has the
      // 13th, and every later date could be read either way.
      await sameAsWhole(
        ctx,
        'dates',
        rowsOf('n;date;libellé\n', 40_000, (i) => {
          const day = i === 15_000 ? 13 : (i % 12) + 1;
          const month = (Math.floor(i / 3000) % 12) + 1;
          return `${i};${two(month)}/${two(day)}/2024;${pad(i)}\n`;
        }),
      );
    },
  },
  {
    name: 'reads in parts as it reads whole: rows so wide that 20,480 of them pass 20 MB',
    async run(ctx) {
      // Rows of 1 KB: 20,480 of them pass 20 MB. The count is empty for 17,000 rows, then
      // whole numbers: DuckDB's sniffer sees them in its 20,480 rows and reads BIGINT.
      await sameAsWhole(
        ctx,
        'wide',
        rowsOf('n;nombre;note\n', 24_000, (i) => {
          return `${i};${i > 17_000 ? i % 7 : ''};Note – ${'y'.repeat(1000)}\n`;
        }),
      );
    },
  },
  {
    name: 'reads in parts as it reads whole: padded rows, an inch mark, a quoted line break',
    async run(ctx) {
      // Rows of two and three fields (padded), an inch mark (a quote that opens nothing), then
      // a quoted note with a line break.
      await sameAsWhole(
        ctx,
        'ragged',
        rowsOf('n;article;prix\n', 30_000, (i) => {
          if (i === 10) return `${i};Tuyau 3/4" – laiton;12\n`;
          if (i === 100) return `${i};"Coude – voir\nla notice";7\n`;
          return i % 3 ? `${i};Article – ${i};${i % 50}\n` : `${i};Article – ${i}\n`;
        }),
      );
    },
  },
  {
    name: 'reads a Windows-1252 bank export larger than one part: title, dates, amounts, quoted line breaks at the cuts, a closing total',
    async run(ctx) {
      const title = 'Relevé de compte – export du 01.03.2024;;;\n';
      const header = 'Date;Libellé;Montant (€);Note\n';
      const note = '"Remboursement\n– voir l’avis"';
      let text = title + header;
      let total = 0;
      let rows = 0;
      let march = 0;
      // Every thousandth label holds the delimiter, quoted as Excel writes it: the sniffer sees
      // quotes in its sample, as it does in most exports of free text.
      const label = (i: number) => (i % 1000 === 0 ? `"Café; n°${i}"` : `Café n°${i}`);
      const row = (i: number, withNote = '') => {
        const cents = ((i * 7919) % 250_000) - 50_000;
        const month = (i % 12) + 1;
        total += cents;
        rows += 1;
        if (month === 3) march += 1;
        return `${two((i % 28) + 1)}.${two(month)}.2024;${label(i)};${french(cents)};${withNote}\n`;
      };
      // Before each megabyte's end, a row whose quoted note holds the last line break before
      // it: the worker reads the file in slices of whole megabytes, and a cut after that line
      // break would split the note, and the row, in two. The row before it has a note as long
      // as it takes to put that line break 5 bytes short of the megabyte.
      const quotedAt: number[] = [];
      for (let mb = 1; mb <= 12; mb++) {
        const end = mb * MIB;
        for (let i = rows + 1; text.length < end - 500; i++) text += row(i);
        const filler = row(rows + 1);
        quotedAt.push(rows + 1);
        const quoted = row(rows + 1, note);
        const pad = end - 5 - quoted.indexOf('\n') - text.length - filler.length;
        text += filler.replace(/\n$/, `${'x'.repeat(pad)}\n`) + quoted;
      }
      for (let i = rows + 1; text.length < 13 * MIB; i++) text += row(i);
      text += `;Total;${french(total)};\n`;
      const breaks = [...text.matchAll(/\n– voir/g)].map((m) => m.index);
      equal(
        breaks.map((at) => [at % MIB, Math.floor(text.indexOf('\n', at + 1) / MIB)]),
        breaks.map((_, i) => [MIB - 5, i + 1]),
        'each note spans the end of a megabyte',
      );

      const [outcome] = await ctx.engine.load([ctx.file('relevé.csv', cp1252(text))]);
      const t = loaded(outcome, 'relevé.csv');
      equal([t.encoding, t.rows], ['windows-1252', rows], 'the encoding and the rows');
      equal(
        t.columns.map((c) => c.name),
        ['Date', 'Libellé', 'Montant (€)', 'Note'],
        'the columns',
      );
      match(t.notes.join('\n'), /is a title and was left out/, 'the title said');
      match(t.notes.join('\n'), /is a total below the table/, 'the total said');
      equal(
        await cells(
          ctx,
          `SELECT round(sum("Montant (€)") * 100)::BIGINT, count(*) FILTER (WHERE month("Date") = 3), min("Date")::VARCHAR FROM ${t.name}`,
        ),
        [[total, march, '2024-01-01']],
        'the amounts summed, the dates read day first',
      );
      equal(
        await cells(
          ctx,
          `SELECT "Libellé", "Note" FROM ${t.name} WHERE "Note" LIKE 'Remb%' ORDER BY rowid`,
        ),
        quotedAt.map((i) => [label(i).replaceAll('"', ''), 'Remboursement\n– voir l’avis']),
        'the notes with their line breaks, whole',
      );
    },
  },
  {
    name: 'reads again whole a Windows-1252 file whose later part does not fit the types of its first',
    async run(ctx) {
      // Quantities are whole numbers for 8 MiB, then one is written `n/a`: DuckDB typed the
      // first part's column BIGINT, which the later part cannot go into.
      let text = 'Réf;Désignation;Qté\n';
      let sum = 0;
      let rows = 0;
      for (let i = 1; text.length < SLICE + 3_000_000; i++) {
        text += `R${i};Pièce – modèle ${i % 97};${i % 50}\n`;
        sum += i % 50;
        rows += 1;
      }
      text += 'R0;Pièce – sans quantité;n/a\n';
      const [outcome] = await ctx.engine.load([ctx.file('pièces.csv', cp1252(text))]);
      const t = loaded(outcome, 'pièces.csv');
      equal([t.encoding, t.rows], ['windows-1252', rows + 1], 'every row');
      equal(
        await cells(ctx, `SELECT sum("Qté")::BIGINT, count("Qté") FROM ${t.name}`),
        [[sum, rows]],
        'the quantities, n/a as NULL',
      );
      equal(
        await cells(ctx, `SELECT "Désignation" FROM ${t.name} WHERE "Réf" = 'R0'`),
        [['Pièce – sans quantité']],
        'the last row',
      );
    },
  },
  {
    name: 'reads a UTF-16 file larger than one part',
    async run(ctx) {
      let text = '\ufeffville\tnombre\n';
      let sum = 0;
      let rows = 0;
      for (let i = 1; text.length < SLICE + 1_000_000; i++) {
        text += `Saint-Étienne ${i % 13}\t${i % 1000}\r\n`;
        sum += i % 1000;
        rows += 1;
      }
      const bytes = new Uint8Array(text.length * 2);
      for (let i = 0; i < text.length; i++) {
        bytes[2 * i] = text.charCodeAt(i) & 0xff;
        bytes[2 * i + 1] = text.charCodeAt(i) >> 8;
      }
      const [outcome] = await ctx.engine.load([ctx.file('villes.txt', bytes)]);
      const t = loaded(outcome, 'villes.txt');
      equal([t.encoding, t.rows], ['utf-16le', rows], 'the rows');
      equal(
        await cells(ctx, `SELECT sum(nombre)::BIGINT, count(DISTINCT ville) FROM ${t.name}`),
        [[sum, 13]],
        'the numbers and the names',
      );
    },
  },
];
