/**
 * The one rule for the names of downloads (src/core/file-name.ts): "<session> – <what>.<ext>",
 * accepted as it is by Windows, macOS and Linux, the person's words kept.
 */
import { describe, expect, it } from 'vitest';
import { fileNameFor, MAX_NAME_CHARS } from '../../src/core/file-name.ts';

const name = (session: string | null, what: string, ext = 'csv', fallback?: string) =>
  fileNameFor({ session, what, ext, fallback });

describe('fileNameFor', () => {
  it('puts the session title, then what the file holds', () => {
    expect(name('weather.csv', 'Rain by month', 'png')).toBe('weather – Rain by month.png');
    expect(name('weather.csv', 'Q3')).toBe('weather – Q3.csv');
    // A title taken from a file's name drops its extension; other dots stay.
    expect(name('ventes_2024_fr.csv', 'Q3')).toBe('ventes_2024_fr – Q3.csv');
    expect(name('orders.jsonl.gz', 'Q1')).toBe('orders – Q1.csv');
    expect(name('v1.2 results', 'Q1')).toBe('v1.2 results – Q1.csv');
    expect(name('Sales', 'session', 'sift')).toBe('Sales – session.sift');
  });

  it('keeps accents and emoji, composed', () => {
    expect(name('Städte Überblick', 'Café', 'md')).toBe('Städte Überblick – Café.md');
    expect(name('Cafe\u0301', 'x')).toBe('Café – x.csv');
    expect(name('🌧 Regen', 'Niederschlag 📈', 'svg')).toBe('🌧 Regen – Niederschlag 📈.svg');
    expect(name('東京', 'データ')).toBe('東京 – データ.csv');
  });

  it('replaces slashes, colons and the other reserved characters', () => {
    expect(name('2024/25: Umsatz', 'a\\b')).toBe('2024-25 - Umsatz – a-b.csv');
    expect(name('12:30', 'x')).toBe('12-30 – x.csv');
    expect(name('a<b>c"d|e?f*g', 'x\u0000y\nz')).toBe('a-b-c-d-e-f-g – x-y z.csv');
    expect(name('../../etc/passwd', 'x')).toBe('etc-passwd – x.csv');
  });

  it('leaves no dot or space at the ends of a part, and hides nothing', () => {
    expect(name('  .profile. ', 'rows...  ')).toBe('profile – rows.csv');
    expect(name(null, '.hidden')).toBe('hidden.csv');
  });

  it('makes the names Windows keeps for devices safe', () => {
    for (const device of ['CON', 'prn', 'Aux', 'NUL', 'com1', 'LPT9', 'COM¹'])
      expect(name(null, device)).toBe(`_${device}.csv`);
    // The part before the first dot is what Windows reads as the device.
    expect(name('nul.v2', 'x')).toBe('_nul.v2 – x.csv');
    expect(name('nul.csv', 'x')).toBe('nul – x.csv');
    // Not a device: only the whole part is.
    expect(name('CON – notes', 'x')).toBe('CON – notes – x.csv');
    expect(name(null, 'console')).toBe('console.csv');
  });

  it('falls back when the title is empty, or says nothing once made safe', () => {
    expect(name(null, 'Q3')).toBe('Q3.csv');
    expect(name('', 'Q3')).toBe('Q3.csv');
    expect(name('   ', 'Q3')).toBe('Q3.csv');
    expect(name('???', 'chart', 'png')).toBe('chart.png');
    expect(name('weather.csv', '', 'png', 'chart')).toBe('weather – chart.png');
    expect(name(null, '...', 'md', 'report')).toBe('report.md');
    // A title the same as what the file holds is said once.
    expect(name('weather.csv', 'weather.csv')).toBe('weather.csv.csv');
  });

  it('stays within 120 characters, cutting the title first and never half an emoji', () => {
    const long = name('T'.repeat(300), 'Rain by month', 'png');
    expect(Array.from(long).length).toBeLessThanOrEqual(MAX_NAME_CHARS);
    expect(long.endsWith(' – Rain by month.png')).toBe(true);
    const emoji = name('🌧'.repeat(200), '📈'.repeat(200), 'svg');
    expect(Array.from(emoji).length).toBeLessThanOrEqual(MAX_NAME_CHARS);
    expect(new TextEncoder().encode(emoji).length).toBeLessThanOrEqual(255);
    expect(() => encodeURIComponent(emoji)).not.toThrow();
    expect(emoji).toMatch(/^📈+\.svg$/u);
  });
});
