import { randomBytes } from 'node:crypto';

/**
 * Where uploaded files live (design section 12): a local folder under DATA_DIR by default, an
 * S3-compatible bucket by configuration (decision 075). Keys are made by `newFileKey`, never from a
 * customer's file name, so no key can climb out of its folder.
 */
export type TFileStore = {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Removing a file that is not there is not an error. */
  delete(key: string): Promise<void>;
};

/** A key is `<prefix>/<32 random hex>`; the prefix is a fixed word of ours. */
const KEY = /^[a-z][a-z0-9-]{0,30}\/[0-9a-f]{32}$/;

export function newFileKey(prefix: string): string {
  const key = `${prefix}/${randomBytes(16).toString('hex')}`;
  assertFileKey(key);
  return key;
}

export function assertFileKey(key: string): void {
  if (!KEY.test(key)) throw new TypeError('not a file key made by newFileKey');
}
