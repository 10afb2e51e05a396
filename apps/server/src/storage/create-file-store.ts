import path from 'node:path';
import type { TConfig } from '../config.ts';
import type { TFileStore } from './file-store.ts';
import { createLocalFileStore } from './local-file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';

/** The store the configuration chooses: `DATA_DIR/files` unless FILE_STORE=s3. */
export function createFileStore(config: TConfig): TFileStore {
  const chosen = config.fileStore;
  if (chosen.kind === 's3') return createS3FileStore(chosen);
  return createLocalFileStore(path.join(config.dataDir, 'files'));
}
