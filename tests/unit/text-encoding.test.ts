/**
 * The encoding of a text file that is not UTF-8, judged from its letters (core/reading/text-encoding.ts).
 * Each sample is written the way an office export in that language is: its text encoded byte by
 * byte through the encoding's own table (the platform's TextDecoder, read backwards), with the
 * separators, numbers and dates of the locale. The LibreOffice exports of tests/fixtures/exports
 * are judged in the engine suite.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inspectHead } from '../../src/core/reading/file-head.ts';
import {
  decodeSingleByte,
  guessSingleByte,
  singleByteTable,
  type SingleByteEncoding,
} from '../../src/core/reading/text-encoding.ts';
import { encodeSingleByte as encode } from '../helpers/single-byte.ts';

const SAMPLES: Array<[string, SingleByteEncoding, string]> = [
  [
    'French (Excel, semicolons, € and ’)',
    'windows-1252',
    'Date;Client;Montant (€);Commentaire\n01/02/2024;Société Générale;1 234,56;l’offre spéciale\n02/02/2024;Crème brûlée SARL;336,52;œuvre – très bien\n03/02/2024;Hôtel Noël;12,00;façade\n',
  ],
  [
    'German',
    'windows-1252',
    'Datum;Kunde;Betrag;Straße\n01.02.2024;Müller GmbH;1.234,56;Größenweg 5\n02.02.2024;Bäckerei Öz;12,50;Hauptstraße\n',
  ],
  [
    'Spanish',
    'windows-1252',
    'Fecha;Cliente;Importe\n01/02/2024;Peña y Niño;1.234,56\n02/02/2024;¿Año nuevo?;12,50\n',
  ],
  [
    'English with one accented name',
    'windows-1252',
    'id,name,amount\n1,Andre,3\n2,Hélène,4\n3,Bob,5\n',
  ],
  ['a euro sign only', 'windows-1252', 'id,amount\n1,€3\n2,€4\n'],
  [
    'Polish',
    'windows-1250',
    'Data;Klient;Kwota;Miasto\n01.02.2024;Łódź Sp. z o.o.;1 234,56;Źdźbło\n02.02.2024;Zażółć gęślą jaźń;12,50;Kraków\n',
  ],
  [
    'Czech',
    'windows-1250',
    'Datum;Zákazník;Částka\n01.02.2024;Příliš žluťoučký kůň;1 234,56\n02.02.2024;úpěl ďábelské ódy;12,50\n',
  ],
  [
    'Czech names',
    'windows-1250',
    'Jméno;Město\nJiří Novák;Plzeň\nMarie Dvořáková;České Budějovice\n',
  ],
  ['Hungarian', 'windows-1250', 'Név;Város\nKovács Ödön;Győr\nSzőke Tünde;Pécs\n'],
  [
    'Czech in ISO-8859-2',
    'iso-8859-2',
    'Jméno;Město\nJiří Novák;Plzeň\nMarie Dvořáková;České Budějovice\nŠárka;Žďár\n',
  ],
  [
    'Russian',
    'windows-1251',
    'Дата;Клиент;Сумма\n01.02.2024;Иванов Иван;1 234,56\n02.02.2024;ООО Ромашка;12,50\n',
  ],
  [
    'Russian in KOI8-R',
    'koi8-r',
    'Дата;Клиент;Сумма\n01.02.2024;Иванов Иван;1 234,56\n02.02.2024;ООО Ромашка;12,50\n',
  ],
  [
    'Turkish',
    'windows-1254',
    'Tarih;Müşteri;Tutar\n01.02.2024;İstanbul Ticaret;1.234,56\n02.02.2024;Ağaç Işık Şirketi;12,50\n',
  ],
  ['Greek', 'windows-1253', 'Όνομα;Πόλη\nΓιώργος;Αθήνα\nΜαρία;Θεσσαλονίκη\n'],
  [
    'Lithuanian',
    'windows-1257',
    'Vardas;Miestas\nJonas Jonaitis;Vilnius\nŽydrūnas Ąžuolas;Šiauliai\nĖglė;Kėdainiai\n',
  ],
];

describe('guessSingleByte', () => {
  it.each(SAMPLES)('%s: %s', (_name, encoding, text) => {
    const bytes = encode(text, encoding);
    const guess = guessSingleByte(bytes);
    expect(guess).toBe(encoding);
    expect(decodeSingleByte(bytes, guess)).toBe(text);
  });

  it('reads the letters of a large head from its lines past ASCII only', () => {
    const filler = 'id,amount\n' + '1,2\n'.repeat(200_000);
    const bytes = encode(`${filler}3,Zażółć gęślą jaźń\n`, 'windows-1250');
    expect(guessSingleByte(bytes)).toBe('windows-1250');
  });
});

describe('the office exports of tests/fixtures/exports', () => {
  const dir = 'tests/fixtures/exports';
  const expected = JSON.parse(readFileSync(`${dir}/expected.json`, 'utf8')) as Record<
    string,
    { encoding: string }
  >;
  it.each(Object.entries(expected))('%s is judged %o', (name, { encoding }) => {
    const bytes = new Uint8Array(readFileSync(`${dir}/${name}`));
    expect(inspectHead(bytes, bytes.length)).toMatchObject({ kind: 'text', encoding });
  });
});

describe('singleByteTable', () => {
  it("maps Windows-1252's 0x80–0x9F as browsers do, whatever the platform's decoder", () => {
    const table = singleByteTable('windows-1252');
    expect([table[0x80], table[0x92], table[0x96], table[0x9c], table[0x9f]]).toEqual([
      '€',
      '’',
      '–',
      'œ',
      'Ÿ',
    ]);
    expect(table).toHaveLength(256);
  });
});
