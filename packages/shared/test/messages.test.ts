import { describe, expect, it } from 'vitest';
import { catalogue, cleanText, idSchema, isBlankText, MAX_ID, MESSAGE_LANGUAGES } from '../src/index.js';

describe('the message catalogue', () => {
  const entries = Object.entries(catalogue) as [string, { en: string; sv: string; params?: object }][];

  it('has a non-empty text in every language for every key', () => {
    const missing = entries.flatMap(([key, entry]) =>
      MESSAGE_LANGUAGES.filter((language) => !entry[language]?.trim()).map((language) => `${key} (${language})`),
    );
    expect(missing).toEqual([]);
  });

  it('uses the same placeholders in every language', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    const different = entries.filter(([, entry]) => placeholders(entry.en).join() !== placeholders(entry.sv).join());
    expect(different.map(([key]) => key)).toEqual([]);
  });

  it('names keys as area.name', () => {
    expect(entries.map(([key]) => key).filter((key) => !/^[a-z]+\.[a-zA-Z]+$/.test(key))).toEqual([]);
  });
});

describe('ids and free text at the schema', () => {
  it('refuses ids above the integer bound and non-positive ids', () => {
    expect(idSchema.safeParse(MAX_ID).success).toBe(true);
    expect(idSchema.safeParse(MAX_ID + 1).success).toBe(false);
    expect(idSchema.safeParse('99999999999999999999').success).toBe(false);
    expect(idSchema.safeParse(0).success).toBe(false);
    expect(idSchema.safeParse('1.5').success).toBe(false);
  });

  const name = cleanText({ max: 10 });

  it('normalises to NFC and trims', () => {
    const nfd = 'Ko\u0308k';
    expect(name.parse(`  ${nfd} `)).toBe('Kök');
    expect(name.parse(nfd)).toBe(name.parse('Kök'));
  });

  it('refuses NUL and bidirectional controls', () => {
    for (const bad of ['a\u0000b', 'gnp\u202Eexe', 'x\u2066y']) {
      const result = name.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('error.invalidCharacters');
    }
  });

  it('refuses invisible-only values when required and accepts them as empty when optional', () => {
    expect(isBlankText('\u200B\u200B\u200B')).toBe(true);
    expect(isBlankText(' \u2060\uFEFF ')).toBe(true);
    expect(isBlankText('a\u200B')).toBe(false);
    expect(name.safeParse('\u200B\u200B\u200B').error?.issues[0]?.message).toBe('error.blank');
    expect(cleanText({ max: 10, required: false }).parse('')).toBe('');
  });

  it('counts length after normalising and refuses longer text with its key', () => {
    expect(name.safeParse('abcdefghijk').error?.issues[0]?.message).toBe('error.textTooLong');
    expect(name.safeParse('abcdefghij').success).toBe(true);
  });

  it('keeps line breaks inside the text', () => {
    expect(cleanText({ max: 50 }).parse('one\ntwo')).toBe('one\ntwo');
  });
});
