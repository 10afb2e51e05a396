import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import zh from '../locales/zh.json';
import { lookup, splitAtLink, type TCatalogue, translate, translateList } from './translate';

const CATALOGUE: TCatalogue = {
  header: { products: 'Products' },
  greeting: 'Hello {{name}}, {{ name }} again; {{missing}} stays',
  adults_one: '{{count}} adult',
  adults_other: '{{count}} adults',
  onlyOther_other: '{{count}} things',
  items: ['first', 'second'],
  section: { leaf: 'leaf' },
};

describe('translate', () => {
  it('finds a text by its dotted path, and shows the key when there is none', () => {
    expect(translate(CATALOGUE, 'en', 'header.products')).toBe('Products');
    expect(translate(CATALOGUE, 'en', 'header.nothing')).toBe('header.nothing');
    expect(translate(CATALOGUE, 'en', 'header.products.deeper')).toBe('header.products.deeper');
    // A section or a list is not a text.
    expect(translate(CATALOGUE, 'en', 'section')).toBe('section');
    expect(translate(CATALOGUE, 'en', 'items')).toBe('items');
    expect(translate(undefined, 'en', 'header.products')).toBe('header.products');
    // Only the catalogue's own keys: nothing inherited from Object.prototype.
    expect(translate(CATALOGUE, 'en', 'constructor')).toBe('constructor');
    expect(translate(CATALOGUE, 'en', 'header.toString')).toBe('header.toString');
  });

  it('shows the default value for a key without text', () => {
    expect(translate(CATALOGUE, 'en', 'plans.PLATINUM', { defaultValue: 'PLATINUM' })).toBe('PLATINUM');
    expect(translate(CATALOGUE, 'en', 'header.products', { defaultValue: 'x' })).toBe('Products');
  });

  it('fills every {{name}} it has a value for', () => {
    expect(translate(CATALOGUE, 'en', 'greeting', { name: 'Mei' })).toBe(
      'Hello Mei, Mei again; {{missing}} stays',
    );
    // Values are text, never patterns: "$&" is written as it is.
    expect(translate(CATALOGUE, 'en', 'greeting', { name: '$&', missing: 0 })).toBe(
      'Hello $&, $& again; 0 stays',
    );
  });

  it("chooses the plural form by the language's rules", () => {
    expect(translate(CATALOGUE, 'en', 'adults', { count: 1 })).toBe('1 adult');
    expect(translate(CATALOGUE, 'en', 'adults', { count: 0 })).toBe('0 adults');
    expect(translate(CATALOGUE, 'en', 'adults', { count: 2 })).toBe('2 adults');
    // Chinese has one form: always "other".
    expect(translate(CATALOGUE, 'zh-Hans', 'adults', { count: 1 })).toBe('1 adults');
    expect(translate(CATALOGUE, 'en', 'onlyOther', { count: 1 })).toBe('1 things');
  });

  it('gives the list at a key, or none', () => {
    expect(translateList(CATALOGUE, 'items')).toEqual(['first', 'second']);
    expect(translateList(CATALOGUE, 'header.products')).toEqual([]);
    expect(translateList(CATALOGUE, 'nothing')).toEqual([]);
  });

  it('reads every key of both catalogues', () => {
    const keys = (value: unknown, prefix = ''): string[] =>
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key))
        : [prefix];
    for (const catalogue of [en, zh] as TCatalogue[])
      for (const key of keys(catalogue)) expect(lookup(catalogue, key), key).toBeDefined();
  });

  it('never throws, and gives back the key or a text, whatever it is asked', () => {
    fc.assert(
      fc.property(fc.string(), fc.option(fc.integer()), (key, count) => {
        const text = translate(CATALOGUE, 'en', key, count === null ? {} : { count });
        return typeof text === 'string';
      }),
    );
  });
});

describe('splitAtLink', () => {
  it('splits a text at its <1>…</1> link', () => {
    expect(splitAtLink('Refer <1>here</1>. Thanks.')).toEqual(['Refer ', 'here', '. Thanks.']);
    expect(splitAtLink('请参阅<1>此处</1>。')).toEqual(['请参阅', '此处', '。']);
    expect(splitAtLink('No link.')).toEqual(['No link.', '', '']);
  });
});
