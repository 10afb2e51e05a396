import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './error-handler.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('which failures mean the database cannot be reached (503, decision 029)', () => {
  it.each([
    ['connection refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['connection failure (class 08)', withCode('connection failure', '08006')],
    ['administrator shutdown', withCode('terminating connection due to administrator command', '57P01')],
    [
      'crash shutdown',
      withCode('terminating connection because of crash of another server process', '57P02'),
    ],
    ['starting up', withCode('the database system is starting up', '57P03')],
    ['too many connections', withCode('sorry, too many clients already', '53300')],
    ['database dropped', withCode('database "lionrock" does not exist', '3D000')],
    ['pool ended', new Error('Cannot use a pool after calling end on the pool')],
    ['pool exhausted', new Error('timeout exceeded when trying to connect')],
    ['PGlite closed', new Error('PGlite is closed')],
    [
      'both addresses refused',
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''),
    ],
    [
      'wrapped by Drizzle',
      new DrizzleQueryError(
        'select 1',
        [],
        withCode('terminating connection due to administrator command', '57P01'),
      ),
    ],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a refused NUL', withCode('unsupported Unicode escape sequence', '22P05')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'policyId')")],
    ['a failed query', new DrizzleQueryError('insert into x', [], withCode('check violation', '23514'))],
    ['not an error', 'ECONNREFUSED'],
  ])('%s is a 500, not a 503', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
