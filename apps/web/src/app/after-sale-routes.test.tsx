import { ACCESS_CODE_DIGITS } from '@lionrock/domain/self-service/access-rules';
import { expect, it, vi } from 'vitest';
import en from '../locales/en.json';

it('fills the after-sale texts with their values once the after-sale pages load (decision 066)', async () => {
  // A fresh module graph: the test set-up's own registration of the values is not in it.
  vi.resetModules();
  const { i18n } = await import('../lib/i18n');
  i18n.addCatalogue('en', en);
  expect(i18n.t('myPolicy.signIn.codeHint')).not.toContain(`${ACCESS_CODE_DIGITS} digits`);
  await import('./after-sale-routes');
  expect(i18n.t('myPolicy.signIn.codeHint')).toBe(`${ACCESS_CODE_DIGITS} digits`);
});
