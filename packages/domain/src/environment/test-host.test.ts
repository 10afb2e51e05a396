import { describe, expect, it } from 'vitest';
import { normaliseLanguage } from './language.ts';
import { isTestHost } from './test-host.ts';

describe('test hosts (travel-flow section 2)', () => {
  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['[::1]', true],
    ['shop.localhost', true],
    ['dev.lionrock.example', true],
    ['sg-uat.lionrock.example', true],
    ['sys2.lionrock.example', true],
    ['hk-dev-shop.lionrock.example', true],
    ['www.lionrock.example', false],
    ['sg-shop.lionrock.example', false],
    ['developer.lionrock.example', false],
    ['shop.dev.lionrock.example', false],
  ])('%s is a test host: %s', (host, expected) => {
    expect(isTestHost(host)).toBe(expected);
  });
});

describe('language codes (travel-flow section 1)', () => {
  it.each([
    ['en', 'en'],
    ['EN', 'en'],
    ['zh', 'zh'],
    ['tc', 'zh'],
    ['TC', 'zh'],
    ['zh-HK', 'zh'],
    ['fr', 'en'],
    [undefined, 'en'],
    [null, 'en'],
  ])('%s is %s', (code, language) => {
    expect(normaliseLanguage(code)).toBe(language);
  });
});
