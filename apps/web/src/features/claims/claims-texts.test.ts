import { ACCIDENT_QUESTIONS } from '@lionrock/domain/claims/accident-guide';
import { OFFICIAL_TYPES } from '@lionrock/domain/claims/attended-officials';
import { CLAIM_MESSAGE_KEYS, CLAIM_TYPES } from '@lionrock/domain/claims/claim-rules';
import { CLAIM_STATUSES } from '@lionrock/domain/claims/claim-status';
import { describe, expect, it } from 'vitest';
import { lookup, type TCatalogue } from '../../lib/translate';
import en from '../../locales/en.json';
import zh from '../../locales/zh.json';

/** Every key the claims rules, API and pages name has its text in both catalogues. */
const KEYS = [
  ...Object.values(CLAIM_MESSAGE_KEYS),
  'claims.errors.linkExpired',
  'claims.errors.claimNotFound',
  ...Object.values(CLAIM_TYPES).flatMap((types) => types.map((type) => `claims.types.${type}`)),
  ...OFFICIAL_TYPES.map((type) => `claims.officials.types.${type}`),
  ...CLAIM_STATUSES.map((status) => `claims.status.names.${status}`),
  ...ACCIDENT_QUESTIONS.map((question) => `claims.guide.questions.${question}`),
  'claims.guide.likelyCovered',
  'claims.guide.likelyNotCovered',
  // The claims already started, offered on the page (decision 105).
  ...['title', 'kept', 'item_other', 'untyped', 'continue'].map((key) => `claims.drafts.${key}`),
  // Claims a customer can follow (issue 29).
  'claims.restored',
  'claims.drafts.resumeKept',
  'claims.drafts.resumeKeptButton',
  'claims.policy.cancelled',
  ...['title', 'text', 'confirm', 'follow'].map((key) => `claims.duplicate.${key}`),
  ...['policy', 'type', 'incident', 'submittedOn', 'amount', 'approved', 'linkFailed'].map(
    (key) => `claims.status.${key}`,
  ),
  ...['title', 'intro', 'documents', 'earlier', 'note', 'send', 'sent'].map((key) => `claims.more.${key}`),
  ...[
    'title',
    'none',
    'number',
    'type',
    'incident',
    'submitted',
    'status',
    'claimed',
    'approved',
    'loadFailed',
  ].map((key) => `myPolicy.claims.${key}`),
];

describe('claims texts', () => {
  it.each([
    ['en', en],
    ['zh', zh],
  ])('%s has every claims key', (_language, catalogue) => {
    const missing = KEYS.filter((key) => typeof lookup(catalogue as TCatalogue, key) !== 'string');
    expect(missing).toEqual([]);
  });
});
