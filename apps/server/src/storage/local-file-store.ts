import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertFileKey, type TFileStore } from './file-store.ts';

/** The offline default: files under `<DATA_DIR>/files/<prefix>/<random>`, written whole then renamed into place. */
export function createLocalFileStore(root: string): TFileStore {
  const base = path.resolve(root);
  const pathOf = (key: string) => {
    assertFileKey(key);
    const full = path.resolve(base, key);
    // The key's shape already forbids it; checked again so no future key format can escape the folder.
    if (!full.startsWith(`${base}${path.sep}`)) throw new TypeError('file key outside the store');
    return full;
  };
  return {
    async put(key, bytes) {
      const full = pathOf(key);
      await mkdir(path.dirname(full), { recursive: true });
      const partial = `${full}.partial`;
      await writeFile(partial, bytes, { mode: 0o600 });
      await rename(partial, full);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
